// condition: the rule words of its line (format/base/rules_text.h), up to a keyword (Popeye reads
// conditions until a word that is none). The words are the same in every input language.

#include "format/base/rules_text.h"
#include "format/input/reader/reader.h"

namespace dynamo::reader {

namespace {

// "Dynamo, ..., vchess or orthodox", "or" in the message's language.
Message condition_words() {
    return or_list({"Dynamo", "NoStationaryPull", "StrictCastling", "UndoDynamoOnly",
                    "KingThroughCheck", "vchess", "orthodox"});
}

// A word of a condition line: one parse_rules takes (alone it may need Dynamo beside it).
bool is_rule_word(std::string_view word) {
    return parse_rules(word).has_value() || parse_rules("dynamo " + std::string(word)).has_value();
}

} // namespace

std::vector<std::string_view> Reader::read_condition_words(const Token& keyword, bool in_twin) {
    std::vector<std::string_view> words;
    for (;;) {
        const Token& t = lex_.peek();
        if (t.eof() || t.line != keyword.line) break;
        if (is_rule_word(t.text)) {
            words.push_back(lex_.next().text);
            continue;
        }
        if (is_keyword(t, in_twin)) break;
        fail(t, Message(Phrase::UnknownCondition, {quoted(t.text), condition_words()}));
    }
    if (words.empty())
        fail(keyword,
             Message(Phrase::ExpectedCondition, {found_on_line(keyword), word(Cmd::Condition)}));
    return words;
}

void Reader::read_condition(const Token& keyword, bool in_twin, RuleSet& rules, std::string& text) {
    for (auto w : read_condition_words(keyword, in_twin)) {
        if (!text.empty()) text += ' ';
        text += w;
    }
    RulesError error;
    auto parsed = parse_rules(text, &error);
    if (!parsed) fail(keyword, rules_said(error));
    rules = *parsed;
}

} // namespace dynamo::reader
