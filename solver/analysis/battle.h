// Battle play (#N, s#N, r#N, =N, s=N): the first moves of the attacker examined on the threads,
// each found a key, a try with its refutations, or neither; then the set play.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/partial.h"
#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/stipulation.h"

#include <vector>

namespace dynamo {

// Examines the first moves marked in `mine` (indexed as first_moves_of()'s order; empty: all),
// and the set play and r#'s forced mates when `set_play_here` (and the question asks for them).
PartialAnalysis analyse_battle(const Position& diagram, const Stipulation& stip,
                               const AnalysisOptions& options, const std::vector<char>& mine,
                               bool set_play_here);

// The order in which the threads take the first moves (indices into first_moves). With several
// threads, the forcing first moves, those that leave the defender at most FORCING_REPLIES
// replies, go first, the fewest replies first: their trees go deepest (nontriv_07's key, last of
// 27 in generation order, is 60% of the work; ep_11's two longest leave one reply each), and one
// started last keeps the other threads waiting for it at the end. The others follow in
// generation order, where neighbours share positions in the table (sorted by replies throughout,
// ep_02 at 2 threads searched 1.18 times the nodes of one thread). One thread: generation order.
// (The output does not depend on it.)
constexpr int FORCING_REPLIES = 3;
std::vector<int> first_move_turns(const Position& diagram, const MoveList& first_moves,
                                  bool parallel);

} // namespace dynamo
