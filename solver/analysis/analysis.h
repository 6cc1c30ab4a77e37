// Analysis of a problem. Battle play (#N, s#N): every first move examined, keys and tries with
// their refutations, threats, variations, duals, set play. Helpmates: every solution
// (analysis_help.h). Then the verdict. Builds the Solution tree; knows the search, not text.
#pragma once

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/analysis_help.h"
#include "solver/rules/movegen.h"

#include <vector>

namespace dynamo {

// Analyses the diagram (its side to move first) for the stipulation: a direct mate or selfmate
// (battle play), or a helpmate.
Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options);

// The order in which the threads take the first moves (indices into first_moves). With several
// threads, those that leave the defender the fewest replies first (ties in generation order):
// the longest first moves are among them, and one started last keeps the other threads waiting
// for it at the end. One thread: generation order. (The output does not depend on it.)
std::vector<int> first_move_turns(const Position& diagram, const MoveList& first_moves,
                                  bool parallel);

} // namespace dynamo
