// The battle-play search for a stipulation, chosen once: GoalSearch for =N, s=N and r#N,
// MateSearch for #N and s#N.
#pragma once

#include "solver/search/battle_search.h"
#include "solver/search/restrictions.h"
#include "solver/search/stipulation.h"
#include "solver/search/tt.h"

#include <atomic>
#include <memory>

namespace dynamo {

class HelperPool;

// The pool (MateSearch's threads) as in MateSearch's constructor; GoalSearch searches serially.
std::unique_ptr<BattleSearch> make_battle_search(const Stipulation& stip, TranspositionTable& tt,
                                                 const std::atomic<bool>& stop,
                                                 HelperPool* pool = nullptr,
                                                 const SearchRestrictions& restrictions = {});

} // namespace dynamo
