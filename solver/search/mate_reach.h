// Whether an orthodox helpmate can still end in mate, by counting moves: a cheap necessary
// condition, tested before a node is searched (docs/helpmate.md, The flight count).
#pragma once

#include "solver/board/position.h"

namespace dynamo {

// False only if no sequence of `plies` half-moves from pos (the side to move first, the last
// half-move the mating one) can end with the mated side's king in check and with no flight.
// Orthodox rules only (true otherwise), and true whenever castling is still possible.
bool mate_reachable(const Position& pos, int plies);

} // namespace dynamo
