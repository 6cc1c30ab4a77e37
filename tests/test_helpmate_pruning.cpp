// The helpmate search's pruning (solver/search/mate_reach.h, docs/helpmate.md) against a naive
// helpmate search written here (full legal lists everywhere, no table, no pruning): on random
// orthodox positions the flight count never dismisses a position the naive search solves, and
// the search's solution lines are the naive search's, as a set.
#include "helpers.h"
#include "naive_helpmate.h"
#include "random_placement.h"

#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/search/helpmate.h"
#include "solver/search/mate_reach.h"
#include "solver/search/tt.h"

#include <random>
#include <set>
#include <span>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// A random legal position without castling: the two kings, then 1 to `most_white` white pieces
// and 0 to 3 black ones, each drawn from its side's list.
Position random_placed(std::mt19937& rng, Color to_move, std::span<const PieceType> white_types,
                       std::span<const PieceType> black_types, int most_white) {
    for (;;) {
        Position pos;
        pos.set_rules(RuleSet::orthodox());
        RandomPlacer placer(pos, [&](Color, PieceType) { return Square(rng() % 64); });
        placer.place(WHITE, KING);
        placer.place(BLACK, KING);
        const int white = 1 + int(rng() % most_white), black = int(rng() % 4);
        for (int i = 0; i < white; ++i)
            placer.place(WHITE, white_types[rng() % white_types.size()]);
        for (int i = 0; i < black; ++i)
            placer.place(BLACK, black_types[rng() % black_types.size()]);
        pos.set_side_to_move(to_move);
        pos.finish_setup();
        if (!illegal_reason(pos) && !pos.castling().any()) return pos;
    }
}

// Sparse positions, mostly minor pieces and pawns (the flight count gives up at once on a rook
// or queen of the mating side), the kings anywhere; no castling.
Position random_sparse(std::mt19937& rng, Color to_move) {
    static const PieceType white_types[] = {PAWN, KNIGHT, BISHOP, BISHOP, KNIGHT, PAWN, ROOK};
    static const PieceType black_types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    return random_placed(rng, to_move, white_types, black_types, 2);
}

// Denser positions for the capacity count: up to three pieces of each side besides the king,
// any kind, the pawns anywhere but the first and last ranks.
Position random_mixed(std::mt19937& rng, Color to_move) {
    static const PieceType types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    return random_placed(rng, to_move, types, types, 3);
}

// The mated side's king walled in: black pieces within two squares of it, the black king on
// or near an edge, where the blocks and the counts' spare moves decide.
Position random_crowded(std::mt19937& rng, Color to_move) {
    const PieceType black_types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    const PieceType white_types[] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KNIGHT};
    for (;;) {
        Position pos;
        pos.set_rules(RuleSet::orthodox());
        const int kf = int(rng() % 8), kr = int(rng() % 3) + (rng() % 2 ? 5 : 0);
        auto near = [&]() {
            const int f = std::clamp(kf + int(rng() % 5) - 2, 0, 7);
            const int r = std::clamp(kr + int(rng() % 5) - 2, 0, 7);
            return make_square(f, r);
        };
        RandomPlacer placer(pos, [&](Color c, PieceType pt) {
            if (c == BLACK && pt == KING) return make_square(kf, kr);
            return c == BLACK ? near() : Square(rng() % 64);
        });
        placer.place(BLACK, KING);
        placer.place(WHITE, KING);
        const int white = 1 + int(rng() % 2), black = 2 + int(rng() % 3);
        for (int i = 0; i < white; ++i) placer.place(WHITE, white_types[rng() % 6]);
        for (int i = 0; i < black; ++i) placer.place(BLACK, black_types[rng() % 6]);
        pos.set_side_to_move(to_move);
        pos.finish_setup();
        if (!illegal_reason(pos) && !pos.castling().any()) return pos;
    }
}

} // namespace

TEST_CASE("Helpmate pruning: the counts keep a walled-in king's mates", "[helpmate][speedups]") {
    std::mt19937 rng(20261210);
    int dismissed = 0, solvable = 0, idle = 0;
    for (int i = 0; i < 3000; ++i) {
        const int plies = 1 + i % 3;
        // Black mated: it moves first at even plies.
        Position pos = random_crowded(rng, plies % 2 ? WHITE : BLACK);
        std::set<Line> lines;
        Line line;
        naive_lines(pos, plies, line, lines);
        const bool reachable = mate_reachable(pos, plies);
        INFO("FEN " << to_fen(pos) << ", plies " << plies);
        if (!lines.empty()) CHECK(reachable);
        dismissed += !reachable;
        solvable += !lines.empty();
        if (plies != 2) continue;
        const Bitboard blocks = mate_blocks(pos, plies);
        const Square king = pos.king_square(BLACK);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            if (m.active_from() == king || (blocks & square_bb(m.active_to()))) continue;
            ++idle;
            pos.make(m);
            std::set<Line> after;
            naive_lines(pos, 1, line, after);
            INFO("after " << to_fen(pos));
            CHECK(!mate_reachable(pos, 1));
            CHECK(after.empty());
            pos.unmake();
        }
    }
    WARN("3000 positions, " << solvable << " with a helpmate, " << dismissed << " dismissed, "
                            << idle << " idle moves");
    CHECK(solvable > 100);
    CHECK(dismissed > 500);
}

TEST_CASE("Helpmate pruning: the capacity count never dismisses a solvable position",
          "[helpmate][speedups]") {
    std::mt19937 rng(20261208);
    int dismissed = 0, solvable = 0;
    for (int i = 0; i < 4000; ++i) {
        const int plies = i % 50 == 49 ? 4 : 1 + i % 3;
        Position pos = i % 2 ? random_mixed(rng, i % 4 < 2 ? WHITE : BLACK)
                             : random_sparse(rng, i % 4 < 2 ? WHITE : BLACK);
        std::set<Line> lines;
        Line line;
        naive_lines(pos, plies, line, lines);
        const bool reachable = mate_reachable(pos, plies);
        INFO("FEN " << to_fen(pos) << ", plies " << plies);
        if (!lines.empty()) CHECK(reachable);
        dismissed += !reachable;
        solvable += !lines.empty();
    }
    WARN("4000 positions, " << solvable << " with a helpmate, " << dismissed << " dismissed");
    CHECK(solvable > 100);
    CHECK(dismissed > 1000);
}

TEST_CASE("Helpmate pruning: the mated side's idle moves lead nowhere", "[helpmate][speedups]") {
    std::mt19937 rng(20261209);
    int idle = 0, kept = 0;
    for (int i = 0; i < 3000; ++i) {
        const int plies = i % 10 == 9 ? 4 : 2;
        Position pos = i % 2 ? random_mixed(rng, i % 4 < 2 ? WHITE : BLACK)
                             : random_sparse(rng, i % 4 < 2 ? WHITE : BLACK);
        const Bitboard blocks = mate_blocks(pos, plies);
        const Square king = pos.king_square(pos.side_to_move());
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            if (m.active_from() == king || (blocks & square_bb(m.active_to()))) {
                ++kept;
                continue;
            }
            ++idle;
            pos.make(m);
            std::set<Line> lines;
            Line line;
            if (plies == 2) naive_lines(pos, 1, line, lines); // 3 plies: the count's own test
            INFO("FEN " << to_fen(pos) << " after a move, plies " << plies - 1);
            CHECK(!mate_reachable(pos, plies - 1));
            CHECK(lines.empty());
            pos.unmake();
        }
    }
    WARN(idle << " idle moves dismissed, " << kept << " kept");
    CHECK(idle > 1000);
}

// docs/helpmate.md, The mater's idle moves: at the mater's node (3 or 5 plies left), every move
// but a capture of a piece that mate_movers() leaves out leads to a position that fails the
// counts, and at 3 plies to one where the naive search finds no mate. (A first version skipped
// the captures too: k1b5/pB6/8/2K5/8/8/8/8 b, after a white bishop took on b7, passes.)
TEST_CASE("Helpmate pruning: the mater's idle moves lead nowhere", "[helpmate][speedups]") {
    std::mt19937 rng(20261211);
    int idle = 0, kept = 0, nodes = 0;
    for (int i = 0; i < 4000; ++i) {
        const int plies = i % 10 == 9 ? 5 : 3;
        const Color x = i % 4 == 3 ? BLACK : WHITE; // the mater, to move
        Position pos = i % 3 == 0   ? random_mixed(rng, x)
                       : i % 3 == 1 ? random_sparse(rng, x)
                                    : random_crowded(rng, x);
        const Bitboard movers = mate_movers(pos, plies);
        nodes += movers != ~Bitboard(0);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            if (!mater_idle(pos, m, movers)) {
                ++kept;
                continue;
            }
            ++idle;
            pos.make(m);
            std::set<Line> lines;
            Line line;
            if (plies == 3) naive_lines(pos, 2, line, lines); // 5 plies: the count's own test
            INFO("FEN " << to_fen(pos) << " after a move, plies " << plies - 1);
            CHECK(!mate_reachable(pos, plies - 1));
            CHECK(lines.empty());
            pos.unmake();
        }
    }
    WARN(nodes << " nodes pruned, " << idle << " idle moves dismissed, " << kept << " kept");
    CHECK(idle > 1000);
}

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
    int compared = 0, with_lines = 0;
    for (int i = 0; i < 3000; ++i) {
        const int plies = 2 + (i % 5 == 4 ? 2 : i % 2);
        Position pos = random_sparse(rng, i % 2 ? WHITE : BLACK);
        with_lines += same_lines_as_naive(pos, plies, tt);
        ++compared;
    }
    WARN(compared << " positions compared, " << with_lines << " with a helpmate");
    CHECK(with_lines > 50);
}

// The mater to move at 3 plies, both sides with pieces to take (docs/helpmate.md, The mater's
// idle moves: its captures are kept).
TEST_CASE("Helpmate pruning: the search's lines are the naive search's, mixed positions",
          "[helpmate][speedups]") {
    std::mt19937 rng(20261212);
    TranspositionTable tt(16);
    int with_lines = 0;
    for (int i = 0; i < 1500; ++i) {
        Position pos = i % 2 ? random_mixed(rng, WHITE) : random_crowded(rng, WHITE);
        with_lines += same_lines_as_naive(pos, 3, tt);
    }
    WARN("1500 positions compared, " << with_lines << " with a helpmate");
    CHECK(with_lines > 50);
}

// Popeye's BEISPIEL/intell.inp 24 (h#3, one solution): the queen leaves a flight that White
// will guard to block another, 1.Qf5 Se3 2.Kf4 g4 3.Qe4 Sg2#. A count of the blockers that let
// a piece standing next to the king block nothing more dismissed it.
TEST_CASE("Helpmate pruning: a blocker may leave one flight for another", "[helpmate][speedups]") {
    Position pos = position("8/8/8/4p3/4kqNK/5r2/6P1/8 b - - 0 1", RuleSet::orthodox());
    TranspositionTable tt(16);
    std::atomic<bool> stop{false};
    HelpSearch search(tt, stop);
    std::vector<std::vector<Move>> found;
    CHECK(search.solve(pos, 6, 0, {}, &found) == 1);
    CHECK(mate_reachable(pos, 6));
}
