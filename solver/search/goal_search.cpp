#include "solver/search/goal_search.h"

#include "solver/search/search_key.h"

namespace dynamo {

namespace {
// Each stipulation's nodes apart in the shared table, and apart from MateSearch's.
Key salt(const Stipulation& s) {
    return 0x5BD1E9955BD1E995ULL * (Key(s.kind) * 2 + Key(s.goal) + 3);
}
} // namespace

GoalSearch::GoalSearch(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
                       const SearchRestrictions& restrictions)
    : stip_(stip), tt_(tt), stop_(stop), restrictions_(restrictions.applied_to(stip)),
      nontrivial_budget_(std::max(restrictions.nontrivial_max, 0)) {}

GoalSearch::Frame GoalSearch::frame() {
    if (depth_ == int(lists_.size())) lists_.push_back(std::make_unique<MoveList>());
    return Frame{*lists_[size_t(depth_++)], *this};
}

// NonTrivial: the budget is part of the node, as in MateSearch (and Popeye's hash.c).
Key GoalSearch::key(const Position& pos) const {
    Key k = search_key(pos) ^ salt(stip_);
    if (restrictions_.nontrivial()) k ^= uint64_t(nontrivial_budget_ + 1) * 0xD6E8FEB86659FD93ULL;
    return k;
}

bool GoalSearch::goal_reached(const Position& pos) const {
    return stip_.goal == Stipulation::Goal::Mate ? is_checkmate(pos) : is_stalemate(pos);
}

bool GoalSearch::defender_move_reaches(Position& pos, Move m) {
    pos.make(m);
    bool reached = goal_reached(pos);
    pos.unmake();
    return reached;
}

bool GoalSearch::defender_must_reach(Position& pos) {
    Frame f = frame();
    generate_legal(pos, f.list);
    for (Move r : f.list)
        if (defender_move_reaches(pos, r)) return true;
    return false;
}

std::vector<PlayNode> reflex_forced_mates(const Position& diagram, const Stipulation& stip) {
    std::vector<PlayNode> mates;
    if (stip.kind != Stipulation::Kind::Reflex) return mates;
    Position pos = diagram;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        if (is_checkmate(pos)) {
            PlayNode node;
            node.move = m;
            node.mark = MoveMark::Mate;
            node.length = 1;
            node.forced = true;
            mates.push_back(std::move(node));
        }
        pos.unmake();
    }
    return mates;
}

bool reflex_attacker_bound(const Position& diagram, const Stipulation& stip) {
    return !reflex_forced_mates(diagram, stip).empty();
}

void first_moves_of(const Position& diagram, const Stipulation& stip, MoveList& list) {
    generate_legal(diagram, list);
    if (reflex_attacker_bound(diagram, stip)) list.clear(); // r#: it must mate instead
}

// Under a restriction a length is judged on its own (a move refused at n may win sooner, where
// the guards do not apply): the shorter lengths first keep "within n" monotone for the table.
Outcome GoalSearch::attack(Position& pos, int n) {
    if (n >= 2 && restrictions_.any()) {
        Outcome shorter = attack(pos, n - 1);
        if (shorter != Outcome::Fail) return shorter;
    }
    return attack_node(pos, n);
}

Outcome GoalSearch::attack_node(Position& pos, int n) {
    if (n <= 0) return Outcome::Fail;
    if (restrictions_.keep_mating_piece && goal_piece_lost(pos, true)) return Outcome::Fail;
    if (stop_.load(std::memory_order_relaxed)) return Outcome::Unknown;
    ++nodes_;
    const Key k = key(pos);
    TranspositionTable::Bounds b = tt_.probe(k);
    if (b.win <= n) return Outcome::Win;
    if (b.fail >= n) return Outcome::Fail;
    Frame f = frame();
    generate_legal(pos, f.list);
    // r#: the attacker that can mate must (the reflex condition binds both sides): it fails.
    if (stip_.kind == Stipulation::Kind::Reflex)
        for (Move m : f.list) {
            pos.make(m);
            bool mates = is_checkmate(pos);
            pos.unmake();
            if (mates) {
                tt_.store(k, {TranspositionTable::NO_WIN, TranspositionTable::MAX_MOVES});
                return Outcome::Fail;
            }
        }
    bool unknown = false;
    for (Move m : f.list) {
        pos.make(m);
        Outcome o = defend(pos, n);
        pos.unmake();
        if (o == Outcome::Win) {
            tt_.store(k, {n, 0});
            return Outcome::Win;
        }
        unknown |= o == Outcome::Unknown;
    }
    if (unknown) return Outcome::Unknown;
    tt_.store(k, {TranspositionTable::NO_WIN, n});
    return Outcome::Fail;
}

Outcome GoalSearch::defend(Position& pos, int n) {
    if (stop_.load(std::memory_order_relaxed)) return Outcome::Unknown;
    ++nodes_;
    const bool direct = stip_.kind == Stipulation::Kind::Direct;
    if (direct && goal_reached(pos)) return Outcome::Win; // no restriction after the goal
    struct Restore { // gives back the budget the guard sets for this node's subtrees
        int& budget;
        const int saved;
        ~Restore() { budget = saved; }
    } restore{nontrivial_budget_, nontrivial_budget_};
    // r#N: a defender that can mate must, whatever the restrictions (Popeye tests it first).
    if (restrictions_.any() && stip_.kind == Stipulation::Kind::Reflex && defender_must_reach(pos))
        return Outcome::Win;
    if (restrictions_.any())
        if (Outcome g = guard_defence(pos, n); g != Outcome::Win) return g;
    Frame f = frame();
    generate_legal(pos, f.list);
    if (f.list.empty()) return Outcome::Fail; // the defender mated or stalemated: not the goal
    if (too_many_flights(pos, f.list, n)) return Outcome::Fail;
    if (direct) {
        if (n <= 1) return Outcome::Fail;
    } else {
        // s=, r#: the defender's moves that reach the goal. r#: it must play one if it has one;
        // s=: it avoids them (a win for the attacker), and at the end every move must be one.
        bool all = true, any = false;
        for (Move r : f.list) {
            bool reaches = defender_move_reaches(pos, r);
            all &= reaches, any |= reaches;
        }
        if (stip_.kind == Stipulation::Kind::Reflex ? any : all) return Outcome::Win;
        if (n <= 1) return Outcome::Fail;
    }
    bool unknown = false;
    for (Move r : f.list) {
        if (!direct && defender_move_reaches(pos, r)) continue;
        pos.make(r);
        Outcome o = attack(pos, n - 1);
        pos.unmake();
        if (o == Outcome::Fail) return Outcome::Fail;
        unknown |= o == Outcome::Unknown;
    }
    return unknown ? Outcome::Unknown : Outcome::Win;
}

} // namespace dynamo
