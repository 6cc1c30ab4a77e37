#include "solver/rules/perft.h"

#include "solver/rules/movegen.h"

#include <memory>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace dynamo {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    if (depth == 1) return uint64_t(list.size());
    uint64_t nodes = 0;
    for (Move m : list) {
        pos.make(m);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    return nodes;
}

std::vector<DivideEntry> perft_divide(const Position& pos, int depth, int threads) {
    auto list = std::make_unique<MoveList>();
    generate_legal(pos, *list);
    std::vector<DivideEntry> result;
    if (depth <= 0) return result; // the empty sequence: no root move
    for (Move m : *list) result.push_back({m, depth == 1 ? 1u : 0u});
    if (depth == 1) return result;

    int workers = threads > 0 ? threads : tbb::this_task_arena::max_concurrency();
    tbb::task_arena arena(workers);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, result.size(), 1),
                          [&](const tbb::blocked_range<size_t>& range) {
                              Position local = pos;
                              for (size_t i = range.begin(); i != range.end(); ++i) {
                                  local.make(result[i].move);
                                  result[i].count = perft(local, depth - 1);
                                  local.unmake();
                              }
                          });
    });
    return result;
}

} // namespace dynamo
