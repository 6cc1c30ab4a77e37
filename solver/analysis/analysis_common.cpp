#include "solver/analysis/analysis_common.h"

#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

#include <algorithm>

namespace dynamo {

MoveMark mark_of(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    bool check = pos.in_check();
    if (list.empty()) return check ? MoveMark::Mate : MoveMark::Stalemate;
    return check ? MoveMark::Check : MoveMark::None;
}

bool begin_solution(const Position& diagram, const Stipulation& stip,
                    const AnalysisResources& resources, Solution& sol) {
    sol.stipulation = stip;
    if (auto reason = illegal_reason(diagram)) {
        sol.verdict = Verdict::Illegal;
        sol.illegal_reason = *reason;
        return false;
    }
    sol.threads = resources.threads;
    return true;
}

int help_plies(const Stipulation& stip) {
    return 2 * stip.moves + (stip.half ? 1 : 0) -
           (stip.kind == Stipulation::Kind::HelpSelf ? 1 : 0);
}

size_t table_megabytes(const Stipulation& stip, size_t hash_mb) {
    const int depth = stip.help_play() ? help_plies(stip) : stip.moves;
    return std::min(hash_mb, size_t(1) << std::min(2 * std::max(depth - 2, 0), 20));
}

int help_search_limit(const AnalysisQuestion& question, const Position& diagram) {
    if (question.popeye_max_solutions && !diagram.rules().is_dynamo()) return 0;
    return question.max_solutions > 0 ? std::max(question.max_solutions, question.intended + 1) + 1
                                      : 0;
}

} // namespace dynamo
