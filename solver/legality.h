// Whether a position can arise at all (SPEC.md section 3, verdict `illegal`).
#pragma once

#include "position.h"

#include <optional>
#include <string>

namespace dynamo {

// Why a position cannot arise, or nullopt: one king per side, no pawn on its promotion rank (a
// pawn on its own first rank is legal in Dynamo, not in orthodox chess), the side not to move
// not in check, at most 64 pieces.
std::optional<std::string> illegal_reason(const Position& pos);

} // namespace dynamo
