// The worked examples of docs/rules.md, Worked examples (all but the game replay, which needs the
// notation reader) and the examples given with the rule clauses of sections 3 (moves) and 4
// (check).
#include "helpers.h"

using namespace dynamo;
using namespace dynamo::test;

TEST_CASE("Example 1, initial position: every way the e2 pawn can end up", "[rules][example1]") {
    Position pos = position(std::string(START_FEN));
    // Written out from docs/rules.md, Example 1. The king's stationary push Ke1/e2-e3 is the move
    // e2-e3 (docs/rules.md, A move is what it does); both pieces out (Qd1 pushes e2 out and
    // follows, or leaves pulling it) is the single move Qd1E/e2E, likewise Bf1E/e2E. "Pawn out,
    // pusher stays" is one result whether Qd1 or Bf1 pushes: written with the lower active start
    // square, Qd1/e2E.
    auto expected = sorted({
        // own steps, and the king pushing it and following
        "e2-e3", "e2-e4", "Ke1-e2/e2-e3",
        // Sg1 pushes it to c3, staying or following
        "Sg1/e2-c3", "Sg1-e2/e2-c3",
        // Bf1 pushes it along f1-a6 (k = 1..4 or out), the bishop stays or follows
        "Bf1/e2-d3", "Bf1-e2/e2-d3",
        "Bf1/e2-c4", "Bf1-e2/e2-c4", "Bf1-d3/e2-c4",
        "Bf1/e2-b5", "Bf1-e2/e2-b5", "Bf1-d3/e2-b5", "Bf1-c4/e2-b5",
        "Bf1/e2-a6", "Bf1-e2/e2-a6", "Bf1-d3/e2-a6", "Bf1-c4/e2-a6", "Bf1-b5/e2-a6",
        "Bf1-e2/e2E", "Bf1-d3/e2E", "Bf1-c4/e2E", "Bf1-b5/e2E", "Bf1-a6/e2E", "Bf1E/e2E",
        // Qd1 pushes it along d1-h5
        "Qd1/e2-f3", "Qd1-e2/e2-f3",
        "Qd1/e2-g4", "Qd1-e2/e2-g4", "Qd1-f3/e2-g4",
        "Qd1/e2-h5", "Qd1-e2/e2-h5", "Qd1-f3/e2-h5", "Qd1-g4/e2-h5",
        "Qd1/e2E", "Qd1-e2/e2E", "Qd1-f3/e2E", "Qd1-g4/e2E", "Qd1-h5/e2E", "Qd1E/e2E",
        // pulled by a piece leaving the board
        "Qd1E/e2-d1", "Bf1E/e2-f1", "Sg1E/e2-g1",
    });
    CHECK(moves_involving(pos, SQ_E2) == expected);
    CHECK_FALSE(has_move(pos, "Ke1/e2-e3"));
}

TEST_CASE("Example 2, Dynamate: Black is mated, the king's push is illegal", "[rules][example2]") {
    Position pos = position("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1");
    CHECK(pos.in_check());
    CHECK(move_texts(pos).empty());
    CHECK(is_checkmate(pos));
    // The push Kh4-g4/Qg4-f4 exists geometrically; the queen on f4 would then push g4 out.
    pos.make(Move::dynamo(SQ_H4, SQ_G4, SQ_G4, SQ_F4));
    CHECK(pos.in_check(BLACK));
}

TEST_CASE("Example 3, Black is in check by the pull of Qa4", "[rules][example3]") {
    Position pos = position("rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1");
    CHECK(pos.in_check());
    // Section 3.1: the queen threatens Qa4E/Kd7E. With b5 blocked there is no check.
    Position blocked = position("rnb1qbnr/pppkpppp/3p4/1p6/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1");
    CHECK_FALSE(blocked.in_check());
}

TEST_CASE("Example 4, knight pull Sc3-b1/d5-c3", "[rules][example4]") {
    Position pos = position("rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
    pos.make(find_move(pos, "Sc3-b1/d5-c3"));
    CHECK(board_field(pos.placement()) == "rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR");
    CHECK(pos.side_to_move() == BLACK);
}

TEST_CASE("Example 5, no undoing: the bishop may be pushed back but not followed",
          "[rules][example5]") {
    Position pos = position("rnbqk1nr/ppppppbp/6p1/8/3B4/1P6/P1PPPPPP/RN1QKBNR b KQkq - 0 1");
    pos.make(find_move(pos, "Bg7-d4/Bd4-b2"));
    CHECK(has_move(pos, "Bb2/Bd4-g7"));
    CHECK_FALSE(has_move(pos, "Bb2-d4/Bd4-g7"));
    // Other follows are not undoing: the bishop ends elsewhere.
    CHECK(has_move(pos, "Bb2-c3/Bd4-g7"));
    CHECK(has_move(pos, "Bb2-f6/Bd4-g7"));
    // The no-undo rule of the diagram: without a known last move the undo is free.
    Position fresh = position("rnbqk1nr/pppppp1p/6p1/8/3b4/1P6/PBPPPPPP/RN1QKBNR w KQkq - 0 1");
    CHECK(has_move(fresh, "Bb2-d4/Bd4-g7"));
}

// docs/rules.md gives the examples without colours. With the passive piece an enemy, each example
// is the only way to its result, so it is written as given; with it a friend, docs/rules.md, A move
// is what it does, may pick another way of writing the same move, checked after each.
TEST_CASE("Section 3.1 rider examples", "[rules][3.1]") {
    // Qd1, Pd2, d3-d6 empty: the pawn moves 4, the queen 2.
    CHECK(has_move(position(std::string(START_FEN)), "Qd1-d3/d2-d6"));
    // Rh8, Qh5, h7-h6 empty: the queen moves 1, the rook 3.
    CHECK(has_move(position("k6R/8/8/7q/8/8/8/K7 w - - 0 1"), "Rh8-h5/Qh5-h4"));
    // With a white queen it is also the queen's pull of the rook: lower active square first.
    Position own_queen = position("k6R/8/8/7Q/8/8/8/K7 w - - 0 1");
    CHECK(has_move(own_queen, "Qh5-h4/Rh8-h5"));
    CHECK_FALSE(has_move(own_queen, "Rh8-h5/Qh5-h4"));
    // A rook on a1 pushes a bishop on a5 off and stays; or moves a1-a3 pushing a3 to a5.
    CHECK(has_move(position("7k/8/8/b7/8/8/8/R6K w - - 0 1"), "Ra1/Ba5E"));
    CHECK(has_move(position("7k/8/8/8/8/b7/8/R6K w - - 0 1"), "Ra1-a3/Ba3-a5"));
    // A white bishop on a5 pushed out with the rook staying is the bishop's own suicide.
    Position own_bishop = position("7k/8/8/B7/8/8/8/R6K w - - 0 1");
    CHECK(has_move(own_bishop, "Ba5E"));
    CHECK_FALSE(has_move(own_bishop, "Ra1/Ba5E"));
    // Stationary pull: Rh5, Ph3, h4 empty (a black pawn: a white one could step there itself).
    CHECK(has_move(position("k7/8/8/7R/8/7p/8/K7 w - - 0 1"), "Rh5/h3-h4"));
    CHECK_FALSE(has_move(position("k7/8/8/7R/8/7p/8/K7 w - - 0 1", RuleSet::vchess()), "Rh5/h3-h4"));
    Position own_pawn = position("k7/8/8/7R/8/7P/8/K7 w - - 0 1");
    CHECK(has_move(own_pawn, "h3-h4"));
    CHECK_FALSE(has_move(own_pawn, "Rh5/h3-h4"));
    // The rook a1 pulls the king e1 towards itself, needing no room behind it.
    CHECK(has_move(position("k7/8/8/8/8/8/8/R3K3 w - - 0 1"), "Ra1/Ke1-c1"));
    // Rh8, Qh7: the rook leaves upwards and drags the queen out.
    CHECK(has_move(position("k6R/7q/8/8/8/8/8/K7 w - - 0 1"), "Rh8E/Qh7E"));
    // A white queen pushing the rook out and following is the same move, written from h7.
    Position both_out = position("k6R/7Q/8/8/8/8/8/K7 w - - 0 1");
    CHECK(has_move(both_out, "Qh7E/Rh8E"));
    CHECK_FALSE(has_move(both_out, "Rh8E/Qh7E"));
}

TEST_CASE("Section 3.2 and 3.4 leaper and promotion examples", "[rules][3.2][3.4]") {
    Position start = position(std::string(START_FEN));
    CHECK(has_move(start, "Sg1/e2-c3"));
    CHECK(has_move(start, "Sg1-e2/e2-c3"));
    // Rh1, Ph2, h3-h8 empty: the rook pushes the pawn to h8 and White chooses the piece.
    Position promo = position("k7/8/8/8/8/8/7P/K6R w - - 0 1");
    for (const char* m : {"Rh1/h2-h8=Q", "Rh1/h2-h8=R", "Rh1/h2-h8=B", "Rh1/h2-h8=S"})
        CHECK(has_move(promo, m));
}

TEST_CASE("Section 4.1 check examples", "[rules][4.1]") {
    // White Pg7, black Kh8: the pawn pushes the king to "i9".
    CHECK(position("7k/6P1/8/8/8/8/8/K7 b - - 0 1").in_check(BLACK));
    // White Ka1, black Kb2: White is in check, Black is not.
    Position kings = position("8/8/8/8/8/8/1k6/K7 w - - 0 1");
    CHECK(kings.in_check(WHITE));
    CHECK_FALSE(kings.in_check(BLACK));
}
