// What an analysis is given: the question asked of the problem (what to find and show) and the
// resources to answer it with (threads, memory, time, a way to stop it, a way to watch it). The
// question decides the answer; the resources only how soon it comes, and whether it comes whole.
#pragma once

#include "solver/analysis/progress.h"
#include "solver/search/stipulation.h"

#include <atomic>
#include <cstddef>
#include <functional>

namespace dynamo {

// The transposition table's size when nothing else is said (--hash), in MB: an upper bound,
// short problems get a smaller table (table_megabytes()).
inline constexpr size_t DEFAULT_HASH_MB = 64;

struct AnalysisQuestion {
    bool tries = false;            // look for tries
    int max_refutations = 1;       // a try has at most this many refutations
    bool variations = false;       // build threats and variations below keys and tries
    bool threats = true;           // compute threats (NoThreat: off)
    bool set_play = false;         // defender moves in the diagram
    bool immediate_mates = false;  // s#: show the defender's moves that mate at once (MatesIn1)
    int intended = 1;              // helpmates: the solutions the composer intends (Intended N)
    int max_solutions = 0;         // helpmates: print at most this many solutions (0: all)
    bool every_short_line = false; // h#N, h=N: every shorter solution of every length, as
                                   // Popeye lists them (--order popeye); else the first length's
    bool popeye_max_solutions = false; // MaxSolutions came from the problem: helpmates keep
                                       // Popeye's first N (orthodox; searched in full)
    bool stop_on_short = false;        // help play: each phase (set play, play) stops at the first
                                       // length with a solution (Popeye's StopOnShortSolutions)
    int max_keys = 0; // battle play: stop after this many keys, in generation order, as
                      // Popeye's MaxSolutions (0: all)
    bool no_short_variations = false; // battle play: variations shorter than their line's
                                      // length are not shown (Popeye's NoShortVariations)
    bool post_key_play = false;       // battle play: the diagram is the position after the key, the
                                      // defender to move; only the play after it (PostKeyPlay)
    bool move_numbers = false;        // Popeye's MoveNumbers (--order popeye): the first moves
                                      // Popeye tries, in its order (Solution::tried)
    SearchRestrictions restrictions;  // battle play: Popeye's Threat N, MaxFlightsquares N,
                                      // NonTrivial M T, KeepMatingPiece
};

struct AnalysisResources {
    int threads = 1;                  // at least 1 (the command line's 0, all cores, is resolved
                                      // before: batch/settings.h)
    size_t hash_mb = DEFAULT_HASH_MB; // at most; short problems get a smaller table
    double max_seconds = 0;           // 0: no limit
    const std::atomic<bool>* interrupt = nullptr; // set from outside (Ctrl-C) to stop
    // Called now and then from the analysing threads (as first moves finish, and about every
    // quarter second): first moves done, the one under way and its depth, nodes so far.
    std::function<void(const Progress&)> progress;
};

// Both, as the analyses take them.
struct AnalysisOptions : AnalysisQuestion, AnalysisResources {
    AnalysisOptions() = default;
    AnalysisOptions(const AnalysisQuestion& question, const AnalysisResources& resources = {})
        : AnalysisQuestion(question), AnalysisResources(resources) {}
};

} // namespace dynamo
