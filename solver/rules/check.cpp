#include "solver/rules/check.h"

#include <initializer_list>

namespace dynamo {

namespace {

// Squares from which an enemy leaper or pawn pushes a king on k off the board.
struct CheckSources {
    Bitboard knight[SQUARE_NB] = {};
    Bitboard king[SQUARE_NB] = {};
    Bitboard pawn[COLOR_NB][SQUARE_NB] = {}; // [colour of the king][k]: where enemy pawns check
    Bitboard rook_lines[SQUARE_NB] = {};
    Bitboard bishop_lines[SQUARE_NB] = {};
    Bitboard relevant[SQUARE_NB] = {};

    CheckSources() {
        for (int k = 0; k < SQUARE_NB; ++k) {
            int f = file_of(Square(k)), r = rank_of(Square(k));
            // A leaper on k - v pushes the king on k to k + v: off the board if k + v is.
            for (int i = 0; i < 8; ++i) {
                int vf = KNIGHT_FILE[i], vr = KNIGHT_RANK[i];
                if (!on_board(f + vf, r + vr) && on_board(f - vf, r - vr))
                    knight[k] |= square_bb(make_square(f - vf, r - vr));
            }
            for (int d = 0; d < DIR_NB; ++d) {
                int vf = DIR_FILE[d], vr = DIR_RANK[d];
                if (!on_board(f + vf, r + vr) && on_board(f - vf, r - vr))
                    king[k] |= square_bb(make_square(f - vf, r - vr));
                for (int n = 1; on_board(f + n * vf, r + n * vr); ++n)
                    (is_rook_direction(Direction(d)) ? rook_lines : bishop_lines)[k] |=
                        square_bb(make_square(f + n * vf, r + n * vr));
            }
            // An enemy pawn pushes diagonally forward (its own forward).
            for (int c = 0; c < COLOR_NB; ++c) {
                int vr = c == WHITE ? -1 : 1; // forward of the enemy of colour c
                for (int vf : {-1, 1})
                    if (!on_board(f + vf, r + vr) && on_board(f - vf, r - vr))
                        pawn[c][k] |= square_bb(make_square(f - vf, r - vr));
            }
            relevant[k] = rook_lines[k] | bishop_lines[k] | knight[k] | square_bb(Square(k));
            for (int i = 0; i < 8; ++i)
                if (on_board(f + KNIGHT_FILE[i], r + KNIGHT_RANK[i]))
                    relevant[k] |= square_bb(make_square(f + KNIGHT_FILE[i], r + KNIGHT_RANK[i]));
        }
    }
};

// Built from geometry alone (no other table), so static initialisation order cannot matter.
const CheckSources check_sources;
const CheckSources& sources() { return check_sources; }

} // namespace

Bitboard king_relevant_squares(Square k) { return sources().relevant[k]; }

Bitboard dynamo_leaper_checks(Square k, Color c, PieceType pt) {
    switch (pt) {
    case KNIGHT: return sources().knight[k];
    case KING: return sources().king[k];
    case PAWN: return sources().pawn[c][k];
    default: return 0;
    }
}

bool dynamo_in_check(const Placement& p, Color c) {
    Bitboard king = p.pieces(c, KING);
    if (!king) return false;
    const CheckSources& cs = sources();
    Square k = lsb(king);
    Color them = ~c;
    Bitboard theirs = p.by_color[them];
    if ((cs.knight[k] & theirs & p.by_type[KNIGHT]) | (cs.king[k] & theirs & p.by_type[KING]) |
        (cs.pawn[c][k] & theirs & p.by_type[PAWN]))
        return true;

    Bitboard rookers = theirs & (p.by_type[ROOK] | p.by_type[QUEEN]);
    Bitboard bishopers = theirs & (p.by_type[BISHOP] | p.by_type[QUEEN]);
    if (!(cs.rook_lines[k] & rookers) && !(cs.bishop_lines[k] & bishopers)) return false;

    Bitboard occ = p.occupied();
    for (int di = 0; di < DIR_NB; ++di) {
        Direction d = Direction(di);
        Bitboard riders = is_rook_direction(d) ? rookers : bishopers;
        Bitboard r = geometry::ray[k][d];
        if (!(r & riders)) continue;
        Square b = nearest_on_ray(r & occ, d);
        if (!(square_bb(b) & riders)) continue;
        // Push: the king goes out beyond its own square; pull: the rider leaves dragging it.
        if (!(geometry::ray[k][opposite(d)] & occ) || !(geometry::ray[b][d] & occ)) return true;
    }
    return false;
}


} // namespace dynamo
