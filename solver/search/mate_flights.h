// Orthodox, the attacker's last move of a direct mate: a check mates only if it leaves the
// defender's king no flight. The flights are found once per node; a check that leaves one of
// them unattacked (judged from the moving piece's new lines and the lines its departure opens,
// without making the move) is no mate. Most checks at such nodes are dismissed so.
#pragma once

#include "solver/rules/check.h"
#include "solver/board/position.h"

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
            if (!((bishop_attacks(f, occ) & diagonal_ & ~ab) | (rook_attacks(f, occ) & straight_ & ~ab)))
                return true;
        }
        return false;
    }

  private:
    Color us_;
    Bitboard occ_ = 0, flights_ = 0, diagonal_ = 0, straight_ = 0;
};

} // namespace dynamo
