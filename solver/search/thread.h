// The parallel search: a pool of helper searchers, the splits of a node's moves among threads
// (Young Brothers Wait) and the twins of a first move's search (MateSearch::split,
// MateSearch::defend_with_twin, defined in thread.cpp).
//
// With a HelperPool, and more than one thread in the task arena, the moves below the root are
// searched in parallel where the tree is large and a thread has no first move of its own: at a
// defence node the first defence alone, then, if it does not refute, the others shared out
// among the threads; at an attacker node the first two moves alone, then, if neither wins, the
// others. A thread splits no node below one of its splits whose helper task no thread has
// begun. A first move's search gets a twin instead, at each length (defend_length): the same
// node searched by the first thread free, the attacker's moves the other way round, and the
// first of the two to have the node's answer stops the other. The outcomes are the same; only
// the node counts vary.
#pragma once

#include "solver/search/search.h"

#include <atomic>
#include <cstdint>
#include <memory>

namespace dynamo {

// Spare searchers for the defences searched in parallel, one stack per thread: a thread that
// waits for its helpers runs their tasks meanwhile, each with a searcher of its own. One pool
// serves every search that shares its table and stop flag (one analysis), and outlives them, so
// that the searchers' move lists and last-move tables are made once.
class HelperPool {
  public:
    HelperPool(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
               const SearchRestrictions& restrictions = {});
    ~HelperPool();
    HelperPool(const HelperPool&) = delete;
    HelperPool& operator=(const HelperPool&) = delete;

    // Defence nodes with at least this many attacker moves left (counting the one just played)
    // are split. Conservative: on 2 cores no depth paid (most of the work is in the attacker's
    // failing nodes, which do not split); 3 cost 4% on castling_11's key searched alone, 2 more.
    int split_depth = 4;
    // Attacker nodes with at least this many moves left are split too (0: never), once the
    // killer and one more move have failed to win.
    int attack_split_depth = 3;

    // For tests and tuning: splits made, those a deciding move (a refutation, a win) cut short,
    // the nodes searched in the moves they shared out, the splits made at attacker nodes, and
    // those made below another split of the same thread.
    uint64_t splits() const { return splits_.load(std::memory_order_relaxed); }
    uint64_t nested_splits() const { return nested_splits_.load(std::memory_order_relaxed); }
    uint64_t refuted_splits() const { return refuted_splits_.load(std::memory_order_relaxed); }
    uint64_t split_nodes() const { return split_nodes_.load(std::memory_order_relaxed); }
    uint64_t attacker_splits() const { return attacker_splits_.load(std::memory_order_relaxed); }
    // Twin searches offered (defend_length; one begins if a thread is free before the node is
    // decided), and those that had the node's answer first.
    uint64_t twins() const { return twins_.load(std::memory_order_relaxed); }
    uint64_t twin_answers() const { return twin_answers_.load(std::memory_order_relaxed); }

  private:
    friend class MateSearch;
    struct Helper;
    struct Stacks;
    std::unique_ptr<Helper> take();
    void give_back(std::unique_ptr<Helper> helper);

    Stipulation stip_;
    SearchRestrictions restrictions_;
    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    std::unique_ptr<Stacks> stacks_;
    // The searches (not helpers) under way: first moves, set play. Read wherever a split could be
    // made, so on a cache line of its own, away from the counts.
    alignas(64) std::atomic<int> searches_{0};
    alignas(64) std::atomic<uint64_t> splits_{0}, refuted_splits_{0}, split_nodes_{0},
        attacker_splits_{0}, nested_splits_{0}, twins_{0}, twin_answers_{0};
    // Splits decided so far (a refutation, a win): read at every node below a split, written
    // seldom, so on a cache line of its own.
    alignas(64) std::atomic<uint64_t> decisions_{0};
};

} // namespace dynamo
