// Move notation of docs/format.md, "2. Move notation": long algebraic with the dynamo part after a
// slash, piece letters in four languages. The writing side; format/input/move_reader.h reads moves
// back.
#pragma once

#include "format/base/language.h"
#include "solver/analysis/solution.h"
#include "solver/board/position.h"

#include <string>

namespace dynamo {

std::string square_name(Square s);

// The move as written, without a check/mate suffix.
std::string move_text(const Position& pos, Move m, Language lang = Language::English);

// The one writer of check, mate and stalemate signs, as Popeye spaces them: " +", " #", " =",
// or "" (the solution tree, `moves` and `replay` all use it).
std::string mark_text(MoveMark mark);

// mark_text() of the position after the move (the position is restored).
std::string move_suffix(Position& pos, Move m);

} // namespace dynamo
