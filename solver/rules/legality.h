// Whether a position can arise at all (docs/format.md, Verdicts: `illegal`). The one validity
// check: `solve`, `check` and `mate` give its reason as the verdict; `perft`, `moves` and
// `replay` refuse such a position, since the generators assume what it checks (a pawn on its
// promotion rank has no square ahead; a side needs its king).
#pragma once

#include "solver/board/position.h"

#include <optional>
#include <string>

namespace dynamo {

// Why a position cannot arise, as data: format/ words it in the reader's language (message.h),
// text() in English (JSON, part files).
struct IllegalCause {
    enum class Kind : uint8_t {
        NoKing, // side's
        Kings,  // count: the side's kings
        PawnOnPromotionRank,
        PawnOnFirstRank,  // orthodox chess
        Men,              // count: the side's men (at most 16)
        Pawns,            // count: the side's pawns (at most 8)
        Promoted,         // count: the side's promoted pieces, with `pawns` pawns
        NotToMoveInCheck, // side: the side not to move
    };
    Kind kind = Kind::NoKing;
    Color side = WHITE;
    int count = 0;
    int pawns = 0;
    std::string text() const;
};

std::optional<IllegalCause> illegal_cause(const Position& pos);
std::optional<IllegalCause> illegal_cause(const Placement& placement, Color side,
                                          const RuleSet& rules);

// Why a position cannot arise (IllegalCause::text()), or nullopt: one king per side, no pawn on its
// promotion rank (a pawn on its own first rank is legal in Dynamo, not in orthodox chess), material
// a game can leave (at most 8 pawns and 16 men a side, no more promoted pieces than missing pawns),
// the side not to move not in check.
std::optional<std::string> illegal_reason(const Position& pos);

// The same for a placement with `side` to move (e.g. --prev: the placement before the
// opponent's last move, with the opponent to move).
std::optional<std::string> illegal_reason(const Placement& placement, Color side,
                                          const RuleSet& rules);

} // namespace dynamo
