#include "format/input/reader/words.h"

#include "format/base/notation.h"

#include <algorithm>
#include <cstdio>

namespace dynamo::reader {

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = lower_char(c);
    return r;
}

bool iequal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (lower_char(a[i]) != lower_char(b[i])) return false;
    return true;
}

bool is_prefix_of(std::string_view token, std::string_view word) {
    return !token.empty() && token.size() <= word.size() &&
           iequal(token, word.substr(0, token.size()));
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

std::string quoted(std::string_view s) {
    constexpr size_t MAX = 40;
    std::string r = "'";
    for (size_t i = 0; i < std::min(s.size(), MAX); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f) {
            r += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            r += buf;
        }
    }
    if (s.size() > MAX) r += "...";
    return r + "'";
}

Message one_of(const std::vector<std::string_view>& words) {
    return or_list(std::vector<std::string>(words.begin(), words.end()));
}

std::optional<Square> square_at(std::string_view s, size_t i) {
    if (i + 2 > s.size()) return std::nullopt;
    char f = lower_char(s[i]), r = s[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    return make_square(f - 'a', r - '1');
}

bool parse_squares(std::string_view s, std::vector<Square>& out, size_t* bad) {
    if (s.empty()) {
        if (bad) *bad = 0;
        return false;
    }
    std::vector<Square> squares;
    for (size_t i = 0; i < s.size(); i += 2) {
        auto sq = square_at(s, i);
        if (!sq) {
            if (bad) *bad = i;
            return false;
        }
        squares.push_back(*sq);
    }
    out.insert(out.end(), squares.begin(), squares.end());
    return true;
}

bool is_square_list(std::string_view s) {
    if (s.empty() || s.size() % 2) return false;
    for (size_t i = 0; i < s.size(); i += 2)
        if (!square_at(s, i)) return false;
    return true;
}

bool is_piece_shaped(std::string_view s) {
    if (s.size() >= 3 && s.size() % 2 == 1) return is_alpha(s[0]) && is_square_list(s.substr(1));
    return s.size() >= 4 && is_alnum(s[0]) && is_alnum(s[1]) && is_square_list(s.substr(2));
}

std::string piece_text(Piece p, Square s) {
    constexpr std::string_view LETTERS = " PSBRQK";
    return std::string(1, color_of(p) == WHITE ? 'w' : 'b') + LETTERS[type_of(p)] + square_name(s);
}

} // namespace dynamo::reader
