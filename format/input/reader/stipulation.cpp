// stipulation: #N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N, hs#N (the same in every input
// language).

#include "format/input/reader/reader.h"

#include "format/base/stipulation_text.h"

namespace dynamo::reader {

namespace {

constexpr int STIPULATION_MAX = 99;
// "#N, =N, ..., ser-h#N or hs#N", "or" in the message's language.
Message stipulations_expected() {
    return or_list({"#N", "=N", "s#N", "s=N", "r#N", "h#N", "h=N", "h#N.5", "ser-h#N", "hs#N"});
}

} // namespace

Stipulation Reader::read_stipulation() {
    Token t = lex_.next();
    if (t.eof())
        fail(t, Message(Phrase::ExpectedStipulationAfter,
                        {stipulations_expected(), Phrase::EndOfFile, word(Cmd::Stipulation)}));
    return parse_stipulation(t);
}

Stipulation Reader::parse_stipulation(const Token& t) const {
    const std::string s = lower(t.text);
    const std::string q = quoted(t.text);
    Stipulation st;
    size_t i = parse_stipulation_head(s, st);
    if (i == 0) {
        // Popeye's other forms (ser-#5, r#2, hs#3, #=2, dia3.5 ...) end in a number or hold a goal.
        if (is_digit(s.back()) || s.find_first_of("#=") != std::string::npos)
            fail(t, Message(Phrase::StipulationNotSupported, {q, stipulations_expected()}));
        fail(t, Message(Phrase::ExpectedStipulation, {stipulations_expected(), q}));
    }
    const std::string head = s.substr(0, i);
    std::string_view rest = std::string_view(s).substr(i);
    if (rest.empty()) fail(t, Message(Phrase::MissingMoveCount, {q, head + "2"}));
    if (rest[0] == '-' && all_digits(rest.substr(1)))
        fail(t, Message(Phrase::MovesAtLeastOne, {quoted(rest), q}));
    size_t digits = 0;
    while (digits < rest.size() && is_digit(rest[digits])) ++digits;
    if (digits == 0) {
        if (is_digit(s.back())) // another goal after the first: #=2, ##2, ...
            fail(t, Message(Phrase::StipulationNotSupported, {q, stipulations_expected()}));
        fail(t, Message(Phrase::ExpectedMoveCount, {head, quoted(rest), q}));
    }
    std::string_view number = rest.substr(0, digits), suffix = rest.substr(digits);
    if (!suffix.empty() && suffix != ".5") {
        if (suffix[0] == '.') fail(t, Message(Phrase::ExpectedHalf, {quoted(suffix), q}));
        fail(t, Message(Phrase::ExpectedMoveCount, {head, quoted(rest), q}));
    }
    if (suffix == ".5" && !st.halvable()) fail(t, Message(Phrase::HalfOnlyHelp, {q}));
    while (number.size() > 1 && number[0] == '0') number.remove_prefix(1);
    if (number.size() > 2 || std::stoi(std::string(number)) > STIPULATION_MAX)
        fail(t, Message(Phrase::StipulationTooLong, {q, std::to_string(STIPULATION_MAX)}));
    st.moves = std::stoi(std::string(number));
    if (st.moves == 0 && suffix != ".5") // h#0.5 is White's mating move alone, hs#0.5 Black's
        fail(t, Message(Phrase::MovesAtLeastOne, {"'0'", q}));
    st.half = suffix == ".5";
    st.text = head + std::to_string(st.moves) + (st.half ? ".5" : "");
    return st;
}

} // namespace dynamo::reader
