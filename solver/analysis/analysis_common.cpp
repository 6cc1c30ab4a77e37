#include "solver/analysis/analysis_common.h"

#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

#include <tbb/task_arena.h>

namespace dynamo {

MoveMark mark_of(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    bool check = pos.in_check();
    if (list.empty()) return check ? MoveMark::Mate : MoveMark::Stalemate;
    return check ? MoveMark::Check : MoveMark::None;
}

bool begin_solution(const Position& diagram, const Stipulation& stip,
                    const AnalysisOptions& options, Solution& sol) {
    sol.stipulation = stip;
    if (auto reason = illegal_reason(diagram)) {
        sol.verdict = Verdict::Illegal;
        sol.illegal_reason = *reason;
        return false;
    }
    sol.threads = options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
    return true;
}

} // namespace dynamo
