// Move notation of SPEC.md section 2: long algebraic with the dynamo part after a slash,
// piece letters in four languages.
#pragma once

#include "solver/position.h"

#include <string>
#include <string_view>

namespace dynamo {

enum class Language { English, German, French, Italian };

// Reads "en", "de", "fr", "it" (or the full English names of the languages).
bool parse_language(std::string_view text, Language& lang);
char piece_letter(PieceType pt, Language lang);
std::string square_name(Square s);

// The move as written, without a check/mate suffix.
std::string move_text(const Position& pos, Move m, Language lang = Language::English);

// "+", "#", "=" or "" for the position after the move (the position is restored).
std::string move_suffix(Position& pos, Move m);

// Reads a move written in any of the four languages (SPEC.md section 2) and finds it among the
// legal moves of `pos`. Forgiving where it cannot be ambiguous: N or S for the knight, 0-0 or
// O-O, a missing '-', a check/mate suffix (ignored), the passive piece's letter left out.
// On failure returns Move::none() and sets `error` to a message naming the move and the
// position (ambiguous, illegal, or unreadable).
Move parse_move(const Position& pos, std::string_view text, std::string* error);

} // namespace dynamo
