// Move notation of SPEC.md section 2: long algebraic with the dynamo part after a slash,
// piece letters in four languages.
#pragma once

#include "solver/board/position.h"
#include "solver/analysis/solution.h"

#include <string>
#include <string_view>
#include <vector>

namespace dynamo {

enum class Language { English, German, French, Italian };

// Reads "en", "de", "fr", "it" (or the full English names of the languages).
bool parse_language(std::string_view text, Language& lang);
char piece_letter(PieceType pt, Language lang);
std::string square_name(Square s);

// The move as written, without a check/mate suffix.
std::string move_text(const Position& pos, Move m, Language lang = Language::English);

// The one writer of check, mate and stalemate signs, as Popeye spaces them: " +", " #", " =",
// or "" (the solution tree, `moves` and `replay` all use it).
std::string mark_text(MoveMark mark);

// mark_text() of the position after the move (the position is restored).
std::string move_suffix(Position& pos, Move m);

// Reads a move written in any of the four languages (SPEC.md section 2) and finds it among the
// legal moves of `pos`. Forgiving where it cannot be ambiguous: N or S for the knight, 0-0 or
// O-O, a missing '-', a check/mate suffix (ignored, also before the slash), the passive piece's
// letter left out, orthodox captures written with 'x' or '-'; a promotion left out is ambiguous.
// The letters are read in `lang` first; failing that, a reading in another language that names
// exactly one legal move is taken. A move written as another way with the same result (RULES.md
// section 2: `Ke1/e2-e3` is `e2-e3`) is that move, if the way is one the piece can play.
// On failure returns Move::none() and sets `error` to a message naming the move and the
// position (ambiguous, illegal, or unreadable).
Move parse_move(const Position& pos, std::string_view text, std::string* error,
                Language lang = Language::English);

// The moves of a game or line written PGN-like, one string each: move numbers ("1.", "1...",
// also glued to the move: "1.Dd1-d3/d2-d6"), results ("1-0"), comments in braces or after ';',
// tag pairs in brackets, variations in parentheses (PGN's RAV), NAGs ("$1") and annotations
// written apart ("!?") are dropped; an "ep."
// written apart is joined to its move.
std::vector<std::string> split_moves(std::string_view text);

} // namespace dynamo
