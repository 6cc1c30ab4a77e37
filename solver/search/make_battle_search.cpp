#include "solver/search/make_battle_search.h"

#include "solver/search/goal_search.h"
#include "solver/search/search.h"

namespace dynamo {

std::unique_ptr<BattleSearch> make_battle_search(const Stipulation& stip, TranspositionTable& tt,
                                                 const std::atomic<bool>& stop, HelperPool* pool,
                                                 const SearchRestrictions& restrictions) {
    if (GoalSearch::handles(stip))
        return std::make_unique<GoalSearch>(stip, tt, stop, restrictions.applied_to(stip));
    return std::make_unique<MateSearch>(stip, tt, stop, pool, restrictions);
}

} // namespace dynamo
