// The position: placement, side to move, castling eligibility, the no-undo state, hashing,
// and make/unmake of the one Move format shared by both rule sets.
#pragma once

#include "solver/board/bitboard.h"
#include "solver/board/placement.h"
#include "solver/board/types.h"
#include "solver/board/rule_set.h"

#include <vector>

namespace dynamo {

// Castling eligibility with identity tracking (docs/rules.md, 6. Castling): for each colour, the
// current square of its original king and of its original a- and h-rook while each still holds
// its right, SQ_NONE once lost. Normalised: a colour whose king, or both of whose rooks, lost
// the right holds none at all, so equal eligibility means equal values.
struct CastlingRights {
    enum Index : uint8_t { KING_INDEX, QUEEN_ROOK, KING_ROOK };
    Square sq[COLOR_NB][3] = {{SQ_NONE, SQ_NONE, SQ_NONE}, {SQ_NONE, SQ_NONE, SQ_NONE}};
    // Popeye's CastlingMutuallyExclusive: bit exclusive_bit(w, b) pairs White's rook w with
    // Black's rook b (QUEEN_ROOK or KING_ROOK); castling with one rook of a pair takes the
    // other's right. Normalised to the pairs whose two rooks both still hold theirs.
    uint8_t exclusive = 0;

    static constexpr int exclusive_bit(int white_rook, int black_rook) {
        return 1 << ((white_rook - QUEEN_ROOK) * 2 + (black_rook - QUEEN_ROOK));
    }
    bool any() const;
    Bitboard tracked_squares() const;
    void normalize() {
        for (auto& c : sq)
            if (c[KING_INDEX] == SQ_NONE || (c[QUEEN_ROOK] == SQ_NONE && c[KING_ROOK] == SQ_NONE))
                c[0] = c[1] = c[2] = SQ_NONE;
        for (int w : {QUEEN_ROOK, KING_ROOK})
            for (int b : {QUEEN_ROOK, KING_ROOK})
                if (sq[WHITE][w] == SQ_NONE || sq[BLACK][b] == SQ_NONE)
                    exclusive &= ~exclusive_bit(w, b);
    }
    bool operator==(const CastlingRights&) const = default;
};

// Castling eligibility after a move: the active piece keeps its right only by staying (a
// stationary push or pull); a passive piece keeps it and is followed to its new square, unless
// it leaves the board or `strict` (StrictCastling, and orthodox chess) says any displacement
// loses it.
inline CastlingRights castling_after(CastlingRights cr, Move m, bool strict) {
    Square af = m.active_from(), pf = m.passive_from();
    if (cr.exclusive && m.is_castling()) // before the castling side's own rights go
        for (Color c : {WHITE, BLACK})
            for (int r : {CastlingRights::QUEEN_ROOK, CastlingRights::KING_ROOK})
                if (cr.sq[c][CastlingRights::KING_INDEX] == af && cr.sq[c][r] == pf)
                    for (int o : {CastlingRights::QUEEN_ROOK, CastlingRights::KING_ROOK})
                        if (cr.exclusive & (c == WHITE ? CastlingRights::exclusive_bit(r, o)
                                                       : CastlingRights::exclusive_bit(o, r)))
                            cr.sq[~c][o] = SQ_NONE;
    for (auto& c : cr.sq)
        for (Square& s : c) {
            if (s == SQ_NONE) continue;
            if (s == af) {
                if (!m.active_stays()) s = SQ_NONE;
            } else if (s == pf) {
                s = strict ? SQ_NONE : m.passive_to(); // SQ_OUT == SQ_NONE
            }
        }
    cr.normalize();
    return cr;
}

// Original squares of the king and rooks, indexed as CastlingRights.
constexpr Square castling_home(Color c, int index) {
    constexpr Square white[3] = {SQ_E1, SQ_A1, SQ_H1};
    return Square(white[index] + (c == WHITE ? 0 : 56));
}

struct StateInfo {
    Key key = 0;           // everything that decides the legal moves but the no-undo state
    Key placement_key = 0; // the pieces alone
    CastlingRights castling;
    Key castling_key = 0;       // the Zobrist part of `castling`
    Square ep_square = SQ_NONE; // orthodox only: the square a pawn passed over, if capturable

    // No-undo (docs/rules.md, 5. No undoing): the placement before the opponent's last move.
    bool has_forbidden = false;
    Key forbidden_key = 0;
    Placement forbidden;

    // What make() changed, for unmake().
    Move move;
    Piece active_piece = NO_PIECE;
    Piece passive_piece = NO_PIECE;
};

namespace zobrist {
extern Key piece_square[PIECE_NB][SQUARE_NB];
extern Key castling[COLOR_NB][3][SQUARE_NB];
extern Key en_passant[8];
extern Key side;
extern Key castling_exclusive[16]; // [0] == 0
} // namespace zobrist

class Position {
  public:
    Position();

    // Setting up (FEN reader, problem reader, tests). Call finish_setup() when done.
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void set_side_to_move(Color c) { side_to_move_ = c; }
    void set_rules(const RuleSet& r) { rules_ = r; }
    void set_castling(const CastlingRights& cr) { st().castling = cr; }
    void set_ep_square(Square s) { st().ep_square = s; }
    void set_forbidden_placement(const Placement& p);
    void clear_forbidden_placement() { st().has_forbidden = false; }
    void finish_setup(); // recomputes every key from scratch, resets the move history
    // Becomes `other` at its current node alone: its board and its state, at the same ply. Moves
    // made from here unmake back to it, no further (the states before are not copied). What a
    // parallel search keeps of a split node for its helpers: they search only below it.
    void copy_node_of(const Position& other);

    const RuleSet& rules() const { return rules_; }
    Color side_to_move() const { return side_to_move_; }
    Piece piece_on(Square s) const {
        if (s >= SQUARE_NB) __builtin_unreachable(); // callers never ask about "out"
        return board_[s];
    }
    bool empty(Square s) const { return piece_on(s) == NO_PIECE; }
    const Placement& placement() const { return placement_; }
    Bitboard pieces() const { return placement_.occupied(); }
    Bitboard pieces(Color c) const { return placement_.by_color[c]; }
    Bitboard pieces(PieceType pt) const { return placement_.by_type[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return placement_.pieces(c, pt); }
    Square king_square(Color c) const {
        Bitboard k = pieces(c, KING);
        return k ? lsb(k) : SQ_NONE;
    }
    const StateInfo& state() const { return states_[ply_]; }
    const CastlingRights& castling() const { return state().castling; }
    Key key() const { return state().key; }
    Key placement_key() const { return state().placement_key; }
    int ply() const { return ply_; } // moves made since setup

    bool in_check(Color c) const; // under the position's rules
    bool in_check() const { return in_check(side_to_move_); }

    void make(Move m);
    void unmake();
    // A pass (threats are what the attacker would do if the defender could pass). The placement
    // before the pass is the current one, which no move recreates.
    void make_null();
    void unmake_null();

    // Keys computed from scratch, to test the incremental ones.
    Key compute_key() const;
    Key compute_placement_key() const;

    // The piece a move's active (or passive) piece becomes, promotion applied.
    Piece active_after(Move m) const;
    Piece passive_after(Move m) const;
    // Where the pieces stand after a move (pure; the position is not changed).
    Placement placement_after(Move m) const {
        Placement r = placement_;
        r.remove(board_[m.active_from()], m.active_from());
        if (m.has_passive()) {
            r.remove(board_[m.passive_from()], m.passive_from());
            if (m.passive_to() != SQ_OUT) r.put(passive_after(m), m.passive_to());
        }
        if (m.active_to() != SQ_OUT) r.put(active_after(m), m.active_to());
        return r;
    }
    // Whether a move leaves the opponent in check (without making it).
    bool gives_check(Move m) const;

    // Castling eligibility after a move (pure; the position is not changed).
    CastlingRights castling_after(Move m) const {
        return dynamo::castling_after(state().castling, m,
                                      rules_.strict_castling || !rules_.is_dynamo());
    }

  private:
    void make_orthodox_plain(Move m);
    StateInfo& st() { return states_[ply_]; }
    // Board and placement, with the key of the current ply (put, lift) or without (place,
    // unplace: unmake, whose ply's keys are dropped).
    void place(Piece p, Square s) {
        board_[s] = p;
        placement_.put(p, s);
    }
    void unplace(Square s) {
        placement_.remove(board_[s], s);
        board_[s] = NO_PIECE;
    }
    void put(Piece p, Square s) {
        place(p, s);
        st().placement_key ^= zobrist::piece_square[p][s];
    }
    void lift(Square s) {
        st().placement_key ^= zobrist::piece_square[board_[s]][s];
        unplace(s);
    }
    Key castling_key(const CastlingRights& cr) const;
    Key extras_key(const StateInfo& s, Color stm) const;

    Piece board_[SQUARE_NB];
    Placement placement_;
    Color side_to_move_ = WHITE;
    RuleSet rules_;
    std::vector<StateInfo> states_;
    int ply_ = 0;
};

// True when the piece's promotion is due on square s (pawn on its own last rank).
inline bool promotes_on(Piece p, Square s) {
    return type_of(p) == PAWN && s != SQ_OUT && relative_rank(color_of(p), s) == 7;
}

inline Piece Position::active_after(Move m) const {
    Piece a = board_[m.active_from()];
    if (m.promotion() && promotes_on(a, m.active_to()))
        return make_piece(color_of(a), m.promotion());
    return a;
}

inline Piece Position::passive_after(Move m) const {
    if (!m.has_passive()) return NO_PIECE;
    Piece a = board_[m.active_from()], p = board_[m.passive_from()];
    if (m.promotion() && !promotes_on(a, m.active_to()) && promotes_on(p, m.passive_to()))
        return make_piece(color_of(p), m.promotion());
    return p;
}

} // namespace dynamo
