#include "solver/board/position.h"

#include "solver/rules/check.h"

#include <algorithm>
#include <cstring>

namespace dynamo {

namespace zobrist {
Key piece_square[PIECE_NB][SQUARE_NB];
Key castling[COLOR_NB][3][SQUARE_NB];
Key en_passant[8];
Key side;
Key castling_exclusive[16];

namespace {
struct Init {
    Init() {
        uint64_t s = 1070372; // fixed: hashes are reproducible across runs and machines
        auto next = [&s] {
            s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
            return s * 2685821657736338717ULL;
        };
        for (auto& p : piece_square)
            for (auto& k : p) k = next();
        for (auto& c : castling)
            for (auto& i : c)
                for (auto& k : i) k = next();
        for (auto& k : en_passant) k = next();
        side = next();
        for (int i = 1; i < 16; ++i) castling_exclusive[i] = next();
    }
} init;
} // namespace
} // namespace zobrist

Piece Placement::piece_on(Square s) const {
    Bitboard b = square_bb(s);
    if (!(occupied() & b)) return NO_PIECE;
    Color c = (by_color[WHITE] & b) ? WHITE : BLACK;
    for (int pt = PAWN; pt <= KING; ++pt)
        if (by_type[pt] & b) return make_piece(c, PieceType(pt));
    return NO_PIECE;
}

bool CastlingRights::any() const {
    for (auto& c : sq)
        if (c[KING_INDEX] != SQ_NONE) return true;
    return false;
}

Bitboard CastlingRights::tracked_squares() const {
    Bitboard b = 0;
    for (auto& c : sq)
        for (Square s : c)
            if (s != SQ_NONE) b |= square_bb(s);
    return b;
}

Position::Position() : states_(64) { clear(); }

void Position::copy_node_of(const Position& other) {
    std::memcpy(board_, other.board_, sizeof(board_));
    placement_ = other.placement_;
    side_to_move_ = other.side_to_move_;
    rules_ = other.rules_;
    ply_ = other.ply_;
    if (states_.size() < size_t(ply_) + 2)
        states_.resize(std::max(states_.size() * 2, size_t(ply_) + 2));
    states_[size_t(ply_)] = other.states_[size_t(ply_)];
}

void Position::clear() {
    std::memset(board_, 0, sizeof(board_));
    placement_ = Placement{};
    side_to_move_ = WHITE;
    states_.assign(64, StateInfo{});
    ply_ = 0;
}


void Position::put_piece(Piece p, Square s) {
    if (board_[s] != NO_PIECE) lift(s);
    put(p, s);
}

void Position::remove_piece(Square s) {
    if (board_[s] != NO_PIECE) lift(s);
}

void Position::set_forbidden_placement(const Placement& p) {
    st().has_forbidden = true;
    st().forbidden = p;
    Key k = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece pc = p.piece_on(Square(s))) k ^= zobrist::piece_square[pc][s];
    st().forbidden_key = k;
}

Key Position::castling_key(const CastlingRights& cr) const {
    Key k = 0;
    for (int c = 0; c < COLOR_NB; ++c)
        for (int i = 0; i < 3; ++i)
            if (cr.sq[c][i] != SQ_NONE) k ^= zobrist::castling[c][i][cr.sq[c][i]];
    return k ^ zobrist::castling_exclusive[cr.exclusive];
}

Key Position::extras_key(const StateInfo& s, Color stm) const {
    Key k = s.castling_key;
    if (stm == BLACK) k ^= zobrist::side;
    if (s.ep_square != SQ_NONE) k ^= zobrist::en_passant[file_of(s.ep_square)];
    return k;
}

Key Position::compute_placement_key() const {
    Key k = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (board_[s]) k ^= zobrist::piece_square[board_[s]][s];
    return k;
}

Key Position::compute_key() const {
    return compute_placement_key() ^ extras_key(state(), side_to_move_);
}

void Position::finish_setup() {
    StateInfo root = st();
    root.castling.normalize();
    root.castling_key = castling_key(root.castling);
    root.placement_key = compute_placement_key();
    root.key = root.placement_key ^ extras_key(root, side_to_move_);
    root.move = Move::none();
    states_.assign(64, StateInfo{});
    ply_ = 0;
    states_[0] = root;
}

bool Position::gives_check(Move m) const {
    Placement after = placement_after(m);
    Color them = ~side_to_move_;
    return rules_.is_dynamo() ? dynamo_in_check(after, them) : orthodox_in_check(after, them);
}

bool Position::in_check(Color c) const {
    return rules_.is_dynamo() ? dynamo_in_check(placement_, c) : orthodox_in_check(placement_, c);
}

// Orthodox chess, a plain move or a capture (no castling, en passant or promotion): the bulk
// of the moves an orthodox search makes, without the Dynamo state and the passive piece's path.
void Position::make_orthodox_plain(Move m) {
    if (ply_ + 1 >= int(states_.size())) states_.resize(states_.size() * 2);
    const StateInfo& prev = states_[ply_];
    StateInfo& next = states_[ply_ + 1];
    const Square from = m.active_from(), to = m.active_to();
    const Piece pc = board_[from], captured = board_[to];
    const Bitboard fb = square_bb(from), tb = square_bb(to);
    Key k = prev.placement_key ^ zobrist::piece_square[pc][from] ^ zobrist::piece_square[pc][to];
    if (captured) {
        k ^= zobrist::piece_square[captured][to];
        placement_.by_color[color_of(captured)] ^= tb;
        placement_.by_type[type_of(captured)] ^= tb;
    }
    placement_.by_color[color_of(pc)] ^= fb | tb;
    placement_.by_type[type_of(pc)] ^= fb | tb;
    placement_.by_type[NO_PIECE_TYPE] = (placement_.by_type[NO_PIECE_TYPE] & ~fb) | tb;
    board_[from] = NO_PIECE;
    board_[to] = pc;
    next.placement_key = k;
    if ((fb | tb) & prev.castling.tracked_squares()) {
        next.castling = castling_after(m);
        next.castling_key = castling_key(next.castling);
    } else {
        next.castling = prev.castling;
        next.castling_key = prev.castling_key;
    }
    next.has_forbidden = false;
    next.move = m;
    next.active_piece = pc;
    next.passive_piece = captured;
    next.ep_square = SQ_NONE;
    if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16) {
        Square passed = Square((int(from) + int(to)) / 2);
        if (geometry::pawn_captures[color_of(pc)][passed] & pieces(~side_to_move_, PAWN))
            next.ep_square = passed;
    }
    ++ply_;
    side_to_move_ = ~side_to_move_;
    next.key = k ^ extras_key(next, side_to_move_);
}

void Position::make(Move m) {
    if (!rules_.is_dynamo() && m.special() == Move::NORMAL && !m.promotion())
        return make_orthodox_plain(m);
    if (ply_ + 1 >= int(states_.size())) states_.resize(states_.size() * 2);
    const StateInfo& prev = states_[ply_];
    StateInfo& next = states_[ply_ + 1];
    Square af = m.active_from(), at = m.active_to(), pf = m.passive_from(), pt = m.passive_to();
    next.placement_key = prev.placement_key;
    Bitboard touched = square_bb(af) | (m.has_passive() ? square_bb(pf) : 0);
    if (touched & prev.castling.tracked_squares()) {
        next.castling = castling_after(m);
        next.castling_key = castling_key(next.castling);
    } else {
        next.castling = prev.castling;
        next.castling_key = prev.castling_key;
    }
    // Only Dynamo forbids undoing; orthodox chess never reads it.
    next.has_forbidden = rules_.is_dynamo();
    if (next.has_forbidden) {
        next.forbidden_key = prev.placement_key;
        next.forbidden = placement_;
    }
    next.move = m;

    Piece active = board_[af], passive = m.has_passive() ? board_[pf] : NO_PIECE;
    Piece active_new = active_after(m), passive_new = passive_after(m);
    next.active_piece = active;
    next.passive_piece = passive;

    ++ply_;
    // Lift both pieces first: the active piece may land where the passive one stood.
    lift(af);
    if (passive) lift(pf);
    if (passive && pt != SQ_OUT) put(passive_new, pt);
    if (at != SQ_OUT) put(active_new, at);

    next.ep_square = SQ_NONE;
    if (!rules_.is_dynamo() && type_of(active) == PAWN && (int(at) ^ int(af)) == 16) {
        Square passed = Square((int(af) + int(at)) / 2);
        if (geometry::pawn_captures[color_of(active)][passed] & pieces(~side_to_move_, PAWN))
            next.ep_square = passed;
    }
    side_to_move_ = ~side_to_move_;
    next.key = next.placement_key ^ extras_key(next, side_to_move_);
}

void Position::make_null() {
    if (ply_ + 1 >= int(states_.size())) states_.resize(states_.size() * 2);
    const StateInfo& prev = states_[ply_];
    StateInfo& next = states_[ply_ + 1];
    next = prev;
    next.has_forbidden = rules_.is_dynamo();
    next.forbidden_key = prev.placement_key;
    next.forbidden = placement_;
    next.move = Move::none();
    next.active_piece = next.passive_piece = NO_PIECE;
    next.ep_square = SQ_NONE;
    ++ply_;
    side_to_move_ = ~side_to_move_;
    next.key = next.placement_key ^ extras_key(next, side_to_move_);
}

void Position::unmake_null() {
    --ply_;
    side_to_move_ = ~side_to_move_;
}

void Position::unmake() {
    const StateInfo& s = states_[ply_];
    Move m = s.move;
    Square af = m.active_from(), at = m.active_to(), pf = m.passive_from(), pt = m.passive_to();
    // The keys of this ply are dropped with it: only the board and the placement go back.
    if (at != SQ_OUT) unplace(at);
    if (s.passive_piece && pt != SQ_OUT) unplace(pt);
    place(s.active_piece, af);
    if (s.passive_piece) place(s.passive_piece, pf);
    --ply_;
    side_to_move_ = ~side_to_move_;
}

} // namespace dynamo
