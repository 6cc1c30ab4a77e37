// Whether an orthodox helpmate can still end in mate, by counting moves: a cheap necessary
// condition, tested before a node is searched (docs/helpmate.md, The flight count).
#pragma once

#include "solver/board/position.h"

namespace dynamo {

// False only if no sequence of `plies` half-moves from pos (the side to move first, the last
// half-move the mating one) can end with the mated side's king in check and with no flight.
// Orthodox rules only (true otherwise), and true whenever castling is still possible.
bool mate_reachable(const Position& pos, int plies);

// At a node of the mated side (plies even, as above): the squares on which a move of its pieces
// other than the king must land for the position after it to pass mate_reachable(); every
// square when that test cannot tell. Its king's moves are never dismissed.
Bitboard mate_blocks(const Position& pos, int plies);

// At a node of the mater (plies odd): the squares of its pieces whose moves may lead to a
// position that passes mate_reachable(); every square when that test cannot tell. Captures are
// not judged (mater_idle()).
Bitboard mate_movers(const Position& pos, int plies);

// Whether the mater's move m is dismissed by mate_movers()'s answer: a move, not a capture, of
// a piece it left out (docs/helpmate.md, The mater's idle moves).
inline bool mater_idle(const Position& pos, Move m, Bitboard movers) {
    return movers != ~Bitboard(0) && !(movers & square_bb(m.active_from())) &&
           !m.is_en_passant() && pos.empty(m.active_to());
}

} // namespace dynamo
