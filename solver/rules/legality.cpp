#include "solver/rules/legality.h"

#include <algorithm>

namespace dynamo {

namespace {

// Material a game can leave. Pieces leave the board (captured, or pushed out in Dynamo) but
// never enter it, so each piece beyond the initial ones is a promoted pawn, one pawn fewer.
// Bishops count by number only: a second bishop on squares of one colour also stands for a
// promotion, which is not checked (the count alone never calls a legal position illegal).
std::optional<IllegalCause> material_cause(const Position& pos, Color c) {
    using K = IllegalCause::Kind;
    int men = popcount(pos.pieces(c));
    if (men > 16) return IllegalCause{K::Men, c, men, 0};
    int pawns = popcount(pos.pieces(c, PAWN));
    if (pawns > 8) return IllegalCause{K::Pawns, c, pawns, 0};
    auto extra = [&](PieceType pt, int initial) {
        return std::max(0, popcount(pos.pieces(c, pt)) - initial);
    };
    int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
    if (promoted > 8 - pawns) return IllegalCause{K::Promoted, c, promoted, pawns};
    return std::nullopt;
}

} // namespace

std::string IllegalCause::text() const {
    const std::string name = side == WHITE ? "white" : "black";
    const std::string n = std::to_string(count);
    switch (kind) {
    case Kind::NoKing: return "no " + name + " king";
    case Kind::Kings: return n + " " + name + " kings";
    case Kind::PawnOnPromotionRank: return "a pawn on its promotion rank";
    case Kind::PawnOnFirstRank: return "a pawn on its own first rank";
    case Kind::Men: return n + " " + name + " men (at most 16)";
    case Kind::Pawns: return n + " " + name + " pawns (at most 8)";
    case Kind::Promoted:
        return n + " promoted " + name + " pieces with " + std::to_string(pawns) + " " + name +
               " pawns (at most " + std::to_string(8 - pawns) + ")";
    case Kind::NotToMoveInCheck: return "the side not to move (" + name + ") is in check";
    }
    return {};
}

std::optional<IllegalCause> illegal_cause(const Position& pos) {
    using K = IllegalCause::Kind;
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pos.pieces(c, KING));
        // NoWk, NoBk: orthodox only (Dynamo's generator assumes the kings).
        const bool kingless = pos.rules().kingless(c) && !pos.rules().is_dynamo();
        if (kings == 0 && !kingless) return IllegalCause{K::NoKing, c, 0, 0};
        if (kings > 1) return IllegalCause{K::Kings, c, kings, 0};
    }
    Bitboard white_last = rank_bb(7), black_last = rank_bb(0);
    if ((pos.pieces(WHITE, PAWN) & white_last) || (pos.pieces(BLACK, PAWN) & black_last))
        return IllegalCause{K::PawnOnPromotionRank};
    if (!pos.rules().is_dynamo() &&
        ((pos.pieces(WHITE, PAWN) & black_last) || (pos.pieces(BLACK, PAWN) & white_last)))
        return IllegalCause{K::PawnOnFirstRank};
    for (Color c : {WHITE, BLACK})
        if (auto cause = material_cause(pos, c)) return cause;
    if (pos.in_check(~pos.side_to_move()))
        return IllegalCause{K::NotToMoveInCheck, ~pos.side_to_move(), 0, 0};
    return std::nullopt;
}

std::optional<IllegalCause> illegal_cause(const Placement& placement, Color side,
                                          const RuleSet& rules) {
    Position pos;
    pos.set_rules(rules);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = placement.piece_on(Square(s))) pos.put_piece(p, Square(s));
    pos.set_side_to_move(side);
    pos.finish_setup();
    return illegal_cause(pos);
}

std::optional<std::string> illegal_reason(const Position& pos) {
    if (auto cause = illegal_cause(pos)) return cause->text();
    return std::nullopt;
}

std::optional<std::string> illegal_reason(const Placement& placement, Color side,
                                          const RuleSet& rules) {
    if (auto cause = illegal_cause(placement, side, rules)) return cause->text();
    return std::nullopt;
}

} // namespace dynamo
