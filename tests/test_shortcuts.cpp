// The shortcuts the searches take around the full move generator must agree with it:
// has_legal_move (stops at the first legal way) and DynamoCheckHints (which moves may give
// check), over random playouts and the positions one move further, in all three rule sets.
#include "helpers.h"
#include "random_placement.h"

#include "solver/rules/check_hints.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

#include <random>

using namespace dynamo;
using namespace dynamo::test;

namespace {

struct Tally {
    int positions = 0, without_moves = 0, checks = 0, filtered = 0;
};

// At each position of a random playout, and after each of its legal moves: has_legal_move
// agrees with the generator, and no move that gives check is filtered out by the hints.
void compare_along_playout(const std::string& fen, RuleSet rules, unsigned seed, Tally& tally) {
    Position pos = position(fen, rules);
    std::mt19937 rng(seed);
    for (int ply = 0; ply < 40; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        INFO(to_fen(pos) << " under " << rules.name());
        REQUIRE(has_legal_move(pos) == !list.empty());
        if (list.empty()) break;
        DynamoCheckHints hints(pos);
        for (Move m : list) {
            bool check = pos.gives_check(m);
            tally.checks += check;
            if (!hints.may_check(pos, m)) {
                ++tally.filtered;
                REQUIRE_FALSE(check);
            }
            pos.make(m);
            MoveList replies;
            generate_legal(pos, replies);
            ++tally.positions;
            tally.without_moves += replies.empty();
            REQUIRE(has_legal_move(pos) == !replies.empty());
            pos.unmake();
        }
        pos.make(list[int(rng() % unsigned(list.size()))]);
    }
}

} // namespace

TEST_CASE("has_legal_move and the Dynamo check hints agree with the full generator", "[shortcuts]") {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p1p2B/1p2pp1b/5P1b/2p1k2q/6rp/p3B1P1/R3K3 w Q - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        "k7/8/1K6/8/8/8/8/1R6 w - - 0 1",
    };
    Tally tally;
    unsigned seed = 7;
    for (const char* fen : fens)
        for (RuleSet rules : {RuleSet::dynamo_default(), RuleSet::vchess(), RuleSet::orthodox()})
            for (int i = 0; i < 2; ++i) compare_along_playout(fen, rules, seed++, tally);
    // The comparison covered both answers, and the hints did spare tests.
    CHECK(tally.without_moves > 0);
    CHECK(tally.checks > 0);
    CHECK(tally.filtered > tally.positions / 4);
}

TEST_CASE(
    "has_legal_move: the mate of docs/rules.md's Example 2, which is no mate in orthodox chess",
    "[shortcuts]") {
    // 8.2: Black is mated; the king's push Kh4-g4/Qg4-f4 is illegal.
    Position mated = position("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1", RuleSet::dynamo_default());
    CHECK(mated.in_check());
    CHECK_FALSE(has_legal_move(mated));
    // Orthodox, the same board is no mate: Kh4xg4 takes the queen, which nothing guards (Se2
    // reaches c1, c3, d4, f4, g1, g3; Be7 the h4-d8 and a3-f8 diagonals).
    Position orthodox = position("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1", RuleSet::orthodox());
    CHECK(orthodox.in_check());
    CHECK(has_legal_move(orthodox));
}

TEST_CASE("Dynamo check hints: every way that checks is let through, on random positions",
          "[shortcuts]") {
    // Riders on the lines through the enemy king, with pieces in between and behind, and the
    // king often on or near the edge (where leapers and pushes check): every way of every piece
    // of the side to move, before merging and legality, as the mate in one's admit() sees it.
    std::mt19937 rng(20261206);
    const PieceType types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, ROOK, QUEEN, QUEEN};
    int positions = 0, ways = 0, checks = 0, let_through = 0;
    while (positions < 600) {
        Position pos;
        pos.set_rules(RuleSet::dynamo_default());
        RandomPlacer placer(pos, [&](Color c, PieceType pt) {
            const Square s = Square(rng() % 64);
            if (c != BLACK || pt != KING || rng() % 2) return s;
            // On the edge: the file or the rank of s moved to the nearer side.
            const int f = file_of(s), r = rank_of(s);
            return rng() % 2 ? make_square(f < 4 ? 0 : 7, r) : make_square(f, r < 4 ? 0 : 7);
        });
        placer.place(BLACK, KING);
        placer.place(WHITE, KING);
        for (int i = 0, n = 3 + int(rng() % 12); i < n; ++i)
            placer.place(Color(rng() % 2), types[rng() % 8]);
        pos.set_side_to_move(WHITE);
        pos.finish_setup();
        if (illegal_reason(pos) || pos.in_check(BLACK)) continue;
        ++positions;
        const DynamoCheckHints hints(pos);
        for (Bitboard from = pos.pieces(WHITE); from;)
            for (Move way : dynamo_ways(pos, pop_lsb(from))) {
                ++ways;
                const bool check = pos.gives_check(way), admitted = hints.may_check(pos, way);
                checks += check;
                let_through += admitted;
                INFO("FEN " << to_fen(pos) << " way " << int(way.active_from()) << "-"
                            << int(way.active_to()) << " passive " << int(way.passive_from()) << "-"
                            << int(way.passive_to()));
                if (check) REQUIRE(admitted);
            }
    }
    WARN(ways << " ways, " << checks << " give check, " << let_through << " let through");
    CHECK(checks > ways / 50);       // the positions do check
    CHECK(let_through < 2 * checks); // and the hints spare most of the others
}
