// Move ordering for the mate search: which moves are searched first, and which never need to
// be. At a defence node the killer (the defence that last refuted at this ply), the checks far
// from the end, then by refutation history; at an attacker node the attacker's killer. At an
// orthodox selfmate's last attacker move, the quiet replies that dismiss attacker moves unmade;
// at an orthodox direct mate's last move, only the checks that may mate are generated.
#pragma once

#include "solver/board/position.h"
#include "solver/rules/check_hints.h"
#include "solver/rules/lazy_movegen.h"
#include "solver/rules/movegen.h"
#include "solver/search/mate_flights.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace dynamo {

// The legal moves of the side to move, one at a time, until `visit` returns true (both rule
// sets): for the questions that most positions answer after a few moves.
template <typename Visit> bool visit_legal(const Position& pos, Visit&& visit) {
    if (!pos.rules().is_dynamo()) return lazy::visit_orthodox(pos, visit);
    struct Adapter final : MoveVisitor {
        Visit& each;
        explicit Adapter(Visit& v) : each(v) {}
        bool admit(Move) override { return true; }
        bool visit(Move m) override { return each(m); }
    };
    Adapter adapter(visit);
    return dynamo_visit_legal(pos, adapter);
}

// Orthodox selfmate, the attacker's last move (attack node, n == 1): the attacker's move m wins
// only if every defender move then mates. A defender move r that is legal and gives no check
// in the current placement (as if the defender were to move) stays so after m unless m touches
// what r depends on; then m fails, known without making m or generating the defender's moves.
// What r depends on, with P2 the placement after r alone (m moves a piece from a to b):
//  - r's own squares: its from and to squares and those between (a or b there: give up);
//  - the defender's king (on k2 in P2) not attacked: m's piece attacks k2 from b, or a was the
//    one piece between k2 and an attacker's slider (a capture at b keeps its line blocked);
//  - the attacker's king (on w) not attacked: a was the one piece between w and a defender's
//    slider, or m is a king move to a square the defender attacks in P2.
// Castling and en passant are always searched.
class QuietReply {
  public:
    // Whether r (a legal move of the defender, were it to move) gives no check; if so, ready.
    bool init(const Position& pos, Move r) {
        if (r.special() != Move::NORMAL || r.promotion()) return false;
        us_ = pos.side_to_move();
        Color them = ~us_;
        f_ = r.active_from(), t_ = r.active_to();
        Piece pc = pos.piece_on(f_);
        p2_ = pos.placement();
        Bitboard tb = square_bb(t_);
        p2_.by_color[us_] &= ~tb;
        for (Bitboard& bb : p2_.by_type) bb &= ~tb;
        p2_.remove(pc, f_);
        p2_.put(pc, t_);
        occ2_ = p2_.occupied();
        Bitboard wk = p2_.pieces(us_, KING), bk = p2_.pieces(them, KING);
        if (!wk || !bk) return false;
        w_ = lsb(wk), k2_ = lsb(bk);
        if (orthodox_attackers(p2_, w_, them, occ2_)) return false; // r gives check
        own_ = square_bb(f_) | tb | geometry::between[f_][t_];
        disc_them_ = sole_blockers(k2_, us_) & p2_.by_color[us_];
        disc_us_ = sole_blockers(w_, them) & p2_.by_color[us_];
        // For a plain move (no king move, no promotion): the squares it must not leave, and for
        // each piece type, those it must not reach. From b a piece attacks k2 in P2 exactly as
        // after leaving a (were a between, it would already attack k2 from a).
        from_mask_ = own_ | disc_them_ | disc_us_;
        Bitboard ba = bishop_attacks(k2_, occ2_), ra = rook_attacks(k2_, occ2_);
        to_mask_[PAWN] = own_ | geometry::pawn_captures[them][k2_];
        to_mask_[KNIGHT] = own_ | geometry::knight_steps[k2_];
        to_mask_[BISHOP] = own_ | ba;
        to_mask_[ROOK] = own_ | ra;
        to_mask_[QUEEN] = own_ | ba | ra;
        return true;
    }

    // A plain move (see survives_plain) survives unless it leaves a square of from_mask() or
    // reaches one of to_mask(its piece type): the restriction of a restricted generation.
    Bitboard from_mask() const { return from_mask_; }
    Bitboard to_mask(PieceType pt) const { return to_mask_[pt]; }

    // survives() for a plain move of a piece of type pt other than the king, no promotion.
    bool survives_plain(PieceType pt, Bitboard ab, Bitboard bb) const {
        return !(ab & from_mask_) && !(bb & to_mask_[pt]);
    }

    // Whether r is still a legal defender move giving no check after the attacker's move m.
    bool survives(const Position& pos, Move m) const {
        if (m.special() != Move::NORMAL) return false;
        Square a = m.active_from(), b = m.active_to();
        Bitboard ab = square_bb(a), bb = square_bb(b);
        if ((ab | bb) & (own_ | disc_them_)) return false;
        Piece pc = pos.piece_on(a);
        PieceType pt = m.promotion() ? m.promotion() : type_of(pc);
        Bitboard occ = occ2_ ^ ab; // b's own arrival matters to no line through b
        Bitboard hits;
        switch (pt) {
        case PAWN: hits = geometry::pawn_captures[us_][b]; break;
        case KNIGHT: hits = geometry::knight_steps[b]; break;
        case BISHOP: hits = bishop_attacks(b, occ); break;
        case ROOK: hits = rook_attacks(b, occ); break;
        case QUEEN: hits = queen_attacks(b, occ); break;
        default: hits = geometry::king_steps[b]; break;
        }
        if (hits & square_bb(k2_)) return false;
        if (pt == KING && type_of(pc) == KING)
            return !(orthodox_attackers(p2_, b, ~us_, occ) & ~bb); // a capture on b removes one
        return !(ab & disc_us_);
    }

  private:
    // The squares that are the only piece between k and a slider of colour `by` aiming at k.
    Bitboard sole_blockers(Square k, Color by) const {
        Bitboard result = 0;
        Bitboard snipers =
            (rook_attacks(k, 0) & p2_.by_color[by] & (p2_.by_type[ROOK] | p2_.by_type[QUEEN])) |
            (bishop_attacks(k, 0) & p2_.by_color[by] & (p2_.by_type[BISHOP] | p2_.by_type[QUEEN]));
        while (snipers) {
            Bitboard between = geometry::between[k][pop_lsb(snipers)] & occ2_;
            if (between && !(between & (between - 1))) result |= between;
        }
        return result;
    }

  public:
    // Left unset until init(): a node makes several and often uses one (zeroing them cost 1.3%
    // of a selfmate's time).
    QuietReply() {}

  private:
    Color us_;
    Square f_, t_, w_, k2_;
    union {
        Placement p2_; // in a union: not zeroed by its own initialisers
    };
    Bitboard occ2_, own_, disc_them_, disc_us_;
    Bitboard from_mask_, to_mask_[QUEEN + 1];
};

// Up to a few quiet defender moves, the remembered refutation first, then king moves.
struct QuietReplies {
    static constexpr int MAX = 3;
    QuietReply replies[MAX];
    Move moves[MAX];
    int count = 0;
    // The candidates not yet tried as replies (init_next), in order.
    static constexpr int SCAN = 13;
    Move candidates[SCAN];
    int n_candidates = 0, next = 0;

    void init(Position& pos, Move killer) {
        scan(pos, killer);
        while (count < MAX && init_next(pos)) {
        }
    }
    // The defender's moves were it to move: after a pass, read back in the attacker-to-move
    // position (the pass undone). The remembered refutation first, if legal.
    void scan(Position& pos, Move killer) {
        constexpr int N = SCAN - 1;
        Move scanned[N];
        int n = 0;
        bool killer_legal = false;
        pos.make_null();
        lazy::visit_orthodox(pos, [&](Move r) {
            if (r == killer)
                killer_legal = true;
            else if (n < N)
                scanned[n++] = r;
            return killer_legal && n == N;
        });
        pos.unmake_null();
        if (killer_legal) candidates[n_candidates++] = killer;
        for (int i = 0; i < n; ++i) candidates[n_candidates++] = scanned[i];
    }
    // Adds the next candidate that is a quiet reply; false if there is none (or MAX are in).
    bool init_next(const Position& pos) {
        while (count < MAX && next < n_candidates) {
            Move r = candidates[next++];
            if (replies[count].init(pos, r)) {
                moves[count++] = r;
                return true;
            }
        }
        return false;
    }
    // The index of a reply that survives m, or -1.
    int surviving(const Position& pos, Move m) const {
        if (m.special() == Move::NORMAL && !m.promotion()) {
            PieceType pt = type_of(pos.piece_on(m.active_from()));
            if (pt != KING) {
                Bitboard ab = square_bb(m.active_from()), bb = square_bb(m.active_to());
                for (int i = 0; i < count; ++i)
                    if (replies[i].survives_plain(pt, ab, bb)) return i;
                return -1;
            }
        }
        for (int i = 0; i < count; ++i)
            if (replies[i].survives(pos, m)) return i;
        return -1;
    }
    bool refutes(const Position& pos, Move m) const { return surviving(pos, m) >= 0; }
    // Whether reply i alone survives m (refutes it).
    bool single_refutes(int i, const Position& pos, Move m) const {
        if (m.special() == Move::NORMAL && !m.promotion()) {
            PieceType pt = type_of(pos.piece_on(m.active_from()));
            if (pt != KING)
                return replies[i].survives_plain(pt, square_bb(m.active_from()),
                                                 square_bb(m.active_to()));
        }
        return replies[i].survives(pos, m);
    }
    Move refutation(const Position& pos, Move m) const {
        int i = surviving(pos, m);
        return i < 0 ? Move::none() : moves[i];
    }
};

// Orthodox: the legal moves that give check. Only the moves that may (CheckHints) are generated.
inline void generate_checks(const Position& pos, const CheckHints& hints, MoveList& list) {
    list.clear();
    lazy::visit_orthodox_restricted(pos, hints.squares, hints.discoverers, [&](Move m) {
        if (hints.gives_check(pos, m)) list.push_back(m); // exact; may_check is within it
        return false;
    });
}

// Orthodox, the last move of a direct mate: the legal checks that leave the king no flight, as
// MateFlights judges. Only moves that may cover every flight are generated; when no piece has
// one (and no castling, promotion or en passant is there to try), nothing is generated at all.
inline void generate_mating_checks(const Position& pos, const CheckHints& hints,
                                   const MateFlights& flights, MoveList& list) {
    list.clear();
    const MatingCheckSources sources(pos, hints, flights);
    const Bitboard* only = sources.only;
    const Bitboard free_from = sources.free_from;
    const Color us = pos.side_to_move();
    bool any = free_from || pos.state().ep_square != SQ_NONE ||
               (pos.pieces(us, PAWN) & rank_bb(us == WHITE ? 6 : 1)) ||
               pos.castling().sq[us][CastlingRights::KING_INDEX] != SQ_NONE;
    for (int pt = PAWN; pt <= QUEEN && !any; ++pt) any = only[pt] && pos.pieces(us, PieceType(pt));
    if (!any) return;
    lazy::visit_orthodox_restricted(pos, only, free_from, [&](Move m) {
        if (hints.gives_check(pos, m) && !flights.leaves_flight(pos, m) &&
            !flights.check_answered(pos, m))
            list.push_back(m);
        return false;
    });
}

// Moves a remembered move (a killer) to the front of the list, if it is there.
inline void try_first(MoveList& list, Move m) {
    if (m.is_none()) return;
    auto it = std::find(list.begin(), list.end(), m);
    if (it != list.end()) std::iter_swap(list.begin(), it);
}

// Far from the end, defences that give check go first: the attacker must answer the check, so
// a refutation among them is proved by the smallest tree, and the killer remembers it.
constexpr int CHECKS_FIRST_DEPTH = 2;
// Returns where the moves that give no check begin.
int checks_first(const Position& pos, MoveList& list);

// Refutation history: how often (weighted by depth) a defence with these squares refuted.
inline size_t history_index(Move m) {
    return size_t(m.active_from()) * 128 + size_t(m.active_to());
}

// Brings the move with the best history among list[i..] to i (selection as the loop goes: the
// first refutation usually ends the node, so the rest is never sorted).
inline void pick_by_history(MoveList& list, int i, const std::vector<uint32_t>& history) {
    int best = i;
    uint32_t best_score = history[history_index(list[i])];
    for (int j = i + 1; j < list.size(); ++j)
        if (uint32_t s = history[history_index(list[j])]; s > best_score) best = j, best_score = s;
    if (best != i) std::swap(list[i], list[best]);
}

// Far from the end, a defence that gives check refutes with the smallest tree (the attacker's
// answers to a check are few), so the checks go before the killer: measured, castling_11 (#6)
// 0.39 and ep_11 (s#6) 0.06 of the time with the killer first. Nearer the end the killer goes
// first, tried before the list is made (MateSearch::killer_first): its refutation is as cheap as
// any there (#N with checks first from n = 2: castling_11 1.5 times slower than from n = 3). Not
// under NonTrivial, where the guard has searched every defence already (measured: nontriv_07
// about 1.4 times slower with checks first).
inline bool checks_before_killer(int n, bool self, bool nontrivial) {
    return n >= (self ? 2 : 3) && !nontrivial;
}

// What a search learns of move order as it goes.
struct MoveOrder {
    Move killer[128] = {}; // per ply: the defence that last refuted, tried first
    std::vector<uint32_t> history = std::vector<uint32_t>(64 * 128); // refutation history
    Move attack_killer[128] = {}; // per ply: the attacker move that last won, tried first

    static int ply_of(const Position& pos) { return std::min(pos.ply(), 127); }

    // A defence that refuted at depth n.
    void refuted(int ply, Move r, int n) {
        killer[ply] = r;
        history[history_index(r)] += uint32_t(n * n);
    }

    // Orders a defence node's list: the checks first (from CHECKS_FIRST_DEPTH), the killer at the
    // front, or after the checks far from the end (checks_before_killer: `checks_before`).
    // Returns where the moves that history orders begin (after the killer). `first` (1 if the
    // killer was searched before the list was made) drops to 0 if the killer is not at the
    // front, where it would be skipped.
    int order_defences(const Position& pos, MoveList& list, int n, int& first,
                       bool checks_before) const {
        const Move k = killer[ply_of(pos)];
        int quiet_from = n >= CHECKS_FIRST_DEPTH ? checks_first(pos, list) : list.size();
        if (k.is_none()) return quiet_from;
        if (checks_before) {
            auto it = std::find(list.begin() + quiet_from, list.end(), k);
            if (it == list.end()) return quiet_from; // a check, or not a legal move here
            std::iter_swap(list.begin() + quiet_from, it);
            return quiet_from + 1;
        }
        try_first(list, k);
        if (list.size() && list[0] == k) return std::max(quiet_from, 1);
        first = 0; // a way not in the list: searched again
        return quiet_from;
    }

    // The defences likeliest to refute first: the killer, then checks, then by history (stable
    // otherwise).
    void likely_refutations_first(const Position& pos, MoveList& defences) const {
        const int quiet_from = checks_first(pos, defences);
        std::stable_sort(defences.begin() + quiet_from, defences.end(), [&](Move a, Move b) {
            return history[history_index(a)] > history[history_index(b)];
        });
        try_first(defences, killer[ply_of(pos)]);
    }
};

// Orthodox: the legal moves that give check (the last move of a direct mate), generated without
// the moves that cannot.
void generate_orthodox_checks(const Position& pos, MoveList& list);

// For tests: at an orthodox selfmate's last attacker move (attacker to move, n == 1), for each of
// `moves`, the defender move that the search takes to stay legal and non-checking after it
// (`killer` tried first), so that the move is dismissed unmade; Move::none() if not dismissed.
std::vector<Move> selfmate_last_dismissals(Position& pos, Move killer, const MoveList& moves);

} // namespace dynamo
