// The battle-play search as the analysis meets it: one interface for every stipulation of
// battle play, its implementation chosen once from the stipulation (make_battle_search.h).
// MateSearch (#N, s#N) and GoalSearch (=N, s=N, r#N) implement it; each searches its own nodes
// through its own non-virtual functions, so only the analysis's calls are virtual.
//
// "attack" nodes have the attacker (White) to move with n moves left, "defence" nodes the
// defender (Black) to move right after an attacker move, n counting that move. Results are
// exact: Win or Fail, or Unknown when the search was stopped (time limit, interrupt).
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/outcome.h"
#include "solver/search/stipulation.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace dynamo {

class BattleSearch {
  public:
    virtual ~BattleSearch() = default;

    // Attacker to move: does it reach the goal within n of its moves?
    virtual Outcome attack(Position& pos, int n) = 0;
    // Defender to move just after an attacker move; n counts that attacker move.
    virtual Outcome defend(Position& pos, int n) = 0;
    // Attacker to move: defend(n) after each of `moves`, by index, all of them (the solution
    // tree needs every winning move, not the first): shared out among threads with nothing to
    // do, as a split is, if shares_moves().
    virtual std::vector<Outcome> defend_each(Position& pos, const MoveList& moves, int n) = 0;
    // Whether defend_each would share the moves out now: a thread is free to help.
    virtual bool shares_moves() = 0;

    // The least number of moves within max_n in which the attacker wins, 0 if it does not;
    // -1 if the search was stopped first. After the attacker move that led here: defend_length.
    // (at_length: told each length before it is searched, for progress.)
    virtual int attack_length(Position& pos, int max_n) = 0;
    virtual int defend_length(Position& pos, int max_n,
                              const std::function<void(int)>& at_length = {}) = 0;
    // Whether a win within n moves is a win within every longer length.
    virtual bool wins_at_every_longer_length() const = 0;

    // Selfmate: does this defender move mate the attacker (the goal of s#)? (s=: stalemate it;
    // r#: mate it.)
    virtual bool defender_move_mates(Position& pos, Move m) = 0;
    // r#: has the defender, to move, a mating move (which it must play)?
    virtual bool defender_must_mate(Position& pos) = 0;

    // NonTrivial: what is left of the non-trivial defences the attacker may grant along the line
    // from here (Popeye keeps it along the whole line, so a node's value depends on the path: it
    // is part of the key under which the node is stored). Starts at the restriction's M.
    virtual int nontrivial_budget() const = 0;
    virtual void set_nontrivial_budget(int budget) = 0;
    // NonTrivial at a defence node (n as in defend): whether the guard applies there, and the
    // defender's non-trivial defences, counted up to `limit` (-1 if stopped). After a node that
    // passes the guard, the budget below is budget + 1 - count.
    virtual bool nontrivial_applies(int n) const = 0;
    virtual int nontrivial_defences(Position& pos, int limit) = 0;

    // Threat T at a defence node (n as in defend), for the tree's first moves and the set play:
    // Fail if the move before it (or the diagram, for the set play) does not count (Popeye shows
    // no try and no set play then), Unknown if stopped, else Win.
    virtual Outcome threat_refusal(Position& pos, int n) = 0;
    // The defender's moves at a defence node, likeliest refutations first where the search
    // keeps a history (stable otherwise). For counting a try's refutations, where finding more
    // than the allowed few ends the count.
    virtual void order_likely_refutations(const Position& pos, MoveList& defences) const = 0;
    // MaxFlightsquares F at a defence node (n as in defend), for the tree's first moves and the
    // set play: true if the defender has more flights than F there (Popeye shows no try then).
    virtual bool flight_refusal(const Position& pos, int n) const = 0;

    virtual uint64_t nodes() const = 0; // helpers' included
    virtual const Stipulation& stipulation() const = 0;

  protected:
    // The least n within max_n for which `step` wins; 0 if none, -1 if stopped first. `at`
    // hears each length before it is searched (progress). Where a win within n is a win within
    // every longer length, the longest goes first: a failure there is a failure at every length
    // (one search, not one per length), and a win is narrowed down while the shorter lengths win
    // (a forced line is searched again in full at each length, so the fewer the better).
    template <typename Step, typename At>
    static int least_length(int max_n, bool longest_first, Step step, At at) {
        if (longest_first) {
            int least = 0;
            for (int n = max_n; n >= 1; --n) {
                at(n);
                Outcome o = step(n);
                if (o == Outcome::Unknown) return -1;
                if (o != Outcome::Win) break;
                least = n;
            }
            return least;
        }
        for (int n = 1; n <= max_n; ++n) {
            at(n);
            Outcome o = step(n);
            if (o == Outcome::Unknown) return -1;
            if (o == Outcome::Win) return n;
        }
        return 0;
    }
};

} // namespace dynamo
