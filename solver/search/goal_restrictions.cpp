// Popeye's search restrictions in GoalSearch (=N, s=N, r#N). Popeye inserts them into any battle
// branch whatever its goal, so they mean here what they mean for #N (=N) and s#N (s=N, r#N):
// Threat T and MaxFlightsquares F at the defence nodes, NonTrivial M T with its budget kept
// along the line, KeepMatingPiece for the one side that has a goal (White in =N, Black in s=N;
// none in r#N, where the constructor drops it).
#include "solver/search/goal_search.h"

#include "solver/search/search_key.h"

namespace dynamo {

Outcome GoalSearch::guard_defence(Position& pos, int n) {
    const bool direct = stip_.kind == Stipulation::Kind::Direct;
    // =N: after the attacker's last move only the goal counts (tested before this guard).
    if (restrictions_.keep_mating_piece && (!direct || n >= 2) && goal_piece_lost(pos, false))
        return Outcome::Fail;
    if (nontrivial_applies(n)) {
        const int budget = nontrivial_budget_;
        const int count = nontrivial_defences(pos, budget + 2);
        if (count < 0) return Outcome::Unknown;
        if (count > budget + 1) return Outcome::Fail;
        nontrivial_budget_ = budget + 1 - count;
    }
    return threat_guard(pos, n);
}

Outcome GoalSearch::threat_guard(Position& pos, int n) {
    if (!restrictions_.threat_applies(n) || pos.in_check()) return Outcome::Win;
    const int within = restrictions_.threat_within(stip_.kind == Stipulation::Kind::Self);
    if (within <= 0) return Outcome::Fail;
    // Within T the guard never applies again (threat_applies is false).
    pos.make_null();
    Outcome threat = attack(pos, within);
    pos.unmake_null();
    return threat;
}

bool GoalSearch::too_many_flights(const Position& pos, const MoveList& defences, int n) const {
    return restrictions_.flights_apply(n) &&
           more_flights_than(pos, defences, restrictions_.max_flights);
}

bool GoalSearch::nontrivial_applies(int n) const { return restrictions_.nontrivial_applies(n); }

// Trivial: a defence after which the attacker reaches the goal within T + 1 moves (=N, r#N) or
// T (s=N), or that reaches the goal itself (s=N, r#N). Popeye's r#3 with NonTrivial 0 0 keeps a
// key after whose defences White has an r#1 (tests/data/popeye/goal_restrictions).
int GoalSearch::nontrivial_defences(Position& pos, int limit) {
    const int t = restrictions_.nontrivial_length;
    const bool direct = stip_.kind == Stipulation::Kind::Direct;
    Frame f = frame();
    generate_legal(pos, f.list);
    int count = 0;
    for (Move r : f.list) {
        Outcome o = Outcome::Win;
        if (direct || !defender_move_reaches(pos, r)) {
            pos.make(r);
            o = attack(pos, stip_.kind == Stipulation::Kind::Self ? t : t + 1);
            pos.unmake();
        }
        if (o == Outcome::Unknown) return -1;
        if (o == Outcome::Fail && ++count >= limit) break;
    }
    return count;
}

bool GoalSearch::goal_piece_lost(const Position& pos, bool attacker_to_move) const {
    const bool self = stip_.kind == Stipulation::Kind::Self;
    const Color side = attacker_to_move != self ? pos.side_to_move() : ~pos.side_to_move();
    return !(pos.pieces(side) & ~pos.pieces(KING));
}

} // namespace dynamo
