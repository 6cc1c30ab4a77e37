// Orthodox (FIDE) legal move generation, the one generator for orthodox rules: checkers and
// pins, as in Stockfish, so that only the king moves and en passant need an attack test.
// Captures are moves whose passive piece (the victim) goes out.
// Each legal move is handed to a visitor that may stop the generation: generate_orthodox
// (movegen_orthodox.cpp) collects them all; the mate search asks "has the side to move any
// legal move" and "has it one that does not give check", which are mostly answered by the
// first few moves (king moves come first). Orthodox positions only.
#pragma once

#include "solver/rules/check.h"
#include "solver/board/position.h"

#include <cassert>
#include <type_traits>

namespace dynamo::lazy {

// Calls visit(move) for every legal move of the side to move, king moves first, until visit
// returns true; returns whether it did. `visit` is a callable bool(Move).
template <typename Visit> class OrthodoxVisitor {
  public:
    OrthodoxVisitor(const Position& pos, Visit& visit)
        : pos_(pos), p_(pos.placement()), visit_(visit), us_(pos.side_to_move()), them_(~us_),
          occ_(pos.pieces()), ours_(pos.pieces(us_)), theirs_(pos.pieces(them_)),
          ksq_(pos.king_square(us_)) {}

    // Only some of the moves: a plain move (no castling, en passant or promotion) of a piece of
    // type pt from s is visited only if it goes to a square of only[pt] or s is in `free_from`.
    // The others are all visited.
    void restrict_to(const Bitboard* only, Bitboard free_from) { only_ = only, free_from_ = free_from; }

    bool run() {
        // Without a king (Popeye's NoWk, NoBk): never in check, nothing pinned.
        Bitboard checkers = 0;
        pinned_ = 0;
        if (ksq_ != SQ_NONE) {
            checkers = orthodox_attackers(p_, ksq_, them_, occ_);
            for (Bitboard t = geometry::king_steps[ksq_] & ~ours_ & mask(KING, ksq_); t;) {
                Square to = pop_lsb(t);
                if (!orthodox_attackers(p_, to, them_, occ_ ^ square_bb(ksq_)))
                    if (add(ksq_, to)) return true;
            }
            if (checkers & (checkers - 1)) return false;
            pinned_ = pinned();
        }
        Bitboard target = ~ours_;
        if (checkers) target = geometry::between[ksq_][lsb(checkers)] | checkers;

        Bitboard knights = pos_.pieces(us_, KNIGHT) & ~pinned_;
        if (only_ && !only_[KNIGHT]) knights &= free_from_;
        for (Bitboard b = knights; b;) {
            Square s = pop_lsb(b);
            if (add_all(s, geometry::knight_steps[s] & target & mask(KNIGHT, s))) return true;
        }
        for (Bitboard b = pos_.pieces(us_, BISHOP) | pos_.pieces(us_, QUEEN); b;) {
            Square s = pop_lsb(b);
            Bitboard m = mask(type_of(pos_.piece_on(s)), s);
            if (m && add_all(s, bishop_attacks(s, occ_) & target & pin_line(s) & m)) return true;
        }
        for (Bitboard b = pos_.pieces(us_, ROOK) | pos_.pieces(us_, QUEEN); b;) {
            Square s = pop_lsb(b);
            Bitboard m = mask(type_of(pos_.piece_on(s)), s);
            if (m && add_all(s, rook_attacks(s, occ_) & target & pin_line(s) & m)) return true;
        }
        if (pawns(target)) return true;
        if (!checkers && castling()) return true;
        return false;
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
    Bitboard mask(PieceType pt, Square s) const {
        return !only_ || (free_from_ & square_bb(s)) ? ~Bitboard(0) : only_[pt];
    }
    Bitboard pin_line(Square s) const {
        return (pinned_ & square_bb(s)) ? geometry::line[ksq_][s] : ~Bitboard(0);
    }

    bool add(Square from, Square to, PieceType promo = NO_PIECE_TYPE) {
        return visit_(pos_.empty(to) ? Move::plain(from, to, promo)
                                     : Move::dynamo(from, to, to, SQ_OUT, promo));
    }
    bool add_all(Square from, Bitboard targets) {
        while (targets)
            if (add(from, pop_lsb(targets))) return true;
        return false;
    }
    bool add_pawn(Square from, Square to) {
        if (relative_rank(us_, to) == 7) {
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
                if (add(from, to, pt)) return true;
            return false;
        }
        return add(from, to);
    }

    bool pawns(Bitboard target) {
        const int fwd = pawn_push(us_);
        for (Bitboard b = pos_.pieces(us_, PAWN); b;) {
            Square s = pop_lsb(b);
            // Not on its last rank (it promotes; illegal_reason refuses such a diagram). On its
            // first rank (illegal in orthodox chess, refused too) it would only step once.
            assert(relative_rank(us_, s) != 7);
            Bitboard allowed = target & pin_line(s);
            // Promotions are always visited; other pawn moves as restricted.
            allowed &= mask(PAWN, s) | (us_ == WHITE ? RANK_8_BB : RANK_1_BB);
            const Square ep = pos_.state().ep_square;
            if (!allowed && ep == SQ_NONE) continue;
            Square t1 = Square(s + fwd);
            if (pos_.empty(t1)) {
                if ((allowed & square_bb(t1)) && add_pawn(s, t1)) return true;
                Square t2 = Square(s + 2 * fwd);
                if (relative_rank(us_, s) == 1 && pos_.empty(t2) && (allowed & square_bb(t2)) &&
                    add(s, t2))
                    return true;
            }
            for (Bitboard c = geometry::pawn_captures[us_][s] & theirs_ & allowed; c;)
                if (add_pawn(s, pop_lsb(c))) return true;
            if (ep != SQ_NONE && (geometry::pawn_captures[us_][s] & square_bb(ep)) &&
                en_passant(s, ep))
                return true;
        }
        return false;
    }

    // En passant removes two pieces from a rank at once: test it on the resulting placement.
    bool en_passant(Square from, Square ep) {
        Square victim = Square(ep - pawn_push(us_));
        Placement r = p_;
        r.remove(make_piece(us_, PAWN), from);
        r.remove(make_piece(them_, PAWN), victim);
        r.put(make_piece(us_, PAWN), ep);
        if (orthodox_in_check(r, us_)) return false;
        return visit_(Move(from, ep, victim, SQ_OUT, NO_PIECE_TYPE, Move::EN_PASSANT));
    }

    bool castling() {
        const CastlingRights cr = pos_.castling(); // a copy: the visitor may make moves
        Square k = cr.sq[us_][CastlingRights::KING_INDEX];
        if (k != ksq_ || k != castling_home(us_, CastlingRights::KING_INDEX)) return false;
        for (int idx : {CastlingRights::KING_ROOK, CastlingRights::QUEEN_ROOK}) {
            Square r = cr.sq[us_][idx];
            if (r != castling_home(us_, idx) || pos_.piece_on(r) != make_piece(us_, ROOK)) continue;
            if (geometry::between[k][r] & occ_) continue;
            bool kingside = idx == CastlingRights::KING_ROOK;
            Square kto = Square(k + (kingside ? 2 : -2)), rto = Square(k + (kingside ? 1 : -1));
            if (orthodox_attackers(p_, rto, them_, occ_) || orthodox_attackers(p_, kto, them_, occ_))
                continue;
            if (visit_(Move::castling(k, kto, r, rto))) return true;
        }
        return false;
    }

    const Position& pos_;
    const Placement& p_;
    Visit& visit_;
    Color us_, them_;
    Bitboard occ_, ours_, theirs_;
    Square ksq_;
    Bitboard pinned_ = 0;
    const Bitboard* only_ = nullptr;
    Bitboard free_from_ = 0;
};

// Orthodox: visit the legal moves, king moves first, until visit returns true.
template <typename Visit> bool visit_orthodox(const Position& pos, Visit&& visit) {
    return OrthodoxVisitor<std::remove_reference_t<Visit>>(pos, visit).run();
}

// Orthodox: visit the legal moves restricted as OrthodoxVisitor::restrict_to says.
template <typename Visit>
bool visit_orthodox_restricted(const Position& pos, const Bitboard* only, Bitboard free_from,
                               Visit&& visit) {
    OrthodoxVisitor<std::remove_reference_t<Visit>> v(pos, visit);
    v.restrict_to(only, free_from);
    return v.run();
}

// Orthodox: whether the side to move has any legal move.
inline bool orthodox_has_move(const Position& pos) {
    return visit_orthodox(pos, [](Move) { return true; });
}

} // namespace dynamo::lazy
