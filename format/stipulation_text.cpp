#include "stipulation_text.h"

#include <cctype>

namespace dynamo {

bool parse_stipulation(std::string_view text, Stipulation& stip, std::string* error) {
    auto fail = [&](const std::string& msg) {
        if (error) *error = msg;
        return false;
    };
    std::string t;
    for (char c : text) t += char(std::tolower(static_cast<unsigned char>(c)));
    Stipulation s;
    size_t i = 0;
    if (t.starts_with("s")) s.kind = Stipulation::Kind::Self, i = 1;
    else if (t.starts_with("h")) s.kind = Stipulation::Kind::Help, i = 1;
    if (i < t.size() && t[i] == '#') s.goal = Stipulation::Goal::Mate;
    else if (i < t.size() && t[i] == '=') s.goal = Stipulation::Goal::Stalemate;
    else
        return fail("expected a stipulation (#N, s#N, h#N, h#N.5), found '" + std::string(text) + "'");
    ++i;
    size_t digits = i;
    while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    if (digits == i)
        return fail("expected the number of moves after '" + t.substr(0, i) + "', found '" +
                    std::string(text) + "'");
    if (digits - i > 3) return fail("stipulation '" + std::string(text) + "' is too long (at most 99 moves)");
    s.moves = std::stoi(t.substr(i, digits - i));
    if (s.moves < 1) return fail("stipulation '" + std::string(text) + "' needs at least 1 move");
    if (s.moves > 99) return fail("stipulation '" + std::string(text) + "' is too long (at most 99 moves)");
    std::string rest = t.substr(digits);
    if (rest == ".5" && s.kind == Stipulation::Kind::Help) s.half = true;
    else if (!rest.empty())
        return fail("unexpected '" + rest + "' after the stipulation '" + t.substr(0, digits) + "'");
    s.text = t.substr(0, i) + std::to_string(s.moves) + (s.half ? ".5" : "");
    stip = s;
    return true;
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
