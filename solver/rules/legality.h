// Whether a position can arise at all (SPEC.md section 3, verdict `illegal`). The one validity
// check: `solve`, `check` and `mate` give its reason as the verdict; `perft`, `moves` and
// `replay` refuse such a position, since the generators assume what it checks (a pawn on its
// promotion rank has no square ahead; a side needs its king).
#pragma once

#include "solver/board/position.h"

#include <optional>
#include <string>

namespace dynamo {

// Why a position cannot arise, or nullopt: one king per side, no pawn on its promotion rank (a
// pawn on its own first rank is legal in Dynamo, not in orthodox chess), material a game can
// leave (at most 8 pawns and 16 men a side, no more promoted pieces than missing pawns), the
// side not to move not in check.
std::optional<std::string> illegal_reason(const Position& pos);

// The same for a placement with `side` to move (e.g. --prev: the placement before the
// opponent's last move, with the opponent to move).
std::optional<std::string> illegal_reason(const Placement& placement, Color side, const RuleSet& rules);

} // namespace dynamo
