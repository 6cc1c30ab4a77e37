// Battle play towards a goal other than the direct mate and selfmate of MateSearch: direct
// stalemate (=N), selfstalemate (s=N) and reflexmate (r#N). A plain exact AND/OR search on the
// legal moves with the shared table, behind the BattleSearch interface (battle_search.h), so
// that the tree builder and the analysis serve all of them. Popeye's search restrictions (Threat,
// MaxFlightsquares, NonTrivial, KeepMatingPiece) apply here as in MateSearch: a direct stalemate
// as a direct mate, s=N and r#N as a selfmate (restrictions.h).
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/battle_search.h"
#include "solver/search/outcome.h"
#include "solver/search/restrictions.h"
#include "solver/search/stipulation.h"
#include "solver/search/tt.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dynamo {

class GoalSearch final : public BattleSearch {
  public:
    GoalSearch(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
               const SearchRestrictions& restrictions = {});

    // The stipulations this search is for (MateSearch keeps #N and s#N).
    static bool handles(const Stipulation& stip) {
        return stip.goal != Stipulation::Goal::Mate || stip.kind == Stipulation::Kind::Reflex;
    }

    // BattleSearch (battle_search.h). Win: the goal within n ("at most n": monotone in n).
    Outcome attack(Position& pos, int n) override;
    Outcome defend(Position& pos, int n) override;
    // Serial: the moves one after another.
    std::vector<Outcome> defend_each(Position& pos, const MoveList& moves, int n) override;
    bool shares_moves() override { return false; }
    // The shorter lengths first (wins_at_every_longer_length is false).
    int attack_length(Position& pos, int max_n) override;
    int defend_length(Position& pos, int max_n,
                      const std::function<void(int)>& at_length = {}) override;
    // The lengths are searched shortest first.
    bool wins_at_every_longer_length() const override { return false; }

    bool defender_move_mates(Position& pos, Move m) override {
        return defender_move_reaches(pos, m);
    }
    bool defender_must_mate(Position& pos) override {
        return stip_.kind == Stipulation::Kind::Reflex && defender_must_reach(pos);
    }

    // Whether the side to move has just been brought to the goal (mated, stalemated).
    bool goal_reached(const Position& pos) const;
    // s=, r#: whether the defender's move m (defender to move) brings the attacker to the goal.
    bool defender_move_reaches(Position& pos, Move m);
    // r#: whether the defender (to move) has a move that mates: then it must play one.
    bool defender_must_reach(Position& pos);

    uint64_t nodes() const override { return nodes_; }
    const Stipulation& stipulation() const override { return stip_; }

    int nontrivial_budget() const override { return guards_.budget; }
    void set_nontrivial_budget(int budget) override { guards_.budget = budget; }
    bool nontrivial_applies(int n) const override { return guards_.nontrivial_applies(n); }
    int nontrivial_defences(Position& pos, int limit) override;
    Outcome threat_refusal(Position& pos, int n) override { return threat_guard(pos, n); }
    // No refutation history here: the order stays the generator's.
    void order_likely_refutations(const Position&, MoveList&) const override {}
    bool flight_refusal(const Position& pos, int n) const override;

  private:
    // The restrictions at a defence node, before its moves: Fail if the attacker's move does not
    // count, Unknown if stopped, Win if it does (the budget then set for the subtrees).
    Outcome guard_defence(Position& pos, int n);
    Outcome attack_node(Position& pos, int n);
    // Threat T at a defence node: Fail if the attacker's move does not count, Unknown if stopped.
    Outcome threat_guard(Position& pos, int n);

    struct Frame {
        MoveList& list;
        GoalSearch& search;
        ~Frame() { --search.depth_; }
    };
    Frame frame();
    Key key(const Position& pos) const;

    Stipulation stip_;
    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    std::vector<std::unique_ptr<MoveList>> lists_;
    int depth_ = 0;
    uint64_t nodes_ = 0;
    RestrictionGuards guards_;
};

// r#: the attacker's moves that mate at once. It must play one, and the reflexmate fails (Popeye
// writes such moves with "?!?"). None in other stipulations.
MoveList reflex_mating_moves(const Position& pos, const Stipulation& stip);
// r#: whether the attacker, to move, can mate (and so must).
bool reflex_attacker_bound(const Position& pos, const Stipulation& stip);
// The diagram's first moves as the solve examines them: the legal moves, none in an r# whose
// attacker is bound to mate. One list for the analysis, the split into parts and the part files.
void first_moves_of(const Position& diagram, const Stipulation& stip, MoveList& list);

} // namespace dynamo
