#include "format/base/language.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace dynamo {

namespace {
//                                     -    P    S    B    R    Q    K
constexpr char LETTERS[4][7] = {{' ', 'P', 'S', 'B', 'R', 'Q', 'K'},
                                {' ', 'B', 'S', 'L', 'T', 'D', 'K'},
                                {' ', 'P', 'C', 'F', 'T', 'D', 'R'},
                                {' ', 'P', 'C', 'A', 'T', 'D', 'R'}};
} // namespace

bool parse_language(std::string_view text, Language& lang) {
    std::string t(text);
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
    if (t == "en" || t == "english")
        lang = Language::English;
    else if (t == "de" || t == "german")
        lang = Language::German;
    else if (t == "fr" || t == "french")
        lang = Language::French;
    else if (t == "it" || t == "italian")
        lang = Language::Italian;
    else
        return false;
    return true;
}

char piece_letter(PieceType pt, Language lang) { return LETTERS[int(lang)][pt]; }

} // namespace dynamo
