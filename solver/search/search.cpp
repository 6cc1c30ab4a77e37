#include "solver/search/search.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

namespace dynamo {

MateSearch::MateSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, HelperPool* pool,
                       const SearchRestrictions& restrictions)
    : MateSearch(stip, tt, stop, pool, restrictions, false) {}

MateSearch::MateSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, HelperPool* pool,
                       const SearchRestrictions& restrictions, bool helper)
    : stip_(stip), guards_(restrictions, stip), tt_(tt), stop_(stop), pool_(pool), helper_(helper) {
    if (pool_ && !helper_) enter_pool();
}

MateSearch::~MateSearch() {
    if (pool_ && !helper_) leave_pool();
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
    if (guards_.applied.nontrivial()) k ^= uint64_t(guards_.budget + 1) * 0xD6E8FEB86659FD93ULL;
    return k;
}

bool MateSearch::checkmated(const Position& pos) { return is_checkmate(pos); }

Outcome MateSearch::attack(Position& pos, int n) { return attack_node(pos, n); }

Outcome MateSearch::defend(Position& pos, int n) {
    return stip_.kind == Stipulation::Kind::Self ? defend_self(pos, n) : defend_direct(pos, n);
}

bool MateSearch::shares_moves() { return pool_ && split_may_pay(); }

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

bool MateSearch::wins_at_every_longer_length() const {
    return !guards_.applied.any() &&
           (stip_.kind == Stipulation::Kind::Direct || stip_.kind == Stipulation::Kind::Self);
}

int MateSearch::attack_length(Position& pos, int max_n) {
    return least_length(
        max_n, wins_at_every_longer_length(), [&](int n) { return attack(pos, n); }, [](int) {});
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

// Orthodox selfmate, the attacker's last move: only the attacker moves that no quiet reply
// dismisses (movepick.h, QuietReplies): those that the first one does not are generated
// (restricted generation), the others then dismiss more. The replies are initialised one at a
// time, while moves remain undismissed. False if no move is left.
bool MateSearch::self_last_moves(Position& pos, MoveList& list) {
    QuietReplies replies;
    replies.scan(pos, order_.killer[std::min(pos.ply() + 1, 127)]);
    if (!replies.init_next(pos)) {
        generate_legal(pos, list);
        return true;
    }
    const QuietReply& r0 = replies.replies[0];
    Bitboard only[PIECE_TYPE_NB];
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) only[pt] = ~Bitboard(0);
    for (int pt = PAWN; pt <= QUEEN; ++pt) only[pt] = r0.to_mask(PieceType(pt));
    list.clear();
    lazy::visit_orthodox_restricted(pos, only, r0.from_mask(), [&](Move m) {
        if (!replies.single_refutes(0, pos, m)) list.push_back(m);
        return false;
    });
    while (!list.empty() && replies.init_next(pos)) {
        const int i = replies.count - 1;
        int kept = 0;
        for (Move m : list)
            if (!replies.single_refutes(i, pos, m)) list[kept++] = m;
        list.truncate(kept);
    }
    return !list.empty();
}

Outcome MateSearch::attack_node(Position& pos, int n) {
    if (n <= 0) return Outcome::Fail;
    if (guards_.applied.keep_mating_piece && guards_.goal_piece_lost(pos, true))
        return Outcome::Fail;
    if (stop_.load(std::memory_order_relaxed) || split_cancelled()) return Outcome::Unknown;
    ++nodes_;
    Key key = node_key(pos);
    const bool self = stip_.kind == Stipulation::Kind::Self;
    // Orthodox selfmate, last move: the defender's last refutation often still refutes.
    const bool self_last = self && n == 1 && !pos.rules().is_dynamo();
    // (Measured: a gain for direct mates; selfmates gain more from the shared table.)
    const bool local =
        n == 1 && !pos.rules().is_dynamo() && stip_.kind == Stipulation::Kind::Direct;
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
    if ((n >= 3 || (n == 2 && guards_.applied.any())) && b.fail < n - 1) {
        Outcome shorter = attack_node(pos, n - 1);
        if (shorter != Outcome::Fail) return shorter;
    }

    if (n == 1 && !self && pos.rules().is_dynamo()) {
        Outcome o = dynamo_mate_in_one(pos);
        tt_.store(key, o == Outcome::Win
                           ? TranspositionTable::Bounds{1, 0}
                           : TranspositionTable::Bounds{TranspositionTable::NO_WIN, 1});
        return o;
    }

    Frame f = frame();
    MoveList* list = &f.list;
    std::optional<CheckHints> hints;
    bool must_check = n == 1 && !self; // the last move of a direct mate must give check
    if (must_check) hints.emplace(pos);
    if (local && *slot && !((*slot ^ key) >> 1)) return (*slot & 1) ? Outcome::Win : Outcome::Fail;
    if (self_last) {
        // If no move is left, the node fails at once, known without the shared table (a memory
        // access that costs more than this).
        if (!self_last_moves(pos, *list)) return Outcome::Fail;
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
    try_first(*list, order_.attack_killer[ply]);
    if (opposite_order_)
        std::reverse(list->begin() + (list->size() && (*list)[0] == order_.attack_killer[ply]),
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
            order_.attack_killer[ply] = m;
            if (local)
                *slot = key | 1;
            else
                tt_.store(key, {n, 0});
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
    if (local)
        *slot = (key & ~uint64_t(1)) | (key == 0 || key == 1 ? 2 : 0);
    else
        tt_.store(key, {TranspositionTable::NO_WIN, n});
    return Outcome::Fail;
}

// Direct mate ----------------------------------------------------------------------------------

// Dynamo, the attacker's last move: a mate is a checking move after which the defender has no
// legal move. Only the ways that give check are tested for legality and merged, and the search
// ends at the first mate: most nodes fail, and a full list of moves, each tested, would cost
// several times more. Each way is tested for check as it is admitted, before the merge and the
// legality test, which cost more than the check test.
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
            search.order_.attack_killer[std::min(pos.ply(), 127)] = m;
            return true;
        }
    } finder(*this, pos);
    return dynamo_visit_legal(pos, finder) ? Outcome::Win : Outcome::Fail;
}

// SearchRestrictions (restrictions.h) ---------------------------------------------------------

Outcome MateSearch::threat_guard(Position& pos, int n) {
    return guards_.threat_guard(pos, n,
                                [this](Position& p, int within) { return attack_node(p, within); });
}

Outcome MateSearch::threat_refusal(Position& pos, int n) { return threat_guard(pos, n); }

void MateSearch::order_likely_refutations(const Position& pos, MoveList& defences) const {
    order_.likely_refutations_first(pos, defences);
}

bool MateSearch::flight_refusal(const Position& pos, int n) const {
    if (!guards_.applied.flights_apply(n)) return false;
    MoveList defences;
    generate_legal(pos, defences);
    return guards_.too_many_flights(pos, defences, n);
}

bool MateSearch::nontrivial_applies(int n) const { return guards_.nontrivial_applies(n); }

// Counted as the generator finds the defences: the count mostly ends after a few (the limit is
// the budget + 2), and the rest are not generated. (nontriv_06: the full list was a quarter of
// the time.)
int MateSearch::nontrivial_defences(Position& pos, int limit) {
    return guards_.nontrivial_defences(
        pos, limit, [&](auto&& f) { visit_legal(pos, f); }, // s#: a mating defence is avoided
        [](const Position& p) { return checkmated(p); },
        [this](Position& p, int t) { return attack_node(p, t); });
}

// The count does not depend on n (see nontrivial_defences), so it is remembered for the node
// and its budget (both in the key), across lengths and first moves. (At one thread 56% of
// nontriv_06's counts and 67% of nontriv_07's were found there: the solve 1.4 and 1.8 times
// faster; at two threads 1.5 and 1.6.)
int MateSearch::guard_count(Position& pos, Key key) {
    if (!nontrivial_counts_) nontrivial_counts_ = &tt_.nontrivial_counts(); // this thread's
    NonTrivialCounts& counts = *nontrivial_counts_;
    if (const int known = counts.probe(key); known >= 0) return known;
    const int count = nontrivial_defences(pos, guards_.budget + 2);
    counts.store(key, count); // not if stopped (-1)
    return count;
}

Outcome MateSearch::nontrivial_guard(Position& pos) {
    return guards_.admit(counted_ >= 0 ? std::exchange(counted_, -1)
                                       : guard_count(pos, defence_key(pos)));
}

// The defence that refuted a sibling often refutes here too: it is tried before the list is
// made, which costs more than the search below it when it refutes (as it mostly does).
// Fail if it refutes, Unknown if stopped, else Win; `tried` is 1 if it was searched (a selfmate's
// mating defence is not: it is never chosen).
Outcome MateSearch::killer_first(Position& pos, int n, int& tried) {
    tried = 0;
    Move killer = order_.killer[std::min(pos.ply(), 127)];
    // Under MaxFlightsquares the whole list is needed first; far from the end the checks go
    // before the killer (checks_before_killer).
    if (killer.is_none() || guards_.applied.max_flights >= 0 || checks_before_killer(n) ||
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

// Defence nodes far from the end are stored too (under their own salt): one that the attacker
// wins costs every defence again when met by another order of moves.
template <typename Search>
Outcome MateSearch::stored_defence(Position& pos, int n, const Search& search) {
    if (n < DEFENCE_STORE_DEPTH) return search();
    const Key key = defence_key(pos);
    // Under Threat alone, the threat is looked for while the bucket loads (it is searched again
    // in search(), then known to the tables). Another restriction would change its key.
    if (guards_.applied.threat_length >= 0 && !guards_.applied.nontrivial() &&
        !guards_.applied.keep_mating_piece) {
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
        if (count > guards_.budget + 1) return Outcome::Fail;
        counted_ = count;
    }
    TranspositionTable::Bounds b = tt_.probe(key);
    if (b.win <= n || b.fail >= n) {
        counted_ = -1;
        return b.win <= n ? Outcome::Win : Outcome::Fail;
    }
    Outcome o = search();
    counted_ = -1; // not taken if the node ended before its guard
    if (o == Outcome::Win)
        tt_.store(key, {n, 0});
    else if (o == Outcome::Fail)
        tt_.store(key, {TranspositionTable::NO_WIN, n});
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
    if (guards_.applied.keep_mating_piece && n >= 2 && guards_.goal_piece_lost(pos, false))
        return Outcome::Fail;
    BudgetRestorer restore{guards_.budget, guards_.budget};
    if (nontrivial_applies(n))
        if (Outcome g = nontrivial_guard(pos); g != Outcome::Win) return g;
    if (guards_.applied.threat_length >= 0)
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
    if (guards_.applied.max_flights >= 0 && guards_.too_many_flights(pos, *list, n))
        return Outcome::Fail;
    const int quiet_from = order_.order_defences(pos, *list, n, first, checks_before_killer(n));
    const bool splits = may_split(n);
    // Young Brothers Wait: a defence that does not refute says that probably none does.
    auto split_now = [&](int searched) {
        return splits && !unknown && list->size() - searched > 2 && split_may_pay();
    };
    if (first && split_now(first)) return split(pos, *list, first, n, false);
    for (int i = first; i < list->size(); ++i) {
        if (i >= quiet_from) pick_by_history(*list, i, order_.history);
        Move r = (*list)[i];
        pos.make(r);
        Outcome o = attack_node(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) {
            order_.refuted(ply, r, n);
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
        order_.killer[std::min(pos.ply(), 127)] = refutation;
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
        order_.killer[std::min(pos.ply(), 127)] = refuter.refutation;
        return Outcome::Fail;
    }
    return refuter.any ? Outcome::Win : Outcome::Fail; // no move at all: a White failure
}

Outcome MateSearch::defend_self_node(Position& pos, int n) {
    if (guards_.applied.keep_mating_piece && guards_.goal_piece_lost(pos, false))
        return Outcome::Fail;
    BudgetRestorer restore{guards_.budget, guards_.budget};
    if (nontrivial_applies(n))
        if (Outcome g = nontrivial_guard(pos); g != Outcome::Win) return g;
    if (guards_.applied.threat_length >= 0)
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
    if (list->empty() ||
        (guards_.applied.max_flights >= 0 && guards_.too_many_flights(pos, *list, n)))
        return Outcome::Fail;
    const int quiet_from = order_.order_defences(pos, *list, n, first, checks_before_killer(n));
    const bool splits = may_split(n);
    auto split_now = [&](int searched) {
        return splits && !unknown && list->size() - searched > 2 && split_may_pay();
    };
    if (first && split_now(first)) return split(pos, *list, first, n, false);
    for (int i = first; i < list->size(); ++i) {
        if (i >= quiet_from) pick_by_history(*list, i, order_.history);
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
            order_.refuted(ply, r, n);
            return Outcome::Fail;
        }
        unknown |= o == Outcome::Unknown;
        if (split_now(i + 1)) return split(pos, *list, i + 1, n, false);
    }
    if (!any_non_mating) return Outcome::Win;
    return unknown ? Outcome::Unknown : Outcome::Win;
}

} // namespace dynamo
