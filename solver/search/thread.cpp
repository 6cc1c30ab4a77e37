#include "solver/search/thread.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace dynamo {

void MateSearch::enter_pool() { pool_->searches_.fetch_add(1, std::memory_order_relaxed); }

// (A helper's split counts are added at the end of each task.)
void MateSearch::leave_pool() {
    pool_->searches_.fetch_sub(1, std::memory_order_relaxed);
    flush_split_counts();
}

// Parallel defences ----------------------------------------------------------------------------

// The moves of one node shared out among threads. The move that decides the node (a refutation
// at a defence node, a win at an attacker node) stops the others, and so do the splits below,
// which look up the chain. On a cache line of its own: read at every node below.
struct alignas(64) MateSearch::Split {
    const Split* parent;
    std::atomic<bool> decided{false};

    bool cancelled() const {
        for (const Split* s = this; s; s = s->parent)
            if (s->decided.load(std::memory_order_relaxed)) return true;
        return false;
    }
};

// The origin of a split (or twin) this search has open, taken from the node: one per split open
// at once in the search (the splits below one, made by this thread in its share of the moves,
// have theirs), kept between splits.
struct MateSearch::OriginScope {
    MateSearch& search;
    SplitOrigin& origin;
    OriginScope(MateSearch& s, const Position& node, int n) : search(s), origin(s.next_origin()) {
        origin.take(node, n, s.order_.killer, s.order_.attack_killer);
    }
    ~OriginScope() { --search.origins_open_; }
};

MateSearch::SplitOrigin& MateSearch::next_origin() {
    if (origins_open_ == int(origins_.size())) origins_.push_back(std::make_unique<SplitOrigin>());
    return *origins_[size_t(origins_open_++)];
}

struct HelperPool::Helper {
    MateSearch search;
    Position pos;          // between tasks: the position of the split it last worked for
    uint64_t split_id = 0; // that split
};

struct HelperPool::Stacks {
    tbb::enumerable_thread_specific<std::vector<std::unique_ptr<Helper>>> spare;
};

HelperPool::HelperPool(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, const SearchRestrictions& restrictions)
    : stip_(stip), restrictions_(restrictions), tt_(tt), stop_(stop),
      stacks_(std::make_unique<Stacks>()) {}

HelperPool::~HelperPool() = default;

// Taken and given back by the same thread, in nested order: a stack per thread.
std::unique_ptr<HelperPool::Helper> HelperPool::take() {
    auto& spare = stacks_->spare.local();
    if (spare.empty())
        return std::unique_ptr<Helper>(
            new Helper{{stip_, tt_, stop_, this, restrictions_, true}, {}, 0});
    std::unique_ptr<Helper> h = std::move(spare.back());
    spare.pop_back();
    return h;
}

void HelperPool::give_back(std::unique_ptr<Helper> helper) {
    stacks_->spare.local().push_back(std::move(helper));
}

// A helper about to search for `split` (made at `origin`, with this id): one new to the split
// copies the node and the killers found there; then it keeps its own, learnt as it searches.
// `decisions`: the pool's, read before the split's chain was last found not cancelled.
void MateSearch::join(Position& pos, uint64_t& split_id, const SplitOrigin& origin, uint64_t id,
                      const Split& split, uint64_t decisions) {
    if (split_id != id) {
        origin.give(pos, order_.killer, order_.attack_killer);
        split_id = id;
    }
    split_ = &split;
    decisions_seen_ = decisions;
}

// The splits this search made, counted here (the pool's counters are shared by every thread, and
// a split is made every few microseconds) and added to the pool's now and then.
void MateSearch::flush_split_counts() {
    pool_->splits_.fetch_add(split_counts_.splits, std::memory_order_relaxed);
    pool_->attacker_splits_.fetch_add(split_counts_.attacker_splits, std::memory_order_relaxed);
    pool_->nested_splits_.fetch_add(split_counts_.nested_splits, std::memory_order_relaxed);
    pool_->refuted_splits_.fetch_add(split_counts_.refuted_splits, std::memory_order_relaxed);
    split_counts_ = {};
}

// A split's id, never 0 and never used twice in the process: each thread takes its ids in blocks
// from one counter, so that a split costs no shared write.
static uint64_t next_split_id() {
    static std::atomic<uint64_t> blocks{0};
    constexpr uint64_t BLOCK = 1024;
    thread_local uint64_t next = 0, end = 0;
    if (next == end) {
        next = blocks.fetch_add(1, std::memory_order_relaxed) * BLOCK;
        end = next + BLOCK;
    }
    return ++next;
}

// The chain of splits is walked only when a split has been decided since the last walk: most
// splits are never decided (every defence refuted, every attacker move failed), and a walk per
// node read lines that other threads write (nontriv_06 at 2 threads: 3% of the time). A
// decision is counted after it is made (release), so a count seen (acquire) shows the decision.
bool MateSearch::split_cancelled_slow() {
    const uint64_t decisions = pool_->decisions_.load(std::memory_order_acquire);
    if (decisions == decisions_seen_) return false;
    if (split_->cancelled()) return true;
    decisions_seen_ = decisions;
    return false;
}

// A defence node worth splitting: a large tree below.
bool MateSearch::may_split(int n) const { return pool_ && n >= pool_->split_depth; }
bool MateSearch::may_split_attack(int n) const {
    return pool_ && pool_->attack_split_depth > 0 && n >= pool_->attack_split_depth;
}

// The innermost split open on this thread that shares its moves out, by the flag its helper tasks
// raise when one begins (nullptr: none).
static thread_local const std::atomic<bool>* open_offer = nullptr;

// Whether a split may pay: a thread is without a search of its own (while every thread has a
// first move, a split only costs), and no split open on this thread still has its helper task
// waiting. A thread that steals takes the oldest task, so a task below that one would be taken
// after it at best, and most are never taken: each cost its spawn and wait for nothing (about a
// tenth of a microsecond; nontriv_06 at 2 threads made 9,500 splits a solve, now 2,000).
bool MateSearch::split_may_pay() {
    if (open_offer && !open_offer->load(std::memory_order_relaxed)) return false;
    return pool_->searches_.load(std::memory_order_relaxed) < arena_threads();
}

int MateSearch::arena_threads() {
    if (threads_ == 0) threads_ = tbb::this_task_arena::max_concurrency();
    return threads_;
}

// A split's shares: one helper task per other thread, and this thread's own. The outermost split
// is isolated, so that a thread waiting here never takes an unrelated first move that would
// hold it up. The splits below it share its isolation: a thread that waits for the sibling that
// holds the long line helps that line's own splits. (Each in an isolation of its own, it would
// idle: a forced line then ran on one thread.)
template <typename HelperMoves, typename OwnMoves>
static void run_shares(bool nested, int threads, const std::atomic<bool>& taken,
                       HelperMoves& helper_moves, OwnMoves& own_moves) {
    auto search_all = [&] {
        // An isolated context: binding one to its parent's takes locks, at every split. (The
        // search stops by its own flags, never by cancelling a task group; an exception in a
        // helper still reaches this thread at wait.)
        tbb::task_group_context context(tbb::task_group_context::isolated);
        tbb::task_group others(context);
        for (int t = 1; t < threads; ++t) others.run(helper_moves);
        {
            struct Offer {
                const std::atomic<bool>* outer;
                ~Offer() { open_offer = outer; }
            } offer{std::exchange(open_offer, &taken)};
            own_moves();
        }
        others.wait();
    };
    if (nested)
        search_all();
    else
        tbb::this_task_arena::isolate(search_all);
}

// Young Brothers Wait, at both kinds of node. At a defence node the defences before list[first]
// were searched here and none refuted, so probably none does and all must be searched; at an
// attacker node the moves before list[first] did not win, so probably none does. The rest are
// shared out: this thread (in this search, on this position: no copy) and one helper task per
// other thread each take the next move from a counter until none is left, a helper with a
// searcher and a copy of the position of its own; the first sibling that decides the node (a
// refutation, a win) stops the others. A helper copies the position only once it has a move:
// most tasks find none left. (A task per move cost more than the move where most are refused at
// once, as under NonTrivial: nontriv_06 at 2 threads gained 1.4 times from the counter.)
// Isolated, so that a thread waiting here takes only this split's tasks, never an unrelated
// first move that would hold it up. With `each` (defend_each), no move decides: every one is
// searched and its outcome written there.
Outcome MateSearch::split(Position& pos, const MoveList& list, int first, int n, bool attacker,
                          Outcome* each) {
    HelperPool& pool = *pool_;
    const bool self = stip_.kind == Stipulation::Kind::Self;
    const uint64_t id = next_split_id();
    split_counts_.splits++;
    split_counts_.attacker_splits += attacker;
    split_counts_.nested_splits += open_offer != nullptr;
    if (split_counts_.splits % 64 == 0) flush_split_counts();
    Split split{split_};
    const Outcome decisive = attacker ? Outcome::Win : Outcome::Fail;
    const int budget = guards_.budget;
    // Each on a cache line of its own: the counter is taken at every move by every thread.
    alignas(64) std::atomic<int> next{first};
    alignas(64) std::atomic<int> decider{list.size()}; // the first deciding move's index
    std::atomic<bool> unknown{false};
    std::atomic<bool> taken{false}; // a helper task has begun (see split_may_pay)
    std::atomic<uint64_t> nodes{0}; // the helpers'
    const OriginScope scope(*this, pos, n);
    const SplitOrigin& origin = scope.origin;

    // Searches list[i] in s on p; false once this thread is to take no more moves.
    auto search_move = [&](MateSearch& s, Position& p, int i) {
        s.guards_.budget = budget;
        p.make(list[i]);
        Outcome o;
        if (attacker)
            o = self ? s.defend_self(p, n) : s.defend_direct(p, n);
        else // s#: a mating defence is avoided, as in defend_self
            o = self && checkmated(p) ? Outcome::Win : s.attack_node(p, n - 1);
        p.unmake();
        if (each) // (a move taken twice, see own_moves, is written twice, with one outcome)
            std::atomic_ref<Outcome>(each[i]).store(o, std::memory_order_relaxed);
        else if (o == decisive) {
            split.decided.store(true, std::memory_order_relaxed);
            pool.decisions_.fetch_add(1, std::memory_order_release);
            int seen = decider.load(std::memory_order_relaxed);
            while (i < seen && !decider.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
            }
            return false;
        }
        if (o == Outcome::Unknown) unknown.store(true, std::memory_order_relaxed);
        return true;
    };
    // This thread: its own search below the split, so that its nested splits hang from this one.
    uint64_t own_nodes = 0;
    auto own_moves = [&] {
        const Split* outer = split_;
        const uint64_t seen = decisions_seen_;
        const uint64_t before = nodes_;
        decisions_seen_ = pool.decisions_.load(std::memory_order_acquire);
        split_ = &split;
        // The owner takes its moves without a locked instruction (a fetch_add per move, which
        // drains the store buffer, cost 3% at 2 threads, although a helper has joined only a few
        // of the splits). A helper's fetch_add between this load and store makes a move searched
        // twice, never one skipped: the counter only goes back to an index already handed out.
        for (int i; (i = next.load(std::memory_order_relaxed)) < list.size();) {
            next.store(i + 1, std::memory_order_relaxed);
            if (split_cancelled()) {
                unknown.store(true, std::memory_order_relaxed);
                break;
            }
            if (!search_move(*this, pos, i)) break;
        }
        split_ = outer;
        decisions_seen_ = seen;
        guards_.budget = budget;
        own_nodes = nodes_ - before;
    };
    auto helper_moves = [&] {
        taken.store(true, std::memory_order_relaxed);
        std::unique_ptr<HelperPool::Helper> h; // taken with the first move left for it
        uint64_t searched = 0;                 // nodes, added to the split's once at the end
        for (int i; (i = next.fetch_add(1, std::memory_order_relaxed)) < list.size();) {
            // Before the first move: the whole chain, read after the count of decisions.
            const uint64_t decisions = h ? 0 : pool.decisions_.load(std::memory_order_acquire);
            if (h ? h->search.split_cancelled() : split.cancelled()) {
                unknown.store(true, std::memory_order_relaxed);
                break;
            }
            if (!h) {
                h = pool.take();
                h->search.join(h->pos, h->split_id, origin, id, split, decisions);
            }
            const uint64_t before = h->search.nodes_;
            const bool go_on = search_move(h->search, h->pos, i);
            searched += h->search.nodes_ - before;
            if (!go_on) break;
        }
        nodes.fetch_add(searched, std::memory_order_relaxed);
        if (h) {
            h->search.flush_split_counts();
            h->search.split_ = nullptr;
            pool.give_back(std::move(h));
        }
    };
    run_shares(split_ != nullptr, arena_threads(), taken, helper_moves, own_moves);
    nodes_ += nodes.load(std::memory_order_relaxed);
    if (!split_) // the outermost split: the counts below it include their own splits'
        pool.split_nodes_.fetch_add(own_nodes + nodes.load(std::memory_order_relaxed),
                                    std::memory_order_relaxed);
    // Cut-short siblings said Unknown: the deciding move still decides the node.
    if (int i = decider.load(std::memory_order_relaxed); i < list.size()) {
        split_counts_.refuted_splits++;
        Move* killers = attacker ? order_.attack_killer : order_.killer;
        killers[std::min(pos.ply(), 127)] = list[i];
        return decisive;
    }
    if (unknown.load(std::memory_order_relaxed)) return Outcome::Unknown;
    return attacker ? Outcome::Fail : Outcome::Win;
}

// Lazy SMP's division of labour, for two searchers: where every attacker move must be searched,
// the twin starts at the other end of each list; where it comes upon a node this search has
// done, the table has the answer, and where both are inside one node at once they again go
// opposite ways. No split, no wait at a split's end: on nontriv_06's failing lengths the two
// together visit as many nodes as one search alone. The twin counts as a search (no splits are
// made for a thread it keeps busy). Whichever of the two has the node's answer first stops the
// other: the twin, from the other end, often meets the refutation first (nontriv_07 at 2
// threads: 1.25 times faster than with this search going on to its own answer).
// With no thread free now, the twin waits as this thread's oldest task for the first thread to
// run out of first moves (it steals the oldest task first): a late twin still shares what is
// left of the node, where the splits below, which a free thread joins otherwise, share little.
Outcome MateSearch::defend_with_twin(Position& pos, int n) {
    if (!pool_ || helper_ || arena_threads() < 2) return defend(pos, n);
    HelperPool& pool = *pool_;
    struct Counted {
        std::atomic<int>& searches;
        explicit Counted(std::atomic<int>& s) : searches(s) {
            searches.fetch_add(1, std::memory_order_relaxed);
        }
        ~Counted() { searches.fetch_sub(1, std::memory_order_relaxed); }
    };
    // A thread free now is counted at once: this search splits nothing for it meanwhile.
    const bool free_now = split_may_pay();
    pool.twins_.fetch_add(1, std::memory_order_relaxed);
    std::optional<Counted> counted;
    if (free_now) counted.emplace(pool.searches_);
    const uint64_t id = next_split_id();
    // The twin searches below twin_done, this search below twin_answered (a first move's
    // search: no split above either).
    Split twin_done{nullptr}, twin_answered{nullptr};
    Outcome twin_outcome = Outcome::Unknown; // written before twin_answered is decided
    const OriginScope scope(*this, pos, n);
    const int budget = guards_.budget;
    uint64_t twin_nodes = 0;
    auto twin = [&] {
        // Begun once the node was decided (run by this thread at the wait): nothing to do.
        if (twin_done.decided.load(std::memory_order_relaxed)) return;
        std::optional<Counted> late;
        if (!free_now) late.emplace(pool.searches_);
        std::unique_ptr<HelperPool::Helper> h = pool.take();
        h->search.join(h->pos, h->split_id, scope.origin, id, twin_done,
                       pool.decisions_.load(std::memory_order_acquire));
        MateSearch& s = h->search;
        s.guards_.budget = budget;
        s.opposite_order_ = true;
        const uint64_t before = s.nodes_;
        const Outcome answer = s.defend(h->pos, n);
        if (answer != Outcome::Unknown) {
            twin_outcome = answer;
            twin_answered.decided.store(true, std::memory_order_release);
            pool.twin_answers_.fetch_add(1, std::memory_order_relaxed);
            pool.decisions_.fetch_add(1, std::memory_order_release);
        }
        twin_nodes = s.nodes_ - before;
        s.opposite_order_ = false;
        s.split_ = nullptr;
        s.flush_split_counts();
        pool.give_back(std::move(h));
    };
    Outcome o;
    tbb::this_task_arena::isolate([&] {
        tbb::task_group_context context(tbb::task_group_context::isolated);
        tbb::task_group others(context);
        others.run(twin);
        const Split* outer = std::exchange(split_, &twin_answered);
        decisions_seen_ = pool.decisions_.load(std::memory_order_acquire);
        o = defend(pos, n);
        split_ = outer;
        // The twin's search is cut short (its unfinished nodes are not stored).
        twin_done.decided.store(true, std::memory_order_relaxed);
        pool.decisions_.fetch_add(1, std::memory_order_release);
        others.wait();
    });
    // Cut short by the twin's answer (or stopped, when the twin may have answered all the same).
    if (o == Outcome::Unknown && twin_answered.decided.load(std::memory_order_acquire))
        o = twin_outcome;
    nodes_ += twin_nodes;
    return o;
}

} // namespace dynamo
