// Which moves may give check, to spare the exact test (Position::gives_check) the others: a
// test that must never drop a checking move; letting some non-checking ones through is fine.
#pragma once

#include "solver/board/bitboard.h"
#include "solver/board/position.h"
#include "solver/rules/check.h"

namespace dynamo {

// Orthodox chess: the squares from which each piece type would attack the enemy king, and our
// pieces whose leaving opens a line of ours onto it (Stockfish's check info). A move that
// neither lands on such a square nor leaves such a blocker cannot give check (castling,
// promotion and en passant aside), so most moves need no exact test.
struct CheckHints {
    Bitboard squares[PIECE_TYPE_NB] = {};
    Bitboard discoverers = 0;
    Square k = SQ_NONE; // the enemy king
    bool valid = false;

    explicit CheckHints(const Position& pos) {
        if (pos.rules().is_dynamo()) return;
        Color us = pos.side_to_move();
        k = pos.king_square(~us);
        if (k == SQ_NONE) return;
        Bitboard occ = pos.pieces();
        squares[PAWN] = geometry::pawn_captures[~us][k];
        squares[KNIGHT] = geometry::knight_steps[k];
        squares[BISHOP] = bishop_attacks(k, occ);
        squares[ROOK] = rook_attacks(k, occ);
        squares[QUEEN] = squares[BISHOP] | squares[ROOK];
        Bitboard snipers =
            (rook_attacks(k, 0) & (pos.pieces(us, ROOK) | pos.pieces(us, QUEEN))) |
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
        return (squares[pt] & square_bb(m.active_to())) ||
               (discoverers & square_bb(m.active_from()));
    }

    // Exactly Position::gives_check, cheaper for a plain move (a capture included). A piece
    // checks from b directly exactly when b is among squares[its type]: its own square a can
    // block only a line it already checked on, which the position rules out. A discovered
    // check needs a blocker to leave; whether the line is then open is read from the board.
    bool gives_check(const Position& pos, Move m) const {
        if (!valid || m.special() != Move::NORMAL || m.promotion()) return pos.gives_check(m);
        const Square a = m.active_from(), b = m.active_to();
        if (squares[type_of(pos.piece_on(a))] & square_bb(b)) return true;
        if (!(discoverers & square_bb(a))) return false;
        const Color us = pos.side_to_move();
        const Bitboard occ = (pos.pieces() & ~square_bb(a)) | square_bb(b);
        return ((rook_attacks(k, occ) & (pos.pieces(us, ROOK) | pos.pieces(us, QUEEN))) |
                (bishop_attacks(k, occ) & (pos.pieces(us, BISHOP) | pos.pieces(us, QUEEN)))) &
               ~square_bb(a);
    }
};

// Dynamo rules: which moves may give check (docs/rules.md, 4.1 What check means), to spare the
// exact test the others. The enemy king on k is not in check (it has just moved), so a move gives
// check only by moving the king, by landing a checker where it checks, or by opening a line through
// k to one of our riders of the line's kind. A rider checks along a line when nothing stands
// between it and k, and nothing behind the king (it pushes) or nothing behind itself (it pulls).
// The test takes the pieces the move lifts off the board and ignores those it lands (which can only
// block), so it lets through some moves that do not check, never one that does. (A 25-piece middle
// game's #4, the ways of the attacker's last move: 28% let through by the lines-and-squares test
// this replaced, 4% by this one; 3% give check.)
struct DynamoCheckHints {
    Square k = SQ_NONE;
    Color us = WHITE;
    Bitboard occupied = 0;
    Bitboard leaper_squares[PIECE_TYPE_NB] = {}; // where our knight, king or pawn would check
    Bitboard rook_lines = 0, bishop_lines = 0;   // the lines through k of each kind
    Bitboard landing_squares = 0;                // where some checker of ours could land and check
    Bitboard rider_lines = 0; // the lines through k with one of our riders of their kind on them
    Bitboard riders[DIR_NB] = {}; // ours of the direction's kind, on the ray from k that way
    bool valid = false;

    explicit DynamoCheckHints(const Position& pos) {
        if (!pos.rules().is_dynamo()) return;
        us = pos.side_to_move();
        k = pos.king_square(~us);
        if (k == SQ_NONE) return;
        occupied = pos.pieces();
        for (PieceType pt : {KNIGHT, KING, PAWN}) {
            leaper_squares[pt] = dynamo_leaper_checks(k, ~us, pt);
            landing_squares |= leaper_squares[pt];
        }
        const Bitboard rookers = pos.pieces(us, ROOK) | pos.pieces(us, QUEEN);
        const Bitboard bishopers = pos.pieces(us, BISHOP) | pos.pieces(us, QUEEN);
        for (int d = 0; d < DIR_NB; ++d) {
            const Direction dir = Direction(d);
            const bool straight = is_rook_direction(dir);
            (straight ? rook_lines : bishop_lines) |= ray(k, dir);
            riders[d] = ray(k, dir) & (straight ? rookers : bishopers);
            if (riders[d]) rider_lines |= ray(k, dir) | ray(k, opposite(dir));
        }
        landing_squares |= rook_lines | bishop_lines;
        valid = true;
    }

    // Whether a rider of ours on b, seen from k along d, checks when `occ` is occupied.
    bool rider_checks(Square b, Direction d, Bitboard occ) const {
        if (geometry::between[k][b] & occ) return false;
        return !(ray(k, opposite(d)) & occ) || !(ray(b, d) & occ);
    }

    // Our piece `after` (promotion applied), landing on `to`, checks once the pieces have left
    // `left`.
    bool lands_checking(Piece after, Square to, Bitboard left) const {
        if (to == SQ_OUT || color_of(after) != us) return false;
        const Bitboard b = square_bb(to);
        const PieceType t = type_of(after);
        if (t == KNIGHT || t == KING || t == PAWN) return leaper_squares[t] & b;
        const Bitboard lines = (t == ROOK || t == QUEEN ? rook_lines : 0) |
                               (t == BISHOP || t == QUEEN ? bishop_lines : 0);
        if (!(lines & b)) return false;
        for (int d = 0; d < DIR_NB; ++d)
            if (ray(k, Direction(d)) & b) return rider_checks(to, Direction(d), occupied & ~left);
        return false;
    }

    // Whether lifting the pieces on `left` lets one of our riders that stays check.
    bool opens_line(Bitboard left) const {
        const Bitboard occ = occupied & ~left;
        for (int d = 0; d < DIR_NB; ++d) {
            const Bitboard standing = riders[d] & ~left;
            if (!standing) continue;
            const Square b = nearest_on_ray(ray(k, Direction(d)) & occ, Direction(d));
            if ((square_bb(b) & standing) && rider_checks(b, Direction(d), occ)) return true;
        }
        return false;
    }

    bool may_check(const Position& pos, Move m) const {
        if (!valid) return true;
        Bitboard left = square_bb(m.active_from()), landed = 0;
        if (m.active_to() != SQ_OUT) landed |= square_bb(m.active_to());
        if (m.has_passive()) {
            if (m.passive_from() == k) return true;
            left |= square_bb(m.passive_from());
            if (m.passive_to() != SQ_OUT) landed |= square_bb(m.passive_to());
        }
        if ((landed & landing_squares) &&
            (lands_checking(pos.active_after(m), m.active_to(), left) ||
             (m.has_passive() && lands_checking(pos.passive_after(m), m.passive_to(), left))))
            return true;
        return (left & rider_lines) && opens_line(left);
    }

    // Exactly Position::gives_check: the exact test only for the moves the hints let through.
    bool gives_check(const Position& pos, Move m) const {
        return may_check(pos, m) && pos.gives_check(m);
    }
};

} // namespace dynamo
