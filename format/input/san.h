// Short algebraic notation (SAN) and PGN tags, as orthodox games are written: `Nf3`, `exd5`,
// `Rad1`, `N1c3`, `Qh4xe1`, `e8=Q`, `O-O-O+`. `replay` reads it for orthodox games.
#pragma once

#include "solver/board/position.h"

#include <string>
#include <string_view>

namespace dynamo {

// Reads a move in SAN (English letters, as PGN has them; `S` is taken for the knight too) and
// finds it among the legal moves: the piece letter (none for a pawn), as much of the starting
// square as tells it from its twins, `x` for a capture, the square reached, `=Q` (or `Q`) for a
// promotion; check and annotation signs are ignored. Castling as `O-O` or `0-0`. Orthodox rules
// only: a Dynamo move needs its passive part. On failure returns Move::none() and sets `error`
// ("cannot read ...", "illegal ...", "ambiguous ... matches ...").
Move parse_san(const Position& pos, std::string_view text, std::string* error);

// The value of a PGN tag pair `[Name "value"]` in `text` (the first with that name), or "".
std::string pgn_tag(std::string_view text, std::string_view name);

} // namespace dynamo
