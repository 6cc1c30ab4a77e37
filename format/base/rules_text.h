// The rule words as text: the words of a `condition` line or of `--rules` read into a RuleSet,
// and what is wrong with them, in English or as a message in any language
// (docs/rules.md, "11. Rule switches and sources").
#pragma once

#include "format/base/message.h"
#include "solver/board/rule_set.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dynamo {

// What is wrong with a rule line.
struct RulesError {
    enum class Kind : uint8_t { UnknownWord, AmbiguousWord, OrthodoxAlone, SwitchesNeedDynamo };
    Kind kind = Kind::UnknownWord;
    std::string word;         // UnknownWord, AmbiguousWord: as given
    std::string text() const; // English
};

// Reads the words of a `condition` line or of --rules: "Dynamo StrictCastling", "orthodox",
// "vchess", "" (= orthodox, as Popeye). Case-insensitive; a keyword may be abbreviated to a
// unique prefix. On failure returns nullopt and sets `error`.
std::optional<RuleSet> parse_rules(std::string_view words, std::string* error = nullptr);
// The same, the failure as data, for the messages in the reader's language.
std::optional<RuleSet> parse_rules(std::string_view words, RulesError* error);

// The failure as a message.
Message rules_said(const RulesError& error);

} // namespace dynamo
