// The exact AND/OR search of battle play: direct mates (#N) and selfmates (s#N). The other
// goals are GoalSearch's (goal_search.h); make_battle_search.h chooses.
//
// With a HelperPool the search runs on several threads (thread.h).
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/battle_search.h"
#include "solver/search/movepick.h"
#include "solver/search/outcome.h"
#include "solver/search/restrictions.h"
#include "solver/search/search_key.h"
#include "solver/search/stipulation.h"
#include "solver/search/tt.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace dynamo {

class HelperPool;

class MateSearch final : public BattleSearch {
  public:
    // Without a pool (or in an arena of one thread) the search is serial. A pool's helpers
    // search within the pool's restrictions, which must be these.
    MateSearch(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
               HelperPool* pool = nullptr, const SearchRestrictions& restrictions = {});
    ~MateSearch() override;

    // BattleSearch (battle_search.h). The search's own recursion calls attack_node,
    // defend_direct and defend_self, not these.
    Outcome attack(Position& pos, int n) override;
    Outcome defend(Position& pos, int n) override;
    std::vector<Outcome> defend_each(Position& pos, const MoveList& moves, int n) override;
    bool shares_moves() override;

    int attack_length(Position& pos, int max_n) override;
    int defend_length(Position& pos, int max_n,
                      const std::function<void(int)>& at_length = {}) override;
    // #N and s#N without restrictions (under one, Popeye judges each length on its own).
    bool wins_at_every_longer_length() const override;

    bool defender_move_mates(Position& pos, Move m) override;
    // Only r# binds the defender to mate.
    bool defender_must_mate(Position&) override { return false; }
    // Direct mate or selfmate: has the defender, to move, no legal move while in check?
    static bool checkmated(const Position& pos);

    int nontrivial_budget() const override { return guards_.budget; }
    void set_nontrivial_budget(int budget) override { guards_.budget = budget; }
    bool nontrivial_applies(int n) const override;
    int nontrivial_defences(Position& pos, int limit) override;

    Outcome threat_refusal(Position& pos, int n) override;
    // The last refutation at this ply, then checks, then by refutation history.
    void order_likely_refutations(const Position& pos, MoveList& defences) const override;
    bool flight_refusal(const Position& pos, int n) const override;

    uint64_t nodes() const override { return nodes_; } // helpers' included
    const Stipulation& stipulation() const override { return stip_; }

  private:
    friend class HelperPool;
    struct Split;
    struct OriginScope;
    // What a helper starts from: the split node's position and the killers of the search that
    // split, as they were then (that search goes on with its own). Only what a helper reads: the
    // node alone (it never unmakes past it) and the killers of the plies below it, [first_ply,
    // end_ply).
    struct SplitOrigin {
        Position pos;
        int first_ply = 0, end_ply = 0;
        Move killer[128];
        Move attack_killer[128];

        void take(const Position& node, int n, const Move* killers, const Move* attack_killers) {
            pos.copy_node_of(node);
            first_ply = std::min(node.ply(), 127);
            end_ply =
                std::min(node.ply() + 2 * n + 2, 128); // n attacker moves left, and the replies
            std::copy(killers + first_ply, killers + end_ply, killer + first_ply);
            std::copy(attack_killers + first_ply, attack_killers + end_ply,
                      attack_killer + first_ply);
        }
        void give(Position& node, Move* killers, Move* attack_killers) const {
            node.copy_node_of(pos);
            std::copy(killer + first_ply, killer + end_ply, killers + first_ply);
            std::copy(attack_killer + first_ply, attack_killer + end_ply,
                      attack_killers + first_ply);
        }
    };

    MateSearch(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
               HelperPool* pool, const SearchRestrictions& restrictions, bool helper);

    Key node_key(const Position& pos) const;
    // A defence node's key: apart from the attacker nodes' (the table holds both).
    Key defence_key(const Position& pos) const { return node_key(pos) ^ 0x9E3779B97F4A7C15ULL; }
    Outcome attack_node(Position& pos, int n);
    bool self_last_moves(Position& pos, MoveList& list);
    Outcome defend_direct(Position& pos, int n);
    Outcome defend_direct_node(Position& pos, int n);
    template <typename Search> Outcome stored_defence(Position& pos, int n, const Search& search);
    static constexpr int DEFENCE_STORE_DEPTH = 3;
    Outcome dynamo_mate_in_one(Position& pos);
    Outcome killer_first(Position& pos, int n, int& tried);
    // Far from the end, the checks are tried before the killer at a defence node.
    bool checks_before_killer(int n) const {
        return dynamo::checks_before_killer(n, stip_.kind == Stipulation::Kind::Self,
                                            guards_.applied.nontrivial());
    }
    Outcome dynamo_defend_self_last(Position& pos);
    Outcome defend_self(Position& pos, int n);
    Outcome defend_self_node(Position& pos, int n);
    Outcome defend_self_last(Position& pos);
    // SearchRestrictions at a defence node (n as in defend): Fail if the attacker's move does
    // not count, Unknown if stopped, Win if it does.
    Outcome threat_guard(Position& pos, int n);
    // NonTrivial at a defence node: RestrictionGuards::admit on the node's count.
    Outcome nontrivial_guard(Position& pos);
    // The guard's count at a defence node (nontrivial_defences up to the budget + 2), from the
    // table's NonTrivialCounts where it was counted before; `key`: defence_key(pos).
    int guard_count(Position& pos, Key key);
    bool may_split(int n) const;
    bool may_split_attack(int n) const;
    // Whether a sibling has decided the split this search works for, or one above it.
    bool split_cancelled() { return split_ && split_cancelled_slow(); }
    bool split_cancelled_slow();
    void enter_pool(); // a search (not a helper) under way
    void leave_pool();
    bool split_may_pay();
    int arena_threads(); // the task arena's threads, asked once (a search stays in one arena)
    void flush_split_counts();
    SplitOrigin& next_origin(); // see OriginScope
    // A helper's search about to work for `split`, made at `origin` with this id; the helper's
    // position and the split it last worked for given.
    void join(Position& pos, uint64_t& split_id, const SplitOrigin& origin, uint64_t id,
              const Split& split, uint64_t decisions);
    // defend(pos, n) with a twin: another thread searches the same node, from when it is free,
    // the attacker's moves the other way round; the two meet through the table, and the first
    // answer is the node's. Plain defend() in an arena of one thread.
    [[gnu::noinline]] Outcome defend_with_twin(Position& pos, int n);
    // Out of line: rare, and kept out of the code of the defence loops.
    // each: no move decides the node; each move's outcome is written there, by its index.
    [[gnu::noinline]] Outcome split(Position& pos, const MoveList& list, int first, int n,
                                    bool attacker, Outcome* each = nullptr);

    // One move list per search depth, kept between nodes: a list is 16 KB.
    struct Frame {
        MoveList& list;
        MateSearch& search;
        ~Frame() { --search.depth_; }
    };
    Frame frame();

    Stipulation stip_;
    RestrictionGuards guards_;
    std::vector<std::unique_ptr<MoveList>> lists_;
    int depth_ = 0;
    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    uint64_t nodes_ = 0;
    // The table of NonTrivial's counts of the thread this search runs on (a searcher never
    // changes threads: a first move's runs in one task, a helper is taken from and given back
    // to its thread's stack).
    NonTrivialCounts* nontrivial_counts_ = nullptr;
    int counted_ = -1; // NonTrivial: the count stored_defence made for the node's guard (-1: none)
    // Orthodox direct mates' last-move nodes (n == 1), the most numerous and the cheapest to
    // search again: a small table of this search's own, which stays in the cache, instead of
    // the shared one.
    // A slot holds the key with its lowest bit replaced by the outcome (1: win); 0 is empty.
    static constexpr size_t LAST_MOVE_SLOTS = size_t(1) << 12;
    std::vector<uint64_t> last_move_table_;
    MoveOrder order_;
    HelperPool* pool_;
    bool helper_;
    bool opposite_order_ = false;  // a twin: the attacker's moves after the killer, last first
    const Split* split_ = nullptr; // the split this search works for, to be told to stop
    // split_cancelled(): the pool's decisions when split_ was last found not cancelled.
    uint64_t decisions_seen_ = ~uint64_t(0);
    std::vector<std::unique_ptr<SplitOrigin>> origins_; // one per split open, kept between splits
    int origins_open_ = 0;
    // The splits made since the last flush_split_counts(), for the pool's counts.
    struct SplitCounts {
        uint64_t splits = 0, attacker_splits = 0, refuted_splits = 0, nested_splits = 0;
    } split_counts_;
    int threads_ = 0; // arena_threads(), once asked
};

} // namespace dynamo
