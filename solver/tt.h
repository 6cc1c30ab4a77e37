// Transposition table for the mate searches: proven facts about attacker-to-move nodes,
// "wins within n moves" and "fails within n moves", shared by all threads without locks
// (each entry is two words whose XOR must give the key, as in Stockfish's and Crafty's
// lockless hashing: a torn write reads as a miss).
#pragma once

#include "types.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <memory>

namespace dynamo {

class TranspositionTable {
  public:
    static constexpr int NO_WIN = 255;

    explicit TranspositionTable(size_t megabytes = 64);

    struct Bounds {
        int win = NO_WIN; // wins within this many moves (NO_WIN: not proven)
        int fail = 0;     // fails within this many moves (0: nothing proven)
    };
    Bounds probe(Key key) const;
    void store(Key key, Bounds bounds); // merged with what the entry already holds
    void clear();
    size_t entries() const { return mask_ + 1; }

  private:
    struct Entry {
        uint64_t check; // key ^ data; both read and written through std::atomic_ref
        uint64_t data;
    };
    // Anonymous memory from the operating system: zeroed pages handed out as first touched, so a
    // large table costs nothing for a small problem; in huge pages where the system allows, so
    // that touching it costs few page faults (they serialise the threads).
    void* mapping_ = nullptr;
    size_t mapping_size_ = 0;
    Entry* table_ = nullptr;
    size_t mask_ = 0;

  public:
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;
};

} // namespace dynamo
