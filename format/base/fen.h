// FEN in and out. Six fields (board, side, castling, en passant, halfmove, fullmove); the last
// four may be left out. Under Dynamo the en passant field is read but ignored.
#pragma once

#include "format/base/message.h"
#include "solver/board/position.h"
#include "solver/board/rule_set.h"

#include <string>
#include <string_view>

namespace dynamo {

// The FEN's last two fields, which the position does not keep (they decide no move): the
// half-moves since the last pawn move or capture, and the number of the move to come.
struct MoveCounters {
    int halfmove = 0;
    int fullmove = 1;
    bool operator==(const MoveCounters&) const = default;
};

// The counters after `m` is played in `before`. The half-move clock starts again when a pawn
// moves, is pushed or pulled, or a piece is captured or leaves the board; the move number goes
// on after Black's move.
MoveCounters counters_after(const Position& before, Move m, MoveCounters counters);

// Reads a FEN into `pos` under `rules`, and its counters into `counters` if given (0 and 1 when
// left out). On failure returns false and sets `error` to a message naming the field and what
// is wrong; `pos` is then unspecified.
bool parse_fen(std::string_view fen, const RuleSet& rules, Position& pos, std::string* error,
               MoveCounters* counters = nullptr);
// The same, its error as data (message.h), for the command line's messages in any language.
bool parse_fen_said(std::string_view fen, const RuleSet& rules, Position& pos, Message* error,
                    MoveCounters* counters = nullptr);

// Reads the board field alone (e.g. the placement before the opponent's last move, --prev).
bool parse_board(std::string_view board, Placement& placement, std::string* error);
// The same, its error as data (message.h), for the problem reader's messages in any language.
bool parse_board_said(std::string_view board, Placement& placement, Message* error);

std::string board_field(const Placement& placement);
// The counters written are the ones given: a diagram has none of its own (0 and 1).
std::string to_fen(const Position& pos, const MoveCounters& counters = {});

inline constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace dynamo
