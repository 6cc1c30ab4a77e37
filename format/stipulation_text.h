// Stipulations as written: "#2", "s#3", "h#2", "h#2.5" (SPEC.md section 1).
#pragma once

#include "solver/stipulation.h"

#include <string>
#include <string_view>

namespace dynamo {

// Reads a stipulation; on failure returns false and sets `error` (what was expected, what was
// found). The text field is set to the normalised form.
bool parse_stipulation(std::string_view text, Stipulation& stip, std::string* error);

// The same stipulation for another number of moves (and half-move), its text rewritten:
// ("h#4", 3, true) gives "h#3.5".
Stipulation with_length(const Stipulation& stip, int moves, bool half);

} // namespace dynamo
