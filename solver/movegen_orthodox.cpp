// Orthodox (FIDE) legal move generation: checkers and pins, as in Stockfish, so that only the
// king moves and en passant need an attack test. Captures are moves whose passive piece (the
// victim) goes out.

#include "check.h"
#include "movegen.h"

namespace dynamo {

namespace {

class OrthodoxGenerator {
  public:
    OrthodoxGenerator(const Position& pos, MoveList& list)
        : pos_(pos), p_(pos.placement()), list_(list), us_(pos.side_to_move()), them_(~us_),
          occ_(pos.pieces()), ours_(pos.pieces(us_)), theirs_(pos.pieces(them_)),
          ksq_(pos.king_square(us_)) {}

    void run() {
        list_.clear();
        if (ksq_ == SQ_NONE) return;
        Bitboard checkers = orthodox_attackers(p_, ksq_, them_, occ_);
        pinned_ = pinned();

        for (Bitboard t = geometry::king_steps[ksq_] & ~ours_; t;) {
            Square to = pop_lsb(t);
            if (!orthodox_attackers(p_, to, them_, occ_ ^ square_bb(ksq_))) add(ksq_, to);
        }
        if (popcount(checkers) > 1) return;
        Bitboard target = ~ours_;
        if (checkers) target = geometry::between[ksq_][lsb(checkers)] | checkers;

        for (Bitboard b = pos_.pieces(us_, KNIGHT) & ~pinned_; b;) {
            Square s = pop_lsb(b);
            add_all(s, geometry::knight_steps[s] & target);
        }
        for (Bitboard b = pos_.pieces(us_, BISHOP) | pos_.pieces(us_, QUEEN); b;) {
            Square s = pop_lsb(b);
            add_all(s, bishop_attacks(s, occ_) & target & pin_line(s));
        }
        for (Bitboard b = pos_.pieces(us_, ROOK) | pos_.pieces(us_, QUEEN); b;) {
            Square s = pop_lsb(b);
            add_all(s, rook_attacks(s, occ_) & target & pin_line(s));
        }
        pawns(target);
        if (!checkers) castling();
    }

  private:
    Bitboard pinned() const {
        Bitboard pinned = 0;
        Bitboard snipers =
            (rook_attacks(ksq_, 0) & (p_.by_type[ROOK] | p_.by_type[QUEEN]) & theirs_) |
            (bishop_attacks(ksq_, 0) & (p_.by_type[BISHOP] | p_.by_type[QUEEN]) & theirs_);
        while (snipers) {
            Bitboard b = geometry::between[ksq_][pop_lsb(snipers)] & occ_;
            if (b && !(b & (b - 1)) && (b & ours_)) pinned |= b;
        }
        return pinned;
    }
    Bitboard pin_line(Square s) const {
        return (pinned_ & square_bb(s)) ? geometry::line[ksq_][s] : ~Bitboard(0);
    }

    void add(Square from, Square to, PieceType promo = NO_PIECE_TYPE) {
        if (pos_.empty(to)) list_.push_back(Move::plain(from, to, promo));
        else list_.push_back(Move::dynamo(from, to, to, SQ_OUT, promo));
    }
    void add_all(Square from, Bitboard targets) {
        while (targets) add(from, pop_lsb(targets));
    }
    void add_pawn(Square from, Square to) {
        if (relative_rank(us_, to) == 7)
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) add(from, to, pt);
        else
            add(from, to);
    }

    void pawns(Bitboard target) {
        const int fwd = pawn_push(us_);
        for (Bitboard b = pos_.pieces(us_, PAWN); b;) {
            Square s = pop_lsb(b);
            Bitboard allowed = target & pin_line(s);
            Square t1 = Square(s + fwd);
            if (pos_.empty(t1)) {
                if (allowed & square_bb(t1)) add_pawn(s, t1);
                Square t2 = Square(s + 2 * fwd);
                if (relative_rank(us_, s) == 1 && pos_.empty(t2) && (allowed & square_bb(t2)))
                    add(s, t2);
            }
            for (Bitboard c = geometry::pawn_captures[us_][s] & theirs_ & allowed; c;)
                add_pawn(s, pop_lsb(c));
            Square ep = pos_.state().ep_square;
            if (ep != SQ_NONE && (geometry::pawn_captures[us_][s] & square_bb(ep)))
                en_passant(s, ep);
        }
    }

    // En passant removes two pieces from a rank at once: test it on the resulting placement.
    void en_passant(Square from, Square ep) {
        Square victim = Square(ep - pawn_push(us_));
        Placement r = p_;
        r.remove(make_piece(us_, PAWN), from);
        r.remove(make_piece(them_, PAWN), victim);
        r.put(make_piece(us_, PAWN), ep);
        if (!orthodox_in_check(r, us_))
            list_.push_back(Move(from, ep, victim, SQ_OUT, NO_PIECE_TYPE, Move::EN_PASSANT));
    }

    void castling() {
        const CastlingRights& cr = pos_.castling();
        Square k = cr.sq[us_][CastlingRights::KING_INDEX];
        if (k != ksq_ || k != castling_home(us_, CastlingRights::KING_INDEX)) return;
        for (int idx : {CastlingRights::KING_ROOK, CastlingRights::QUEEN_ROOK}) {
            Square r = cr.sq[us_][idx];
            if (r != castling_home(us_, idx) || pos_.piece_on(r) != make_piece(us_, ROOK)) continue;
            if (geometry::between[k][r] & occ_) continue;
            bool kingside = idx == CastlingRights::KING_ROOK;
            Square kto = Square(k + (kingside ? 2 : -2)), rto = Square(k + (kingside ? 1 : -1));
            if (orthodox_attackers(p_, rto, them_, occ_) || orthodox_attackers(p_, kto, them_, occ_))
                continue;
            list_.push_back(Move::castling(k, kto, r, rto));
        }
    }

    const Position& pos_;
    const Placement& p_;
    MoveList& list_;
    Color us_, them_;
    Bitboard occ_, ours_, theirs_;
    Square ksq_;
    Bitboard pinned_ = 0;
};

} // namespace

void generate_orthodox(const Position& pos, MoveList& list) { OrthodoxGenerator(pos, list).run(); }

void generate_legal(const Position& pos, MoveList& list) {
    if (pos.rules().is_dynamo()) generate_dynamo(pos, list);
    else generate_orthodox(pos, list);
}

bool is_checkmate(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list.empty() && pos.in_check();
}

bool is_stalemate(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list.empty() && !pos.in_check();
}

} // namespace dynamo
