#include "solver/rules/legality.h"

#include <algorithm>

namespace dynamo {

namespace {

// Material a game can leave. Pieces leave the board (captured, or pushed out in Dynamo) but
// never enter it, so each piece beyond the initial ones is a promoted pawn, one pawn fewer.
// Bishops count by number only: a second bishop on squares of one colour also stands for a
// promotion, which is not checked (the count alone never calls a legal position illegal).
std::optional<std::string> material_reason(const Position& pos, Color c, const char* name) {
    const std::string side = name;
    int men = popcount(pos.pieces(c));
    if (men > 16) return std::to_string(men) + " " + side + " men (at most 16)";
    int pawns = popcount(pos.pieces(c, PAWN));
    if (pawns > 8) return std::to_string(pawns) + " " + side + " pawns (at most 8)";
    auto extra = [&](PieceType pt, int initial) {
        return std::max(0, popcount(pos.pieces(c, pt)) - initial);
    };
    int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
    if (promoted > 8 - pawns)
        return std::to_string(promoted) + " promoted " + side + " pieces with " +
               std::to_string(pawns) + " " + side + " pawns (at most " + std::to_string(8 - pawns) +
               ")";
    return std::nullopt;
}

} // namespace

std::optional<std::string> illegal_reason(const Position& pos) {
    const char* names[COLOR_NB] = {"white", "black"};
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pos.pieces(c, KING));
        if (kings == 0) return std::string("no ") + names[c] + " king";
        if (kings > 1) return std::to_string(kings) + " " + names[c] + " kings";
    }
    Bitboard white_last = rank_bb(7), black_last = rank_bb(0);
    if ((pos.pieces(WHITE, PAWN) & white_last) || (pos.pieces(BLACK, PAWN) & black_last))
        return "a pawn on its promotion rank";
    if (!pos.rules().is_dynamo() &&
        ((pos.pieces(WHITE, PAWN) & black_last) || (pos.pieces(BLACK, PAWN) & white_last)))
        return "a pawn on its own first rank";
    for (Color c : {WHITE, BLACK})
        if (auto reason = material_reason(pos, c, names[c])) return reason;
    if (pos.in_check(~pos.side_to_move()))
        return std::string("the side not to move (") + names[~pos.side_to_move()] + ") is in check";
    return std::nullopt;
}

std::optional<std::string> illegal_reason(const Placement& placement, Color side, const RuleSet& rules) {
    Position pos;
    pos.set_rules(rules);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = placement.piece_on(Square(s))) pos.put_piece(p, Square(s));
    pos.set_side_to_move(side);
    pos.finish_setup();
    return illegal_reason(pos);
}

} // namespace dynamo
