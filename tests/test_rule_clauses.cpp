// One hand-made position per rule clause, with the expected moves written out. Each list was
// worked out from docs/rules.md by hand; the comments give the reasoning.
#include "helpers.h"

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::vector<std::string> moves_where(const Position& pos, bool (*keep)(Move, Square), Square sq) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list)
        if (keep(m, sq)) texts.push_back(move_text(pos, m));
    std::sort(texts.begin(), texts.end());
    return texts;
}
bool active_on(Move m, Square s) { return m.active_from() == s; }
bool involves(Move m, Square s) {
    return m.active_from() == s || (m.has_passive() && m.passive_from() == s);
}

} // namespace

TEST_CASE("Rook: plain moves, pushes, pulls, suicide, own king pulled (3.1, 7)", "[clause][rider]") {
    // White Ra1, Kh1; black Ba5, Kh8. The bishop on a5 checks a king on e1 (push along a5-e1,
    // e1 on the edge), so e1 is the one square of rank 1 the white king may not reach or cross.
    // A bishop pushed to a8 checks the king on h1 along the long diagonal.
    Position pos = position("7k/8/8/b7/8/8/8/R6K w - - 0 1");
    auto expected = sorted({
        // north: plain moves up to the bishop
        "Ra1-a2", "Ra1-a3", "Ra1-a4",
        // push the bishop 1 or 2 squares (3 would reach a8: check), rook stays or follows
        "Ra1/Ba5-a6", "Ra1-a2/Ba5-a6", "Ra1-a3/Ba5-a6", "Ra1-a4/Ba5-a6", "Ra1-a5/Ba5-a6",
        "Ra1/Ba5-a7", "Ra1-a2/Ba5-a7", "Ra1-a3/Ba5-a7", "Ra1-a4/Ba5-a7", "Ra1-a5/Ba5-a7",
        "Ra1-a6/Ba5-a7",
        // push it out: the rook may then go anywhere up the file, or out
        "Ra1/Ba5E", "Ra1-a2/Ba5E", "Ra1-a3/Ba5E", "Ra1-a4/Ba5E", "Ra1-a5/Ba5E", "Ra1-a6/Ba5E",
        "Ra1-a7/Ba5E", "Ra1-a8/Ba5E", "Ra1E/Ba5E",
        // east: plain moves up to the own king
        "Ra1-b1", "Ra1-c1", "Ra1-d1", "Ra1-e1", "Ra1-f1", "Ra1-g1",
        // stationary pulls of the bishop (distance 4, so 1..3 squares), and leaving downwards
        "Ra1/Ba5-a4", "Ra1/Ba5-a3", "Ra1/Ba5-a2",
        "Ra1E/Ba5-a4", "Ra1E/Ba5-a3", "Ra1E/Ba5-a2", "Ra1E/Ba5-a1",
        // the own king pulled along rank 1: Ra1/Kh1-g1 is the king's own step Kh1-g1;
        // e1 and beyond would land on or cross e1
        "Ra1/Kh1-f1", "Ra1E/Kh1-g1", "Ra1E/Kh1-f1",
        // suicide (down or left: one move)
        "Ra1E",
    });
    CHECK(moves_where(pos, active_on, SQ_A1) == expected);

    // KingThroughCheck: crossing e1 is allowed, landing on it still is not.
    RuleSet through = RuleSet::dynamo_default();
    through.king_through_check = true;
    auto more = expected;
    for (const char* m : {"Ra1/Kh1-d1", "Ra1/Kh1-c1", "Ra1/Kh1-b1", "Ra1E/Kh1-d1", "Ra1E/Kh1-c1",
                          "Ra1E/Kh1-b1", "Ra1E/Kh1-a1"})
        more.push_back(m);
    CHECK(moves_where(position("7k/8/8/b7/8/8/8/R6K w - - 0 1", through), active_on, SQ_A1) ==
          sorted(more));
}

TEST_CASE("Pull along the line: moving pulls, stationary pulls, switch (3.1)", "[clause][rider]") {
    // White Rd5, Ka1; black pawn d3, Kh8. Pulls of the pawn upwards (the pawn moves towards its
    // own first rank, no promotion): rook moves j = 0..3 (or out), pawn k <= 1 + j.
    Position pos = position("7k/8/8/3R4/8/3p4/8/K7 w - - 0 1");
    auto pulls = sorted({
        "Rd5/d3-d4",                                                   // j = 0
        "Rd5-d6/d3-d4", "Rd5-d6/d3-d5",                                // j = 1
        "Rd5-d7/d3-d4", "Rd5-d7/d3-d5", "Rd5-d7/d3-d6",                // j = 2
        "Rd5-d8/d3-d4", "Rd5-d8/d3-d5", "Rd5-d8/d3-d6", "Rd5-d8/d3-d7", // j = 3
        "Rd5E/d3-d4", "Rd5E/d3-d5", "Rd5E/d3-d6", "Rd5E/d3-d7", "Rd5E/d3-d8", // rook out
    });
    // Pushes downwards: to d2 (3 ways), to d1 where Black's pawn promotes and White chooses:
    // a black queen or rook on d1 would check the king on a1 along the rank, a bishop or knight
    // would not (4 follows each); out (5 follows, or both out, which is also the pull "both out").
    auto pushes = sorted({
        "Rd5/d3-d2", "Rd5-d4/d3-d2", "Rd5-d3/d3-d2",
        "Rd5/d3-d1=B", "Rd5-d4/d3-d1=B", "Rd5-d3/d3-d1=B", "Rd5-d2/d3-d1=B",
        "Rd5/d3-d1=S", "Rd5-d4/d3-d1=S", "Rd5-d3/d3-d1=S", "Rd5-d2/d3-d1=S",
        "Rd5/d3E", "Rd5-d4/d3E", "Rd5-d3/d3E", "Rd5-d2/d3E", "Rd5-d1/d3E", "Rd5E/d3E",
    });
    auto all = pulls;
    all.insert(all.end(), pushes.begin(), pushes.end());
    CHECK(moves_where(pos, involves, SQ_D3) == sorted(all));

    // NoStationaryPull removes exactly Rd5/d3-d4.
    RuleSet r = RuleSet::dynamo_default();
    r.no_stationary_pull = true;
    auto without = sorted(all);
    without.erase(std::find(without.begin(), without.end(), "Rd5/d3-d4"));
    CHECK(moves_where(position("7k/8/8/3R4/8/3p4/8/K7 w - - 0 1", r), involves, SQ_D3) == without);
}

TEST_CASE("Knight and king: pushes, pulls, suicide, pull off the board (3.2)", "[clause][leaper]") {
    // White Sb1, Ke1; black pawn c3, Ke8.
    // Knight: steps to a3 and d2; pushes c3 on to d5 (staying or stepping to c3); leaves the
    // board (one move whatever the leap); leaves along b1-a(-1) pulling c3 onto b1, where the
    // black pawn promotes (White chooses): queen or rook on b1 would check the king on e1
    // along the rank (f1-h1 empty behind it), bishop or knight would not.
    // King: five steps; no adjacent piece to push or pull.
    Position pos = position("4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1");
    auto expected = sorted({
        "Sb1-a3", "Sb1-d2", "Sb1/c3-d5", "Sb1-c3/c3-d5", "Sb1E", "Sb1E/c3-b1=B", "Sb1E/c3-b1=S",
        "Ke1-d1", "Ke1-d2", "Ke1-e2", "Ke1-f1", "Ke1-f2",
    });
    CHECK(move_texts(pos) == expected);
}

TEST_CASE("King pushes and pulls, a king never leaves the board (3.2)", "[clause][leaper]") {
    // White Ka1, Sb2; black Kh8. King: steps to a2 and b1; pushes Sb2 on to c3, staying or
    // following; no pull (the piece pulled would come from a1 - v, off the board, or the king
    // would have to step off it). Knight: steps to a4, c4, d3, d1; its other four leaps leave
    // the board (one move, Sb2E); nothing to push or pull along a knight's vector.
    Position pos = position("7k/8/8/8/8/8/1N6/K7 w - - 0 1");
    auto expected = sorted({
        "Ka1-a2", "Ka1-b1", "Ka1/Sb2-c3", "Ka1-b2/Sb2-c3",
        "Sb2-a4", "Sb2-c4", "Sb2-d3", "Sb2-d1", "Sb2E",
    });
    CHECK(move_texts(pos) == expected);
}

TEST_CASE("Pawns: first rank, second rank pushes, one-step pushes (3.3)", "[clause][pawn]") {
    // A pawn on its own first rank steps one square only.
    CHECK(moves_where(position("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), involves, SQ_A1) ==
          sorted({"a1-a2"}));
    // From the second rank: an own knight directly ahead pushed 1 or 2, the pawn following
    // within its reach of 2 and strictly behind the knight.
    CHECK(moves_where(position("4k3/8/8/8/8/4N3/4P3/K7 w - - 0 1"), involves, SQ_E2) ==
          sorted({"e2/Se3-e4", "e2-e3/Se3-e4", "e2/Se3-e5", "e2-e3/Se3-e5", "e2-e4/Se3-e5"}));
    // Knight two ahead over an empty square: pushed 1 or 2, the pawn stays or moves 1 or 2.
    CHECK(moves_where(position("4k3/8/8/8/4N3/8/4P3/K7 w - - 0 1"), involves, SQ_E2) ==
          sorted({"e2-e3", "e2/Se4-e5", "e2-e3/Se4-e5", "e2-e4/Se4-e5", "e2/Se4-e6",
                  "e2-e3/Se4-e6", "e2-e4/Se4-e6"}));
    // Elsewhere: the piece directly ahead only, pushed one square.
    CHECK(moves_where(position("4k3/8/8/4N3/4P3/8/8/K7 w - - 0 1"), involves, SQ_E4) ==
          sorted({"e4/Se5-e6", "e4-e5/Se5-e6"}));
    // Not a piece two squares ahead (vchess bug B3).
    CHECK(moves_where(position("4k3/8/4N3/8/4P3/8/8/K7 w - - 0 1"), involves, SQ_E4) ==
          sorted({"e4-e5"}));
}

TEST_CASE("Pawns: enemy pushed diagonally, promotion chosen by the mover (3.3, 3.4)", "[clause][pawn]") {
    // White pawn a7, black rook b8: promotion on a8 (4), the rook pushed out to "c9" with the
    // pawn staying, or stepping onto b8 and promoting (4).
    CHECK(moves_where(position("1r2k3/P7/8/8/8/8/8/K7 w - - 0 1"), involves, SQ_A7) ==
          sorted({"a7-a8=Q", "a7-a8=R", "a7-a8=B", "a7-a8=S", "a7/Rb8E", "a7-b8=Q/Rb8E",
                  "a7-b8=R/Rb8E", "a7-b8=B/Rb8E", "a7-b8=S/Rb8E"}));
    // Black's mirror: a pawn on b2 pushes the white rook a1 out and promotes on a1 as Black
    // chooses; pushes the white knight c1 out the same way.
    auto black = moves_where(position("4k3/8/8/8/8/8/1p6/R1N1K3 b - - 0 1"), involves, SQ_B2);
    for (const char* m : {"b2-b1=Q", "b2/Ra1E", "b2-a1=S/Ra1E", "b2/Sc1E", "b2-c1=R/Sc1E"})
        CHECK(std::find(black.begin(), black.end(), m) != black.end());
    CHECK(black.size() == 4 + 2 * 5);
    // A pawn pushed across its last rank and out does not promote: Rh1 pushes h7 out, one move.
    // Pushed one square with the rook staying, it is the pawn's own promotion step.
    Position out = position("k7/7P/8/8/8/8/8/K6R w - - 0 1");
    auto texts = move_texts(out);
    CHECK(has_move(out, "Rh1/h7E"));
    CHECK(std::count_if(texts.begin(), texts.end(),
                        [](const std::string& t) { return t.find("h7E=") != std::string::npos; }) == 0);
    CHECK(has_move(out, "h7-h8=Q"));
    CHECK_FALSE(has_move(out, "Rh1/h7-h8=Q"));
}

TEST_CASE("Castling follows the identity of king and rook (5)", "[clause][castling]") {
    // Position 38 of dynref: 1.Rh1/Ke1-d1 (the king pushed by its own rook keeps its right, the
    // rook stayed and keeps its own) 1...Rb1-c1/Kd1-e1 (pushed back) 2.0-0 is legal.
    for (bool strict : {false, true}) {
        RuleSet rules = RuleSet::dynamo_default();
        rules.strict_castling = strict;
        Position pos = position("4k3/8/8/8/8/8/8/Nr2K2R w K - 0 1", rules);
        CHECK(has_move(pos, "0-0"));
        // Under StrictCastling the push loses the right like the king's own step, so the two
        // ways have one result, written as the plain move.
        pos.make(find_move(pos, strict ? "Ke1-d1" : "Rh1/Ke1-d1"));
        pos.make(find_move(pos, "Rb1-c1/Kd1-e1"));
        INFO("StrictCastling " << strict);
        CHECK(has_move(pos, "0-0") == !strict);
    }
    // The rook changing square as the active piece loses the right, even when it comes back.
    Position pos = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    pos.make(find_move(pos, "Rh1-h2"));
    pos.make(find_move(pos, "Ke8-d8"));
    pos.make(find_move(pos, "Rh2-h1"));
    pos.make(find_move(pos, "Kd8-e8"));
    CHECK_FALSE(has_move(pos, "0-0"));
    // Castling is refused when the king crosses a square where it would be in check (f1
    // attacked by Rf5 in position 07); the queen side is free.
    Position p07 = position("r3k2r/8/8/5r2/8/8/8/R3K2R w KQkq - 0 1");
    CHECK_FALSE(has_move(p07, "0-0"));
    CHECK(has_move(p07, "0-0-0"));
}

TEST_CASE("No undoing, and UndoDynamoOnly (4)", "[clause][undo]") {
    // Black's rook a8 has just pushed the white rook a3 to a2 (staying). Going back by the
    // plain move Ra2-a3 restores the placement: illegal, except under UndoDynamoOnly.
    Placement before;
    std::string error;
    REQUIRE(parse_board("r3k3/8/8/8/8/R7/8/4K3", before, &error));
    for (bool dynamo_only : {false, true}) {
        RuleSet rules = RuleSet::dynamo_default();
        rules.undo_dynamo_only = dynamo_only;
        Position pos = position("r3k3/8/8/8/8/8/R7/4K3 w - - 0 1", rules);
        pos.set_forbidden_placement(before);
        INFO("UndoDynamoOnly " << dynamo_only);
        CHECK(has_move(pos, "Ra2-a3") == dynamo_only);
        CHECK(has_move(pos, "Ra2-a4")); // not an undo
    }
    // A dynamo move restoring the placement is illegal under both readings.
    RuleSet rules = RuleSet::dynamo_default();
    rules.undo_dynamo_only = true;
    Position pos = position("rnbqk1nr/ppppppbp/6p1/8/3B4/1P6/P1PPPPPP/RN1QKBNR b KQkq - 0 1", rules);
    pos.make(find_move(pos, "Bg7-d4/Bd4-b2"));
    CHECK_FALSE(has_move(pos, "Bb2-d4/Bd4-g7"));
}

TEST_CASE("The own king is not pushed through check (7)", "[clause][through-check]") {
    // Position 52 of dynref: Pe2 pushes Ke3 two squares across e4, where Ra4 would push it off
    // along the rank (judged in the position before the move: even when the pawn follows to
    // e4). Pushed one square it lands on e4, in check. What remains is the king pushing the
    // pawn back to its first rank. KingThroughCheck allows the two-square pushes.
    const char* fen = "k7/8/8/8/r7/4K3/4P3/8 w - - 0 1";
    auto pawn_pushes = [](const Position& pos) { return moves_where(pos, involves, SQ_E2); };
    CHECK(pawn_pushes(position(fen)) == sorted({"Ke3/e2-e1", "Ke3-e2/e2-e1"}));
    RuleSet through = RuleSet::dynamo_default();
    through.king_through_check = true;
    CHECK(pawn_pushes(position(fen, through)) ==
          sorted({"Ke3/e2-e1", "Ke3-e2/e2-e1", "e2/Ke3-e5", "e2-e3/Ke3-e5", "e2-e4/Ke3-e5"}));
}

TEST_CASE("Ways with the same result are one move (2)", "[clause][same-result]") {
    // Both rooks out: Ra5 pushes Ra7 out and follows, or Ra7 leaves pulling Ra5 out. One move,
    // written with the lower active square.
    Position pos = position("7k/R7/8/R7/8/8/8/7K w - - 0 1");
    CHECK(has_move(pos, "Ra5E/Ra7E"));
    CHECK_FALSE(has_move(pos, "Ra7E/Ra5E"));
    // The king pushing its own pawn and staying is the pawn's step.
    Position start = position(std::string(START_FEN));
    CHECK(has_move(start, "e2-e3"));
    CHECK_FALSE(has_move(start, "Ke1/e2-e3"));
    // Every move of a node has a different result.
    for (const char* fen : {START_FEN.data(), "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
                            "7k/R7/8/R7/8/8/8/7K w - - 0 1"}) {
        Position p = position(fen);
        MoveList list;
        generate_legal(p, list);
        std::vector<std::pair<Key, std::string>> results;
        for (Move m : list) {
            p.make(m);
            results.emplace_back(p.key(), to_fen(p));
            p.unmake();
        }
        std::sort(results.begin(), results.end());
        CHECK(std::adjacent_find(results.begin(), results.end()) == results.end());
    }
}
