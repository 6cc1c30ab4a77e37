// The helpmate search's pruning (solver/search/mate_reach.h, docs/helpmate.md) against a naive
// helpmate search written here (full legal lists everywhere, no table, no pruning): on random
// orthodox positions the flight count never dismisses a position the naive search solves, and
// the search's solution lines are the naive search's, as a set.
#include "helpers.h"
#include "random_placement.h"

#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/search/helpmate.h"
#include "solver/search/mate_reach.h"
#include "solver/search/tt.h"

#include <random>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

using Line = std::vector<uint32_t>;

// Every line of exactly `plies` half-moves whose last move mates.
void naive_lines(Position& pos, int plies, Line& line, std::set<Line>& out) {
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

// Sparse positions, mostly minor pieces and pawns (the flight count gives up at once on a rook
// or queen of the mating side), the kings anywhere; no castling.
Position random_sparse(std::mt19937& rng, Color to_move) {
    const PieceType white_types[] = {PAWN, KNIGHT, BISHOP, BISHOP, KNIGHT, PAWN, ROOK};
    const PieceType black_types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    for (;;) {
        Position pos;
        pos.set_rules(RuleSet::orthodox());
        RandomPlacer placer(pos, [&](Color, PieceType) { return Square(rng() % 64); });
        placer.place(WHITE, KING);
        placer.place(BLACK, KING);
        const int white = 1 + int(rng() % 2), black = int(rng() % 4);
        for (int i = 0; i < white; ++i) placer.place(WHITE, white_types[rng() % 7]);
        for (int i = 0; i < black; ++i) placer.place(BLACK, black_types[rng() % 6]);
        pos.set_side_to_move(to_move);
        pos.finish_setup();
        if (!illegal_reason(pos) && !pos.castling().any()) return pos;
    }
}

} // namespace

TEST_CASE("Helpmate pruning: the flight count never dismisses a solvable position",
          "[helpmate][speedups]") {
    std::mt19937 rng(20261207);
    int dismissed = 0, solvable = 0, compared = 0;
    for (int i = 0; i < 3000; ++i) {
        const int plies = 1 + i % 3;
        Position pos = random_sparse(rng, i % 2 ? WHITE : BLACK);
        std::set<Line> lines;
        Line line;
        naive_lines(pos, plies, line, lines);
        const bool reachable = mate_reachable(pos, plies);
        INFO("FEN " << to_fen(pos) << ", plies " << plies);
        if (!lines.empty()) CHECK(reachable);
        dismissed += !reachable;
        solvable += !lines.empty();
        ++compared;
    }
    WARN(compared << " positions, " << solvable << " with a helpmate, " << dismissed
                  << " dismissed by the flight count");
    CHECK(solvable > 50);
    CHECK(dismissed > 500);
}

TEST_CASE("Helpmate pruning: the search's lines are the naive search's", "[helpmate][speedups]") {
    std::mt19937 rng(7122026);
    TranspositionTable tt(16);
    std::atomic<bool> stop{false};
    int compared = 0, with_lines = 0;
    for (int i = 0; i < 3000; ++i) {
        const int plies = 2 + (i % 5 == 4 ? 2 : i % 2);
        Position pos = random_sparse(rng, i % 2 ? WHITE : BLACK);
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
        ++compared;
        with_lines += !expected.empty();
    }
    WARN(compared << " positions compared, " << with_lines << " with a helpmate");
    CHECK(with_lines > 50);
}
