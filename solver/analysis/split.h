// The first moves of a problem shared out among N parts: each part solves the first
// moves it is given, on a machine of its own. Deterministic, so that every part computes the same
// split without talking to the others; balanced by an estimate of each first move's cost (the
// size of the tree of the next two half-moves after it), not by its index.
#pragma once

#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <cstdint>
#include <vector>

namespace dynamo {

struct FirstMoveShare {
    Move move;
    uint64_t cost = 0; // the estimate: 1 + the moves of the next two half-moves (perft 2)
    int part = 0;      // 0 .. N-1
};

// Every first move of the diagram in generation order, with its cost and its part. Longest cost
// first, each to the part with the least cost so far (ties: the lower index); the result depends
// only on the position and the stipulation (not on threads or --hash).
std::vector<FirstMoveShare> split_first_moves(const Position& diagram, const Stipulation& stip,
                                              int parts);

} // namespace dynamo
