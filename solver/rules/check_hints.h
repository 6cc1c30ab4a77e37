// Which moves may give check, to spare the exact test (Position::gives_check) the others: a
// test that must never drop a checking move; letting some non-checking ones through is fine.
#pragma once

#include "solver/board/bitboard.h"
#include "solver/board/position.h"

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

// Dynamo rules: which moves may give check (RULES.md section 6), to spare the exact test the
// others. The enemy king on k is not in check (it has just moved), so a move gives check only by
// moving the king, by landing a piece next to it or a knight's step away (leaper and pawn checks),
// or by changing a line through k on which one of our riders of the line's kind stands after the
// move: either it stood there already, or the move lands it there.
struct DynamoCheckHints {
    Square k = SQ_NONE;
    Bitboard near = 0;        // where leapers, kings and pawns check from
    Bitboard rider_lines = 0; // lines through k with one of our riders of their kind on them
    Bitboard rook_lines = 0, bishop_lines = 0;
    Color us = WHITE;
    bool valid = false;

    explicit DynamoCheckHints(const Position& pos) {
        if (!pos.rules().is_dynamo()) return;
        us = pos.side_to_move();
        k = pos.king_square(~us);
        if (k == SQ_NONE) return;
        near = geometry::knight_steps[k] | geometry::king_steps[k];
        Bitboard rookers = pos.pieces(us, ROOK) | pos.pieces(us, QUEEN);
        Bitboard bishopers = pos.pieces(us, BISHOP) | pos.pieces(us, QUEEN);
        for (int d = 0; d < DIR_NB; ++d) {
            Direction dir = Direction(d);
            Bitboard line = ray(k, dir) | ray(k, opposite(dir));
            (is_rook_direction(dir) ? rook_lines : bishop_lines) |= line;
            if (ray(k, dir) & (is_rook_direction(dir) ? rookers : bishopers)) rider_lines |= line;
        }
        valid = true;
    }

    // A rider of ours landing on a line of its kind through k.
    bool lands_on_line(Piece after, Square to) const {
        if (to == SQ_OUT || color_of(after) != us) return false;
        PieceType t = type_of(after);
        Bitboard lines = (t == ROOK || t == QUEEN ? rook_lines : 0) | (t == BISHOP || t == QUEEN ? bishop_lines : 0);
        return lines & square_bb(to);
    }

    bool may_check(const Position& pos, Move m) const {
        if (!valid) return true;
        Bitboard touched = square_bb(m.active_from());
        if (m.active_to() != SQ_OUT) touched |= square_bb(m.active_to());
        if (m.has_passive()) {
            if (m.passive_from() == k) return true;
            touched |= square_bb(m.passive_from());
            if (m.passive_to() != SQ_OUT) touched |= square_bb(m.passive_to());
        }
        if (touched & (near | rider_lines)) return true;
        return lands_on_line(pos.active_after(m), m.active_to()) ||
               (m.has_passive() && lands_on_line(pos.passive_after(m), m.passive_to()));
    }
};

} // namespace dynamo
