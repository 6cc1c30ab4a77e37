// Check detection, one function per rule set. Both read only a Placement, so the generators can
// ask "would this side be in check" of a placement that is not the current position's.
#pragma once

#include "position.h"

namespace dynamo {

// Dynamo (RULES.md section 6): the opponent has a push or pull that takes c's king off the board.
bool dynamo_in_check(const Placement& p, Color c);

// The squares whose contents decide whether a king on k is in check under Dynamo rules: the
// whole lines through k (both the rider's side and the edge behind the king count), and the
// leaper and pawn squares around it. A change elsewhere never gives or removes check.
Bitboard king_relevant_squares(Square k);

// Orthodox: squares of pieces of colour `by` that attack s.
Bitboard orthodox_attackers(const Placement& p, Square s, Color by, Bitboard occupied);
bool orthodox_in_check(const Placement& p, Color c);

} // namespace dynamo
