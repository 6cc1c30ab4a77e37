// Moves read back from text (docs/format.md, "2. Move notation"), the reverse of
// format/base/notation.h.
#pragma once

#include "format/base/language.h"
#include "solver/board/position.h"

#include <string>
#include <string_view>
#include <vector>

namespace dynamo {

// Reads a move written in any of the four languages and finds it among the legal moves of
// `pos`. Forgiving where it cannot be ambiguous: N or S for the knight, 0-0 or O-O, a missing
// '-', a check/mate suffix (ignored, also before the slash), the passive piece's letter left out,
// orthodox captures written with 'x' or '-'; a promotion left out is ambiguous. The letters are
// read in `lang` first; failing that, a reading in another language that names exactly one legal
// move is taken. A move written as another way with the same result (docs/rules.md, "3.5 A move
// is what it does": `Ke1/e2-e3` is `e2-e3`) is that move, if the way is one the piece can play.
// On failure returns Move::none() and sets `error` to a message naming the move and the
// position (ambiguous, illegal, or unreadable).
Move parse_move(const Position& pos, std::string_view text, std::string* error,
                Language lang = Language::English);

// The moves of a game or line written PGN-like, one string each: move numbers ("1.", "1...",
// also glued to the move: "1.Dd1-d3/d2-d6"), results ("1-0"), comments in braces or after ';',
// tag pairs in brackets, variations in parentheses (PGN's RAV), NAGs ("$1") and annotations
// written apart ("!?") are dropped; an "ep." written apart is joined to its move.
std::vector<std::string> split_moves(std::string_view text);

} // namespace dynamo
