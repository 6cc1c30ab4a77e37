// Series helpmates (ser-h#N): Black plays k moves in a row (1 <= k <= N), White passing, giving no
// check before the last, and White then mates in one. As Popeye, every k up to N is solved and
// the lines are listed by k; those with k < N make the problem short.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

namespace dynamo {

Solution analyse_series(const Position& diagram, const Stipulation& stip,
                        const AnalysisOptions& options);

} // namespace dynamo
