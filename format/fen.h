// FEN in and out. Six fields (board, side, castling, en passant, halfmove, fullmove); the last
// four may be left out. Under Dynamo the en passant field is read but ignored.
#pragma once

#include "solver/position.h"

#include <string>
#include <string_view>

namespace dynamo {

// Reads a FEN into `pos` under `rules`. On failure returns false and sets `error` to a message
// naming the field and what is wrong; `pos` is then unspecified.
bool parse_fen(std::string_view fen, const RuleSet& rules, Position& pos, std::string* error);

// Reads the board field alone (e.g. the placement before the opponent's last move, --prev).
bool parse_board(std::string_view board, Placement& placement, std::string* error);

std::string board_field(const Placement& placement);
std::string to_fen(const Position& pos);

inline constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace dynamo
