#include "problem.h"

#include <algorithm>

namespace dynamo {

Position problem_position(const Placement& pieces, const Stipulation& stip, const RuleSet& rules,
                          const ProblemOptions& options) {
    Position pos;
    pos.set_rules(rules);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = pieces.piece_on(Square(s))) pos.put_piece(p, Square(s));
    Color first = stip.first_mover();
    if (stip.kind == Stipulation::Kind::Help && options.white_to_play) first = WHITE;
    pos.set_side_to_move(first);

    auto denied = [&](Square s) {
        return std::find(options.no_castling.begin(), options.no_castling.end(), s) !=
               options.no_castling.end();
    };
    CastlingRights cr;
    for (Color c : {WHITE, BLACK}) {
        Square k = castling_home(c, CastlingRights::KING_INDEX);
        if (pos.piece_on(k) != make_piece(c, KING) || denied(k)) continue;
        for (int idx : {CastlingRights::QUEEN_ROOK, CastlingRights::KING_ROOK}) {
            Square r = castling_home(c, idx);
            if (pos.piece_on(r) == make_piece(c, ROOK) && !denied(r)) {
                cr.sq[c][CastlingRights::KING_INDEX] = k;
                cr.sq[c][idx] = r;
            }
        }
    }
    pos.set_castling(cr);
    pos.finish_setup();
    return pos;
}

std::optional<std::string> illegal_reason(const Position& pos) {
    const char* names[COLOR_NB] = {"white", "black"};
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pos.pieces(c, KING));
        if (kings == 0) return std::string("no ") + names[c] + " king";
        if (kings > 1) return std::to_string(kings) + " " + names[c] + " kings";
    }
    if (popcount(pos.pieces()) > 64) return "more than 64 pieces";
    Bitboard white_last = rank_bb(7), black_last = rank_bb(0);
    if ((pos.pieces(WHITE, PAWN) & white_last) || (pos.pieces(BLACK, PAWN) & black_last))
        return "a pawn on its promotion rank";
    if (!pos.rules().is_dynamo() &&
        ((pos.pieces(WHITE, PAWN) & black_last) || (pos.pieces(BLACK, PAWN) & white_last)))
        return "a pawn on its own first rank";
    if (pos.in_check(~pos.side_to_move()))
        return std::string("the side not to move (") + names[~pos.side_to_move()] + ") is in check";
    return std::nullopt;
}

} // namespace dynamo
