// Transposition table for the mate searches: proven facts about attacker-to-move nodes,
// "wins within n moves" and "fails within n moves", shared by all threads without locks.
//
// Buckets of eight entries, one 64-byte cache line each (a probe costs one memory access). An
// entry is ONE 64-bit word, read and written whole (std::atomic_ref, relaxed): the key's bits
// above DATA_BITS with the bounds in the bits below; the key's low bits are the bucket's index
// (at least 2^DATA_BITS buckets), so that a hit has matched all 64 bits of the key, and a write
// by another thread can never be seen half done (no torn entry, no XOR check needed).
// Replacement: the new fact always goes in; it takes the place of an empty entry, else of the
// least valuable one (the smallest number of moves behind it: cheap to prove again).
//
// Beside the bounds it keeps NonTrivial's counts at defence nodes (nontrivial_counts.h), a table
// for each thread: facts of the same search, forgotten with the bounds. (One table for all made
// nontriv_06 at 2 threads 1.3 times slower: both threads faulting its pages in at once, and the
// lines each stored taken from the other core's cache.)
#pragma once

#include "solver/board/types.h"
#include "solver/search/mapped_memory.h"
#include "solver/search/nontrivial_counts.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace dynamo {

// The table's memory could not be mapped: the size tried and errno, for the caller to name.
struct TableAllocationError : std::bad_alloc {
    size_t megabytes;
    int error;
    TableAllocationError(size_t mb, int e) : megabytes(mb), error(e) {}
    const char* what() const noexcept override { return "transposition table cannot be mapped"; }
};

class TranspositionTable {
  public:
    static constexpr int NO_WIN = 255;

    explicit TranspositionTable(size_t megabytes = 64); // throws TableAllocationError

    struct Bounds {
        int win = NO_WIN; // wins within this many moves (NO_WIN: not proven)
        int fail = 0;     // fails within this many moves (0: nothing proven)
    };
    Bounds probe(Key key) const;
    // Starts loading the key's bucket, for a probe after some work that does not need it.
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[key & mask()]); }
    void store(Key key, Bounds bounds); // merged with what the table already holds for the key
    void clear();                       // the counts too
    // This thread's table (to be kept by a searcher that stays on the thread).
    NonTrivialCounts& nontrivial_counts();
    // The entries in use now, and at most (the size asked for).
    size_t entries() const { return (mask() + 1) * SLOTS; }
    size_t max_entries() const { return (max_mask_ + 1) * SLOTS; }

    // Bounds beyond what an entry holds are stored weakened (exact, only less informative): a win
    // within more than MAX_MOVES moves is not kept, a failure within more is kept as MAX_MOVES.
    static constexpr int MAX_MOVES = 126;

  private:
    static constexpr int SLOTS = 8;
    static constexpr int DATA_BITS = 14; // 7 bits for the win bound, 7 for the failure bound
    static constexpr uint64_t DATA_MASK = (uint64_t(1) << DATA_BITS) - 1;
    struct alignas(64) Bucket {
        uint64_t slot[SLOTS]; // 0: empty
    };
    static_assert(sizeof(Bucket) == 64);
    // Zeroed pages handed out as first touched, so a large table costs nothing for a small
    // problem; in huge pages where the system allows (page faults serialise the threads).
    MappedMemory memory_;
    Bucket* buckets_ = nullptr;
    // The table in use is the first mask_ + 1 buckets. It starts at 2 MB and grows fourfold, up
    // to max_mask_ + 1, when half its entries are taken: a problem that needs few entries then
    // touches (and the system zeroes) a few pages, not the whole table (zeroing 64 MB was an
    // eighth of nontriv_06's time). An entry stored before the table grew is found after it
    // only if the key's new index bits are those of its bucket; it is never taken for another
    // key's (the index still covers the bits the entry does not hold).
    std::atomic<size_t> mask_{0};
    size_t max_mask_ = 0;
    std::atomic<uint64_t> sampled_new_{0}; // entries put in empty slots, one key in SAMPLE
    static constexpr uint64_t SAMPLE = 16;
    size_t mask() const { return mask_.load(std::memory_order_relaxed); }
    size_t first_mask() const; // 2 MB, or the whole table if smaller
    // store() but for the count: true if the entry took an empty slot.
    bool put(Key key, Bounds bounds);
    void count_new_entry(Key key);
    struct ThreadCounts;
    std::unique_ptr<ThreadCounts> nontrivial_counts_;

  public:
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;
};

} // namespace dynamo
