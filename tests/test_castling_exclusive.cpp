// Popeye's option CastlingMutuallyExclusive WR BR (py-engl.txt; solving/castling.c): castling
// with White's rook WR takes Black's right to castle with BR, and the other way round. Only a
// castling does it: a rook's plain move takes its own right alone. The pairs live in the
// castling rights (CastlingRights::exclusive), so that they are in the key. Hand-made
// positions, both rule sets; the Popeye problems that use it are castling_43, _45 and _46
// (test_popeye_order.cpp, test_helpmate.cpp, test_popeye.cpp).
#include "helpers.h"

#include "format/input/problem_reader.h"

using namespace dynamo;
using namespace dynamo::test;

namespace {

using CR = CastlingRights;

// Both kings and all four rooks at home, and the option as written (none when empty).
Position diagram(const std::string& option, const std::string& stipulation = "#2",
                 const std::string& condition = "") {
    std::string text = "beginproblem\nstipulation " + stipulation + "\n";
    if (!option.empty()) text += "option CastlingMutuallyExclusive " + option + "\n";
    if (!condition.empty()) text += "condition " + condition + "\n";
    text += "pieces white ke1 ra1 rh1 pd2e2f2 black ke8 ra8 rh8 pd7e7f7\nendproblem\n";
    ReadResult r = read_problems(text, "test");
    for (const auto& e : r.errors) UNSCOPED_INFO(e.text());
    REQUIRE(r.errors.empty());
    REQUIRE(r.problems.size() == 1);
    const Problem& p = r.problems[0];
    REQUIRE(p.ok());
    CHECK(p.options.ignored.empty()); // acted on, not noted
    return problem_position(p.pieces, p.stipulation, p.rules, p.options);
}

Position after(Position pos, const std::string& move) {
    pos.make(find_move(pos, move));
    CHECK(pos.key() == pos.compute_key());
    return pos;
}

} // namespace

TEST_CASE("CastlingMutuallyExclusive h1h8: White's 0-0 takes Black's 0-0 (orthodox)",
          "[castling][options]") {
    Position plain = diagram(""), pos = diagram("h1h8");
    CHECK(pos.castling().exclusive == CR::exclusive_bit(CR::KING_ROOK, CR::KING_ROOK));
    CHECK(has_move(pos, "0-0"));
    CHECK(has_move(pos, "0-0-0"));
    // The option changes what may come later: the diagrams are different positions.
    CHECK(move_texts(pos) == move_texts(plain));
    CHECK(pos.key() != plain.key());

    // Before: Black may castle either way after a White move that is no castling. After 1.0-0
    // only Black's 0-0-0 is left, and the pair is spent (the key says so).
    Position castled = after(pos, "0-0");
    CHECK_FALSE(has_move(castled, "0-0"));
    CHECK(has_move(castled, "0-0-0"));
    CHECK(castled.castling().exclusive == 0);
    CHECK(castled.castling().sq[BLACK][CR::KING_ROOK] == SQ_NONE);
    CHECK(castled.castling().sq[BLACK][CR::QUEEN_ROOK] == SQ_A8);
    Position castled_plain = after(plain, "0-0");
    CHECK(has_move(castled_plain, "0-0"));
    CHECK(castled.key() != castled_plain.key());
    // The sorted move lists differ by Black's 0-0 alone.
    auto with = move_texts(castled), without = move_texts(castled_plain);
    with.push_back("0-0");
    CHECK(sorted(with) == without);

    // The other castling is not paired: Black keeps both.
    Position long_castled = after(pos, "0-0-0");
    CHECK(has_move(long_castled, "0-0"));
    CHECK(has_move(long_castled, "0-0-0"));
    // A plain rook move takes the rook's own right only; Black keeps its 0-0.
    Position rook_moved = after(pos, "Rh1-h2");
    CHECK(has_move(rook_moved, "0-0"));
    CHECK(rook_moved.castling().exclusive == 0); // White's h-rook is out of the pair
    CHECK(rook_moved.key() == after(plain, "Rh1-h2").key());
}

TEST_CASE("CastlingMutuallyExclusive a1h8: Black's 0-0 takes White's 0-0-0",
          "[castling][options]") {
    // h#2: Black plays first. "a1 h8" in two words reads the same.
    for (const char* written : {"a1h8", "a1 h8"}) {
        INFO(written);
        Position pos = diagram(written, "h#2");
        REQUIRE(pos.side_to_move() == BLACK);
        Position castled = after(pos, "0-0");
        CHECK_FALSE(has_move(castled, "0-0-0"));
        CHECK(has_move(castled, "0-0"));
        Position other = after(pos, "0-0-0"); // Black's a-rook is in no pair
        CHECK(has_move(other, "0-0-0"));
        CHECK(has_move(other, "0-0"));
    }
}

TEST_CASE("CastlingMutuallyExclusive under Dynamo", "[castling][options][dynamo]") {
    Position plain = diagram("", "#2", "Dynamo"),
             pos = diagram("h1h8 CastlingMutuallyExclusive h1a8", "#2", "Dynamo");
    CHECK(pos.castling().exclusive == (CR::exclusive_bit(CR::KING_ROOK, CR::KING_ROOK) |
                                       CR::exclusive_bit(CR::KING_ROOK, CR::QUEEN_ROOK)));
    CHECK(has_move(plain, "0-0"));
    // 0-0 with the h-rook: Black may castle neither way.
    Position castled = after(pos, "0-0");
    CHECK(has_move(after(plain, "0-0"), "0-0"));
    CHECK(has_move(after(plain, "0-0"), "0-0-0"));
    CHECK_FALSE(has_move(castled, "0-0"));
    CHECK_FALSE(has_move(castled, "0-0-0"));
    CHECK_FALSE(castled.castling().any());
    // The a-rook is in no pair.
    Position long_castled = after(pos, "0-0-0");
    CHECK(has_move(long_castled, "0-0"));
    CHECK(has_move(long_castled, "0-0-0"));
}
