// From the first moves' findings to the Solution and its verdict: one way for a whole solve and
// for merged parts, so that both say the same.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/partial.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

namespace dynamo {

// The Solution of a partial analysis that covers every first move: keys and tries in generation
// order (MaxSolutions: up to the N-th key, the rest left out), duals, set play, helpmate
// solutions and shorter helpmates, and the verdict. A first move still Elsewhere counts as open.
Solution conclude(const Position& diagram, const Stipulation& stip,
                  const AnalysisQuestion& question, const PartialAnalysis& partial);

} // namespace dynamo
