// Analysis of a problem. Battle play (#N, s#N, r#N, =N, s=N; battle.h): every first move
// examined, keys and tries with their refutations, threats, variations, duals, set play.
// Helpmates (analysis_help.h, series.h): every solution. Then the verdict (conclude.h). Builds
// the Solution tree; knows the search, not text.
#pragma once

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/battle.h"
#include "solver/analysis/options.h"
#include "solver/analysis/partial.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <vector>

namespace dynamo {

// Analyses the diagram (its side to move first) for the stipulation: a direct mate or selfmate
// (battle play), or a helpmate.
Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options);

// The findings of the first moves marked in `mine` (indexed as the first moves' generation
// order; empty: all), and of the set play when `set_play_here` (and the question asks for it):
// a part of a solve, to be merged with the others and concluded (partial.h, conclude.h).
PartialAnalysis analyse_partial(const Position& diagram, const Stipulation& stip,
                                const AnalysisOptions& options, const std::vector<char>& mine,
                                bool set_play_here);

} // namespace dynamo
