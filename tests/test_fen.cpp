// FEN reading and writing.
#include "helpers.h"

using namespace dynamo;
using namespace dynamo::test;

TEST_CASE("FEN round trip", "[fen]") {
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p6p/8/8/8/8/P6P/R3K2R b Kq - 0 1", "8/8/8/8/8/8/1k6/K7 w - - 0 1",
                            "3pk3/8/8/8/8/8/8/3PK3 b - - 0 1"}) {
        CHECK(to_fen(position(fen)) == fen);
        CHECK(to_fen(position(fen, RuleSet::orthodox())) == fen);
    }
    // Orthodox keeps an en passant square only when a pawn can take.
    CHECK(to_fen(position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", RuleSet::orthodox())) ==
          "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    CHECK(to_fen(position("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", RuleSet::orthodox())) ==
          "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1");
    // Dynamo has no en passant.
    CHECK(to_fen(position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")) == "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    // Fields after the board may be left out.
    CHECK(to_fen(position("4k3/8/8/8/8/8/8/4K3")) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("FEN errors name the field and what is wrong", "[fen]") {
    auto error_of = [](const std::string& fen) {
        Position pos;
        std::string error;
        CHECK_FALSE(parse_fen(fen, RuleSet::dynamo_default(), pos, &error));
        return error;
    };
    CHECK(error_of("") == "FEN is empty");
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w") ==
          "FEN board: expected 8 ranks of 8 squares, found 7 ranks");
    CHECK(error_of("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w") ==
          "FEN board: rank 7 has more than 8 squares");
    CHECK(error_of("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w") ==
          "FEN board: rank 7 has 7 squares, expected 8");
    // Eight ranks, the last one short: that rank is named, not a count of ranks.
    CHECK(error_of("7k/8/8/8/8/8/8/K6 w") == "FEN board: rank 1 has 7 squares, expected 8");
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w") ==
          "FEN board: unexpected character 'X' (expected a piece letter PNBRQK/pnbrqk, a digit 1-8 or /)");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 x") == "FEN side to move: expected 'w' or 'b', found 'x'");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w K") ==
          "FEN castling: right 'K' needs the king and the rook on their original squares");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w X") ==
          "FEN castling: unexpected character 'X' (expected K, Q, k, q or -)");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w - e5") ==
          "FEN en passant: expected '-' or a square on rank 3 or 6, found 'e5'");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w - - x 1") == "FEN move counter: expected a number, found 'x'");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w - - 0 1 7") == "FEN has 7 fields, expected at most 6");
}
