// The order in which Popeye writes a solution (`--order popeye`), so that our text diffs line by
// line against Popeye's for an orthodox problem. A sort of the solution tree, by the place each
// move has in Popeye's move generation; what is in the tree does not change (docs/format.md).
#pragma once

#include "solver/position.h"
#include "solver/solution.h"

#include <cstdint>

namespace dynamo {

enum class SolutionOrder : uint8_t { Ours, Popeye };

// Where Popeye plays a move among its siblings: smaller first. Popeye generates the moving
// side's pieces from h8 to a1 (rank by rank, h to a), each piece's moves by direction in its
// vector order (riders near to far), and plays them from the last generated back to the first;
// promotions then follow in the order Q, S, R, B. An attacker's last move to a mate (`mating`)
// comes from a generator of its own, which scans a1 to h8 (so h8's piece is played first) and
// orders a pawn's moves differently.
uint32_t popeye_rank(const Position& pos, Move m, bool mating);

// The solution with keys and tries, threats, variations, continuations, refutations, set play
// and helpmate lines in Popeye's order.
Solution popeye_ordered(const Position& diagram, const Solution& solution);

} // namespace dynamo
