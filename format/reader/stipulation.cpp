// stipulation: #N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N, hs#N (the same in every input
// language).

#include "reader.h"

#include "format/stipulation_text.h"

namespace dynamo::reader {

namespace {

constexpr int STIPULATION_MAX = 99;
constexpr std::string_view STIPULATIONS_EXPECTED =
    "#N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N or hs#N";

} // namespace

Stipulation Reader::read_stipulation() {
    Token t = lex_.next();
    if (t.eof())
        fail(t, "expected a stipulation (" + std::string(STIPULATIONS_EXPECTED) +
                    ") after 'stipulation', found end of file");
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
            fail(t, "stipulation " + q + " is not supported (supported: " +
                        std::string(STIPULATIONS_EXPECTED) + ")");
        fail(t, "expected a stipulation (" + std::string(STIPULATIONS_EXPECTED) + "), found " + q);
    }
    const std::string head = s.substr(0, i);
    std::string_view rest = std::string_view(s).substr(i);
    if (rest.empty())
        fail(t, "missing number of moves in stipulation " + q + " (expected e.g. " + head + "2)");
    if (rest[0] == '-' && all_digits(rest.substr(1)))
        fail(t, "the number of moves must be at least 1, found " + quoted(rest) +
                    " in stipulation " + q);
    size_t digits = 0;
    while (digits < rest.size() && is_digit(rest[digits])) ++digits;
    if (digits == 0) {
        if (is_digit(s.back())) // another goal after the first: #=2, ##2, ...
            fail(t, "stipulation " + q + " is not supported (supported: " +
                        std::string(STIPULATIONS_EXPECTED) + ")");
        fail(t, "expected a number of moves after '" + head + "', found " + quoted(rest) +
                    " in stipulation " + q);
    }
    std::string_view number = rest.substr(0, digits), suffix = rest.substr(digits);
    if (!suffix.empty() && suffix != ".5") {
        if (suffix[0] == '.')
            fail(t, "expected '.5' after the number of moves, found " + quoted(suffix) +
                        " in stipulation " + q);
        fail(t, "expected a number of moves after '" + head + "', found " + quoted(rest) +
                    " in stipulation " + q);
    }
    if (suffix == ".5" && !st.halvable())
        fail(t, "'.5' is only for help play (h#N.5, hs#N.5), found " + q);
    while (number.size() > 1 && number[0] == '0') number.remove_prefix(1);
    if (number.size() > 2 || std::stoi(std::string(number)) > STIPULATION_MAX)
        fail(t, "stipulation " + q + " is too long (at most " + std::to_string(STIPULATION_MAX) +
                    " moves)");
    st.moves = std::stoi(std::string(number));
    if (st.moves == 0 && suffix != ".5") // h#0.5 is White's mating move alone, hs#0.5 Black's
        fail(t, "the number of moves must be at least 1, found '0' in stipulation " + q);
    st.half = suffix == ".5";
    st.text = head + std::to_string(st.moves) + (st.half ? ".5" : "");
    return st;
}

} // namespace dynamo::reader
