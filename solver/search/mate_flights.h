// Orthodox, the attacker's last move of a direct mate: a check mates only if it leaves the
// defender's king no flight. The flights are found once per node; a check that leaves one of
// them unattacked (judged from the moving piece's new lines and the lines its departure opens,
// without making the move) is no mate. Most checks at such nodes are dismissed so.
#pragma once

#include "solver/board/position.h"
#include "solver/rules/check.h"
#include "solver/rules/check_hints.h"

#include <algorithm>
#include <iterator>

namespace dynamo {

class MateFlights {
  public:
    // The attacker is to move.
    explicit MateFlights(const Position& pos) : us_(pos.side_to_move()) {
        const Color them = ~us_;
        const Square k = pos.king_square(them);
        if (k == SQ_NONE) return;
        const Placement& p = pos.placement();
        occ_ = p.occupied() ^ square_bb(k); // the king's own square no longer blocks a line
        diagonal_ = p.by_color[us_] & (p.by_type[BISHOP] | p.by_type[QUEEN]);
        straight_ = p.by_color[us_] & (p.by_type[ROOK] | p.by_type[QUEEN]);
        // The leapers' squares first, each a table read; then each slider's lines once for the
        // squares left (fewer lookups than two lines per square, and often none is left).
        const Bitboard pawns = p.pieces(us_, PAWN), knights = p.pieces(us_, KNIGHT);
        const Bitboard kings = p.pieces(us_, KING);
        Bitboard candidates = geometry::king_steps[k] & ~p.by_color[them];
        for (Bitboard c = candidates; c;) {
            const Square f = pop_lsb(c);
            if ((geometry::pawn_captures[them][f] & pawns) | (geometry::knight_steps[f] & knights) |
                (geometry::king_steps[f] & kings))
                candidates ^= square_bb(f);
        }
        for (Bitboard s = diagonal_ & ~straight_; s && candidates;)
            candidates &= ~bishop_attacks(pop_lsb(s), occ_);
        for (Bitboard s = straight_ & ~diagonal_; s && candidates;)
            candidates &= ~rook_attacks(pop_lsb(s), occ_);
        for (Bitboard s = straight_ & diagonal_; s && candidates;)
            candidates &= ~queen_attacks(pop_lsb(s), occ_);
        flights_ = candidates;
    }

    bool any() const { return flights_ != 0; }

    // Whether the attacker's legal move m surely leaves the king a flight (castling and en
    // passant are not judged: false).
    bool leaves_flight(const Position& pos, Move m) const {
        if (!flights_ || m.special() != Move::NORMAL) return false;
        const Square a = m.active_from(), b = m.active_to();
        const Bitboard ab = square_bb(a), bb = square_bb(b);
        const PieceType pt = m.promotion() ? m.promotion() : type_of(pos.piece_on(a));
        const Bitboard occ = (occ_ & ~ab) | bb;
        Bitboard covered = bb; // a capture of the checking piece is not judged here
        switch (pt) {
        case PAWN: covered |= geometry::pawn_captures[us_][b]; break;
        case KNIGHT: covered |= geometry::knight_steps[b]; break;
        case BISHOP: covered |= bishop_attacks(b, occ); break;
        case ROOK: covered |= rook_attacks(b, occ); break;
        case QUEEN: covered |= queen_attacks(b, occ); break;
        default: covered |= geometry::king_steps[b]; break;
        }
        Bitboard left = flights_ & ~covered;
        while (left) {
            const Square f = pop_lsb(left);
            // A line through a, opened by the departure, may reach f from another slider.
            if (!(geometry::line[a][f])) return true;
            if (!((bishop_attacks(f, occ) & diagonal_ & ~ab) |
                  (rook_attacks(f, occ) & straight_ & ~ab)))
                return true;
        }
        return false;
    }

    // Whether the attacker's checking move m surely leaves the defender a reply that takes the
    // checking piece or steps between it and the king: a piece other than the king moves there
    // and no line of ours then reaches the king (which also rules out a double check), or the
    // king takes a checking piece that nothing of ours guards. (Flights are leaves_flight's.)
    // Castling and en passant are not judged: false.
    bool check_answered(const Position& pos, Move m) const {
        if (m.special() != Move::NORMAL) return false;
        const Color them = ~us_;
        const Square k = pos.king_square(them);
        if (k == SQ_NONE) return false;
        const Placement& p = pos.placement();
        const Square a = m.active_from(), b = m.active_to();
        const Bitboard ab = square_bb(a), bb = square_bb(b);
        const Bitboard occ = (pos.pieces() & ~ab) | bb;
        const Bitboard theirs = p.by_color[them] & ~bb & ~square_bb(k);
        Bitboard diagonal = diagonal_ & ~ab, straight = straight_ & ~ab;
        // A reply by a piece of theirs from x to s is legal if no line of ours then reaches k.
        auto safe = [&](Bitboard from, Square s, Bitboard diag, Bitboard str) {
            while (from) {
                const Bitboard after = (occ ^ square_bb(pop_lsb(from))) | square_bb(s);
                if (!((bishop_attacks(k, after) & diag) | (rook_attacks(k, after) & str)))
                    return true;
            }
            return false;
        };
        // Taking the checking piece.
        if (safe(orthodox_attackers(p, b, them, occ) & theirs, b, diagonal, straight)) return true;
        if ((geometry::king_steps[k] & bb) &&
            !(orthodox_attackers(p, b, us_, occ ^ square_bb(k)) & ~ab))
            return true;
        // Stepping between: the checking piece is a slider, whose line the step closes.
        const PieceType pt = m.promotion() ? m.promotion() : type_of(pos.piece_on(a));
        if (pt == BISHOP || pt == QUEEN) diagonal |= bb;
        if (pt == ROOK || pt == QUEEN) straight |= bb;
        const Bitboard their_pawns = p.by_type[PAWN] & theirs;
        const int fwd = pawn_push(them);
        for (Bitboard between = geometry::between[b][k]; between;) {
            const Square s = pop_lsb(between);
            Bitboard steppers = ((geometry::knight_steps[s] & p.by_type[KNIGHT]) |
                                 (bishop_attacks(s, occ) & (p.by_type[BISHOP] | p.by_type[QUEEN])) |
                                 (rook_attacks(s, occ) & (p.by_type[ROOK] | p.by_type[QUEEN]))) &
                                theirs;
            if (relative_rank(them, s) >= 2) { // a pawn's step or double step
                const Square one = Square(s - fwd);
                if (their_pawns & square_bb(one))
                    steppers |= square_bb(one);
                else if (!(occ & square_bb(one)) && relative_rank(them, s) == 3 &&
                         (their_pawns & square_bb(Square(one - fwd))))
                    steppers |= square_bb(Square(one - fwd));
            }
            if (steppers && safe(steppers, s, diagonal, straight)) return true;
        }
        return false;
    }

    // Narrows the squares a plain move of each piece type must reach to give check (`only`,
    // CheckHints::squares) to those from which it also covers every flight, or stands on it; and
    // returns the pieces whose departure may open a line of ours onto a flight, for which no
    // square can be ruled out so. (The moving piece's own square is vacated: its kind is taken
    // off the board when the covering squares are found.)
    Bitboard narrow(const Position& pos, Bitboard only[PIECE_TYPE_NB]) const {
        const Placement& p = pos.placement();
        const Bitboard ours = p.by_color[us_];
        only[KING] = 0; // a king checks only by discovery
        Bitboard openers = 0;
        for (Bitboard left = flights_; left;) {
            const Square f = pop_lsb(left);
            const Bitboard fb = square_bb(f);
            only[PAWN] &= geometry::pawn_captures[~us_][f] | fb;
            only[KNIGHT] &= geometry::knight_steps[f] | fb;
            only[BISHOP] &= bishop_attacks(f, occ_ & ~p.pieces(us_, BISHOP)) | fb;
            only[ROOK] &= rook_attacks(f, occ_ & ~p.pieces(us_, ROOK)) | fb;
            only[QUEEN] &= queen_attacks(f, occ_ & ~p.pieces(us_, QUEEN)) | fb;
            // A slider of ours seen through our first blockers: f is a flight, so none is seen
            // directly, and the blocker between is an opener.
            const Bitboard straight_blockers = rook_attacks(f, occ_) & ours;
            const Bitboard diagonal_blockers = bishop_attacks(f, occ_) & ours;
            for (Bitboard s = rook_attacks(f, occ_ ^ straight_blockers) & straight_; s;)
                openers |= geometry::between[f][pop_lsb(s)] & straight_blockers;
            for (Bitboard s = bishop_attacks(f, occ_ ^ diagonal_blockers) & diagonal_; s;)
                openers |= geometry::between[f][pop_lsb(s)] & diagonal_blockers;
        }
        return openers;
    }

  private:
    Color us_;
    Bitboard occ_ = 0, flights_ = 0, diagonal_ = 0, straight_ = 0;
};

// Where a check that may mate can come from: a plain move of a piece of each type to a square
// of only[type] (CheckHints' checking squares, narrowed by MateFlights::narrow), or any move of
// a piece of free_from (a discoverer, or one whose departure may open a line onto a flight).
struct MatingCheckSources {
    Bitboard only[PIECE_TYPE_NB];
    Bitboard free_from;

    MatingCheckSources(const Position& pos, const CheckHints& hints, const MateFlights& flights) {
        std::copy(std::begin(hints.squares), std::end(hints.squares), only);
        free_from = hints.discoverers | flights.narrow(pos, only);
    }
};

} // namespace dynamo
