// Helpmates (h#N, h#N.5, h=N, hs#N; ser-h#N in series.h): every solution up to the question's
// limit, shorter helpmates, the set play, and the verdict against the intended number of
// solutions.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/partial.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <vector>

namespace dynamo {

// The whole analysis of a help stipulation, concluded.
Solution analyse_help(const Position& diagram, const Stipulation& stip,
                      const AnalysisOptions& options);

// The solutions that start with the first moves marked in `mine` (indexed as generate_legal's
// order; empty: all), and the shorter helpmates.
PartialAnalysis analyse_help_partial(const Position& diagram, const Stipulation& stip,
                                     const AnalysisOptions& options, const std::vector<char>& mine);

// Helpmates and help-selfmates: searches the set play into `part` when the question asks for it
// and the stipulation has one (h#N, h=N and their .5 forms; hs#N from hs#1.5 on).
void add_help_set_play(const Position& diagram, const Stipulation& stip,
                       const AnalysisOptions& options, PartialAnalysis& part);

} // namespace dynamo
