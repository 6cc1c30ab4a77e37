#include "solver/analysis/post_key.h"

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/tree_builder.h"
#include "solver/analysis/watchdog.h"
#include "solver/search/make_battle_search.h"

#include <algorithm>
#include <atomic>
#include <memory>

namespace dynamo {

Solution analyse_post_key(const Position& diagram, const Stipulation& stip,
                          const AnalysisOptions& given) {
    Solution sol;
    if (!begin_solution(diagram, stip, given, sol)) return sol;
    AnalysisOptions options = given;
    options.restrictions = given.restrictions.applied_to(stip);
    sol.restrictions = options.restrictions;
    sol.unapplied = given.restrictions.unapplied_to(stip);
    std::atomic<bool> stop{false};
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, [] {});
    TranspositionTable tt(table_megabytes(stip, options.hash_mb));
    const std::unique_ptr<BattleSearch> search =
        make_battle_search(stip, tt, stop, nullptr, options.restrictions);
    TreeBuilder builder(*search, options);
    Position pos = diagram;
    std::optional<PlayNode> play = stip.moves > 1 || stip.self_play()
                                       ? builder.play(pos, Move::none(), stip.moves, true)
                                       : PlayNode{Move::none(), mark_of(pos), 1, false, {}, {}};
    sol.finished = play.has_value();
    // Stopped: nothing known.
    sol.post_key = play ? std::move(*play)
                        : PlayNode{Move::none(), mark_of(diagram), stip.moves, false, {}, {}};
    watchdog.finish();
    sol.nodes = search->nodes();
    sol.seconds = watchdog.seconds();
    sol.threads = 1;
    const bool refuted = std::any_of(sol.post_key->defences.begin(), sol.post_key->defences.end(),
                                     [](const DefenceNode& d) { return d.refutes; });
    const MoveMark goal =
        stip.goal == Stipulation::Goal::Mate ? MoveMark::Mate : MoveMark::Stalemate;
    if (!sol.finished)
        sol.verdict = Verdict::Unfinished;
    else if (stip.moves == 1 && !stip.self_play())
        sol.verdict = mark_of(diagram) == goal ? Verdict::Sound : Verdict::NoSolution;
    else if (refuted)
        sol.verdict = Verdict::NoSolution;
    else
        sol.verdict = Verdict::Sound;
    return sol;
}

} // namespace dynamo
