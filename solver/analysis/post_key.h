// PostKeyPlay: the diagram is the position after a key not named, the defender to move; the key's
// tree without the key, threats and variations always (Popeye's).
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

namespace dynamo {

// No solution when a defender move refutes. A direct one-mover has no play after its key (Popeye
// shows none): sound when the diagram is the goal reached.
Solution analyse_post_key(const Position& diagram, const Stipulation& stip,
                          const AnalysisOptions& options);

} // namespace dynamo
