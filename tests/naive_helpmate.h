// The naive helpmate search the pruning tests hold the real one against: full legal lists at
// every ply, no table, no count.
#pragma once

#include "helpers.h"

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/helpmate.h"
#include "solver/search/tt.h"

#include <atomic>
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

// The search's lines from pos against the naive search's, as a set, each once; whether any.
inline bool same_lines_as_naive(Position& pos, int plies, TranspositionTable& tt) {
    std::atomic<bool> stop{false};
    std::set<Line> expected;
    Line line;
    naive_lines(pos, plies, line, expected);
    tt.clear();
    HelpSearch search(tt, stop);
    std::vector<std::vector<Move>> found;
    const int count = search.solve(pos, plies, 0, {}, &found);
    REQUIRE(count == int(found.size()));
    std::set<Line> got;
    for (const auto& l : found) {
        Line raw;
        for (Move m : l) raw.push_back(m.raw());
        got.insert(raw);
    }
    INFO("FEN " << to_fen(pos) << ", plies " << plies);
    CHECK(got == expected);
    CHECK(found.size() == expected.size()); // each line once
    return !expected.empty();
}

} // namespace dynamo::test
