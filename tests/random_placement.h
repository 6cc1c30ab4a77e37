// Random orthodox placements for the tests that compare a shortcut with the full generator or
// search on many positions.
#pragma once

#include "solver/board/position.h"

#include <random>

namespace dynamo::test {

// Puts pieces one at a time on free squares drawn at random: a square already used, or a first
// or last rank for a pawn, is drawn again. `draw(colour, type)` gives the candidate square, so
// that a test may confine a piece (a king to a corner) and keep its own random sequence.
template <typename Draw> class RandomPlacer {
  public:
    RandomPlacer(Position& pos, Draw draw) : pos_(pos), draw_(draw) {}

    void place(Color c, PieceType pt) {
        for (;;) {
            Square s = draw_(c, pt);
            if ((used_ & square_bb(s)) || (pt == PAWN && (rank_of(s) == 0 || rank_of(s) == 7)))
                continue;
            used_ |= square_bb(s);
            pos_.put_piece(make_piece(c, pt), s);
            return;
        }
    }

  private:
    Position& pos_;
    Draw draw_;
    Bitboard used_ = 0;
};

} // namespace dynamo::test
