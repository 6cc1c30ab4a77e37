// The order in which Popeye writes a solution (`--order popeye`), so that our text diffs line by
// line against Popeye's for an orthodox problem. A sort of the solution tree, by the place each
// move has in Popeye's move generation; what is in the tree does not change (docs/format.md).
#pragma once

#include "solver/popeye_moves.h"
#include "solver/position.h"
#include "solver/solution.h"

#include <cstdint>

namespace dynamo {

enum class SolutionOrder : uint8_t { Ours, Popeye };


// The solution with keys and tries, threats, variations, continuations, refutations, set play
// and helpmate lines in Popeye's order.
Solution popeye_ordered(const Position& diagram, const Solution& solution);

} // namespace dynamo
