#include "popeye_order.h"

#include <algorithm>
#include <cstdlib>

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

struct Orderer {
    Stipulation stip;

    // An attacker move that mates at once comes from Popeye's mating-move generator.
    bool mating(int length) const {
        return stip.kind == Stipulation::Kind::Direct && stip.goal == Stipulation::Goal::Mate &&
               length == 1;
    }

    template <class Node, class MatingOf>
    void sort(const Position& pos, std::vector<Node>& nodes, MatingOf mating_of) const {
        std::stable_sort(nodes.begin(), nodes.end(), [&](const Node& a, const Node& b) {
            return popeye_rank(pos, a.move, mating_of(a)) < popeye_rank(pos, b.move, mating_of(b));
        });
    }

    void attacker_moves(Position& pos, std::vector<PlayNode>& nodes) const {
        sort(pos, nodes, [&](const PlayNode& n) { return mating(n.length); });
        for (PlayNode& n : nodes) play(pos, n);
    }

    void defender_moves(Position& pos, std::vector<DefenceNode>& nodes) const {
        sort(pos, nodes, [](const DefenceNode&) { return false; });
        for (DefenceNode& d : nodes) {
            pos.make(d.move);
            attacker_moves(pos, d.continuations);
            pos.unmake();
        }
    }

    // An attacker move made from pos, and what follows it.
    void play(Position& pos, PlayNode& node) const {
        pos.make(node.move);
        if (!node.threats.empty()) {
            pos.make_null();
            attacker_moves(pos, node.threats);
            pos.unmake_null();
        }
        defender_moves(pos, node.defences);
        pos.unmake();
    }

    // The ranks of a helpmate line's moves, ply by ply; the last one mates.
    std::vector<uint32_t> line_ranks(const Position& diagram, const HelpLine& line) const {
        Position pos = diagram;
        std::vector<uint32_t> ranks;
        for (size_t i = 0; i < line.moves.size(); ++i) {
            bool last = i + 1 == line.moves.size();
            ranks.push_back(popeye_rank(pos, line.moves[i], last && stip.goal == Stipulation::Goal::Mate));
            pos.make(line.moves[i]);
            if (line.series && i + 2 < line.moves.size()) pos.make_null(); // White passes
        }
        return ranks;
    }
};

} // namespace

uint32_t popeye_rank(const Position& pos, Move m, bool mating) {
    int sq = m.active_from();
    uint32_t square_rank = mating ? uint32_t(63 - sq) : uint32_t(sq);
    uint32_t played = uint32_t(255 - generation_index(pos, m, mating)); // last generated first
    return square_rank << 16 | played << 8 | uint32_t(promotion_index(m.promotion()));
}

Solution popeye_ordered(const Position& diagram, const Solution& solution) {
    Solution s = solution;
    Orderer o{s.stipulation};
    Position pos = diagram;
    if (!s.set_play.empty()) {
        pos.make_null();
        o.defender_moves(pos, s.set_play);
        pos.unmake_null();
    }
    std::stable_sort(s.root.begin(), s.root.end(), [&](const RootMove& a, const RootMove& b) {
        return popeye_rank(diagram, a.play.move, o.mating(s.stipulation.moves)) <
               popeye_rank(diagram, b.play.move, o.mating(s.stipulation.moves));
    });
    for (RootMove& r : s.root) {
        o.play(pos, r.play);
        pos.make(r.play.move);
        o.defender_moves(pos, r.refutations);
        pos.unmake();
    }
    auto by_line = [&](std::vector<HelpLine>& lines) {
        std::vector<std::pair<std::vector<uint32_t>, HelpLine>> keyed;
        for (const HelpLine& l : lines) keyed.emplace_back(o.line_ranks(diagram, l), l);
        // Series play comes by increasing length (Popeye writes a ser-h#N's shorter lines first).
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
            if (a.first.size() != b.first.size()) return a.first.size() < b.first.size();
            return a.first < b.first;
        });
        for (size_t i = 0; i < lines.size(); ++i) lines[i] = keyed[i].second;
    };
    by_line(s.help_lines);
    by_line(s.short_lines);
    return s;
}

} // namespace dynamo
