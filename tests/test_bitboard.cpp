// The magic slider tables against attacks walked square by square.
#include "helpers.h"

#include <random>

using namespace dynamo;

TEST_CASE("Magic slider attacks equal walked attacks", "[bitboard]") {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; ++i) {
        Square s = Square(rng() % 64);
        Bitboard occupied = rng() & rng(); // about a quarter of the squares
        REQUIRE(rook_attacks(s, occupied) == geometry::slide(s, occupied, true));
        REQUIRE(bishop_attacks(s, occupied) == geometry::slide(s, occupied, false));
    }
}

TEST_CASE("Rays and betweens", "[bitboard]") {
    CHECK(ray(SQ_A1, NORTH) == (FILE_A_BB & ~square_bb(SQ_A1)));
    CHECK(ray_length(SQ_D4, NORTH_EAST) == 4);
    CHECK(ray_length(SQ_H8, NORTH) == 0);
    CHECK(geometry::between[SQ_A1][SQ_D4] == (square_bb(SQ_B2) | square_bb(SQ_C3)));
    CHECK(geometry::between[SQ_B1][SQ_C3] == 0); // not on a line
    CHECK(nearest_on_ray(square_bb(SQ_A5) | square_bb(SQ_A7), NORTH) == SQ_A5);
    CHECK(nearest_on_ray(square_bb(SQ_A5) | square_bb(SQ_A7), SOUTH) == SQ_A7);
}
