// Orthodox (FIDE) legal moves into a MoveList; the generator itself is in lazy_movegen.h.

#include "solver/rules/check.h"
#include "solver/rules/lazy_movegen.h"
#include "solver/rules/movegen.h"

namespace dynamo {

// The one orthodox generator (lazy_movegen.h), every move collected in generation order.
void generate_orthodox(const Position& pos, MoveList& list) {
    list.clear();
    lazy::visit_orthodox(pos, [&list](Move m) {
        list.push_back(m);
        return false;
    });
}

void generate_legal(const Position& pos, MoveList& list) {
    if (pos.rules().is_dynamo()) generate_dynamo(pos, list);
    else generate_orthodox(pos, list);
}

bool has_legal_move(const Position& pos) {
    return pos.rules().is_dynamo() ? dynamo_has_legal_move(pos) : lazy::orthodox_has_move(pos);
}

namespace {

// A plain move or capture (no castling, en passant or promotion) as the generator encodes it:
// whether it is legal, decided from the move's own geometry and the king's safety after it.
// (Killers are tested at every defence node: the restricted visit costs several times more.)
bool is_legal_plain(const Position& pos, Move m, Piece pc) {
    const Color us = pos.side_to_move();
    const Square from = m.active_from(), to = m.active_to();
    const Piece target = pos.piece_on(to);
    // The generator writes a capture as a passive piece taken off from the square it lands on.
    if (m.has_passive() ? m.passive_from() != to || m.passive_to() != SQ_OUT ||
                              target == NO_PIECE || color_of(target) == us
                        : target != NO_PIECE)
        return false;
    const Bitboard occ = pos.pieces(), tb = square_bb(to);
    switch (type_of(pc)) {
    case PAWN: {
        if (relative_rank(us, to) == 7) return false; // a promotion without its piece
        const int fwd = pawn_push(us);
        if (target != NO_PIECE) {
            if (!(geometry::pawn_captures[us][from] & tb)) return false;
        } else if (int(to) != int(from) + fwd &&
                   (relative_rank(us, from) != 1 || int(to) != int(from) + 2 * fwd ||
                    !pos.empty(Square(int(from) + fwd))))
            return false;
        break;
    }
    case KNIGHT: if (!(geometry::knight_steps[from] & tb)) return false; break;
    case BISHOP: if (!(bishop_attacks(from, occ) & tb)) return false; break;
    case ROOK: if (!(rook_attacks(from, occ) & tb)) return false; break;
    case QUEEN: if (!(queen_attacks(from, occ) & tb)) return false; break;
    case KING:
        if (!(geometry::king_steps[from] & tb)) return false;
        return !orthodox_attackers(pos.placement(), to, ~us, occ ^ square_bb(from));
    default: return false;
    }
    return !orthodox_in_check(pos.placement_after(m), us);
}

} // namespace

bool is_legal_way(const Position& pos, Move m) {
    if (pos.rules().is_dynamo()) return dynamo_is_legal_way(pos, m);
    if (m.is_none() || m.active_to() == SQ_OUT || pos.empty(m.active_from())) return false;
    Piece pc = pos.piece_on(m.active_from());
    if (color_of(pc) != pos.side_to_move()) return false;
    if (m.special() == Move::NORMAL && !m.promotion()) return is_legal_plain(pos, m, pc);
    // Only the moves of m's piece type to m's square are visited (and the few the restriction
    // always lets through: promotions, castling, en passant).
    Bitboard only[PIECE_TYPE_NB] = {};
    only[type_of(pc)] = square_bb(m.active_to());
    return lazy::visit_orthodox_restricted(pos, only, 0, [m](Move v) { return v == m; });
}

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }

bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

} // namespace dynamo
