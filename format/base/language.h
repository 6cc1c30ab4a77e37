// The four languages of `--lang` and the piece letters each writes (Popeye's: English S for the
// knight, German B S L T D K, French and Italian P C F/A T D R).
#pragma once

#include "solver/board/types.h"

#include <string_view>

namespace dynamo {

enum class Language { English, German, French, Italian };

// Reads "en", "de", "fr", "it" (or the full English names of the languages).
bool parse_language(std::string_view text, Language& lang);
char piece_letter(PieceType pt, Language lang);

} // namespace dynamo
