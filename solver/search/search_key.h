// The key under which a search stores a node.
#pragma once

#include "solver/board/position.h"

namespace dynamo {

// The position key, plus the no-undo state, since the legal moves depend on the placement before
// the opponent's last move (docs/rules.md, 5. No undoing).
inline Key search_key(const Position& pos) {
    const StateInfo& st = pos.state();
    Key k = pos.key();
    // Orthodox moves never depend on the previous placement.
    if (st.has_forbidden && pos.rules().is_dynamo())
        k ^= (st.forbidden_key ^ 0x5851F42D4C957F2DULL) * 0x9E3779B97F4A7C15ULL;
    return k;
}

} // namespace dynamo
