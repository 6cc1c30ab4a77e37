#include "solver/search/mate_reach.h"

#include "solver/board/bitboard.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace dynamo {

namespace {

int king_distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// within[s][n]: the squares a knight on s reaches in at most n leaps on an empty board. Built
// from the leaps themselves, not from the geometry tables, whose static initialisation may come
// after this one.
struct KnightReach {
    std::array<std::array<Bitboard, 8>, SQUARE_NB> within{};
    KnightReach() {
        static constexpr int LEAPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        std::array<Bitboard, SQUARE_NB> steps{};
        for (int s = 0; s < SQUARE_NB; ++s)
            for (const auto& l : LEAPS) {
                const int f = file_of(Square(s)) + l[0], r = rank_of(Square(s)) + l[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8)
                    steps[size_t(s)] |= square_bb(make_square(f, r));
            }
        for (int s = 0; s < SQUARE_NB; ++s) {
            Bitboard reached = square_bb(Square(s));
            within[size_t(s)][0] = reached;
            for (size_t n = 1; n < 8; ++n) {
                Bitboard next = reached;
                for (Bitboard b = reached; b;) next |= steps[size_t(pop_lsb(b))];
                within[size_t(s)][n] = reached = next;
            }
        }
    }
};
const KnightReach knight_reach;

Bitboard color_complex(Square s) {
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL; // a1 is dark
    return (DARK & square_bb(s)) ? DARK : ~DARK;
}

// The squares a pawn of colour c on s may attack after at most w moves of its side, on an
// empty board (every move of it may capture); all squares if it may promote by then.
Bitboard pawn_reach(Color c, Square s, int w) {
    const int r = relative_rank(c, s), f = file_of(s);
    const int double_step = r == 1 ? 1 : 0;
    if (7 - r - double_step <= w) return ~Bitboard(0);
    Bitboard b = 0;
    for (int rr = r + 1; rr <= std::min(7, r + w + 1 + double_step); ++rr)
        for (int ff = std::max(0, f - (rr - r)); ff <= std::min(7, f + (rr - r)); ++ff)
            b |= square_bb(make_square(ff, c == WHITE ? rr : 7 - rr));
    return b;
}

} // namespace

// docs/helpmate.md, The flight count. The mater (X) makes w more moves, the mated side (M) b.
// After X's last move M's king stands on some k at most b king steps away, attacked by a piece
// of X other than its king, and each square next to k is attacked by X or holds a piece of M.
// The squares X may attack then, `attackable`, are bounded piece by piece on an empty board
// (a piece attacks from where it may stand after w moves); M's pieces fill at most the squares
// they hold now and one new square for each move its king does not need.
bool mate_reachable(const Position& pos, int plies) {
    if (pos.rules().is_dynamo() || plies < 1) return true;
    if (pos.castling().any()) return true;
    const Color x = plies % 2 ? pos.side_to_move() : ~pos.side_to_move();
    const Color m = ~x;
    const Square king = pos.king_square(m);
    if (king == SQ_NONE) return true;
    const int w = (plies + 1) / 2, b = plies / 2;

    const Bitboard all = ~Bitboard(0);
    Bitboard checkers = 0; // where a piece of X but its king may attack
    for (Bitboard p = pos.pieces(x) & ~pos.pieces(KING); p && checkers != all;) {
        const Square s = pop_lsb(p);
        switch (type_of(pos.piece_on(s))) {
        case PAWN: checkers |= pawn_reach(x, s, w); break;
        case KNIGHT: checkers |= knight_reach.within[s][size_t(std::min(w + 1, 7))]; break;
        case BISHOP: checkers |= color_complex(s); break;
        default: checkers = all; break; // rook, queen: any square within two moves
        }
    }
    Bitboard attackable = checkers;
    if (Square xk = pos.king_square(x); xk != SQ_NONE)
        for (int s = 0; s < SQUARE_NB; ++s)
            if (king_distance(xk, Square(s)) <= w + 1) attackable |= square_bb(Square(s));
    const Bitboard covered = attackable | (pos.pieces(m) & ~pos.pieces(KING));

    for (int dr = -b; dr <= b; ++dr)
        for (int df = -b; df <= b; ++df) {
            const int f = file_of(king) + df, r = rank_of(king) + dr;
            if (f < 0 || f > 7 || r < 0 || r > 7) continue;
            const Square k = make_square(f, r);
            if (!(checkers & square_bb(k))) continue;
            const int spare = b - king_distance(king, k);
            if (popcount(geometry::king_steps[k] & ~covered) <= spare) return true;
        }
    return false;
}

} // namespace dynamo
