// Orthodox (FIDE) legal moves into a MoveList; the generator itself is in lazy_movegen.h.

#include "lazy_movegen.h"
#include "movegen.h"

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

bool is_legal_way(const Position& pos, Move m) {
    if (pos.rules().is_dynamo()) return dynamo_is_legal_way(pos, m);
    if (m.is_none() || m.active_to() == SQ_OUT || pos.empty(m.active_from())) return false;
    Piece pc = pos.piece_on(m.active_from());
    if (color_of(pc) != pos.side_to_move()) return false;
    // Only the moves of m's piece type to m's square are visited (and the few the restriction
    // always lets through: promotions, castling, en passant).
    Bitboard only[PIECE_TYPE_NB] = {};
    only[type_of(pc)] = square_bb(m.active_to());
    return lazy::visit_orthodox_restricted(pos, only, 0, [m](Move v) { return v == m; });
}

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }

bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

} // namespace dynamo
