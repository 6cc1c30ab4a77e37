// Check detection, one function per rule set. Both read only a Placement, so the generators can
// ask "would this side be in check" of a placement that is not the current position's.
#pragma once

#include "solver/board/placement.h"

namespace dynamo {

// Dynamo (docs/rules.md, 4.1 What check means): the opponent has a push or pull that takes c's king
// off the board.
bool dynamo_in_check(const Placement& p, Color c);

// The squares whose contents decide whether a king on k is in check under Dynamo rules: the
// whole lines through k (both the rider's side and the edge behind the king count), and the
// leaper and pawn squares around it. A change elsewhere never gives or removes check.
Bitboard king_relevant_squares(Square k);

// Dynamo: the squares from which an enemy knight, king or pawn (pt) pushes the king of colour c,
// on k, off the board (none for the riders, whose checks depend on the lines).
Bitboard dynamo_leaper_checks(Square k, Color c, PieceType pt);

// Orthodox: squares of pieces of colour `by` that attack s. (Inline: the generators and the
// last-move searches ask it of every king step.)
inline Bitboard orthodox_attackers(const Placement& p, Square s, Color by, Bitboard occupied) {
    Bitboard theirs = p.by_color[by];
    return ((geometry::pawn_captures[~by][s] & p.by_type[PAWN]) |
            (geometry::knight_steps[s] & p.by_type[KNIGHT]) |
            (geometry::king_steps[s] & p.by_type[KING]) |
            (rook_attacks(s, occupied) & (p.by_type[ROOK] | p.by_type[QUEEN])) |
            (bishop_attacks(s, occupied) & (p.by_type[BISHOP] | p.by_type[QUEEN]))) &
           theirs;
}
inline bool orthodox_in_check(const Placement& p, Color c) {
    Bitboard king = p.pieces(c, KING);
    return king && orthodox_attackers(p, lsb(king), ~c, p.occupied());
}

} // namespace dynamo
