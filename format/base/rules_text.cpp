#include "format/base/rules_text.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace dynamo {

namespace {

std::string lower(std::string_view s) {
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return std::tolower(c); });
    return r;
}

enum class Word {
    Orthodox,
    Vchess,
    Dynamo,
    NoStationaryPull,
    StrictCastling,
    UndoDynamoOnly,
    KingThroughCheck
};

struct Keyword {
    const char* text;
    Word word;
};
constexpr Keyword KEYWORDS[] = {
    {"orthodox", Word::Orthodox},
    {"vchess", Word::Vchess},
    {"dynamo", Word::Dynamo},
    {"nostationarypull", Word::NoStationaryPull},
    {"strictcastling", Word::StrictCastling},
    {"undodynamoonly", Word::UndoDynamoOnly},
    {"kingthroughcheck", Word::KingThroughCheck},
};

} // namespace

std::string RulesError::text() const {
    switch (kind) {
    case Kind::UnknownWord:
        return "unknown rule word '" + word +
               "' (expected Dynamo, NoStationaryPull, StrictCastling, UndoDynamoOnly, "
               "KingThroughCheck, vchess or orthodox)";
    case Kind::AmbiguousWord: return "ambiguous rule word '" + word + "'";
    case Kind::OrthodoxAlone:
        return "'orthodox' stands alone: it cannot be combined with other rule words";
    case Kind::SwitchesNeedDynamo: return "rule switches need the condition Dynamo";
    }
    return {};
}

std::optional<RuleSet> parse_rules(std::string_view words, std::string* error) {
    RulesError e;
    auto rules = parse_rules(words, error ? &e : nullptr);
    if (!rules && error) *error = e.text();
    return rules;
}

std::optional<RuleSet> parse_rules(std::string_view words, RulesError* error) {
    std::istringstream in{std::string(words)};
    std::string token;
    RuleSet rules = RuleSet::orthodox();
    bool dynamo = false, any_switch = false, orthodox_word = false;
    int count = 0;
    auto fail = [&](RulesError::Kind kind, std::string word = {}) -> std::optional<RuleSet> {
        if (error) *error = RulesError{kind, std::move(word)};
        return std::nullopt;
    };
    while (in >> token) {
        std::string t = lower(token);
        std::vector<const Keyword*> matches;
        for (const auto& k : KEYWORDS) {
            if (t == k.text) {
                matches = {&k};
                break;
            }
            if (std::string_view(k.text).starts_with(t)) matches.push_back(&k);
        }
        if (matches.empty()) return fail(RulesError::Kind::UnknownWord, token);
        if (matches.size() > 1) return fail(RulesError::Kind::AmbiguousWord, token);
        ++count;
        switch (matches[0]->word) {
        case Word::Orthodox: orthodox_word = true; break;
        case Word::Vchess: rules = RuleSet::vchess(), dynamo = true; break;
        case Word::Dynamo:
            if (!dynamo) rules.variant = RuleSet::Variant::Dynamo;
            dynamo = true;
            break;
        case Word::NoStationaryPull: rules.no_stationary_pull = any_switch = true; break;
        case Word::StrictCastling: rules.strict_castling = any_switch = true; break;
        case Word::UndoDynamoOnly: rules.undo_dynamo_only = any_switch = true; break;
        case Word::KingThroughCheck: rules.king_through_check = any_switch = true; break;
        }
    }
    // "Dynamo orthodox" says two things at once: which is meant is not ours to guess.
    if (orthodox_word && count > 1) return fail(RulesError::Kind::OrthodoxAlone);
    if (any_switch && !dynamo) return fail(RulesError::Kind::SwitchesNeedDynamo);
    if (dynamo) rules.variant = RuleSet::Variant::Dynamo;
    return rules;
}

Message rules_said(const RulesError& error) {
    using K = RulesError::Kind;
    switch (error.kind) {
    case K::UnknownWord:
        return Message(
            Phrase::RuleWordUnknown,
            {error.word, or_list({"Dynamo", "NoStationaryPull", "StrictCastling", "UndoDynamoOnly",
                                  "KingThroughCheck", "vchess", "orthodox"})});
    case K::AmbiguousWord: return Message(Phrase::RuleWordAmbiguous, {error.word});
    case K::OrthodoxAlone: return Phrase::OrthodoxAlone;
    case K::SwitchesNeedDynamo: return Phrase::SwitchesNeedDynamo;
    }
    return error.text();
}

} // namespace dynamo
