// Popeye's options: one row each (its words in the three input languages, what follows it, what
// it does to ProblemOptions). A new option is one row in options.cpp.
#pragma once

#include "format/input/reader/keywords.h"

#include "format/base/problem.h"

#include <span>
#include <string>
#include <vector>

namespace dynamo::reader {

// What an option takes after it.
// RookPair: a white rook's original square and a black one's ("a1h8" or "a1 h8").
enum class Arg { None, Number, OptionalNumber, TwoNumbers, Squares, RookPair };

// The words read after an option.
struct OptionArgs {
    std::vector<int> numbers;    // Number, OptionalNumber (0 or 1 of them), TwoNumbers
    std::vector<Square> squares; // Squares, RookPair
    std::string written;         // the arguments as written ("3", "a1 h8"), "" when none
    int line = 0;                // the option's line
};

struct OptionDef {
    Words names;
    Arg arg = Arg::None;
    int min = 1; // smallest number accepted
    // What it does; nullptr: read, not acted on (reported as a note at its line).
    void (*apply)(ProblemOptions&, const OptionArgs&) = nullptr;
    // Not null: the option is refused, with this reason.
    const char* refused = nullptr;
    // Acted on in part, or only on display: the note said at its line (Phrase::Verbatim: none).
    Phrase note = Phrase::Verbatim;
    // Ours, not Popeye's: read only when written in full, so that every abbreviation keeps
    // the meaning it has for Popeye (docs/format.md, Abbreviations).
    bool ours = false;
};

Lookup<const OptionDef*> find_option(std::string_view token, InputLanguage lang);

} // namespace dynamo::reader
