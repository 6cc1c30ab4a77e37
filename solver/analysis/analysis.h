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

// The order in which the threads take the first moves (indices into first_moves). By replies:
// those that leave the defender the fewest first (ties in generation order). Else generation
// order. (The output does not depend on it.)
std::vector<int> first_move_turns(const Position& diagram, const MoveList& first_moves,
                                  bool by_replies);
// Whether the threads take the first moves by replies: with several threads, under NonTrivial
// (not under MaxSolutions, which skips first moves by generation order). There the guard lets
// only the first moves that leave few defences through to a deep search, so the fewest replies
// are the longest first moves, and one started last keeps the other threads waiting for it at
// the end (nontriv_07's key, last of 27, is 60% of the work). Elsewhere every first move is
// searched deep and the reply count tells little of the cost, while neighbours in generation
// order share positions in the table: ep_02 (#10, Threat 1) at 2 threads took 0.88 of the time
// in generation order.
bool first_moves_by_replies(const AnalysisOptions& options, int threads);

} // namespace dynamo
