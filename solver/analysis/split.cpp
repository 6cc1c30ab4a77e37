#include "solver/analysis/split.h"

#include "solver/search/goal_search.h"
#include "solver/rules/movegen.h"
#include "solver/rules/perft.h"

#include <algorithm>
#include <numeric>

namespace dynamo {

namespace {

// How deep the estimate looks after the first move: the whole tree of the next two half-moves
// at most (the defender's replies and the attacker's answers), so that it costs little next to
// the solve. Its size tracks what the solve of that first move has to go through.
int probe_depth(const Stipulation& stip) {
    int plies_after = stip.kind == Stipulation::Kind::Help ? 2 * stip.moves + (stip.half ? 1 : 0) - 1
                                                           : 2 * stip.moves - 1;
    return std::clamp(plies_after, 0, 2);
}

} // namespace

std::vector<FirstMoveShare> split_first_moves(const Position& diagram, const Stipulation& stip,
                                              int parts) {
    MoveList moves;
    first_moves_of(diagram, stip, moves);
    std::vector<FirstMoveShare> shares;
    for (Move m : moves) {
        uint64_t cost = 1;
        if (parts > 1) {
            Position pos = diagram;
            pos.make(m);
            cost += perft(pos, probe_depth(stip));
        }
        shares.push_back({m, cost, 0});
    }
    if (parts <= 1) return shares;

    std::vector<size_t> order(shares.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return shares[a].cost > shares[b].cost; });
    std::vector<uint64_t> load(size_t(parts), 0);
    for (size_t i : order) {
        int lightest = int(std::min_element(load.begin(), load.end()) - load.begin());
        shares[i].part = lightest;
        load[size_t(lightest)] += shares[i].cost;
    }
    return shares;
}

} // namespace dynamo
