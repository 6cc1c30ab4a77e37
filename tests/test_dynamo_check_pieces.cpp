// The Dynamo helpmate's last move (docs/helpmate.md, Dynamo: the checking pieces): the ways of
// only the pieces DynamoCheckHints::piece_may_check() admits are generated, and the list must be
// exactly the checking moves of the full legal list, in its order and writing. Compared on
// random Dynamo positions from sparse to crowded, on the dynref positions and their children,
// and through the helpmate search against a naive one (full lists everywhere, no table).
#include "helpers.h"
#include "naive_helpmate.h"
#include "random_placement.h"

#include "solver/rules/check_hints.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/rules/movegen_directions.h"
#include "solver/search/helpmate.h"
#include "solver/search/tt.h"

#include <random>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

struct Totals {
    int positions = 0, pieces = 0, admitted = 0, checks = 0;
};

// The checking moves of generate_legal's list, in its order.
std::vector<uint32_t> full_checks(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<uint32_t> out;
    for (Move m : list) {
        pos.make(m);
        if (pos.in_check(pos.side_to_move())) out.push_back(m.raw());
        pos.unmake();
    }
    return out;
}

// What the helpmate's last move generates (generate_dynamo_checks), with the count of the
// pieces it admits.
std::vector<uint32_t> filtered_checks(const Position& pos, Totals& totals) {
    const DynamoCheckHints hints(pos);
    for (Bitboard b = pos.pieces(pos.side_to_move()); b;) {
        ++totals.pieces;
        totals.admitted += hints.piece_directions(pos, pop_lsb(b)) != 0;
    }
    MoveList list;
    generate_dynamo_checks(pos, list);
    std::vector<uint32_t> out;
    for (Move m : list) out.push_back(m.raw());
    return out;
}

void compare(Position& pos, Totals& totals) {
    const std::vector<uint32_t> expected = full_checks(pos);
    INFO("FEN " << to_fen(pos));
    CHECK(filtered_checks(pos, totals) == expected);
    ++totals.positions;
    totals.checks += int(expected.size());
}

// A random legal Dynamo position: both kings (in half of them the side not to move's on or
// near an edge, or the mover's if `mover_edge`), then up to `most` pieces of each side, any kind.
Position random_dynamo(std::mt19937& rng, int most, bool mover_edge = false) {
    const PieceType types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, PAWN, KNIGHT};
    for (;;) {
        Position pos;
        pos.set_rules(RuleSet::dynamo_default());
        const Color us = rng() % 2 ? WHITE : BLACK;
        const bool edge = rng() % 2;
        RandomPlacer placer(pos, [&](Color c, PieceType pt) {
            if (edge && (c == us) == mover_edge && pt == KING) {
                const int f = int(rng() % 8),
                          r = int(rng() % 2) ? int(rng() % 2) : 6 + int(rng() % 2);
                return rng() % 2 ? make_square(f, r) : make_square(r, f);
            }
            return Square(rng() % 64);
        });
        placer.place(WHITE, KING);
        placer.place(BLACK, KING);
        const int white = int(rng() % (most + 1)), black = int(rng() % (most + 1));
        for (int i = 0; i < white; ++i) placer.place(WHITE, types[rng() % 8]);
        for (int i = 0; i < black; ++i) placer.place(BLACK, types[rng() % 8]);
        pos.set_side_to_move(us);
        pos.finish_setup();
        if (!illegal_reason(pos)) return pos;
    }
}

} // namespace

TEST_CASE("Dynamo checking pieces: the last move's list on random positions",
          "[helpmate][dynamo][dynamo_check_pieces]") {
    std::mt19937 rng(8122026);
    Totals totals;
    for (int i = 0; i < 6000; ++i) {
        Position pos = random_dynamo(rng, i % 3 == 0 ? 2 : i % 3 == 1 ? 6 : 12);
        compare(pos, totals);
        // A child: the no-undo rule binds, and the pieces stand where a move put them.
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) continue;
        pos.make(list[int(rng() % unsigned(list.size()))]);
        compare(pos, totals);
        pos.unmake();
    }
    WARN(totals.positions << " positions, " << totals.admitted << " of " << totals.pieces
                          << " pieces admitted, " << totals.checks << " checking moves");
    CHECK(totals.checks > 5000);
    CHECK(totals.admitted < totals.pieces);
}

TEST_CASE("Dynamo checking pieces: the last move's list on the dynref positions and children",
          "[helpmate][dynamo][dynamo_check_pieces]") {
    Totals totals;
    std::set<std::string> seen;
    for (const auto& row : read_tsv(test_data("dynref/perft-default.tsv"))) {
        if (!seen.insert(row[1] + row[2]).second) continue;
        Position pos = position(row[1]);
        if (row[2] != "-") {
            Placement placement;
            REQUIRE(parse_board(row[2], placement, nullptr));
            pos.set_forbidden_placement(placement);
        }
        compare(pos, totals);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            pos.make(m);
            compare(pos, totals);
            pos.unmake();
        }
    }
    WARN(totals.positions << " positions, " << totals.admitted << " of " << totals.pieces
                          << " pieces admitted, " << totals.checks << " checking moves");
    CHECK(totals.positions > 1000);
    CHECK(totals.checks > 500);
}

TEST_CASE("Dynamo checking pieces: the mated side's moves that change nothing",
          "[helpmate][dynamo][dynamo_check_pieces]") {
    Totals totals;
    int nodes = 0, bounded = 0, skipped = 0, moves = 0;
    auto check_node = [&](Position& pos) {
        ++nodes;
        const Bitboard read = HelpSearch::unchanged_read(pos);
        bounded += read != 0;
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            ++moves;
            if (!read || !HelpSearch::leaves_read(pos, m, read)) continue;
            ++skipped;
            pos.make(m);
            INFO("FEN " << to_fen(pos));
            CHECK(full_checks(pos).empty());
            CHECK(filtered_checks(pos, totals).empty());
            pos.unmake();
        }
    };
    std::mt19937 rng(10122026);
    for (int i = 0; i < 6000; ++i) {
        Position pos = random_dynamo(rng, i % 3 == 0 ? 1 : i % 3 == 1 ? 3 : 8, true);
        check_node(pos);
    }
    // Castling rights, and the opening's crowd: the dynref positions and their children.
    std::set<std::string> seen;
    for (const auto& row : read_tsv(test_data("dynref/perft-default.tsv"))) {
        if (!seen.insert(row[1]).second || row[2] != "-") continue;
        Position pos = position(row[1]);
        check_node(pos);
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            pos.make(m);
            check_node(pos);
            pos.unmake();
        }
    }
    WARN(nodes << " positions, " << bounded << " bounded; " << skipped << " of " << moves
               << " moves skipped");
    CHECK(skipped > 1000);
}

TEST_CASE("Dynamo checking pieces: the helpmate search's lines are the naive search's",
          "[helpmate][dynamo][dynamo_check_pieces]") {
    std::mt19937 rng(9122026);
    TranspositionTable tt(16);
    int compared = 0, with_lines = 0;
    for (int i = 0; i < 1500; ++i) {
        const int plies = 2 + (i % 4 == 3);
        Position pos = random_dynamo(rng, plies == 3 ? 1 : 3);
        with_lines += same_lines_as_naive(pos, plies, tt);
        ++compared;
    }
    WARN(compared << " positions compared, " << with_lines << " with a helpmate");
    CHECK(with_lines > 50);
}
