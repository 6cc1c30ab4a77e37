// Stipulations as written: "#2", "s#3", "h#2", "h#2.5", "=2", "s=2", "h=2", "r#2", "ser-h#3",
// "hs#2" (docs/format.md, "1. Problem files"; Popeye's spelling, any case).
#pragma once

#include "format/base/message.h"
#include "solver/search/stipulation.h"

#include <string>
#include <string_view>

namespace dynamo {

// Reads a stipulation; on failure returns false and sets `error` (what was expected, what was
// found). The text field is set to the normalised form.
bool parse_stipulation(std::string_view text, Stipulation& stip, std::string* error);
// The same, its error as data (message.h), for the command line's messages in any language.
bool parse_stipulation_said(std::string_view text, Stipulation& stip, Message* error);

// The kind and goal at the start of `lower` (lower case), as "ser-h#": how many characters they
// take, 0 if they are none of ours. Shared by both readers of stipulations.
size_t parse_stipulation_head(std::string_view lower, Stipulation& stip);

// The same stipulation for another number of moves (and half-move), its text rewritten:
// ("h#4", 3, true) gives "h#3.5".
Stipulation with_length(const Stipulation& stip, int moves, bool half);

} // namespace dynamo
