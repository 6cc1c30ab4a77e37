// Where every piece stands, and nothing else.
#pragma once

#include "solver/board/bitboard.h"
#include "solver/board/types.h"

namespace dynamo {

// Where every piece stands, and nothing else: what the no-undo rule (docs/rules.md, 5. No undoing)
// compares, and what check detection reads.
struct Placement {
    Bitboard by_color[COLOR_NB] = {};
    Bitboard by_type[PIECE_TYPE_NB] = {}; // by_type[NO_PIECE_TYPE]: every occupied square

    Bitboard occupied() const { return by_type[NO_PIECE_TYPE]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color[c] & by_type[pt]; }
    Piece piece_on(Square s) const;
    void put(Piece p, Square s) {
        Bitboard b = square_bb(s);
        by_color[color_of(p)] |= b, by_type[type_of(p)] |= b, by_type[NO_PIECE_TYPE] |= b;
    }
    void remove(Piece p, Square s) {
        Bitboard b = ~square_bb(s);
        by_color[color_of(p)] &= b, by_type[type_of(p)] &= b, by_type[NO_PIECE_TYPE] &= b;
    }
    bool operator==(const Placement&) const = default;
};

} // namespace dynamo
