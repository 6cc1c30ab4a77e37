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
// threads, the forcing first moves, those that leave the defender at most FORCING_REPLIES
// replies, go first, the fewest replies first: their trees go deepest (nontriv_07's key, last of
// 27 in generation order, is 60% of the work; ep_11's two longest leave one reply each), and one
// started last keeps the other threads waiting for it at the end. The others follow in
// generation order, where neighbours share positions in the table (ep_02 at 2 threads, sorted
// by replies throughout, searched 1.18 times the nodes of one thread; so, 0.99: medians of ten
// runs). One thread: generation order. (The output does not depend on it.)
constexpr int FORCING_REPLIES = 3;
std::vector<int> first_move_turns(const Position& diagram, const MoveList& first_moves,
                                  bool parallel);

} // namespace dynamo
