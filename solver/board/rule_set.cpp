#include "solver/board/rule_set.h"

namespace dynamo {

std::string RuleSet::name() const {
    if (!is_dynamo()) return "orthodox";
    std::string s = "Dynamo";
    if (no_stationary_pull) s += " NoStationaryPull";
    if (strict_castling) s += " StrictCastling";
    if (undo_dynamo_only) s += " UndoDynamoOnly";
    if (king_through_check) s += " KingThroughCheck";
    return s;
}

} // namespace dynamo
