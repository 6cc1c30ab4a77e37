// Duals as problemists count them (docs/duals.md), read off a key's tree: mate and continuation
// duals after defences, threat duals, short mates.
#pragma once

#include "solver/analysis/solution.h"

#include <vector>

namespace dynamo {

// Appends the doubled play below the key (its threats' own trees and the play after a defender
// move that leaves the threat working are not examined: they are no defence's answer).
void collect_duals(const PlayNode& key, std::vector<Dual>& duals);

} // namespace dynamo
