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

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }

bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

} // namespace dynamo
