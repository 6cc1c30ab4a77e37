// What both analyses (battle play in analysis.cpp, helpmates in analysis_help.cpp) share: the
// options they take, the start of a Solution, and the mark of a move. Neither analysis includes
// the other.
#pragma once

#include "solver/board/position.h"
#include "solver/analysis/progress.h"
#include "solver/analysis/solution.h"
#include "solver/search/stipulation.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace dynamo {

struct AnalysisOptions {
    bool tries = false;        // look for tries
    int max_refutations = 1;   // a try has at most this many refutations
    bool variations = false;   // build threats and variations below keys and tries
    bool threats = true;       // compute threats (NoThreat: off)
    bool set_play = false;     // defender moves in the diagram
    bool immediate_mates = false; // s#: show the defender's moves that mate at once (MatesIn1)
    int intended = 1;          // helpmates: the solutions the composer intends (Intended N)
    int max_solutions = 0;     // helpmates: print at most this many solutions (0: all)
    bool every_short_line = false; // h#N, h=N: every shorter solution of every length, as
                                   // Popeye lists them (--order popeye); else the first length's
    bool popeye_max_solutions = false; // MaxSolutions came from the problem: helpmates keep
                                       // Popeye's first N (orthodox; searched in full)
    int max_keys = 0;          // battle play: stop after this many keys, in generation order, as
                               // Popeye's MaxSolutions (0: all)
    bool no_short_variations = false; // battle play: variations shorter than their line's
                                      // length are not shown (Popeye's NoShortVariations)
    bool post_key_play = false; // battle play: the diagram is the position after the key, the
                                // defender to move; only the play after it (PostKeyPlay)
    SearchRestrictions restrictions; // battle play: Popeye's Threat N, MaxFlightsquares N,
                                     // NonTrivial M T, KeepMatingPiece
    int threads = 0;           // 0: all cores
    size_t hash_mb = 64;       // at most; short problems get a smaller table
    double max_seconds = 0;    // 0: no limit
    const std::atomic<bool>* interrupt = nullptr; // set from outside (Ctrl-C) to stop
    // Called now and then from the analysing threads (as first moves finish, and about every
    // quarter second): first moves done, the one under way and its depth, nodes so far.
    std::function<void(const Progress&)> progress;
};

// How the side to move (the one answering the last move) stands: check, mate, stalemate.
MoveMark mark_of(const Position& pos);

// The start of either analysis: a Solution for the stipulation, with the threads to use (all
// cores for 0); false, with the verdict `illegal` and its reason, if the diagram cannot arise.
bool begin_solution(const Position& diagram, const Stipulation& stip,
                    const AnalysisOptions& options, Solution& sol);

} // namespace dynamo
