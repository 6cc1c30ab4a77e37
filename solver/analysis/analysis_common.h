// What every analysis (battle play, helpmates, series) shares: the mark of a move, the start of a
// Solution, the size of the transposition table, and how many helpmate solutions to search.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <cstddef>

namespace dynamo {

// How the side to move (the one answering the last move) stands: check, mate, stalemate.
MoveMark mark_of(const Position& pos);

// The start of an analysis: a Solution for the stipulation, with the threads it is given; false,
// with the verdict `illegal` and its reason, if the diagram cannot arise.
bool begin_solution(const Position& diagram, const Stipulation& stip,
                    const AnalysisResources& resources, Solution& sol);

// The half-moves of help play: N moves of each side, and White's half-move first in h#N.5. hs#N:
// the help moves before the forced mate, White's N and Black's N - 1 (hs#N.5: Black's half-move
// first).
int help_plies(const Stipulation& stip);

// The transposition table for the stipulation, in MB: 1 MB up to a depth of 2 (moves in battle
// play, half-moves in help play), four times more per step of depth beyond, at most `hash_mb`. A
// short problem touches few entries, and zeroing a large table would cost it more than its search.
size_t table_megabytes(const Stipulation& stip, size_t hash_mb);

// Helpmates: the solutions searched per first move; 0: no limit. MaxSolutions N cuts the list
// shown, not the count: the verdict needs one more than intended, and one more again tells
// "exactly" from "at least". A problem's own MaxSolutions under orthodox rules searches all, so
// that Popeye's first N (in its order) can be kept.
int help_search_limit(const AnalysisQuestion& question, const Position& diagram);

} // namespace dynamo
