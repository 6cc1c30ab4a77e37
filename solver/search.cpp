#include "search.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace dynamo {

namespace {

// Orthodox chess: the squares from which each piece type would attack the enemy king, and our
// pieces whose leaving opens a line of ours onto it (Stockfish's check info). A move that
// neither lands on such a square nor leaves such a blocker cannot give check (castling,
// promotion and en passant aside), so most moves need no exact test.
struct CheckHints {
    Bitboard squares[PIECE_TYPE_NB] = {};
    Bitboard discoverers = 0;
    bool valid = false;

    explicit CheckHints(const Position& pos) {
        if (pos.rules().is_dynamo()) return;
        Color us = pos.side_to_move();
        Square k = pos.king_square(~us);
        if (k == SQ_NONE) return;
        Bitboard occ = pos.pieces();
        squares[PAWN] = geometry::pawn_captures[~us][k];
        squares[KNIGHT] = geometry::knight_steps[k];
        squares[BISHOP] = bishop_attacks(k, occ);
        squares[ROOK] = rook_attacks(k, occ);
        squares[QUEEN] = squares[BISHOP] | squares[ROOK];
        Bitboard snipers = (rook_attacks(k, 0) & (pos.pieces(us, ROOK) | pos.pieces(us, QUEEN))) |
                           (bishop_attacks(k, 0) & (pos.pieces(us, BISHOP) | pos.pieces(us, QUEEN)));
        while (snipers) {
            Bitboard between = geometry::between[k][pop_lsb(snipers)] & occ;
            if (between && !(between & (between - 1))) discoverers |= between & pos.pieces(us);
        }
        valid = true;
    }

    bool may_check(const Position& pos, Move m) const {
        if (!valid || m.special() != Move::NORMAL || m.promotion()) return true;
        PieceType pt = type_of(pos.piece_on(m.active_from()));
        return (squares[pt] & square_bb(m.active_to())) || (discoverers & square_bb(m.active_from()));
    }
};

// Moves a remembered move (a killer) to the front of the list, if it is there.
void try_first(MoveList& list, Move m) {
    if (m.is_none()) return;
    auto it = std::find(list.begin(), list.end(), m);
    if (it != list.end()) std::iter_swap(list.begin(), it);
}
} // namespace

Key search_key(const Position& pos) {
    const StateInfo& st = pos.state();
    Key k = pos.key();
    // Orthodox moves never depend on the previous placement.
    if (st.has_forbidden && pos.rules().is_dynamo())
        k ^= (st.forbidden_key ^ 0x5851F42D4C957F2DULL) * 0x9E3779B97F4A7C15ULL;
    return k;
}

MateSearch::MateSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop)
    : stip_(stip), tt_(tt), stop_(stop) {}

MateSearch::Frame MateSearch::frame() {
    if (depth_ == int(lists_.size())) lists_.push_back(std::make_unique<MoveList>());
    return Frame{*lists_[size_t(depth_++)], *this};
}

Key MateSearch::node_key(const Position& pos) const {
    return search_key(pos) ^ (stip_.kind == Stipulation::Kind::Self ? 0x2545F4914F6CDD1DULL : 0);
}

bool MateSearch::checkmated(const Position& pos) {
    if (!pos.in_check()) return false;
    MoveList list;
    generate_legal(pos, list);
    return list.empty();
}

Outcome MateSearch::attack(Position& pos, int n) { return attack_node(pos, n); }

Outcome MateSearch::defend(Position& pos, int n) {
    return stip_.kind == Stipulation::Kind::Self ? defend_self(pos, n) : defend_direct(pos, n);
}

// An attacker node, for both stipulations: what differs is the defence that follows each move.

// The least n within max_n for which `step` wins; 0 if none, -1 if stopped first.
template <typename Step> static int least_length(int max_n, Step step) {
    for (int n = 1; n <= max_n; ++n) {
        Outcome o = step(n);
        if (o == Outcome::Unknown) return -1;
        if (o == Outcome::Win) return n;
    }
    return 0;
}

int MateSearch::attack_length(Position& pos, int max_n) {
    return least_length(max_n, [&](int n) { return attack(pos, n); });
}

int MateSearch::defend_length(Position& pos, int max_n) {
    return least_length(max_n, [&](int n) { return defend(pos, n); });
}

Outcome MateSearch::attack_node(Position& pos, int n) {
    if (n <= 0) return Outcome::Fail;
    if (stop_.load(std::memory_order_relaxed)) return Outcome::Unknown;
    ++nodes_;
    Key key = node_key(pos);
    TranspositionTable::Bounds b = tt_.probe(key);
    if (b.win <= n) return Outcome::Win;
    if (b.fail >= n) return Outcome::Fail;

    // Shorter wins first: cheap to find, and each depth's failures stay in the table.
    if (n >= 3 && b.fail < n - 1) {
        Outcome shorter = attack_node(pos, n - 1);
        if (shorter != Outcome::Fail) return shorter;
    }
    const bool self = stip_.kind == Stipulation::Kind::Self;

    Frame f = frame();
    MoveList* list = &f.list;
    generate_legal(pos, *list);
    int ply = std::min(pos.ply(), 127);
    try_first(*list, attack_killer_[ply]);
    bool unknown = false;
    std::optional<CheckHints> hints;
    const bool must_check = n == 1 && !self; // the last move of a direct mate must give check
    if (must_check) hints.emplace(pos);
    for (Move m : *list) {
        if (must_check && (!hints->may_check(pos, m) || !pos.gives_check(m))) continue;
        pos.make(m);
        Outcome o = self ? defend_self(pos, n) : defend_direct(pos, n);
        pos.unmake();
        if (o == Outcome::Win) {
            attack_killer_[ply] = m;
            tt_.store(key, {n, 0});
            return Outcome::Win;
        }
        unknown |= o == Outcome::Unknown;
    }
    if (unknown) return Outcome::Unknown;
    tt_.store(key, {TranspositionTable::NO_WIN, n});
    return Outcome::Fail;
}

// Direct mate ----------------------------------------------------------------------------------

Outcome MateSearch::defend_direct(Position& pos, int n) {
    Frame f = frame();
    MoveList* list = &f.list;
    generate_legal(pos, *list);
    if (list->empty()) return pos.in_check() ? Outcome::Win : Outcome::Fail; // mate, stalemate
    if (n <= 1) return Outcome::Fail;
    int ply = std::min(pos.ply(), 127);
    // The defence that refuted a sibling first: it often refutes here too.
    try_first(*list, killer_[ply]);
    bool unknown = false;
    for (Move r : *list) {
        pos.make(r);
        Outcome o = attack_node(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) {
            killer_[ply] = r;
            return Outcome::Fail;
        }
        unknown |= o == Outcome::Unknown;
    }
    return unknown ? Outcome::Unknown : Outcome::Win;
}

// Selfmate -------------------------------------------------------------------------------------
// White forces Black to mate White by Black's n-th move. Black avoids mating while it has a
// non-mating move; a Black position where every move mates is a White success; no Black move
// at all (Black stalemated, or mated by White) is a White failure.

bool MateSearch::defender_move_mates(Position& pos, Move m) {
    pos.make(m);
    bool mates = checkmated(pos);
    pos.unmake();
    return mates;
}

Outcome MateSearch::defend_self(Position& pos, int n) {
    Frame f = frame();
    MoveList* list = &f.list;
    generate_legal(pos, *list);
    if (list->empty()) return Outcome::Fail;
    int ply = std::min(pos.ply(), 127);
    try_first(*list, killer_[ply]);
    // Black plays a non-mating move whenever it has one.
    bool any_non_mating = false, unknown = false;
    for (Move r : *list) {
        pos.make(r);
        if (checkmated(pos)) {
            pos.unmake();
            continue;
        }
        any_non_mating = true;
        Outcome o = n <= 1 ? Outcome::Fail : attack_node(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) {
            killer_[ply] = r;
            return Outcome::Fail;
        }
        unknown |= o == Outcome::Unknown;
    }
    if (!any_non_mating) return Outcome::Win;
    return unknown ? Outcome::Unknown : Outcome::Win;
}

} // namespace dynamo
