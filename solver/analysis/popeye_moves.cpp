#include "solver/analysis/popeye_moves.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace dynamo {

namespace {

// Popeye's line vectors in its order (pieces/walks/vectors.c): E, N, W, S, NW, NE, SE, SW, then
// the knight's eight leaps.
constexpr int VEC_FILE[16] = {1, 0, -1, 0, -1, 1, 1, -1, -2, -1, 1, 2, 2, 1, -1, -2};
constexpr int VEC_RANK[16] = {0, 1, 0, -1, 1, 1, -1, -1, 1, 2, 2, 1, -1, -2, -2, -1};

int sign(int x) { return (x > 0) - (x < 0); }

// The index of the vector (first: the line directions, then the knight's), or 16.
int vector_index(int df, int dr, bool knight) {
    if (!knight) {
        df = sign(df);
        dr = sign(dr);
    }
    for (int i = knight ? 8 : 0; i < (knight ? 16 : 8); ++i)
        if (VEC_FILE[i] == df && VEC_RANK[i] == dr) return i;
    return 16;
}

// The move's place among its piece's moves in Popeye's generation (not play) order.
int generation_index(const Position& pos, Move m, bool mating) {
    Square from = m.active_from(), to = m.active_to();
    int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    switch (type_of(pos.piece_on(from))) {
    case PAWN: {
        bool capture = df != 0;
        if (mating) { // en passant right, left; the step(s); captures left, right
            if (m.is_en_passant()) return df > 0 ? 0 : 1;
            if (!capture) return std::abs(dr) == 1 ? 2 : 3;
            return df < 0 ? 4 : 5;
        }
        if (capture) return df < 0 ? 0 : 1; // captures (en passant too) left, right; the step(s)
        return std::abs(dr) == 1 ? 2 : 3;
    }
    case KING:
        if (m.is_castling()) return df > 0 ? 9 : 10; // after the king's steps: 0-0, then 0-0-0
        return vector_index(df, dr, false) + 1;
    case KNIGHT: return vector_index(df, dr, true) + 1;
    default: // riders: by direction, near to far
        return (vector_index(df, dr, false) + 1) * 8 + std::max(std::abs(df), std::abs(dr));
    }
}

int promotion_index(PieceType p) {
    switch (p) {
    case KNIGHT: return 1;
    case ROOK: return 2;
    case BISHOP: return 3;
    default: return 0; // queen, or none
    }
}

// Every move of the side to move whatever it does to its own king's safety: the legal moves
// with the king replaced by a blocker (an enemy knight, not to be taken), then the king's steps
// and its legal castlings.
std::vector<Move> pseudo_legal_moves(const Position& pos) {
    MoveList legal;
    generate_orthodox(pos, legal);
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(us);
    if (king == SQ_NONE) return std::vector<Move>(legal.begin(), legal.end());
    Position kingless = pos;
    kingless.remove_piece(king);
    kingless.put_piece(make_piece(~us, KNIGHT), king);
    kingless.set_castling(CastlingRights{});
    kingless.finish_setup();
    MoveList others;
    generate_orthodox(kingless, others);
    std::vector<Move> moves;
    for (Move m : others) // (not onto the king's own square)
        if (m.active_to() != king) moves.push_back(m);
    for (Bitboard b = geometry::king_steps[king] & ~pos.pieces(us); b;) {
        const Square to = pop_lsb(b);
        moves.push_back(pos.empty(to) ? Move::plain(king, to) : Move::dynamo(king, to, to, SQ_OUT));
    }
    for (Move m : legal)
        if (m.is_castling()) moves.push_back(m);
    return moves;
}

} // namespace

std::vector<TriedMove> popeye_tried_moves(const Position& diagram, const Stipulation& stip) {
    if (diagram.rules().is_dynamo()) return {};
    // The first move is the last one to a mate: Popeye's mating-move generator, only checks.
    const bool mating = stip.goal == Stipulation::Goal::Mate &&
                        ((stip.kind == Stipulation::Kind::Direct && stip.moves == 1) ||
                         (stip.kind == Stipulation::Kind::Help && stip.moves == 0 && stip.half));
    Position pos = diagram;
    const Color them = ~pos.side_to_move();
    std::vector<std::pair<uint32_t, TriedMove>> ranked;
    for (Move m : pseudo_legal_moves(diagram)) {
        pos.make(m);
        const bool check = pos.in_check(them);
        // A king next to the other is in check too (a king stepping there is illegal).
        const Square k1 = pos.king_square(WHITE), k2 = pos.king_square(BLACK);
        const bool kings_touch =
            k1 != SQ_NONE && k2 != SQ_NONE && (geometry::king_steps[k1] & square_bb(k2)) != 0;
        pos.unmake();
        // (The mating-move generator gives a king step only for a discovered check.)
        const bool king_step = type_of(diagram.piece_on(m.active_from())) == KING;
        if (!mating || (check && !(king_step && kings_touch)))
            ranked.push_back({popeye_rank(diagram, m, mating), {m, check || kings_touch}});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<TriedMove> tried;
    for (const auto& r : ranked) tried.push_back(r.second);
    return tried;
}

uint32_t popeye_rank(const Position& pos, Move m, bool mating) {
    int sq = m.active_from();
    uint32_t square_rank = mating ? uint32_t(63 - sq) : uint32_t(sq);
    uint32_t played = uint32_t(255 - generation_index(pos, m, mating)); // last generated first
    return square_rank << 16 | played << 8 | uint32_t(promotion_index(m.promotion()));
}

std::vector<uint32_t> popeye_line_ranks(const Position& diagram, const Stipulation& stip,
                                        const std::vector<Move>& moves, bool series) {
    Position pos = diagram;
    std::vector<uint32_t> ranks;
    for (size_t i = 0; i < moves.size(); ++i) {
        const bool last = i + 1 == moves.size();
        // (hs#: the defender's last move is no mating move generated by the attacker.)
        const bool mating = last && stip.goal == Stipulation::Goal::Mate &&
                            stip.kind != Stipulation::Kind::HelpSelf;
        ranks.push_back(popeye_rank(pos, moves[i], mating));
        pos.make(moves[i]);
        if (series && i + 2 < moves.size()) pos.make_null(); // White passes
    }
    return ranks;
}

bool popeye_line_before(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
}

std::vector<int> popeye_first_move_order(const Position& diagram, const Stipulation& stip,
                                         const std::vector<Move>& first_moves) {
    std::vector<int> order(first_moves.size());
    std::iota(order.begin(), order.end(), 0);
    if (diagram.rules().is_dynamo()) return order;
    // A direct one-mover's moves come from Popeye's mating-move generator.
    const bool mating = stip.kind == Stipulation::Kind::Direct && stip.moves == 1;
    std::vector<uint32_t> rank(first_moves.size());
    for (size_t i = 0; i < first_moves.size(); ++i) rank[i] = popeye_rank(diagram, first_moves[i], mating);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return rank[size_t(a)] < rank[size_t(b)]; });
    return order;
}

} // namespace dynamo
