// NonTrivial's counts of non-trivial defences at defence nodes, remembered: the guard counts the
// same nodes again and again (at every length a first move is searched to, and in neighbouring
// first moves), and a count, though cheap, costs more than a look-up in a table that stays in the
// cache. The transposition table's bounds would not do: a probe there mostly misses the cache.
//
// Direct-mapped, one 64-bit word a slot, read and written whole (std::atomic_ref, relaxed: a
// table is searched by one thread, cleared by another between searches): the key's bits above
// COUNT_BITS, with the count + 1 in the bits below (0: empty). The index is taken from the bits
// above COUNT_BITS too, so that a hit has matched every key bit but the lowest COUNT_BITS.
#pragma once

#include "solver/board/types.h"
#include "solver/search/mapped_memory.h"

#include <cstddef>
#include <cstdint>

namespace dynamo {

class NonTrivialCounts {
  public:
    // Counts above this are not kept (the guard counts up to its budget + 2).
    static constexpr int MAX_COUNT = 14;

    // 2^16 slots, 512 KB, faulted in when made (MappedMemory::populate): the guard probes it
    // all over from its first counts.
    explicit NonTrivialCounts(int index_bits = 16);
    // The count stored for the key, -1 if none.
    int probe(Key key) const;
    void store(Key key, int count);
    void clear();
    size_t slots() const { return mask_ + 1; }

  private:
    static constexpr int COUNT_BITS = 4;
    static constexpr uint64_t COUNT_MASK = (uint64_t(1) << COUNT_BITS) - 1;
    MappedMemory memory_;
    uint64_t* slots_;
    size_t mask_;
    size_t index(Key key) const { return size_t(key >> COUNT_BITS) & mask_; }
};

} // namespace dynamo
