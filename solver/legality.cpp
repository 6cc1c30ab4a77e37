#include "legality.h"

namespace dynamo {

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
