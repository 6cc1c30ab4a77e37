#include "solver/search/search.h"

#include "solver/rules/check_hints.h"
#include "solver/rules/lazy_movegen.h"
#include "solver/search/mate_flights.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace dynamo {

namespace {

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
        while (count < MAX && init_next(pos)) {}
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
            if (r == killer) killer_legal = true;
            else if (n < N) scanned[n++] = r;
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
void generate_checks(const Position& pos, const CheckHints& hints, MoveList& list) {
    list.clear();
    lazy::visit_orthodox_restricted(pos, hints.squares, hints.discoverers, [&](Move m) {
        if (hints.gives_check(pos, m)) list.push_back(m); // exact; may_check is within it
        return false;
    });
}

// Orthodox, the last move of a direct mate: the legal checks that leave the king no flight, as
// MateFlights judges. Only moves that may cover every flight are generated; when no piece has
// one (and no castling, promotion or en passant is there to try), nothing is generated at all.
void generate_mating_checks(const Position& pos, const CheckHints& hints,
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

} // namespace

void generate_orthodox_checks(const Position& pos, MoveList& list) {
    CheckHints hints(pos);
    if (hints.valid) return generate_checks(pos, hints, list);
    generate_legal(pos, list);
    int kept = 0;
    for (Move m : list)
        if (pos.gives_check(m)) list[kept++] = m;
    list.truncate(kept);
}

std::vector<Move> selfmate_last_dismissals(Position& pos, Move killer, const MoveList& moves) {
    std::vector<Move> out;
    QuietReplies replies;
    if (!pos.rules().is_dynamo()) replies.init(pos, killer);
    for (Move m : moves) out.push_back(replies.refutation(pos, m));
    return out;
}

namespace {

// Moves a remembered move (a killer) to the front of the list, if it is there.
void try_first(MoveList& list, Move m) {
    if (m.is_none()) return;
    auto it = std::find(list.begin(), list.end(), m);
    if (it != list.end()) std::iter_swap(list.begin(), it);
}

// Far from the end, defences that give check go first: the attacker must answer the check, so
// a refutation among them is proved by the smallest tree, and the killer remembers it.
constexpr int CHECKS_FIRST_DEPTH = 2;
// Returns where the moves that give no check begin.
int checks_first(const Position& pos, MoveList& list) {
    const CheckHints hints(pos);
    return int(std::partition(list.begin(), list.end(),
                              [&](Move m) { return hints.gives_check(pos, m); }) -
               list.begin());
}

// Refutation history: how often (weighted by depth) a defence with these squares refuted.
size_t history_index(Move m) { return size_t(m.active_from()) * 128 + size_t(m.active_to()); }

// Brings the move with the best history among list[i..] to i (selection as the loop goes: the
// first refutation usually ends the node, so the rest is never sorted).
void pick_by_history(MoveList& list, int i, const std::vector<uint32_t>& history) {
    int best = i;
    uint32_t best_score = history[history_index(list[i])];
    for (int j = i + 1; j < list.size(); ++j)
        if (uint32_t s = history[history_index(list[j])]; s > best_score) best = j, best_score = s;
    if (best != i) std::swap(list[i], list[best]);
}
} // namespace

MateSearch::MateSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, HelperPool* pool,
                       const SearchRestrictions& restrictions)
    : MateSearch(stip, tt, stop, pool, restrictions, false) {}

MateSearch::MateSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, HelperPool* pool,
                       const SearchRestrictions& restrictions, bool helper)
    : stip_(stip), restrictions_(restrictions.applied_to(stip)), tt_(tt), stop_(stop),
      nontrivial_budget_(std::max(restrictions.nontrivial_max, 0)), pool_(pool), helper_(helper) {
    if (pool_ && !helper_) pool_->searches_.fetch_add(1, std::memory_order_relaxed);
    if (GoalSearch::handles(stip))
        goal_ = std::make_unique<GoalSearch>(stip, tt, stop, restrictions_);
}

MateSearch::~MateSearch() {
    // (A helper's are added at the end of each task.)
    if (pool_ && !helper_) {
        pool_->searches_.fetch_sub(1, std::memory_order_relaxed);
        flush_split_counts();
    }
}

// Parallel defences ----------------------------------------------------------------------------

// The moves of one node shared out among threads. The move that decides the node (a refutation
// at a defence node, a win at an attacker node) stops the others, and so do the splits below,
// which look up the chain. On a cache line of its own: read at every node below.
struct alignas(64) MateSearch::Split {
    const Split* parent;
    std::atomic<bool> decided{false};

    bool cancelled() const {
        for (const Split* s = this; s; s = s->parent)
            if (s->decided.load(std::memory_order_relaxed)) return true;
        return false;
    }
};

// What a helper starts from: the split node's position and the killers of the search that split,
// as they were then (that search goes on with its own). Only what a helper reads: the node alone
// (it never unmakes past it) and the killers of the plies below it, [first_ply, end_ply).
struct MateSearch::SplitOrigin {
    Position pos;
    int first_ply = 0, end_ply = 0;
    Move killer[128];
    Move attack_killer[128];

    void take(const Position& node, int n, const Move* killers, const Move* attack_killers) {
        pos.copy_node_of(node);
        first_ply = std::min(node.ply(), 127);
        end_ply = std::min(node.ply() + 2 * n + 2, 128); // n attacker moves left, and the replies
        std::copy(killers + first_ply, killers + end_ply, killer + first_ply);
        std::copy(attack_killers + first_ply, attack_killers + end_ply, attack_killer + first_ply);
    }
    void give(Position& node, Move* killers, Move* attack_killers) const {
        node.copy_node_of(pos);
        std::copy(killer + first_ply, killer + end_ply, killers + first_ply);
        std::copy(attack_killer + first_ply, attack_killer + end_ply, attack_killers + first_ply);
    }
};

// The origin of a split (or twin) this search has open, taken from the node: one per split open
// at once in the search (the splits below one, made by this thread in its share of the moves,
// have theirs), kept between splits.
struct MateSearch::OriginScope {
    MateSearch& search;
    SplitOrigin& origin;
    OriginScope(MateSearch& s, const Position& node, int n) : search(s), origin(s.next_origin()) {
        origin.take(node, n, s.killer_, s.attack_killer_);
    }
    ~OriginScope() { --search.origins_open_; }
};

MateSearch::SplitOrigin& MateSearch::next_origin() {
    if (origins_open_ == int(origins_.size())) origins_.push_back(std::make_unique<SplitOrigin>());
    return *origins_[size_t(origins_open_++)];
}

struct HelperPool::Helper {
    MateSearch search;
    Position pos;          // between tasks: the position of the split it last worked for
    uint64_t split_id = 0; // that split
};

struct HelperPool::Stacks {
    tbb::enumerable_thread_specific<std::vector<std::unique_ptr<Helper>>> spare;
};

HelperPool::HelperPool(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, const SearchRestrictions& restrictions)
    : stip_(stip), restrictions_(restrictions), tt_(tt), stop_(stop),
      stacks_(std::make_unique<Stacks>()) {}

HelperPool::~HelperPool() = default;

// Taken and given back by the same thread, in nested order: a stack per thread.
std::unique_ptr<HelperPool::Helper> HelperPool::take() {
    auto& spare = stacks_->spare.local();
    if (spare.empty())
        return std::unique_ptr<Helper>(new Helper{{stip_, tt_, stop_, this, restrictions_, true}, {}, 0});
    std::unique_ptr<Helper> h = std::move(spare.back());
    spare.pop_back();
    return h;
}

void HelperPool::give_back(std::unique_ptr<Helper> helper) {
    stacks_->spare.local().push_back(std::move(helper));
}

// A helper about to search for `split` (made at `origin`, with this id): one new to the split
// copies the node and the killers found there; then it keeps its own, learnt as it searches.
// `decisions`: the pool's, read before the split's chain was last found not cancelled.
void MateSearch::join(HelperPool::Helper& h, const SplitOrigin& origin, uint64_t id,
                      const Split& split, uint64_t decisions) {
    if (h.split_id != id) {
        origin.give(h.pos, h.search.killer_, h.search.attack_killer_);
        h.split_id = id;
    }
    h.search.split_ = &split;
    h.search.decisions_seen_ = decisions;
}

// The splits this search made, counted here (the pool's counters are shared by every thread, and
// a split is made every few microseconds) and added to the pool's now and then.
void MateSearch::flush_split_counts() {
    pool_->splits_.fetch_add(split_counts_.splits, std::memory_order_relaxed);
    pool_->attacker_splits_.fetch_add(split_counts_.attacker_splits, std::memory_order_relaxed);
    pool_->nested_splits_.fetch_add(split_counts_.nested_splits, std::memory_order_relaxed);
    pool_->refuted_splits_.fetch_add(split_counts_.refuted_splits, std::memory_order_relaxed);
    split_counts_ = {};
}

// A split's id, never 0 and never used twice in the process: each thread takes its ids in blocks
// from one counter, so that a split costs no shared write.
static uint64_t next_split_id() {
    static std::atomic<uint64_t> blocks{0};
    constexpr uint64_t BLOCK = 1024;
    thread_local uint64_t next = 0, end = 0;
    if (next == end) {
        next = blocks.fetch_add(1, std::memory_order_relaxed) * BLOCK;
        end = next + BLOCK;
    }
    return ++next;
}

// The chain of splits is walked only when a split has been decided since the last walk: most
// splits are never decided (every defence refuted, every attacker move failed), and a walk per
// node read lines that other threads write (nontriv_06 at 2 threads: 3% of the time). A
// decision is counted after it is made (release), so a count seen (acquire) shows the decision.
bool MateSearch::split_cancelled() {
    if (!split_) return false;
    const uint64_t decisions = pool_->decisions_.load(std::memory_order_acquire);
    if (decisions == decisions_seen_) return false;
    if (split_->cancelled()) return true;
    decisions_seen_ = decisions;
    return false;
}

// A defence node worth splitting: a large tree below.
bool MateSearch::may_split(int n) const { return pool_ && n >= pool_->split_depth; }
bool MateSearch::may_split_attack(int n) const {
    return pool_ && pool_->attack_split_depth > 0 && n >= pool_->attack_split_depth;
}

// The innermost split open on this thread that shares its moves out, by the flag its helper tasks
// raise when one begins (nullptr: none).
static thread_local const std::atomic<bool>* open_offer = nullptr;

// Whether a split may pay: a thread is without a search of its own (while every thread has a
// first move, a split only costs), and no split open on this thread still has its helper task
// waiting. A thread that steals takes the oldest task, so a task below that one would be taken
// after it at best, and most are never taken: each cost its spawn and wait for nothing (about a
// tenth of a microsecond; nontriv_06 at 2 threads made 9,500 splits a solve, now 2,000).
bool MateSearch::split_may_pay() {
    if (open_offer && !open_offer->load(std::memory_order_relaxed)) return false;
    return pool_->searches_.load(std::memory_order_relaxed) < arena_threads();
}

int MateSearch::arena_threads() {
    if (threads_ == 0) threads_ = tbb::this_task_arena::max_concurrency();
    return threads_;
}

// Young Brothers Wait, at both kinds of node. At a defence node the defences before list[first]
// were searched here and none refuted, so probably none does and all must be searched; at an
// attacker node the moves before list[first] did not win, so probably none does. The rest are
// shared out: this thread (in this search, on this position: no copy) and one helper task per
// other thread each take the next move from a counter until none is left, a helper with a
// searcher and a copy of the position of its own; the first sibling that decides the node (a
// refutation, a win) stops the others. A helper copies the position only once it has a move:
// most tasks find none left. (A task per move cost more than the move where most are refused at
// once, as under NonTrivial: nontriv_06 at 2 threads gained 1.4 times from the counter.)
// Isolated, so that a thread waiting here takes only this split's tasks, never an unrelated
// first move that would hold it up. With `each` (defend_each), no move decides: every one is
// searched and its outcome written there.
Outcome MateSearch::split(Position& pos, const MoveList& list, int first, int n, bool attacker,
                          Outcome* each) {
    HelperPool& pool = *pool_;
    const bool self = stip_.kind == Stipulation::Kind::Self;
    const uint64_t id = next_split_id();
    split_counts_.splits++;
    split_counts_.attacker_splits += attacker;
    split_counts_.nested_splits += open_offer != nullptr;
    if (split_counts_.splits % 64 == 0) flush_split_counts();
    Split split{split_};
    const Outcome decisive = attacker ? Outcome::Win : Outcome::Fail;
    const int budget = nontrivial_budget_;
    // Each on a cache line of its own: the counter is taken at every move by every thread.
    alignas(64) std::atomic<int> next{first};
    alignas(64) std::atomic<int> decider{list.size()}; // the first deciding move's index
    std::atomic<bool> unknown{false};
    std::atomic<bool> taken{false}; // a helper task has begun (see split_may_pay)
    std::atomic<uint64_t> nodes{0}; // the helpers'
    const OriginScope scope(*this, pos, n);
    const SplitOrigin& origin = scope.origin;

    // Searches list[i] in s on p; false once this thread is to take no more moves.
    auto search_move = [&](MateSearch& s, Position& p, int i) {
        s.nontrivial_budget_ = budget;
        p.make(list[i]);
        Outcome o;
        if (attacker)
            o = self ? s.defend_self(p, n) : s.defend_direct(p, n);
        else // s#: a mating defence is avoided, as in defend_self
            o = self && checkmated(p) ? Outcome::Win : s.attack_node(p, n - 1);
        p.unmake();
        if (each) // (a move taken twice, see own_moves, is written twice, with one outcome)
            std::atomic_ref<Outcome>(each[i]).store(o, std::memory_order_relaxed);
        else if (o == decisive) {
            split.decided.store(true, std::memory_order_relaxed);
            pool.decisions_.fetch_add(1, std::memory_order_release);
            int seen = decider.load(std::memory_order_relaxed);
            while (i < seen && !decider.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
            }
            return false;
        }
        if (o == Outcome::Unknown) unknown.store(true, std::memory_order_relaxed);
        return true;
    };
    // This thread: its own search below the split, so that its nested splits hang from this one.
    uint64_t own_nodes = 0;
    auto own_moves = [&] {
        const Split* outer = split_;
        const uint64_t seen = decisions_seen_;
        const uint64_t before = nodes_;
        decisions_seen_ = pool.decisions_.load(std::memory_order_acquire);
        split_ = &split;
        // The owner takes its moves without a locked instruction (a fetch_add per move, which
        // drains the store buffer, cost 3% at 2 threads, although a helper has joined only a few
        // of the splits). A helper's fetch_add between this load and store makes a move searched
        // twice, never one skipped: the counter only goes back to an index already handed out.
        for (int i; (i = next.load(std::memory_order_relaxed)) < list.size();) {
            next.store(i + 1, std::memory_order_relaxed);
            if (split_cancelled()) {
                unknown.store(true, std::memory_order_relaxed);
                break;
            }
            if (!search_move(*this, pos, i)) break;
        }
        split_ = outer;
        decisions_seen_ = seen;
        nontrivial_budget_ = budget;
        own_nodes = nodes_ - before;
    };
    auto helper_moves = [&] {
        taken.store(true, std::memory_order_relaxed);
        std::unique_ptr<HelperPool::Helper> h; // taken with the first move left for it
        uint64_t searched = 0;                 // nodes, added to the split's once at the end
        for (int i; (i = next.fetch_add(1, std::memory_order_relaxed)) < list.size();) {
            // Before the first move: the whole chain, read after the count of decisions.
            const uint64_t decisions = h ? 0 : pool.decisions_.load(std::memory_order_acquire);
            if (h ? h->search.split_cancelled() : split.cancelled()) {
                unknown.store(true, std::memory_order_relaxed);
                break;
            }
            if (!h) {
                h = pool.take();
                join(*h, origin, id, split, decisions);
            }
            const uint64_t before = h->search.nodes_;
            const bool go_on = search_move(h->search, h->pos, i);
            searched += h->search.nodes_ - before;
            if (!go_on) break;
        }
        nodes.fetch_add(searched, std::memory_order_relaxed);
        if (h) {
            h->search.flush_split_counts();
            h->search.split_ = nullptr;
            pool.give_back(std::move(h));
        }
    };
    auto search_all = [&] {
        // An isolated context: binding one to its parent's takes locks, at every split. (The
        // search stops by its own flags, never by cancelling a task group; an exception in a
        // helper still reaches this thread at wait.)
        tbb::task_group_context context(tbb::task_group_context::isolated);
        tbb::task_group others(context);
        for (int t = 1; t < arena_threads(); ++t) others.run(helper_moves);
        {
            struct Offer {
                const std::atomic<bool>* outer;
                ~Offer() { open_offer = outer; }
            } offer{std::exchange(open_offer, &taken)};
            own_moves();
        }
        others.wait();
    };
    // The outermost split is isolated, so that a thread waiting here never takes an unrelated
    // first move that would hold it up. The splits below it share its isolation: a thread that
    // waits for the sibling that holds the long line helps that line's own splits. (Each in an
    // isolation of its own, it would idle: a forced line then ran on one thread.)
    if (split_) search_all();
    else tbb::this_task_arena::isolate(search_all);
    nodes_ += nodes.load(std::memory_order_relaxed);
    if (!split_) // the outermost split: the counts below it include their own splits'
        pool.split_nodes_.fetch_add(own_nodes + nodes.load(std::memory_order_relaxed),
                                    std::memory_order_relaxed);
    // Cut-short siblings said Unknown: the deciding move still decides the node.
    if (int i = decider.load(std::memory_order_relaxed); i < list.size()) {
        split_counts_.refuted_splits++;
        Move* killers = attacker ? attack_killer_ : killer_;
        killers[std::min(pos.ply(), 127)] = list[i];
        return decisive;
    }
    if (unknown.load(std::memory_order_relaxed)) return Outcome::Unknown;
    return attacker ? Outcome::Fail : Outcome::Win;
}

// Lazy SMP's division of labour, for two searchers: where every attacker move must be searched,
// the twin starts at the other end of each list; where it comes upon a node this search has
// done, the table has the answer, and where both are inside one node at once they again go
// opposite ways. No split, no wait at a split's end: on nontriv_06's failing lengths the two
// together visit as many nodes as one search alone. The twin counts as a search (no splits are
// made for a thread it keeps busy). Whichever of the two has the node's answer first stops the
// other: the twin, from the other end, often meets the refutation first (nontriv_07 at 2
// threads: 1.25 times faster than with this search going on to its own answer).
// With no thread free now, the twin waits as this thread's oldest task for the first thread to
// run out of first moves (it steals the oldest task first): a late twin still shares what is
// left of the node, where the splits below, which a free thread joins otherwise, share little.
Outcome MateSearch::defend_with_twin(Position& pos, int n) {
    if (!pool_ || helper_ || goal_ || arena_threads() < 2) return defend(pos, n);
    HelperPool& pool = *pool_;
    struct Counted {
        std::atomic<int>& searches;
        explicit Counted(std::atomic<int>& s) : searches(s) {
            searches.fetch_add(1, std::memory_order_relaxed);
        }
        ~Counted() { searches.fetch_sub(1, std::memory_order_relaxed); }
    };
    // A thread free now is counted at once: this search splits nothing for it meanwhile.
    const bool free_now = split_may_pay();
    pool.twins_.fetch_add(1, std::memory_order_relaxed);
    std::optional<Counted> counted;
    if (free_now) counted.emplace(pool.searches_);
    const uint64_t id = next_split_id();
    // The twin searches below twin_done, this search below twin_answered (a first move's
    // search: no split above either).
    Split twin_done{nullptr}, twin_answered{nullptr};
    Outcome twin_outcome = Outcome::Unknown; // written before twin_answered is decided
    const OriginScope scope(*this, pos, n);
    const int budget = nontrivial_budget_;
    uint64_t twin_nodes = 0;
    auto twin = [&] {
        // Begun once the node was decided (run by this thread at the wait): nothing to do.
        if (twin_done.decided.load(std::memory_order_relaxed)) return;
        std::optional<Counted> late;
        if (!free_now) late.emplace(pool.searches_);
        std::unique_ptr<HelperPool::Helper> h = pool.take();
        join(*h, scope.origin, id, twin_done, pool.decisions_.load(std::memory_order_acquire));
        MateSearch& s = h->search;
        s.nontrivial_budget_ = budget;
        s.opposite_order_ = true;
        const uint64_t before = s.nodes_;
        const Outcome answer = s.defend(h->pos, n);
        if (answer != Outcome::Unknown) {
            twin_outcome = answer;
            twin_answered.decided.store(true, std::memory_order_release);
            pool.twin_answers_.fetch_add(1, std::memory_order_relaxed);
            pool.decisions_.fetch_add(1, std::memory_order_release);
        }
        twin_nodes = s.nodes_ - before;
        s.opposite_order_ = false;
        s.split_ = nullptr;
        s.flush_split_counts();
        pool.give_back(std::move(h));
    };
    Outcome o;
    tbb::this_task_arena::isolate([&] {
        tbb::task_group_context context(tbb::task_group_context::isolated);
        tbb::task_group others(context);
        others.run(twin);
        const Split* outer = std::exchange(split_, &twin_answered);
        decisions_seen_ = pool.decisions_.load(std::memory_order_acquire);
        o = defend(pos, n);
        split_ = outer;
        // The twin's search is cut short (its unfinished nodes are not stored).
        twin_done.decided.store(true, std::memory_order_relaxed);
        pool.decisions_.fetch_add(1, std::memory_order_release);
        others.wait();
    });
    // Cut short by the twin's answer (or stopped, when the twin may have answered all the same).
    if (o == Outcome::Unknown && twin_answered.decided.load(std::memory_order_acquire))
        o = twin_outcome;
    nodes_ += twin_nodes;
    return o;
}

MateSearch::Frame MateSearch::frame() {
    if (depth_ == int(lists_.size())) lists_.push_back(std::make_unique<MoveList>());
    return Frame{*lists_[size_t(depth_++)], *this};
}

Key MateSearch::node_key(const Position& pos) const {
    Key k = search_key(pos) ^ (stip_.kind == Stipulation::Kind::Self ? 0x2545F4914F6CDD1DULL : 0);
    // NonTrivial: the same position with another budget is another node (Popeye's hash.c also
    // puts the budget in its key). A larger budget only ever allows more, but an exact key is
    // simpler and the budgets along a line are few.
    if (restrictions_.nontrivial())
        k ^= uint64_t(nontrivial_budget_ + 1) * 0xD6E8FEB86659FD93ULL;
    return k;
}

bool MateSearch::checkmated(const Position& pos) { return is_checkmate(pos); }

Outcome MateSearch::attack(Position& pos, int n) {
    return goal_ ? goal_->attack(pos, n) : attack_node(pos, n);
}

Outcome MateSearch::defend(Position& pos, int n) {
    if (goal_) return goal_->defend(pos, n);
    return stip_.kind == Stipulation::Kind::Self ? defend_self(pos, n) : defend_direct(pos, n);
}

bool MateSearch::shares_moves() { return !goal_ && pool_ && split_may_pay(); }

// The solution tree's attacker nodes (TreeBuilder::answers): the moves that win are wanted, all
// of them, so no win cuts the others short. nontriv_06 at 2 threads built its tree 1.67 times
// faster than at one with the moves one after another (only within each move's search were
// nodes split), 1.80 times with this.
std::vector<Outcome> MateSearch::defend_each(Position& pos, const MoveList& moves, int n) {
    std::vector<Outcome> outcomes(size_t(moves.size()), Outcome::Unknown);
    if (moves.size() > 1 && shares_moves()) {
        split(pos, moves, 0, n, true, outcomes.data());
        return outcomes;
    }
    for (int i = 0; i < moves.size(); ++i) {
        pos.make(moves[i]);
        outcomes[size_t(i)] = defend(pos, n);
        pos.unmake();
    }
    return outcomes;
}

// An attacker node, for both stipulations: what differs is the defence that follows each move.

// The least n within max_n for which `step` wins; 0 if none, -1 if stopped first. `at` hears
// each length before it is searched (progress). Where a win within n is a win within every
// longer length, the longest goes first: a failure there is a failure at every length (one
// search, not one per length), and a win is narrowed down while the shorter lengths win (a
// forced line is searched again in full at each length, so the fewer the better).
template <typename Step, typename At>
static int least_length(int max_n, bool longest_first, Step step, At at) {
    if (longest_first) {
        int least = 0;
        for (int n = max_n; n >= 1; --n) {
            at(n);
            Outcome o = step(n);
            if (o == Outcome::Unknown) return -1;
            if (o != Outcome::Win) break;
            least = n;
        }
        return least;
    }
    for (int n = 1; n <= max_n; ++n) {
        at(n);
        Outcome o = step(n);
        if (o == Outcome::Unknown) return -1;
        if (o == Outcome::Win) return n;
    }
    return 0;
}

bool MateSearch::wins_at_every_longer_length() const {
    return !goal_ && !restrictions_.any() &&
           (stip_.kind == Stipulation::Kind::Direct || stip_.kind == Stipulation::Kind::Self);
}

int MateSearch::attack_length(Position& pos, int max_n) {
    return least_length(max_n, wins_at_every_longer_length(),
                        [&](int n) { return attack(pos, n); }, [](int) {});
}

// Each length of a first move gets a twin (defend_with_twin). Below the full length the move is
// expected to fail (a sound problem has no short solution, and most first moves are no key):
// every attacker move is searched, and the twin divides that work without splitting a node.
// At the full length the two race along the key's line, and the twin's failures, proved the
// other way round, are in the table when the solution tree needs them: every attacker move of
// the line that does not win is searched there, to find duals. (nontriv_06 at 2 threads: the
// failing lengths 1.87 times faster than at one thread with a twin, 1.76 with splits. Its
// winning length is as fast with a twin as with splits, and the tree after it 1.4 times
// faster: the whole solve 1.04 times. The lengths side by side instead, each thread taking the
// next, were 1.05 times faster than one thread: a length searched without the shorter one's
// failures in the table took 1.7 to 3.7 times the nodes.)
int MateSearch::defend_length(Position& pos, int max_n, const std::function<void(int)>& at_length) {
    return least_length(
        max_n, wins_at_every_longer_length(), [&](int n) { return defend_with_twin(pos, n); },
        [&](int n) {
            if (at_length) at_length(n);
        });
}

Outcome MateSearch::attack_node(Position& pos, int n) {
    if (n <= 0) return Outcome::Fail;
    if (restrictions_.keep_mating_piece && mating_piece_lost(pos, true)) return Outcome::Fail;
    if (stop_.load(std::memory_order_relaxed) || split_cancelled()) return Outcome::Unknown;
    ++nodes_;
    Key key = node_key(pos);
    const bool self = stip_.kind == Stipulation::Kind::Self;
    // Orthodox selfmate, last move: the defender's last refutation often still refutes.
    const bool self_last = self && n == 1 && !pos.rules().is_dynamo();
    // (Measured: a gain for direct mates; selfmates gain more from the shared table.)
    const bool local = n == 1 && !pos.rules().is_dynamo() && stip_.kind == Stipulation::Kind::Direct;
    uint64_t* slot = nullptr;
    TranspositionTable::Bounds b;
    if (local) {
        if (last_move_table_.empty()) last_move_table_.assign(LAST_MOVE_SLOTS, 0);
        slot = &last_move_table_[(key >> 1) & (LAST_MOVE_SLOTS - 1)];
        // Read after the check hints are made: the slot is seldom in the cache.
        __builtin_prefetch(slot);
    } else if (n == 2) {
        // Probed once the moves are generated (and, under a restriction, the mate in one
        // looked for): the bucket is seldom in the cache, and at this depth the table rarely
        // knows the node (the work before the probe is then done for nothing).
        tt_.prefetch(key);
    } else if (self_last) {
        tt_.prefetch(key); // probed once the moves are known (most nodes end before)
    } else {
        b = tt_.probe(key);
    }
    if (b.win <= n) return Outcome::Win;
    if (b.fail >= n) return Outcome::Fail;

    // Shorter wins first: cheap to find, and each depth's failures stay in the table. (At n == 2
    // a one-mover is found among the moves anyway, unless a restriction judges the two lengths
    // differently.)
    if ((n >= 3 || (n == 2 && restrictions_.any())) && b.fail < n - 1) {
        Outcome shorter = attack_node(pos, n - 1);
        if (shorter != Outcome::Fail) return shorter;
    }

    if (n == 1 && !self && pos.rules().is_dynamo()) {
        Outcome o = dynamo_mate_in_one(pos);
        tt_.store(key, o == Outcome::Win ? TranspositionTable::Bounds{1, 0}
                                         : TranspositionTable::Bounds{TranspositionTable::NO_WIN, 1});
        return o;
    }

    Frame f = frame();
    MoveList* list = &f.list;
    std::optional<CheckHints> hints;
    bool must_check = n == 1 && !self; // the last move of a direct mate must give check
    if (must_check) hints.emplace(pos);
    if (local && *slot && !((*slot ^ key) >> 1))
        return (*slot & 1) ? Outcome::Win : Outcome::Fail;
    if (self_last) {
        // Only the attacker moves that no quiet reply dismisses: those that the first one does
        // not are generated (restricted generation), the others then dismiss more. If none is
        // left, the node fails at once, known without the shared table (a memory access that
        // costs more than this).
        // The replies are initialised one at a time, while moves remain undismissed.
        QuietReplies replies;
        replies.scan(pos, killer_[std::min(pos.ply() + 1, 127)]);
        if (replies.init_next(pos)) {
            const QuietReply& r0 = replies.replies[0];
            Bitboard only[PIECE_TYPE_NB];
            for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) only[pt] = ~Bitboard(0);
            for (int pt = PAWN; pt <= QUEEN; ++pt) only[pt] = r0.to_mask(PieceType(pt));
            list->clear();
            lazy::visit_orthodox_restricted(pos, only, r0.from_mask(), [&](Move m) {
                if (!replies.single_refutes(0, pos, m)) list->push_back(m);
                return false;
            });
            while (!list->empty() && replies.init_next(pos)) {
                const int i = replies.count - 1;
                int kept = 0;
                for (Move m : *list)
                    if (!replies.single_refutes(i, pos, m)) (*list)[kept++] = m;
                list->truncate(kept);
            }
            if (list->empty()) return Outcome::Fail;
        } else {
            generate_legal(pos, *list);
        }
        b = tt_.probe(key);
        if (b.win <= n) return Outcome::Win;
        if (b.fail >= n) return Outcome::Fail;
    } else if (must_check && hints->valid) {
        generate_mating_checks(pos, *hints, MateFlights(pos), *list);
        must_check = false;
    } else {
        generate_legal(pos, *list);
        if (n == 2) {
            b = tt_.probe(key);
            if (b.win <= n) return Outcome::Win;
            if (b.fail >= n) return Outcome::Fail;
        }
    }
    int ply = std::min(pos.ply(), 127);
    try_first(*list, attack_killer_[ply]);
    if (opposite_order_)
        std::reverse(list->begin() + (list->size() && (*list)[0] == attack_killer_[ply]),
                     list->end());
    bool unknown = false;
    const bool splits = may_split_attack(n);
    for (int i = 0; i < list->size(); ++i) {
        Move m = (*list)[i];
        if (must_check && !hints->gives_check(pos, m)) continue;
        pos.make(m);
        Outcome o = self ? defend_self(pos, n) : defend_direct(pos, n);
        pos.unmake();
        if (o == Outcome::Win) {
            attack_killer_[ply] = m;
            if (local) *slot = key | 1;
            else tt_.store(key, {n, 0});
            return Outcome::Win;
        }
        unknown |= o == Outcome::Unknown;
        // Young Brothers Wait: the moves tried first (the killer among them) did not win.
        if (splits && !unknown && i >= 1 && list->size() - i > 3 && split_may_pay()) {
            o = split(pos, *list, i + 1, n, true);
            if (o == Outcome::Win) tt_.store(key, {n, 0});
            if (o != Outcome::Fail) return o;
            break;
        }
    }
    if (unknown) return Outcome::Unknown;
    if (local) *slot = (key & ~uint64_t(1)) | (key == 0 || key == 1 ? 2 : 0);
    else tt_.store(key, {TranspositionTable::NO_WIN, n});
    return Outcome::Fail;
}

// Direct mate ----------------------------------------------------------------------------------

// Dynamo, the attacker's last move: a mate is a checking move after which the defender has no
// legal move. Only the ways that give check are tested for legality and merged, and the search
// ends at the first mate: most nodes fail, and a full list of moves, each tested, would cost
// several times more. Each way is tested for check as it is admitted, before the merge and the
// legality test, which cost more than the check test. (Measured when the hints still let nine
// ways through for each that checks: a 25-piece #4 1.16 times faster than testing after the
// merge, seven_5 1.09.)
Outcome MateSearch::dynamo_mate_in_one(Position& pos) {
    struct MateFinder final : MoveVisitor {
        MateSearch& search;
        Position& pos;
        DynamoCheckHints hints;
        MateFinder(MateSearch& s, Position& p) : search(s), pos(p), hints(p) {}
        bool admit(Move way) override { return hints.gives_check(pos, way); }
        bool visit(Move m) override {
            pos.make(m);
            Outcome o = search.defend_direct(pos, 1);
            pos.unmake();
            if (o != Outcome::Win) return false;
            search.attack_killer_[std::min(pos.ply(), 127)] = m;
            return true;
        }
    } finder(*this, pos);
    return dynamo_visit_legal(pos, finder) ? Outcome::Win : Outcome::Fail;
}

// SearchRestrictions -------------------------------------------------------------------------
// As Popeye applies them: each length is judged on its own (a move refused at length n may
// still win at a shorter length, where the attacker node looks first).

Outcome MateSearch::threat_guard(Position& pos, int n) {
    if (!restrictions_.threat_applies(n) || pos.in_check()) return Outcome::Win;
    const int within = restrictions_.threat_within(stip_.kind == Stipulation::Kind::Self);
    if (within <= 0) return Outcome::Fail;
    // Within T the guard never applies again (threat_applies is false), so these are plain facts.
    pos.make_null();
    Outcome threat = attack_node(pos, within);
    pos.unmake_null();
    return threat;
}

Outcome MateSearch::threat_refusal(Position& pos, int n) {
    return goal_ ? goal_->threat_guard(pos, n) : threat_guard(pos, n);
}

void MateSearch::order_likely_refutations(const Position& pos, MoveList& defences) const {
    if (goal_) return;
    const int quiet_from = checks_first(pos, defences);
    std::stable_sort(defences.begin() + quiet_from, defences.end(), [&](Move a, Move b) {
        return history_[history_index(a)] > history_[history_index(b)];
    });
    try_first(defences, killer_[std::min(pos.ply(), 127)]);
}

bool MateSearch::too_many_flights(const Position& pos, const MoveList& defences, int n) const {
    // #N too: a #2's key that leaves the king a flight stays under MaxFlightsquares 0, and the
    // flights after a #3's second move do not count (castling_01, castling_03; found by running
    // Popeye).
    return restrictions_.flights_apply(n) &&
           more_flights_than(pos, defences, restrictions_.max_flights);
}

bool MateSearch::flight_refusal(const Position& pos, int n) const {
    if (!restrictions_.flights_apply(n)) return false;
    MoveList defences;
    generate_legal(pos, defences);
    return goal_ ? goal_->too_many_flights(pos, defences, n) : too_many_flights(pos, defences, n);
}

bool MateSearch::nontrivial_applies(int n) const {
    if (goal_) return goal_->nontrivial_applies(n);
    return restrictions_.nontrivial_applies(n);
}

// A defence is trivial if the attacker then wins within T + 1 moves (#) or T moves (s#), as
// Popeye counts the half-moves (one more for a direct mate's parity). Within those lengths the
// guard never applies again, so the counts do not depend on the budget.
// Counted as the generator finds the defences: the count mostly ends after a few (the limit is
// the budget + 2), and the rest are not generated. (nontriv_06: the full list was a quarter of
// the time.)
int MateSearch::nontrivial_defences(Position& pos, int limit) {
    if (goal_) return goal_->nontrivial_defences(pos, limit);
    const int t = restrictions_.nontrivial_length;
    const bool self = stip_.kind == Stipulation::Kind::Self;
    int count = 0;
    bool stopped = false;
    visit_legal(pos, [&](Move r) {
        pos.make(r);
        Outcome o = self && checkmated(pos) ? Outcome::Win // s#: a mating defence is avoided
                    : self                   ? attack_node(pos, t)
                                             : attack_node(pos, t + 1);
        pos.unmake();
        stopped = o == Outcome::Unknown;
        return stopped || (o == Outcome::Fail && ++count >= limit);
    });
    return stopped ? -1 : count;
}

// The count does not depend on n (see nontrivial_defences), so it is remembered for the node
// and its budget (both in the key), across lengths and first moves. (At one thread 56% of
// nontriv_06's counts and 67% of nontriv_07's were found there: the solve 1.4 and 1.8 times
// faster; at two threads 1.5 and 1.6.)
int MateSearch::guard_count(Position& pos, Key key) {
    if (!nontrivial_counts_) nontrivial_counts_ = &tt_.nontrivial_counts(); // this thread's
    NonTrivialCounts& counts = *nontrivial_counts_;
    if (const int known = counts.probe(key); known >= 0) return known;
    const int count = nontrivial_defences(pos, nontrivial_budget_ + 2);
    counts.store(key, count); // not if stopped (-1)
    return count;
}

// Popeye's count includes the defence played: B + 1 are allowed, and the B + 1 - count left
// over go on down the line (one more when every defence is trivial).
Outcome MateSearch::nontrivial_guard(Position& pos) {
    const int budget = nontrivial_budget_;
    const int count =
        counted_ >= 0 ? std::exchange(counted_, -1) : guard_count(pos, defence_key(pos));
    if (count < 0) return Outcome::Unknown;
    if (count > budget + 1) return Outcome::Fail;
    nontrivial_budget_ = budget + 1 - count;
    return Outcome::Win;
}

bool MateSearch::mating_piece_lost(const Position& pos, bool attacker_to_move) const {
    const bool self = stip_.kind == Stipulation::Kind::Self;
    const Color mating = attacker_to_move != self ? pos.side_to_move() : ~pos.side_to_move();
    return !(pos.pieces(mating) & ~pos.pieces(KING));
}

namespace {
// Gives back the budget a defence node's guard set for its subtrees.
struct BudgetRestorer {
    int& budget;
    const int saved;
    ~BudgetRestorer() { budget = saved; }
};
} // namespace

// The defence that refuted a sibling often refutes here too: it is tried before the list is
// made, which costs more than the search below it when it refutes (as it mostly does).
// Fail if it refutes, Unknown if stopped, else Win; `tried` is 1 if it was searched (a selfmate's
// mating defence is not: it is never chosen).
Outcome MateSearch::killer_first(Position& pos, int n, int& tried) {
    tried = 0;
    Move killer = killer_[std::min(pos.ply(), 127)];
    // Under MaxFlightsquares the whole list is needed first; far from the end the checks go
    // before the killer (checks_before_killer).
    if (killer.is_none() || restrictions_.max_flights >= 0 || checks_before_killer(n) ||
        !is_legal_way(pos, killer))
        return Outcome::Win;
    const bool self = stip_.kind == Stipulation::Kind::Self;
    pos.make(killer);
    Outcome o;
    if (self && checkmated(pos)) {
        o = Outcome::Win;
    } else {
        tried = 1;
        o = self && n <= 1 ? Outcome::Fail : attack_node(pos, n - 1);
    }
    pos.unmake();
    return o;
}

// Far from the end, a defence that gives check refutes with the smallest tree (the attacker's
// answers to a check are few), so the checks go before the killer: measured, castling_11 (#6)
// 0.39 and ep_11 (s#6) 0.06 of the time with the killer first. Nearer the end the killer goes
// first, tried before the list is made (killer_first): its refutation is as cheap as any there
// (#N with checks first from n = 2: castling_11 1.5 times slower than from n = 3). Not under
// NonTrivial, where the guard has searched every defence already (measured: nontriv_07 about 1.4
// times slower with checks first).
bool MateSearch::checks_before_killer(int n) const {
    const int from = stip_.kind == Stipulation::Kind::Self ? 2 : 3;
    return n >= from && !restrictions_.nontrivial();
}

// Orders a defence node's list: the checks first (from CHECKS_FIRST_DEPTH), the killer at the
// front, or after the checks far from the end. Returns where the moves that history orders
// begin (after the killer). `first` (1 if killer_first searched the killer) drops to 0 if the
// killer is not at the front, where it would be skipped.
int MateSearch::order_defences(const Position& pos, MoveList& list, int n, int& first) const {
    const Move killer = killer_[std::min(pos.ply(), 127)];
    int quiet_from = n >= CHECKS_FIRST_DEPTH ? checks_first(pos, list) : list.size();
    if (killer.is_none()) return quiet_from;
    if (checks_before_killer(n)) {
        auto it = std::find(list.begin() + quiet_from, list.end(), killer);
        if (it == list.end()) return quiet_from; // a check, or not a legal move here
        std::iter_swap(list.begin() + quiet_from, it);
        return quiet_from + 1;
    }
    try_first(list, killer);
    if (list.size() && list[0] == killer) return std::max(quiet_from, 1);
    first = 0; // a way not in the list: searched again
    return quiet_from;
}

// Defence nodes far from the end are stored too (under their own salt): one that the attacker
// wins costs every defence again when met by another order of moves.
template <typename Search>
Outcome MateSearch::stored_defence(Position& pos, int n, const Search& search) {
    if (n < DEFENCE_STORE_DEPTH) return search();
    const Key key = defence_key(pos);
    // Under Threat alone, the threat is looked for while the bucket loads (it is searched again
    // in search(), then known to the tables). Another restriction would change its key.
    if (restrictions_.threat_length >= 0 && !restrictions_.nontrivial() &&
        !restrictions_.keep_mating_piece) {
        tt_.prefetch(key);
        if (Outcome g = threat_guard(pos, n); g != Outcome::Win) return g;
    }
    // NonTrivial: most attacker moves leave too many non-trivial defences, and the count (which
    // mostly ends after a few) costs less than a probe that misses the cache: counted while the
    // bucket loads; the node's guard then takes the count.
    if (nontrivial_applies(n)) {
        tt_.prefetch(key);
        const int count = guard_count(pos, key);
        if (count < 0) return Outcome::Unknown;
        if (count > nontrivial_budget_ + 1) return Outcome::Fail;
        counted_ = count;
    }
    TranspositionTable::Bounds b = tt_.probe(key);
    if (b.win <= n || b.fail >= n) {
        counted_ = -1;
        return b.win <= n ? Outcome::Win : Outcome::Fail;
    }
    Outcome o = search();
    counted_ = -1; // not taken if the node ended before its guard
    if (o == Outcome::Win) tt_.store(key, {n, 0});
    else if (o == Outcome::Fail) tt_.store(key, {TranspositionTable::NO_WIN, n});
    return o;
}

Outcome MateSearch::defend_direct(Position& pos, int n) {
    return stored_defence(pos, n, [&] { return defend_direct_node(pos, n); });
}

Outcome MateSearch::defend_self(Position& pos, int n) {
    return stored_defence(pos, n, [&] { return defend_self_node(pos, n); });
}

Outcome MateSearch::defend_direct_node(Position& pos, int n) {
    // After the mating move the goal is reached: no filter there (as Popeye's goal test).
    if (restrictions_.keep_mating_piece && n >= 2 && mating_piece_lost(pos, false))
        return Outcome::Fail;
    BudgetRestorer restore{nontrivial_budget_, nontrivial_budget_};
    if (nontrivial_applies(n))
        if (Outcome g = nontrivial_guard(pos); g != Outcome::Win) return g;
    if (restrictions_.threat_length >= 0)
        if (Outcome g = threat_guard(pos, n); g != Outcome::Win) return g;
    if (n <= 1) {
        // The attacker's moves are spent: only mate (in check, no legal move) wins, and that is
        // settled at the first legal move found, without generating (or merging) the rest.
        if (!pos.in_check()) return Outcome::Fail;
        return has_legal_move(pos) ? Outcome::Fail : Outcome::Win;
    }
    int ply = std::min(pos.ply(), 127);
    bool unknown = false;
    int first = 0;
    if (Outcome o = killer_first(pos, n, first); o != Outcome::Win) {
        if (o == Outcome::Fail) return o;
        unknown = true;
    }
    Frame f = frame();
    MoveList* list = &f.list;
    generate_legal(pos, *list);
    if (list->empty()) return pos.in_check() ? Outcome::Win : Outcome::Fail; // mate, stalemate
    if (restrictions_.max_flights >= 0 && too_many_flights(pos, *list, n)) return Outcome::Fail;
    const int quiet_from = order_defences(pos, *list, n, first);
    const bool splits = may_split(n);
    // Young Brothers Wait: a defence that does not refute says that probably none does.
    auto split_now = [&](int searched) {
        return splits && !unknown && list->size() - searched > 2 && split_may_pay();
    };
    if (first && split_now(first)) return split(pos, *list, first, n, false);
    for (int i = first; i < list->size(); ++i) {
        if (i >= quiet_from) pick_by_history(*list, i, history_);
        Move r = (*list)[i];
        pos.make(r);
        Outcome o = attack_node(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) {
            killer_[ply] = r;
            history_[history_index(r)] += uint32_t(n * n);
            return Outcome::Fail;
        }
        unknown |= o == Outcome::Unknown;
        if (split_now(i + 1)) return split(pos, *list, i + 1, n, false);
    }
    return unknown ? Outcome::Unknown : Outcome::Win;
}

// Selfmate -------------------------------------------------------------------------------------
// White forces Black to mate White by Black's n-th move. Black avoids mating while it has a
// non-mating move; a Black position where every move mates is a White success; no Black move
// at all (Black stalemated, or mated by White) is a White failure.

bool MateSearch::defender_move_mates(Position& pos, Move m) {
    if (goal_) return goal_->defender_move_reaches(pos, m);
    pos.make(m);
    bool mates = checkmated(pos);
    pos.unmake();
    return mates;
}

// Orthodox, the defender's last move (n == 1): the attacker wins only if every defender move
// mates, so the first move that gives no check (king moves come first) refutes, found without
// generating the whole list or making the move.
Outcome MateSearch::defend_self_last(Position& pos) {
    std::optional<CheckHints> hints;
    const Square ours = pos.king_square(pos.side_to_move());
    const Square theirs = pos.king_square(~pos.side_to_move());
    // A king move checks only by discovery, so only off a line through both kings.
    const bool kings_aligned = ours != SQ_NONE && theirs != SQ_NONE && geometry::line[ours][theirs];
    bool any = false;
    Move refutation;
    bool refuted = lazy::visit_orthodox(pos, [&](Move r) {
        any = true;
        bool may_check;
        if (r.active_from() == ours && r.special() == Move::NORMAL) {
            may_check = kings_aligned;
        } else {
            if (!hints) hints.emplace(pos);
            may_check = hints->may_check(pos, r);
        }
        if (may_check && pos.gives_check(r)) {
            pos.make(r);
            bool mates = !lazy::orthodox_has_move(pos);
            pos.unmake();
            if (mates) return false;
        }
        refutation = r;
        return true;
    });
    if (!any) return Outcome::Fail; // the defender has no move: stalemated or mated
    if (refuted) {
        killer_[std::min(pos.ply(), 127)] = refutation;
        return Outcome::Fail;
    }
    return Outcome::Win;
}

// Dynamo, the defender's last move: as defend_self_last, the first legal move that does not
// mate refutes; the moves are visited without a list, and the visit stops there.
Outcome MateSearch::dynamo_defend_self_last(Position& pos) {
    struct Refuter final : MoveVisitor {
        Position& pos;
        bool any = false;
        Move refutation;
        explicit Refuter(Position& p) : pos(p) {}
        bool admit(Move) override { return true; }
        bool visit(Move m) override {
            any = true;
            pos.make(m);
            bool mates = checkmated(pos);
            pos.unmake();
            if (!mates) refutation = m;
            return !mates;
        }
    } refuter(pos);
    if (dynamo_visit_legal(pos, refuter)) {
        killer_[std::min(pos.ply(), 127)] = refuter.refutation;
        return Outcome::Fail;
    }
    return refuter.any ? Outcome::Win : Outcome::Fail; // no move at all: a White failure
}

Outcome MateSearch::defend_self_node(Position& pos, int n) {
    if (restrictions_.keep_mating_piece && mating_piece_lost(pos, false)) return Outcome::Fail;
    BudgetRestorer restore{nontrivial_budget_, nontrivial_budget_};
    if (nontrivial_applies(n))
        if (Outcome g = nontrivial_guard(pos); g != Outcome::Win) return g;
    if (restrictions_.threat_length >= 0)
        if (Outcome g = threat_guard(pos, n); g != Outcome::Win) return g;
    if (n <= 1 && !pos.rules().is_dynamo()) return defend_self_last(pos);
    int ply = std::min(pos.ply(), 127);
    // Black plays a non-mating move whenever it has one.
    bool any_non_mating = false, unknown = false;
    int first = 0;
    if (Outcome o = killer_first(pos, n, first); o != Outcome::Win) {
        if (o == Outcome::Fail) return o;
        unknown = true;
    }
    any_non_mating = first == 1;
    if (n <= 1) return dynamo_defend_self_last(pos);
    Frame f = frame();
    MoveList* list = &f.list;
    generate_legal(pos, *list);
    if (list->empty() || (restrictions_.max_flights >= 0 && too_many_flights(pos, *list, n)))
        return Outcome::Fail;
    const int quiet_from = order_defences(pos, *list, n, first);
    const bool splits = may_split(n);
    auto split_now = [&](int searched) {
        return splits && !unknown && list->size() - searched > 2 && split_may_pay();
    };
    if (first && split_now(first)) return split(pos, *list, first, n, false);
    for (int i = first; i < list->size(); ++i) {
        if (i >= quiet_from) pick_by_history(*list, i, history_);
        Move r = (*list)[i];
        pos.make(r);
        if (checkmated(pos)) {
            pos.unmake();
            continue;
        }
        any_non_mating = true;
        Outcome o = n <= 1 ? Outcome::Fail : attack_node(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) {
            killer_[ply] = r;
            history_[history_index(r)] += uint32_t(n * n);
            return Outcome::Fail;
        }
        unknown |= o == Outcome::Unknown;
        if (split_now(i + 1)) return split(pos, *list, i + 1, n, false);
    }
    if (!any_non_mating) return Outcome::Win;
    return unknown ? Outcome::Unknown : Outcome::Win;
}

} // namespace dynamo
