// The order in which Popeye generates and plays moves: what `--order popeye` sorts a solution by,
// and what decides which keys MaxSolutions keeps (Popeye stops at its N-th key).
#pragma once

#include "solver/analysis/solution.h"
#include "solver/rules/movegen.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <cstdint>
#include <vector>

namespace dynamo {

// Where Popeye plays a move among its siblings: smaller first. Popeye generates the moving
// side's pieces from h8 to a1 (rank by rank, h to a), each piece's moves by direction in its
// vector order (riders near to far), and plays them from the last generated back to the first;
// promotions then follow in the order Q, S, R, B. An attacker's last move to a mate (`mating`)
// comes from a generator of its own, which scans a1 to h8 (so h8's piece is played first) and
// orders a pawn's moves differently.
uint32_t popeye_rank(const Position& pos, Move m, bool mating);

// A help line's moves' places, ply by ply (the attacker's last move to a mate from the mating-move
// generator; a ser-h#'s defender moves in a row, the attacker passing): lines compare as these
// vectors do, in Popeye's order.
std::vector<uint32_t> popeye_line_ranks(const Position& diagram, const Stipulation& stip,
                                        const std::vector<Move>& moves, bool series);

// Whether a help line comes before another in Popeye's order, by their popeye_line_ranks: the
// shorter first (hs#, ser-h#: shorter lines are written first), then move by move.
bool popeye_line_before(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);

// The first moves' indices in the order Popeye examines them (orthodox rules; under Dynamo
// rules, which Popeye does not play, the list's own order).
std::vector<int> popeye_first_move_order(const Position& diagram, const Stipulation& stip,
                                         const std::vector<Move>& first_moves);

// Popeye's MoveNumbers: the moves Popeye tries first in `diagram` (its side to move), in its
// order. Every move of the pieces, legal or not (Popeye numbers a move before it tests whether
// it leaves the mover's king in check; castling only when legal); from the mating-move
// generator, which only checks, when that first move is the last one to a mate (#1, h#0.5).
// Orthodox rules; under Dynamo rules, none.
std::vector<TriedMove> popeye_tried_moves(const Position& diagram, const Stipulation& stip);

} // namespace dynamo
