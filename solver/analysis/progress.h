// What an analysis under way reports now and then (AnalysisOptions::progress): enough for a
// progress line, no text (the caller writes the move).
#pragma once

#include "solver/board/types.h"

#include <cstdint>

namespace dynamo {

struct Progress {
    int done = 0;                // first moves examined
    int total = 0;               //   of
    uint64_t nodes = 0;          // positions searched so far (first moves done)
    Move current = Move::none(); // a first move under examination: the earliest begun not done
    int depth = 0;               // the length it is being searched to now (moves; helpmates:
                                 // the stipulation's half-moves), 0 if none under way
};

} // namespace dynamo
