// Analysis of a problem. Battle play (#N, s#N): every first move examined, keys and tries with
// their refutations, threats, variations, duals, set play. Helpmates: every solution
// (analysis_help.h). Then the verdict. Builds the Solution tree; knows the search, not text.
#pragma once

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/analysis_help.h"

namespace dynamo {

// Analyses the diagram (its side to move first) for the stipulation: a direct mate or selfmate
// (battle play), or a helpmate.
Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options);

} // namespace dynamo
