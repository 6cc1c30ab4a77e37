// Board geometry as bitboards: rays, leaper steps, magic slider attacks, lines and betweens.
// Shared by both rule sets; everything here is pure geometry, no rules.
#pragma once

#include "solver/board/types.h"

#include <bit>

namespace dynamo {

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }

namespace geometry {
// ray[s][d]: the squares from s (exclusive) along d to the edge.
extern Bitboard ray[SQUARE_NB][DIR_NB];
// ray_length[s][d]: how many squares that ray holds.
extern uint8_t ray_length[SQUARE_NB][DIR_NB];
extern Bitboard knight_steps[SQUARE_NB];
extern Bitboard king_steps[SQUARE_NB];
extern Bitboard pawn_captures[COLOR_NB][SQUARE_NB];
extern Bitboard between[SQUARE_NB][SQUARE_NB]; // strictly between two squares on a line
extern Bitboard line[SQUARE_NB][SQUARE_NB];    // the whole line through both, edge to edge
// Square reached from s by the knight vector i / king direction d, or SQ_NONE off the board.
extern Square knight_target[SQUARE_NB][8];
extern Square step_target[SQUARE_NB][DIR_NB];

struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};
extern Magic rook_magics[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];

void init(); // idempotent; called by static initialisation of the engine library
// Slider attacks computed square by square (slow; for building tables and for tests).
Bitboard slide(Square s, Bitboard occupied, bool rook);
} // namespace geometry

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& m = geometry::rook_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& m = geometry::bishop_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

inline Bitboard ray(Square s, Direction d) { return geometry::ray[s][d]; }
inline int ray_length(Square s, Direction d) { return geometry::ray_length[s][d]; }

// The nearest of a set of squares lying on one ray from its origin.
inline Square nearest_on_ray(Bitboard squares, Direction d) {
    return DIR_STEP[d] > 0 ? lsb(squares) : msb(squares);
}

constexpr int distance_along(Square from, Square to, Direction d) {
    return (int(to) - int(from)) / DIR_STEP[d];
}
constexpr Square shift_square(Square s, Direction d, int n) {
    return Square(int(s) + DIR_STEP[d] * n);
}

} // namespace dynamo
