// Perft: the number of legal move sequences of a given length, moves distinct by result
// (docs/rules.md, 3.5 A move is what it does), with bulk counting at the last ply.
#pragma once

#include "solver/board/position.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace dynamo {

uint64_t perft(Position& pos, int depth);

struct DivideEntry {
    Move move;
    uint64_t count;
};

// Counts per root move; the root moves are searched in parallel with TBB (`threads` workers,
// 0 = all cores). The result is in generation order whatever the thread count. Depth 0 has
// no root moves (its perft, 1, is the empty sequence).
std::vector<DivideEntry> perft_divide(const Position& pos, int depth, int threads = 0);

} // namespace dynamo
