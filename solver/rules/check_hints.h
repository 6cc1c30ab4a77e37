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
    // The squares on k's lines of each kind with at most two pieces between them and k: a rider
    // checks from there only if the move lifts those pieces (it lifts two at most).
    Bitboard rook_near = 0, bishop_near = 0;
    bool valid = false;

    explicit DynamoCheckHints(const Position& pos) : DynamoCheckHints(pos, pos.side_to_move()) {}
    // As if `checker` were to move (docs/helpmate.md, Dynamo: Black's last moves that change
    // nothing).
    DynamoCheckHints(const Position& pos, Color checker) {
        if (!pos.rules().is_dynamo()) return;
        us = checker;
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
            Bitboard near = ray(k, dir), blockers = near & occupied;
            for (int i = 0; i < 2 && blockers; ++i)
                blockers &= ~square_bb(nearest_on_ray(blockers, dir));
            if (blockers) near &= ~ray(nearest_on_ray(blockers, dir), dir);
            (straight ? rook_near : bishop_near) |= near;
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

    // Whether a castling of ours may pass may_check() (docs/rules.md, 6. Castling): its king
    // lands where a king checks, its rook on `rook_near`, or either leaves `rider_lines`.
    bool castling_may_check(const Position& pos) const {
        if (!valid) return true;
        const CastlingRights& cr = pos.castling();
        const Square king = cr.sq[us][CastlingRights::KING_INDEX];
        if (king != castling_home(us, CastlingRights::KING_INDEX)) return false;
        for (int idx : {CastlingRights::KING_ROOK, CastlingRights::QUEEN_ROOK}) {
            const Square r = cr.sq[us][idx];
            if (r != castling_home(us, idx)) continue;
            const bool kingside = idx == CastlingRights::KING_ROOK;
            const Square kto = Square(king + (kingside ? 2 : -2));
            const Square rto = Square(king + (kingside ? 1 : -1));
            if ((leaper_squares[KING] & square_bb(kto)) || (rook_near & square_bb(rto)) ||
                (rider_lines & (square_bb(king) | square_bb(r))))
                return true;
        }
        return false;
    }

    // The squares whose contents piece_may_check() reads, for any of our pieces, or that the
    // hints themselves read (k's lines): a move of theirs that touches none of them, and moves
    // neither their king nor a piece of ours, leaves every piece's verdict as it was.
    Bitboard read_squares(const Position& pos) const {
        Bitboard read = queen_attacks(k, 0);
        for (Bitboard b = pos.pieces(us); b;) {
            const Square s = pop_lsb(b);
            switch (type_of(pos.piece_on(s))) {
            case PAWN: {
                const Direction fwd = us == WHITE ? NORTH : SOUTH;
                read |= geometry::pawn_captures[us][s] | ray(s, fwd);
                break;
            }
            case KNIGHT: read |= geometry::knight_steps[s]; break;
            case KING: read |= geometry::king_steps[s]; break;
            case BISHOP: read |= bishop_attacks(s, 0); break;
            case ROOK: read |= rook_attacks(s, 0); break;
            default: read |= queen_attacks(s, 0); break;
            }
        }
        return read;
    }

    // Where our piece `p`, landing by a move, may check: a superset of the squares where
    // lands_checking() holds (a pawn counted with what it may promote to).
    Bitboard checks_from(Piece p) const {
        switch (type_of(p)) {
        case PAWN:
            return leaper_squares[PAWN] | (rank_bb(us == WHITE ? 7 : 0) &
                                           (rook_near | bishop_near | leaper_squares[KNIGHT]));
        case KNIGHT:
        case KING: return leaper_squares[type_of(p)];
        case ROOK: return rook_near;
        case BISHOP: return bishop_near;
        default: return rook_near | bishop_near;
        }
    }
    bool ours_may_land(Square s, Bitboard landings, const Position& pos) const {
        const Piece p = pos.piece_on(s);
        return color_of(p) == us && (landings & checks_from(p));
    }

    // Whether some way of moving of our piece on s may pass may_check(): false only when none
    // can (docs/helpmate.md, Dynamo: the checking pieces). Every square a way of that piece
    // lifts a piece from or lands one on is bounded by the piece's lines or leaps from s.
    bool piece_may_check(const Position& pos, Square s) const {
        return piece_directions(pos, s) != 0;
    }

    // The same, line by line: bit d set when some way of the piece on s along the generator's
    // direction d (a rider's line, a knight's or king's leap; a pawn: all or none) may pass
    // may_check().
    unsigned piece_directions(const Position& pos, Square s) const {
        if (!valid || (rider_lines & square_bb(s))) return 0xFF;
        const Bitboard lifted = rider_lines | square_bb(k); // a piece lifted there may check
        switch (type_of(pos.piece_on(s))) {
        case PAWN: return pawn_may_check(pos, s, lifted) ? 0xFF : 0;
        case KNIGHT:
        case KING: return leaper_leaps(pos, s, lifted);
        default: return rider_lines_of(pos, s, lifted);
        }
    }

    // docs/rules.md, 3.2: with its leap v (the generator's index i) the leaper lands on s + v
    // (or stays, or leaves); it pushes the piece on s + v to s + 2v, or pulls the piece on
    // s - v onto s. The leaps some way of which may pass may_check().
    unsigned leaper_leaps(const Position& pos, Square s, Bitboard lifted) const {
        const Piece a = pos.piece_on(s);
        const bool knight = type_of(a) == KNIGHT;
        const Square* targets = knight ? geometry::knight_target[s] : geometry::step_target[s];
        const Bitboard own_lands = checks_from(a);
        if (own_lands & square_bb(s)) return 0xFF;
        unsigned leaps = 0;
        for (int i = 0; i < 8; ++i) {
            const Square t = targets[i], back = targets[(i + 4) & 7];
            bool may = false;
            if (t != SQ_NONE) {
                const Bitboard tb = square_bb(t);
                if (!(occupied & tb))
                    may = own_lands & tb;
                else {
                    const Square t2 =
                        knight ? geometry::knight_target[t][i] : geometry::step_target[t][i];
                    may = (lifted & tb) ||
                          ours_may_land(t, t2 == SQ_NONE ? 0 : square_bb(t2), pos) ||
                          (own_lands & tb);
                }
            }
            if (!may && back != SQ_NONE && (occupied & square_bb(back)))
                may = (lifted & square_bb(back)) || ours_may_land(back, square_bb(s), pos);
            if (may) leaps |= 1u << i;
        }
        return leaps;
    }

    // docs/rules.md, 3.3: the pawn lands at most two squares ahead or diagonally ahead; it pushes
    // a piece of ours from one or two squares ahead to at most four ahead, or an enemy piece
    // diagonally.
    bool pawn_may_check(const Position& pos, Square s, Bitboard lifted) const {
        const Direction fwd = us == WHITE ? NORTH : SOUTH;
        Bitboard ahead[5] = {};
        for (int n = 1; n <= 4; ++n)
            ahead[n] =
                ahead[n - 1] | (n <= ray_length(s, fwd) ? square_bb(shift_square(s, fwd, n)) : 0);
        const Bitboard diagonal = geometry::pawn_captures[us][s];
        if ((ahead[2] | diagonal) & occupied & lifted) return true;
        if ((ahead[2] | diagonal | square_bb(s)) & checks_from(pos.piece_on(s))) return true;
        for (Bitboard b = ahead[2] & occupied; b;)
            if (ours_may_land(pop_lsb(b), ahead[4], pos)) return true;
        return false;
    }

    // docs/rules.md, 3.1: along each line d of the rider (the generator's direction d: its
    // plain moves and pushes along d, and its pulls moving along d), every piece lands before
    // the second piece met that way (or goes out): the rider itself, the first piece met
    // (pushed), and the first piece behind it (pulled after it, landing between its square and
    // the rider's new one). A rider that stays checks only from a line through k of its kind,
    // which puts s on rider_lines. The lines some way of which may pass may_check().
    unsigned rider_lines_of(const Position& pos, Square s, Bitboard lifted) const {
        const Piece a = pos.piece_on(s);
        const PieceType t = type_of(a);
        const Bitboard own_lands = checks_from(a);
        unsigned lines = 0;
        for (int di = 0; di < DIR_NB; ++di) {
            const Direction d = Direction(di);
            if (is_rook_direction(d) ? t == BISHOP : t == ROOK) continue;
            Bitboard seg = ray(s, d);
            const Bitboard ahead = seg & occupied;
            bool may = false;
            if (ahead) {
                const Square first = nearest_on_ray(ahead, d);
                const Bitboard beyond = ahead & ~square_bb(first);
                if (beyond) {
                    const Square second = nearest_on_ray(beyond, d);
                    seg &= ~(ray(second, d) | square_bb(second));
                }
                may = (square_bb(first) & lifted) || ours_may_land(first, seg, pos);
            }
            may = may || (seg & own_lands);
            const Bitboard behind = ray(s, opposite(d)) & occupied;
            if (!may && behind) {
                const Square back = nearest_on_ray(behind, opposite(d));
                may = (square_bb(back) & lifted) ||
                      ours_may_land(back, geometry::between[back][s] | square_bb(s) | seg, pos);
            }
            if (may) lines |= 1u << di;
        }
        return lines;
    }
};

} // namespace dynamo
