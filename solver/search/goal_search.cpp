#include "solver/search/goal_search.h"

#include "solver/search/search_key.h"

namespace dynamo {

namespace {
// Each stipulation's nodes apart in the shared table, and apart from MateSearch's.
Key salt(const Stipulation& s) {
    return 0x5BD1E9955BD1E995ULL * (Key(s.kind) * 2 + Key(s.goal) + 3);
}
} // namespace

GoalSearch::GoalSearch(const Stipulation& stip, TranspositionTable& tt,
                       const std::atomic<bool>& stop, const SearchRestrictions& restrictions)
    : stip_(stip), tt_(tt), stop_(stop), guards_(restrictions, stip) {}

GoalSearch::Frame GoalSearch::frame() {
    if (depth_ == int(lists_.size())) lists_.push_back(std::make_unique<MoveList>());
    return Frame{*lists_[size_t(depth_++)], *this};
}

// NonTrivial: the budget is part of the node, as in MateSearch (and Popeye's hash.c).
Key GoalSearch::key(const Position& pos) const {
    Key k = search_key(pos) ^ salt(stip_);
    if (guards_.applied.nontrivial()) k ^= uint64_t(guards_.budget + 1) * 0xD6E8FEB86659FD93ULL;
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

MoveList reflex_mating_moves(const Position& diagram, const Stipulation& stip) {
    MoveList mates;
    if (stip.kind != Stipulation::Kind::Reflex) return mates;
    Position pos = diagram;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        if (is_checkmate(pos)) mates.push_back(m);
        pos.unmake();
    }
    return mates;
}

bool reflex_attacker_bound(const Position& diagram, const Stipulation& stip) {
    return !reflex_mating_moves(diagram, stip).empty();
}

std::vector<Outcome> GoalSearch::defend_each(Position& pos, const MoveList& moves, int n) {
    std::vector<Outcome> outcomes(size_t(moves.size()), Outcome::Unknown);
    for (int i = 0; i < moves.size(); ++i) {
        pos.make(moves[i]);
        outcomes[size_t(i)] = defend(pos, n);
        pos.unmake();
    }
    return outcomes;
}

int GoalSearch::attack_length(Position& pos, int max_n) {
    return least_length(
        max_n, false, [&](int n) { return attack(pos, n); }, [](int) {});
}

int GoalSearch::defend_length(Position& pos, int max_n, const std::function<void(int)>& at_length) {
    return least_length(
        max_n, false, [&](int n) { return defend(pos, n); },
        [&](int n) {
            if (at_length) at_length(n);
        });
}

bool GoalSearch::flight_refusal(const Position& pos, int n) const {
    if (!guards_.applied.flights_apply(n)) return false;
    MoveList defences;
    generate_legal(pos, defences);
    return guards_.too_many_flights(pos, defences, n);
}

void first_moves_of(const Position& diagram, const Stipulation& stip, MoveList& list) {
    generate_legal(diagram, list);
    if (reflex_attacker_bound(diagram, stip)) list.clear(); // r#: it must mate instead
}

// Under a restriction a length is judged on its own (a move refused at n may win sooner, where
// the guards do not apply): the shorter lengths first keep "within n" monotone for the table.
Outcome GoalSearch::attack(Position& pos, int n) {
    if (n >= 2 && guards_.applied.any()) {
        Outcome shorter = attack(pos, n - 1);
        if (shorter != Outcome::Fail) return shorter;
    }
    return attack_node(pos, n);
}

Outcome GoalSearch::attack_node(Position& pos, int n) {
    if (n <= 0) return Outcome::Fail;
    if (guards_.applied.keep_mating_piece && guards_.goal_piece_lost(pos, true))
        return Outcome::Fail;
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
    BudgetRestorer restore{guards_.budget, guards_.budget};
    // r#N: a defender that can mate must, whatever the restrictions (Popeye tests it first).
    if (guards_.applied.any() && stip_.kind == Stipulation::Kind::Reflex &&
        defender_must_reach(pos))
        return Outcome::Win;
    if (guards_.applied.any())
        if (Outcome g = guard_defence(pos, n); g != Outcome::Win) return g;
    Frame f = frame();
    generate_legal(pos, f.list);
    if (f.list.empty()) return Outcome::Fail; // the defender mated or stalemated: not the goal
    if (guards_.too_many_flights(pos, f.list, n)) return Outcome::Fail;
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

// SearchRestrictions (restrictions.h) ---------------------------------------------------------

Outcome GoalSearch::guard_defence(Position& pos, int n) {
    const bool direct = stip_.kind == Stipulation::Kind::Direct;
    // =N: after the attacker's last move only the goal counts (tested before this guard).
    if (guards_.applied.keep_mating_piece && (!direct || n >= 2) &&
        guards_.goal_piece_lost(pos, false))
        return Outcome::Fail;
    if (nontrivial_applies(n))
        if (Outcome g = guards_.admit(nontrivial_defences(pos, guards_.budget + 2));
            g != Outcome::Win)
            return g;
    return threat_guard(pos, n);
}

Outcome GoalSearch::threat_guard(Position& pos, int n) {
    return guards_.threat_guard(pos, n,
                                [this](Position& p, int within) { return attack(p, within); });
}

// Popeye's r#3 with NonTrivial 0 0 keeps a key after whose defences White has an r#1
// (tests/data/popeye/goal_restrictions).
int GoalSearch::nontrivial_defences(Position& pos, int limit) {
    Frame f = frame();
    generate_legal(pos, f.list);
    return guards_.nontrivial_defences(
        pos, limit,
        [&](auto&& visit) {
            for (Move r : f.list)
                if (visit(r)) break;
        },
        [this](const Position& p) { return goal_reached(p); },
        [this](Position& p, int t) { return attack(p, t); });
}

} // namespace dynamo
