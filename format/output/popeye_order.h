// The order in which Popeye writes a solution (`--order popeye`), so that our text diffs line by
// line against Popeye's for an orthodox problem. A sort of the solution tree, by the place each
// move has in Popeye's move generation; what is in the tree does not change (docs/format.md).
#pragma once

#include "solver/analysis/popeye_moves.h"
#include "solver/board/position.h"
#include "solver/analysis/solution.h"

#include <cstdint>

namespace dynamo {

enum class SolutionOrder : uint8_t { Ours, Popeye };


// The solution with keys and tries, threats, variations, continuations, refutations, set play
// and helpmate lines in Popeye's order.
Solution popeye_ordered(const Position& diagram, const Solution& solution);

} // namespace dynamo
