// The naive helpmate search the pruning tests hold the real one against: full legal lists at
// every ply, no table, no count.
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"

#include <cstdint>
#include <set>
#include <vector>

namespace dynamo::test {

using Line = std::vector<uint32_t>;

// Every line of exactly `plies` half-moves whose last move mates.
inline void naive_lines(Position& pos, int plies, Line& line, std::set<Line>& out) {
    if (plies == 0) {
        if (is_checkmate(pos)) out.insert(line);
        return;
    }
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        line.push_back(m.raw());
        naive_lines(pos, plies - 1, line, out);
        line.pop_back();
        pos.unmake();
    }
}

} // namespace dynamo::test
