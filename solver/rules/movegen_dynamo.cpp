// Dynamo move generation (docs/rules.md, 3. Moves: plain, push, pull to 7. A king is not moved
// through check).
//
// The generator enumerates every *way* of moving (plain move, suicide, push, pull, castling),
// drops the ways that are illegal as ways (docs/rules.md, 7. A king is not moved through check, and
// the no-undo rule under UndoDynamoOnly), merges ways with the same result into one move written in
// the canonical way (3.5 A move is what it does), and finally drops the moves that leave the mover
// in check.

#include "solver/rules/check.h"
#include "solver/rules/check_hints.h"
#include "solver/rules/movegen.h"
#include "solver/rules/movegen_directions.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <memory>
#include <tuple>
#include <vector>

namespace dynamo {

namespace {

// Result key -> index in the move list, cleared per node by bumping an epoch. It starts small
// enough to stay in L1 and doubles (rehashing the node's keys) when a node has many moves.
struct DedupTable {
    static constexpr uint32_t MAX_SIZE = 2 * MoveList::CAPACITY;
    static constexpr uint32_t START_SIZE = 1024;
    struct Slot {
        Key key;
        uint32_t epoch;
        uint32_t index;
    };
    Slot slots[MAX_SIZE];
    Key keys[MoveList::CAPACITY]; // result key of each move of the node, for rehashing
    uint32_t mask = START_SIZE - 1;
    uint32_t current = 0;

    DedupTable() { std::memset(slots, 0, sizeof(slots)); }
    void reset() {
        mask = START_SIZE - 1;
        if (++current == 0) {
            std::memset(slots, 0, sizeof(slots));
            current = 1;
        }
    }
    // Room for one more entry at most half full; grows by rehashing under a new epoch.
    void reserve_for(uint32_t entries) {
        if (2 * (entries + 1) <= mask + 1) return;
        reset_epoch_only();
        mask = 2 * mask + 1;
        for (uint32_t i = 0; i < entries; ++i) {
            uint32_t h = uint32_t(keys[i]) & mask;
            while (slots[h].epoch == current) h = (h + 1) & mask;
            slots[h] = {keys[i], current, i};
        }
    }

  private:
    void reset_epoch_only() {
        if (++current == 0) {
            std::memset(slots, 0, sizeof(slots));
            current = 1;
        }
    }
};

// One table per generator alive on this thread, lent for the generator's lifetime: a visitor's
// visit() runs other generators (the mate test after a move) while the first is still merging.
class DedupLease {
  public:
    DedupLease() {
        if (depth_ == int(tables_.size())) tables_.push_back(std::make_unique<DedupTable>());
        table_ = tables_[size_t(depth_++)].get();
    }
    ~DedupLease() { --depth_; }
    DedupLease(const DedupLease&) = delete;
    DedupLease& operator=(const DedupLease&) = delete;
    DedupTable& table() { return *table_; }

  private:
    static thread_local std::vector<std::unique_ptr<DedupTable>> tables_;
    static thread_local int depth_;
    DedupTable* table_;
};
thread_local std::vector<std::unique_ptr<DedupTable>> DedupLease::tables_;
thread_local int DedupLease::depth_ = 0;

constexpr int promotion_order(PieceType pt) {
    return pt == QUEEN ? 0 : pt == ROOK ? 1 : pt == BISHOP ? 2 : pt == KNIGHT ? 3 : 4;
}

// docs/rules.md, 3.5 A move is what it does: the plain move; then a dynamo move whose active piece
// changes square; then the lower active start square; then the lower passive start square; then Q,
// R, B, S.
auto canonical_rank(Move m) {
    return std::make_tuple(m.has_passive() && !m.is_castling(), m.active_stays(),
                           int(m.active_from()), int(m.passive_from()),
                           promotion_order(m.promotion()));
}

class DynamoGenerator {
  public:
    DynamoGenerator(const Position& pos, MoveList& list)
        : pos_(pos), list_(list), table_(lease_.table()), rules_(pos.rules()),
          us_(pos.side_to_move()), occ_(pos.pieces()) {}

    void run() {
        list_.clear();
        table_.reset();
        for (Bitboard b = pos_.pieces(us_); b;) piece(pop_lsb(b));
        castling();
        drop_moves_into_check();
    }

    // Whether there is a legal move at all: each way is tested as it comes, and the search ends
    // at the first that is legal (king moves first: in check, they are the likeliest escapes).
    // Merging is not needed for that; the way-level rules (5. No undoing, 7. A king is not moved
    // through check) still apply.
    bool any_legal() {
        list_.clear();
        table_.reset();
        safety_ = KingSafety(pos_, us_);
        any_mode_ = true;
        Square k = pos_.king_square(us_);
        if (k != SQ_NONE) piece(k);
        for (Bitboard b = pos_.pieces(us_) & ~pos_.pieces(KING); b && !found_;) piece(pop_lsb(b));
        any_mode_ = false;
        if (found_) return true;
        castling(); // rarely possible at all; through the ordinary path
        drop_moves_into_check();
        return !list_.empty();
    }

    // run(), with only the ways `filter` admits: the admitted moves of generate_dynamo's list,
    // in its order and writing (a filter that admits every way of a move or none, as one that
    // reads the resulting position does).
    void run_admitted(MoveVisitor& filter, Bitboard actives, const uint8_t* directions = nullptr) {
        filter_ = &filter;
        directions_ = directions;
        list_.clear();
        table_.reset();
        for (Bitboard b = pos_.pieces(us_) & actives; b;) piece(pop_lsb(b));
        castling();
        drop_moves_into_check();
        filter_ = nullptr;
        directions_ = nullptr;
    }

    // The legal moves that `visitor` admits, each once (merged as in run()), until it stops.
    bool visit(MoveVisitor& visitor) {
        list_.clear();
        table_.reset();
        safety_ = KingSafety(pos_, us_);
        visitor_ = &visitor;
        for (Bitboard b = pos_.pieces(us_); b && !found_;) piece(pop_lsb(b));
        if (!found_) castling();
        visitor_ = nullptr;
        return found_;
    }

    // Whether m is a legal way of moving here: only the ways of m's active piece are made, and
    // m is tested as any_legal() tests a way. Castling is not looked for.
    bool legal_way(Move m) {
        if (m.is_none() || m.is_castling() || pos_.empty(m.active_from()) ||
            color_of(pos_.piece_on(m.active_from())) != us_)
            return false;
        list_.clear();
        safety_ = KingSafety(pos_, us_);
        any_mode_ = true;
        target_ = m;
        piece(m.active_from());
        any_mode_ = false;
        return found_;
    }

    // Every way the piece on `s` can move by the geometry of docs/rules.md, 3. Moves: plain, push,
    // pull, before any legality test or merging (promotion choices left out).
    std::vector<Move> ways_of(Square s) {
        std::vector<Move> ways;
        ways_ = &ways;
        if (pos_.piece_on(s)) piece(s);
        ways_ = nullptr;
        return ways;
    }

  private:
    void piece(Square s) {
        switch (type_of(pos_.piece_on(s))) {
        case PAWN: pawn(s); break;
        case KNIGHT: leaper(s, true); break;
        case BISHOP: rider(s, false, true); break;
        case ROOK: rider(s, true, false); break;
        case QUEEN: rider(s, true, true); break;
        case KING: leaper(s, false); break;
        default: break;
        }
    }

    bool own(Square s) const {
        return s != SQ_NONE && color_of(pos_.piece_on(s)) == us_ && !pos_.empty(s);
    }
    bool empty(Square s) const { return pos_.empty(s); }

    Placement result_of(Move m) const { return pos_.placement_after(m); }

    // Section 7: a push or pull of the mover's own king over more than one square may not cross
    // a square where it would be in check (the active piece counted on its destination when the
    // crossed square is its start square).
    bool king_crosses_check(Move m) const {
        Square from = m.passive_from(), to = m.passive_to();
        Bitboard crossed = geometry::between[from][to];
        Piece king = pos_.piece_on(from);
        Piece active = pos_.piece_on(m.active_from());
        while (crossed) {
            Square x = pop_lsb(crossed);
            Placement q = pos_.placement();
            q.remove(king, from);
            if (x == m.active_from()) {
                q.remove(active, x);
                if (m.active_to() != SQ_OUT) q.put(active, m.active_to());
            }
            q.put(king, x);
            if (dynamo_in_check(q, us_)) return true;
        }
        return false;
    }

    // One way of moving, by the active piece a and the passive piece p (NO_PIECE for a plain
    // move); promotions are expanded into the four choices.
    void add(Move m, Piece a, Piece p = NO_PIECE) {
        bool promotes =
            (type_of(a) == PAWN && !m.active_stays() && promotes_on(a, m.active_to())) ||
            (type_of(p) == PAWN && promotes_on(p, m.passive_to()));
        if (!promotes) return add_way(m, a, p, a, p);
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
            Move promoted(m.active_from(), m.active_to(), m.passive_from(), m.passive_to(), pt,
                          Move::NORMAL);
            if (type_of(a) == PAWN && promotes_on(a, m.active_to()))
                add_way(promoted, a, p, make_piece(color_of(a), pt), p);
            else
                add_way(promoted, a, p, a, make_piece(color_of(p), pt));
        }
    }

    // a_after, p_after: the pieces as they land (promotion applied).
    void add_way(Move m, Piece a, Piece p, Piece a_after, Piece p_after) {
        Square af = m.active_from(), at = m.active_to(), pf = m.passive_from(), pt = m.passive_to();
        Key delta = 0;
        if (at != af) {
            delta ^= zobrist::piece_square[a][af];
            if (at != SQ_OUT) delta ^= zobrist::piece_square[a_after][at];
        }
        if (p) {
            delta ^= zobrist::piece_square[p][pf];
            if (pt != SQ_OUT) delta ^= zobrist::piece_square[p_after][pt];
        }
        emit(m, delta, p == make_piece(us_, KING));
    }

    // A way with its placement key delta: the checks that belong to the way, then the merge.
    void emit(Move m, Key delta, bool passive_is_own_king) {
        if (found_) return;
        if (ways_) {
            Move way(m.active_from(), m.active_to(), m.passive_from(), m.passive_to(),
                     NO_PIECE_TYPE, Move::NORMAL);
            if (std::find(ways_->begin(), ways_->end(), way) == ways_->end()) ways_->push_back(way);
            return;
        }
        if (!target_.is_none() && m != target_) return;
        if (visitor_ && !visitor_->admit(m)) return;
        if (filter_ && !filter_->admit(m)) return;
        // No undo (docs/rules.md, 5. No undoing): compare keys first, the placements only when they
        // agree.
        if (st().has_forbidden && (st().placement_key ^ delta) == st().forbidden_key &&
            (!rules_.undo_dynamo_only || is_dynamo_move(m)) && result_of(m) == st().forbidden)
            return;

        if (passive_is_own_king && !rules_.king_through_check && king_crosses_check(m)) return;
        if (any_mode_) {
            found_ = found_ || leaves_king_safe(m);
            return;
        }

        // Ways are merged by placement key; castling eligibility is compared only between ways
        // with the same placement (rare), where it tells Rh1/Ke1-d1 from Ke1-d1.
        Key key = delta;
        if (2 * list_.size() + 2 > int(table_.mask) + 1) table_.reserve_for(uint32_t(list_.size()));
        for (uint32_t h = uint32_t(key) & table_.mask;; h = (h + 1) & table_.mask) {
            DedupTable::Slot& slot = table_.slots[h];
            if (slot.epoch != table_.current) {
                if (visitor_ && !leaves_king_safe(m)) return; // a later way is no safer
                slot = {key, table_.current, uint32_t(list_.size())};
                table_.keys[list_.size()] = key;
                list_.push_back(m);
                if (visitor_) found_ = visitor_->visit(m);
                return;
            }
            if (slot.key != key) continue;
            Move& other = list_[slot.index];
            if (!same_result(m, other)) continue; // a true 64-bit collision: keep both
            if (canonical_rank(m) < canonical_rank(other)) other = m;
            return;
        }
    }

    bool same_result(Move a, Move b) const {
        return result_of(a) == result_of(b) &&
               castling_after(st().castling, a, rules_.strict_castling) ==
                   castling_after(st().castling, b, rules_.strict_castling);
    }

    // Only some moves can leave the mover in check, when it is not in check already. Not in
    // check, no enemy leaper or pawn stands where it pushes the king off, so a new check needs
    // the king to move, or an enemy piece to be moved (it may land on an attacking square), or
    // a change on a line through the king on which an enemy rider of that line's kind stands
    // (a blocker leaving, or the squares behind the king or behind the rider emptying). The
    // other moves keep the king as safe as it was and need no test.
    struct KingSafety {
        Square k = SQ_NONE;
        bool test_all = false;
        Bitboard relevant = 0;
        KingSafety() = default;
        KingSafety(const Position& pos, Color us) : k(pos.king_square(us)) {
            if (k == SQ_NONE) return; // no king, no check (only in test positions)
            test_all = pos.in_check(us);
            Bitboard theirs = pos.pieces(~us);
            Bitboard rookers = theirs & (pos.pieces(ROOK) | pos.pieces(QUEEN));
            Bitboard bishopers = theirs & (pos.pieces(BISHOP) | pos.pieces(QUEEN));
            for (int d = 0; d < DIR_NB; ++d)
                if (ray(k, Direction(d)) & (is_rook_direction(Direction(d)) ? rookers : bishopers))
                    relevant |= ray(k, Direction(d)) | ray(k, opposite(Direction(d)));
        }
    };

    bool leaves_king_safe(Move m) const {
        const KingSafety& ks = safety_;
        if (ks.k == SQ_NONE) return true;
        bool test = ks.test_all || m.active_from() == ks.k;
        Bitboard touched = square_bb(m.active_from());
        if (m.active_to() != SQ_OUT) touched |= square_bb(m.active_to());
        if (m.has_passive()) {
            Square pf = m.passive_from();
            test |= pf == ks.k || color_of(pos_.piece_on(pf)) != us_;
            touched |= square_bb(pf);
            if (m.passive_to() != SQ_OUT) touched |= square_bb(m.passive_to());
        }
        test |= (touched & ks.relevant) != 0;
        return !test || !dynamo_in_check(result_of(m), us_);
    }

    void drop_moves_into_check() {
        safety_ = KingSafety(pos_, us_);
        int kept = 0;
        for (int i = 0; i < list_.size(); ++i)
            if (leaves_king_safe(list_[i])) list_[kept++] = list_[i];
        list_.truncate(kept);
    }

    static Key z(Piece p, Square s) { return zobrist::piece_square[p][s]; }

    // Calls f(promotion, key delta of the passive piece) for each way a passive piece p can land
    // on `to` from `from`: out, as itself, or promoted (the mover chooses).
    template <typename F> static void passive_landings(Piece p, Square from, Square to, F&& f) {
        Key gone = z(p, from);
        if (to == SQ_OUT) return f(NO_PIECE_TYPE, gone);
        if (!promotes_on(p, to)) return f(NO_PIECE_TYPE, gone ^ z(p, to));
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
            f(pt, gone ^ z(make_piece(color_of(p), pt), to));
    }

    // Queen, rook, bishop: plain moves, suicide, pushes and pulls along each line
    // (docs/rules.md, 3.1 Queen, rook and bishop). Key deltas are built up along the loops: the
    // rider's part per destination, the passive piece's part per landing square.
    void rider(Square s, bool rook_lines, bool bishop_lines) {
        const Piece a = pos_.piece_on(s);
        const Key za = z(a, s);
        auto active_delta = [&](Square at) {
            return at == s ? 0 : at == SQ_OUT ? za : za ^ z(a, at);
        };
        for (int di = 0; di < DIR_NB; ++di) {
            Direction d = Direction(di);
            if (is_rook_direction(d) ? !rook_lines : !bishop_lines) continue;
            if (directions_ && !(directions_[s] & (1u << di))) continue;
            const int step = DIR_STEP[d];
            auto along = [&](Square from, int n) { return Square(int(from) + step * n); };

            Bitboard ahead = ray(s, d) & occ_;
            int free_ahead =
                ahead ? distance_along(s, nearest_on_ray(ahead, d), d) - 1 : ray_length(s, d);
            for (int j = 1; j <= free_ahead; ++j)
                emit(Move::plain(s, along(s, j)), active_delta(along(s, j)), false);
            if (!ahead) emit(Move::plain(s, SQ_OUT), za, false);

            if (ahead) { // push the first piece met along d
                Square ps = nearest_on_ray(ahead, d);
                Piece p = pos_.piece_on(ps);
                bool own_king = p == make_piece(us_, KING);
                int g = distance_along(s, ps, d);
                Bitboard beyond = ray(ps, d) & occ_;
                int room = beyond ? distance_along(ps, nearest_on_ray(beyond, d), d) - 1
                                  : ray_length(ps, d);
                for (int k = 1; k <= room; ++k)
                    passive_landings(p, ps, along(ps, k), [&](PieceType promo, Key dp) {
                        for (int j = 0; j <= g + k - 1; ++j)
                            emit(Move(s, along(s, j), ps, along(ps, k), promo, Move::NORMAL),
                                 dp ^ active_delta(along(s, j)), own_king);
                    });
                if (!beyond && type_of(p) != KING) {
                    Key dp = z(p, ps);
                    for (int j = 0; j <= ray_length(s, d); ++j)
                        emit(Move::dynamo(s, along(s, j), ps, SQ_OUT),
                             dp ^ active_delta(along(s, j)), false);
                    emit(Move::dynamo(s, SQ_OUT, ps, SQ_OUT), dp ^ za, false);
                }
            }

            Direction back = opposite(d);
            Bitboard behind = ray(s, back) & occ_;
            if (behind) { // pull the first piece met along -d, moving along d
                Square ps = nearest_on_ray(behind, back);
                Piece p = pos_.piece_on(ps);
                bool own_king = p == make_piece(us_, KING);
                int g = distance_along(ps, s, d);
                for (int j = rules_.no_stationary_pull ? 1 : 0; j <= free_ahead; ++j) {
                    Key daj = active_delta(along(s, j));
                    for (int k = 1; k <= g - 1 + j; ++k)
                        passive_landings(p, ps, along(ps, k), [&](PieceType promo, Key dp) {
                            emit(Move(s, along(s, j), ps, along(ps, k), promo, Move::NORMAL),
                                 dp ^ daj, own_king);
                        });
                }
                if (!ahead) {
                    for (int k = 1; k <= g + ray_length(s, d); ++k)
                        passive_landings(p, ps, along(ps, k), [&](PieceType promo, Key dp) {
                            emit(Move(s, SQ_OUT, ps, along(ps, k), promo, Move::NORMAL), dp ^ za,
                                 own_king);
                        });
                    if (type_of(p) != KING)
                        emit(Move::dynamo(s, SQ_OUT, ps, SQ_OUT), z(p, ps) ^ za, false);
                }
            }
        }
    }

    // Knight and king (docs/rules.md, 3.2 Knight and king). Only a knight leaves the board.
    void leaper(Square s, bool knight) {
        const Piece a = pos_.piece_on(s);
        const Square* targets = knight ? geometry::knight_target[0] : geometry::step_target[0];
        auto target = [&](Square from, int v) {
            return from == SQ_NONE ? SQ_NONE : targets[from * 8 + v];
        };
        for (int i = 0; i < 8; ++i) {
            if (directions_ && !(directions_[s] & (1u << i))) continue;
            Square t = target(s, i), back = target(s, (i + 4) & 7);
            if (t == SQ_NONE) {
                if (knight) add(Move::plain(s, SQ_OUT), a);
            } else if (empty(t)) {
                add(Move::plain(s, t), a);
            } else { // push the piece on t to t + v, staying or stepping onto t
                Piece p = pos_.piece_on(t);
                Square t2 = target(t, i);
                if (t2 == SQ_NONE ? type_of(p) != KING : empty(t2)) {
                    Square to = t2 == SQ_NONE ? SQ_OUT : t2;
                    add(Move::dynamo(s, s, t, to), a, p);
                    add(Move::dynamo(s, t, t, to), a, p);
                }
            }
            // pull the piece on s - v onto s, stepping to s + v
            if (back != SQ_NONE && !empty(back) && (t == SQ_NONE ? knight : empty(t)))
                add(Move::dynamo(s, t == SQ_NONE ? SQ_OUT : t, back, s), a, pos_.piece_on(back));
        }
    }

    // Pawns (docs/rules.md, 3.3 Pawns): own steps, friendly pushes forward, enemy pushes diagonally
    // forward.
    void pawn(Square s) {
        const Piece a = pos_.piece_on(s);
        const int fwd = pawn_push(us_);
        const int reach = relative_rank(us_, s) == 1 ? 2 : 1;
        auto ahead = [&](int n) { // s + n*fwd, or SQ_NONE off the board
            int r = rank_of(s) + (us_ == WHITE ? n : -n);
            return r >= 0 && r < 8 ? Square(int(s) + fwd * n) : SQ_NONE;
        };

        // No pawn stands on its last rank (it promotes; illegal_reason refuses such a diagram),
        // so t1 is on the board.
        assert(relative_rank(us_, s) != 7);
        Square t1 = ahead(1);
        if (empty(t1)) {
            add(Move::plain(s, t1), a);
            if (reach == 2 && empty(ahead(2))) add(Move::plain(s, ahead(2)), a);
        }

        int g = own(t1) ? 1 : (reach == 2 && empty(t1) && own(ahead(2))) ? 2 : 0;
        if (g) {
            Square q = ahead(g);
            Piece p = pos_.piece_on(q);
            for (int k = 1; k <= reach; ++k) {
                Square to = ahead(g + k);
                if (to != SQ_NONE && !empty(to)) break; // squares crossed must be empty
                if (to == SQ_NONE && type_of(p) == KING) break;
                for (int j = 0; j <= reach && j < g + k; ++j)
                    add(Move::dynamo(s, j ? ahead(j) : s, q, to == SQ_NONE ? SQ_OUT : to), a, p);
                if (to == SQ_NONE) break; // gone: a longer push is the same move
            }
        }

        for (int side : {-1, 1}) {
            int f = file_of(s) + side, r = rank_of(s) + (us_ == WHITE ? 1 : -1);
            if (!on_board(f, r)) continue;
            Square t = make_square(f, r);
            if (empty(t) || own(t)) continue;
            Piece p = pos_.piece_on(t);
            int f2 = f + side, r2 = r + (us_ == WHITE ? 1 : -1);
            Square to;
            if (on_board(f2, r2)) {
                to = make_square(f2, r2);
                if (!empty(to)) continue;
            } else {
                if (type_of(p) == KING) continue;
                to = SQ_OUT;
            }
            add(Move::dynamo(s, s, t, to), a, p);
            add(Move::dynamo(s, t, t, to), a, p);
        }
    }

    // Castling (docs/rules.md, 6. Castling): the original king and rook on their original squares,
    // the squares between empty, the king not in check and not crossing a square where it would be.
    void castling() {
        const CastlingRights cr = st().castling; // a copy: a visitor makes moves
        Square k = cr.sq[us_][CastlingRights::KING_INDEX];
        if (k != castling_home(us_, CastlingRights::KING_INDEX)) return;
        bool checked = false, in_check = false;
        for (int idx : {CastlingRights::KING_ROOK, CastlingRights::QUEEN_ROOK}) {
            Square r = cr.sq[us_][idx];
            if (r != castling_home(us_, idx)) continue;
            if (pos_.piece_on(k) != make_piece(us_, KING) ||
                pos_.piece_on(r) != make_piece(us_, ROOK))
                continue;
            if (geometry::between[k][r] & occ_) continue;
            if (!checked) in_check = pos_.in_check(us_), checked = true;
            if (in_check) return;
            bool kingside = idx == CastlingRights::KING_ROOK;
            Square kto = Square(k + (kingside ? 2 : -2)), rto = Square(k + (kingside ? 1 : -1));
            Placement q = pos_.placement();
            q.remove(make_piece(us_, KING), k);
            q.put(make_piece(us_, KING), rto); // the square the king crosses
            if (dynamo_in_check(q, us_)) continue;
            add(Move::castling(k, kto, r, rto), make_piece(us_, KING), make_piece(us_, ROOK));
        }
    }

    // The position's state is read through pos_ each time, never held: a visitor makes moves,
    // and a move may reallocate the position's states.
    const StateInfo& st() const { return pos_.state(); }

    const Position& pos_;
    MoveList& list_;
    DedupLease lease_;
    DedupTable& table_;
    const RuleSet& rules_;
    Color us_;
    Bitboard occ_;
    std::vector<Move>* ways_ = nullptr; // collecting ways (ways_of) instead of generating moves
    KingSafety safety_;
    bool any_mode_ = false;               // any_legal(): looking for one legal way
    bool found_ = false;                  // ... and found it
    Move target_;                         // legal_way(): the one way looked for
    MoveVisitor* filter_ = nullptr;       // run_admitted(): the ways to keep
    const uint8_t* directions_ = nullptr; // ... and the lines or leaps of each piece to make
    MoveVisitor* visitor_ = nullptr;      // visit(): what is admitted, and told of each legal move
};

} // namespace

void generate_dynamo(const Position& pos, MoveList& list) { DynamoGenerator(pos, list).run(); }

void generate_dynamo_admitted(const Position& pos, MoveVisitor& filter, MoveList& list) {
    DynamoGenerator(pos, list).run_admitted(filter, ~Bitboard(0));
}

void generate_dynamo_admitted(const Position& pos, MoveVisitor& filter, MoveList& list,
                              const uint8_t (&directions)[SQUARE_NB]) {
    Bitboard actives = 0;
    for (Bitboard b = pos.pieces(pos.side_to_move()); b;) {
        const Square s = pop_lsb(b);
        if (directions[s]) actives |= square_bb(s);
    }
    DynamoGenerator(pos, list).run_admitted(filter, actives, directions);
}

void generate_dynamo_checks(const Position& pos, MoveList& list) {
    struct Checks final : MoveVisitor {
        const Position& pos;
        DynamoCheckHints hints;
        explicit Checks(const Position& p) : pos(p), hints(p) {}
        bool admit(Move way) override { return hints.gives_check(pos, way); }
        bool visit(Move) override { return false; }
    } checks(pos);
    uint8_t directions[SQUARE_NB];
    bool any = checks.hints.castling_may_check(pos);
    for (Bitboard b = pos.pieces(pos.side_to_move()); b;) {
        const Square s = pop_lsb(b);
        directions[s] = uint8_t(checks.hints.piece_directions(pos, s));
        any = any || directions[s];
    }
    if (any)
        generate_dynamo_admitted(pos, checks, list, directions);
    else
        list.clear();
}

bool dynamo_has_legal_move(const Position& pos) {
    MoveList list;
    return DynamoGenerator(pos, list).any_legal();
}

bool dynamo_visit_legal(const Position& pos, MoveVisitor& visitor) {
    MoveList seen;
    return DynamoGenerator(pos, seen).visit(visitor);
}

bool dynamo_is_legal_way(const Position& pos, Move m) {
    MoveList unused;
    return DynamoGenerator(pos, unused).legal_way(m);
}

std::vector<Move> dynamo_ways(const Position& pos, Square from) {
    MoveList unused;
    return DynamoGenerator(pos, unused).ways_of(from);
}

} // namespace dynamo
