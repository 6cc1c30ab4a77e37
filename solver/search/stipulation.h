// What a problem asks: a goal (mate, stalemate) reached in N moves in one of Popeye's kinds of
// play: direct, self, reflex, help, series help, help-self.
#pragma once

#include "solver/board/types.h"

#include <string>

namespace dynamo {

struct Stipulation {
    // Direct (#N, =N): White reaches the goal against Black. Self (s#N, s=N): White forces Black
    // to reach it against White. Reflex (r#N): a selfmate in which either side that can mate in
    // one must. Help (h#N, h=N): both cooperate, Black first. SeriesHelp (ser-h#N): Black plays
    // up to N moves in a row, giving no check before the last, then White reaches the goal in
    // one. HelpSelf (hs#N): help play, White first, ending in a White move after which every
    // Black move mates White (s#1's last move); hs#N.5: Black first. As Popeye, every such line
    // of N moves or fewer is a solution (hs#N.5: of N.5, N-0.5, ..., 0.5 moves).
    enum class Kind : uint8_t { Direct, Self, Help, Reflex, SeriesHelp, HelpSelf };
    enum class Goal : uint8_t { Mate, Stalemate };

    Kind kind = Kind::Direct;
    Goal goal = Goal::Mate;
    int moves = 1;     // N of #N, s#N, h#N; for h#N.5 the N (0 in h#0.5)
    bool half = false; // h#N.5: White plays one half-move first; hs#N.5: Black does
    // Popeye's Quodlibet on s#N, s=N: the attacker also wins by reaching the goal itself, as in
    // #N, =N (options/quodlibet.c; docs/format.md, Quodlibet). Set only on Self.
    bool quodlibet = false;
    std::string text; // as written, normalised: "#2", "s#3", "h#2.5", "ser-h#3", "r#2"

    // Who moves first in the diagram (option WhiteToPlay can turn h#N into h#(N-0.5)).
    Color first_mover() const {
        return (kind == Kind::Help && !half) || (kind == Kind::HelpSelf && half) ||
                       kind == Kind::SeriesHelp
                   ? BLACK
                   : WHITE;
    }
    // Play in which both sides cooperate: the solutions are lines, not trees.
    bool help_play() const {
        return kind == Kind::Help || kind == Kind::SeriesHelp || kind == Kind::HelpSelf;
    }
    // Whether N.5 (a half-move more, the other side first) can be asked: h#N.5, hs#N.5.
    bool halvable() const { return kind == Kind::Help || kind == Kind::HelpSelf; }
    // Battle play in which the defender is to reach the goal (s#, s=, r#).
    bool self_play() const { return kind == Kind::Self || kind == Kind::Reflex; }
    // Whether the attacker's own move reaching the goal wins: #N, =N, and s#N, s=N under
    // Quodlibet.
    bool attacker_goal() const { return kind == Kind::Direct || quodlibet; }
    bool operator==(const Stipulation&) const = default;
};

// Popeye's options that narrow a battle-play search (#N, s#N) for speed, at the price of
// completeness: an attacker move followed by more play counts only if
//  - Threat T: it gives check, or it threatens the goal within T moves (were the defender to
//    pass); applied where the attacker has at least T moves left after it;
//  - MaxFlightsquares F: the defender's king then has at most F flights (legal moves of the
//    defender that take its king off its square);
//  - NonTrivial M T: the defender then has at most 1 + B non-trivial defences, B being what is
//    left of M along the line (each such node spends its non-trivial defences beyond the first).
//    A defence is trivial if the attacker then wins within T + 1 moves (#) or T moves (s#).
//    Applied where the attacker has more than T moves left after the defence
//    (options/nontrivial.c);
//  - KeepMatingPiece: the side that is to mate (the attacker in #, the defender in s#) keeps a
//    piece other than its king (optimisations/keepmating.c); likewise the side that is to
//    stalemate (=N: White, s=N: Black); never in r#N (applied_to).
// Keys, tries and variations outside these bounds are not found: a verdict holds within them.
struct SearchRestrictions {
    int threat_length = -1;     // T, or -1: none
    int max_flights = -1;       // F, or -1: none
    int nontrivial_max = -1;    // NonTrivial's M, or -1: none
    int nontrivial_length = -1; // NonTrivial's T
    bool keep_mating_piece = false;
    bool nontrivial() const { return nontrivial_max >= 0; }
    bool any() const {
        return threat_length >= 0 || max_flights >= 0 || nontrivial() || keep_mating_piece;
    }
    bool operator==(const SearchRestrictions&) const = default;

    // Threat T at a defence node n moves from the end (n counting the attacker's move just
    // played): whether the guard applies there, and within how many moves the threat must come.
    // Popeye counts in half-moves, 2T, and the defender's closing move (s#, s=) makes a
    // threat of k moves one half-move longer: there it must come within T - 1.
    bool threat_applies(int n) const { return threat_length >= 0 && n - 1 >= threat_length; }
    int threat_within(bool defender_closes) const {
        return defender_closes ? threat_length - 1 : threat_length;
    }
    // Popeye places the Threat guard only where a defence node has one: at the first, n = N.
    // With T >= N it stands nowhere, and Popeye says the option is not applicable.
    bool threat_applicable(int moves) const { return threat_length < 0 || threat_applies(moves); }
    // Those Popeye applies to an N-mover (searched, Solution::restrictions), and the others
    // (Solution::unapplied).
    SearchRestrictions applied(int moves) const {
        SearchRestrictions r = *this;
        if (!threat_applicable(moves)) r.threat_length = -1;
        return r;
    }
    SearchRestrictions unapplied(int moves) const {
        SearchRestrictions r;
        if (!threat_applicable(moves)) r.threat_length = threat_length;
        return r;
    }
    // MaxFlightsquares F at a defence node (n as above): Popeye's guard stands where the
    // defender has a move to come after the attacker's next one (solve_nr_remaining >
    // next_move_has_no_solution), in every battle stipulation: #N, s#N, =N, s=N, r#N alike. Not
    // before the attacker's last move: #2, s#2, =2 are untouched (found by running Popeye).
    bool flights_apply(int n) const { return max_flights >= 0 && n >= 3; }
    // NonTrivial at a defence node (n as above).
    bool nontrivial_applies(int n) const { return nontrivial() && n - 1 > nontrivial_length; }

    // The part of these that Popeye applies to stip, and the rest. KeepMatingPiece does nothing
    // in r#N: both sides have a goal there, so Popeye inserts no filter (keepmating.c; its r#3
    // keeps lines in which White's last piece is taken before Black mates).
    // Threat with T >= N is dropped as in applied(N).
    SearchRestrictions applied_to(const Stipulation& stip) const {
        SearchRestrictions r = applied(stip.moves);
        if (stip.kind == Stipulation::Kind::Reflex) r.keep_mating_piece = false;
        return r;
    }
    SearchRestrictions unapplied_to(const Stipulation& stip) const {
        SearchRestrictions r = unapplied(stip.moves);
        r.keep_mating_piece = keep_mating_piece && !applied_to(stip).keep_mating_piece;
        return r;
    }
};

} // namespace dynamo
