// Helpmates (h#N, h#N.5): every solution up to the options' limit, shorter helpmates, and the
// verdict against the intended number of solutions.
#pragma once

#include "solver/analysis/analysis_common.h"

namespace dynamo {

// analyse() calls it for h# stipulations.
Solution analyse_help(const Position& diagram, const Stipulation& stip,
                      const AnalysisOptions& options);

} // namespace dynamo
