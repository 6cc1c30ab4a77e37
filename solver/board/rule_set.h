// Which rules a position is played under: orthodox chess, or Dynamo with the switches of
// docs/rules.md, 11. Rule switches and sources. Plain data; the generators read it.
#pragma once

#include "solver/board/types.h"

#include <string>

namespace dynamo {

struct RuleSet {
    enum class Variant : uint8_t { Orthodox, Dynamo };

    Variant variant = Variant::Dynamo;
    bool no_stationary_pull = false; // riders pull only while moving (vchess)
    bool strict_castling = false;    // any displacement of king/rook loses the right (vchess)
    bool undo_dynamo_only = false;   // the no-undo rule binds only dynamo moves (Wikipedia)
    // docs/rules.md, 7. A king is not moved through check: does not apply (vchess).
    bool king_through_check = false;
    // Popeye's NoWk, NoBk: the side plays without a king (never in check, never mated), so a
    // diagram without it is legal.
    bool no_white_king = false, no_black_king = false;
    bool kingless(Color c) const { return c == WHITE ? no_white_king : no_black_king; }

    bool is_dynamo() const { return variant == Variant::Dynamo; }
    bool operator==(const RuleSet&) const = default;

    static RuleSet orthodox() { return RuleSet{Variant::Orthodox}; }
    static RuleSet dynamo_default() { return RuleSet{}; }
    static RuleSet vchess() {
        RuleSet r;
        r.no_stationary_pull = r.strict_castling = r.king_through_check = true;
        return r;
    }

    // The canonical words, e.g. "Dynamo NoStationaryPull", or "orthodox".
    std::string name() const;
};

} // namespace dynamo
