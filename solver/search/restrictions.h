// Popeye's search restrictions (stipulation.h, SearchRestrictions) at the nodes of a battle
// search: one component for every battle stipulation. Popeye inserts them into any battle branch
// whatever its goal, so they mean for =N what they mean for #N, and for s=N and r#N what they
// mean for s#N. Each length is judged on its own: a move refused at length n may still win at
// a shorter length, where the attacker node looks first.
//
// The searches ask through templates (the attacker's search, the defences' visit), so that no
// call per node goes through a pointer.
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/outcome.h"
#include "solver/search/stipulation.h"

#include <algorithm>

namespace dynamo {

// MaxFlightsquares: whether the defender's moves (of the side to move) take its king to more
// than `limit` squares, counted as Popeye counts them (the king moving, or moved, off its square).
inline bool more_flights_than(const Position& pos, const MoveList& defences, int limit) {
    const Square king = pos.king_square(pos.side_to_move());
    int flights = 0;
    for (Move r : defences)
        if ((r.active_from() == king && !r.active_stays()) ||
            (r.has_passive() && r.passive_from() == king))
            if (++flights > limit) return true;
    return false;
}

class RestrictionGuards {
  public:
    RestrictionGuards(const SearchRestrictions& restrictions, const Stipulation& stip)
        : applied(restrictions.applied_to(stip)), budget(std::max(restrictions.nontrivial_max, 0)),
          self_(stip.kind == Stipulation::Kind::Self),
          defender_closes_(stip.kind != Stipulation::Kind::Direct) {}

    const SearchRestrictions applied; // those Popeye applies to the stipulation
    // NonTrivial: what is left of the non-trivial defences the attacker may grant along the line
    // from here (Popeye keeps it along the whole line, so a node's value depends on the path: it
    // is part of the key under which the node is stored). Starts at the restriction's M.
    int budget;

    // KeepMatingPiece: whether the side that is to reach the goal (#N, =N: the attacker; s#N,
    // s=N: the defender) has lost its last piece but the king.
    bool goal_piece_lost(const Position& pos, bool attacker_to_move) const {
        const Color side = attacker_to_move != self_ ? pos.side_to_move() : ~pos.side_to_move();
        return !(pos.pieces(side) & ~pos.pieces(KING));
    }

    // Threat T at a defence node (n as in defend: counting the attacker's move just played):
    // Fail if the attacker's move threatens nothing within T, Unknown if stopped, else Win.
    // attack(pos, n): the attacker's search. Within T the guard never applies again
    // (threat_applies is false), so its answers are plain facts.
    template <typename Attack> Outcome threat_guard(Position& pos, int n, Attack&& attack) const {
        if (!applied.threat_applies(n) || pos.in_check()) return Outcome::Win;
        const int within = applied.threat_within(self_);
        if (within <= 0) return Outcome::Fail;
        pos.make_null();
        Outcome threat = attack(pos, within);
        pos.unmake_null();
        return threat;
    }

    // MaxFlightsquares F at a defence node (n as above), its moves given. #N too: a #2's key that
    // leaves the king a flight stays under MaxFlightsquares 0, and the flights after a #3's
    // second move do not count (found by running Popeye).
    bool too_many_flights(const Position& pos, const MoveList& defences, int n) const {
        return applied.flights_apply(n) && more_flights_than(pos, defences, applied.max_flights);
    }

    bool nontrivial_applies(int n) const { return applied.nontrivial_applies(n); }

    // NonTrivial's count at a defence node: the defender's non-trivial defences, up to `limit`;
    // -1 if stopped. A defence is trivial if the attacker then reaches the goal within T + 1
    // moves (#N, =N, r#N) or T (s#N, s=N), as Popeye counts the half-moves, or if it reaches the
    // goal itself (s#N, s=N, r#N). Within those lengths the guard never applies again, so the
    // count does not depend on the budget. visit(f): f(r) on each legal defence r until f returns
    // true; reached(pos): whether the defender's move just made reached the goal; attack(pos, n).
    template <typename Visit, typename Reached, typename Attack>
    int nontrivial_defences(Position& pos, int limit, Visit&& visit, Reached&& reached,
                            Attack&& attack) const {
        const int t = applied.nontrivial_length + (self_ ? 0 : 1);
        int count = 0;
        bool stopped = false;
        visit([&](Move r) {
            pos.make(r);
            Outcome o = defender_closes_ && reached(pos) ? Outcome::Win : attack(pos, t);
            pos.unmake();
            stopped = o == Outcome::Unknown;
            return stopped || (o == Outcome::Fail && ++count >= limit);
        });
        return stopped ? -1 : count;
    }

    // NonTrivial's verdict on a defence node's count: Unknown if stopped, Fail if the attacker's
    // move allows too many non-trivial defences; else Win, with the budget set for the defences'
    // subtrees. Popeye's count includes the defence played: B + 1 are allowed, and the B + 1 -
    // count left over go on down the line (one more when every defence is trivial).
    Outcome admit(int count) {
        if (count < 0) return Outcome::Unknown;
        if (count > budget + 1) return Outcome::Fail;
        budget = budget + 1 - count;
        return Outcome::Win;
    }

  private:
    bool self_;            // s#N, s=N: the defender's closing move makes a threat longer
    bool defender_closes_; // s#N, s=N, r#N: the defender's move reaches the goal
};

// Gives back the budget a defence node's guard set for its subtrees.
struct BudgetRestorer {
    int& budget;
    const int saved;
    ~BudgetRestorer() { budget = saved; }
};

} // namespace dynamo
