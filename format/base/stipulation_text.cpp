#include "format/base/stipulation_text.h"

#include <cctype>

namespace dynamo {

bool parse_stipulation(std::string_view text, Stipulation& stip, std::string* error) {
    Message said;
    if (parse_stipulation_said(text, stip, &said)) return true;
    if (error) *error = said.text();
    return false;
}

bool parse_stipulation_said(std::string_view text, Stipulation& stip, Message* error) {
    auto fail = [&](Message msg) {
        if (error) *error = std::move(msg);
        return false;
    };
    const std::string given(text);
    const std::string quoted = "'" + given + "'";
    std::string t;
    for (char c : text) t += char(std::tolower(static_cast<unsigned char>(c)));
    Stipulation s;
    size_t i = parse_stipulation_head(t, s);
    if (i == 0)
        return fail(Message(Phrase::ExpectedStipulation,
                            {"#N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N, hs#N", quoted}));
    size_t digits = i;
    while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    if (digits == i) return fail(Message(Phrase::ExpectedMovesAfter, {t.substr(0, i), given}));
    if (digits - i > 3) return fail(Message(Phrase::StipulationTooLong, {quoted, "99"}));
    s.moves = std::stoi(t.substr(i, digits - i));
    if (s.moves > 99) return fail(Message(Phrase::StipulationTooLong, {quoted, "99"}));
    std::string rest = t.substr(digits);
    if (rest == ".5" && s.halvable())
        s.half = true;
    else if (!rest.empty())
        return fail(Message(Phrase::UnexpectedAfterStipulation, {rest, t.substr(0, digits)}));
    // h#0.5: White's mating move alone (WhiteToPlay on h#1 writes it so).
    if (s.moves < 1 && !s.half) return fail(Message(Phrase::StipulationNeedsMove, {given}));
    s.text = t.substr(0, i) + std::to_string(s.moves) + (s.half ? ".5" : "");
    stip = s;
    return true;
}

size_t parse_stipulation_head(std::string_view t, Stipulation& s) {
    using Kind = Stipulation::Kind;
    size_t i = 0;
    // Longest prefix first: "ser-h" before "s", "hs" before "h".
    if (t.starts_with("ser-h"))
        s.kind = Kind::SeriesHelp, i = 5;
    else if (t.starts_with("hs"))
        s.kind = Kind::HelpSelf, i = 2;
    else if (t.starts_with("s"))
        s.kind = Kind::Self, i = 1;
    else if (t.starts_with("h"))
        s.kind = Kind::Help, i = 1;
    else if (t.starts_with("r"))
        s.kind = Kind::Reflex, i = 1;
    else
        s.kind = Kind::Direct;
    if (i < t.size() && t[i] == '#')
        s.goal = Stipulation::Goal::Mate;
    else if (i < t.size() && t[i] == '=')
        s.goal = Stipulation::Goal::Stalemate;
    else
        return 0;
    // Popeye's r= (reflex stalemate), ser-h= and hs= are not ours.
    if (s.goal == Stipulation::Goal::Stalemate &&
        (s.kind == Kind::Reflex || s.kind == Kind::SeriesHelp || s.kind == Kind::HelpSelf))
        return 0;
    return i + 1;
}

Stipulation with_length(const Stipulation& stip, int moves, bool half) {
    Stipulation s = stip;
    s.moves = moves;
    s.half = half;
    s.text = stip.text.substr(0, stip.text.find_first_of("0123456789")) + std::to_string(moves) +
             (half ? ".5" : "");
    return s;
}

} // namespace dynamo
