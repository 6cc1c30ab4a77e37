#include "solver/analysis/analysis.h"
#include "solver/analysis/popeye_moves.h"

#include "solver/analysis/analysis_help.h"
#include "solver/analysis/conclude.h"
#include "solver/analysis/post_key.h"

namespace dynamo {

namespace {

Solution analyse_by_kind(const Position& diagram, const Stipulation& stip,
                         const AnalysisOptions& options) {
    if (stip.help_play()) return analyse_help(diagram, stip, options);
    if (options.post_key_play) return analyse_post_key(diagram, stip, options);
    // Every battle stipulation applies Popeye's search restrictions, but for those Popeye's
    // meaning leaves out (SearchRestrictions::applied_to; reported in Solution::unapplied).
    // analyse_partial() finds r#'s forced mates with the set play.
    return conclude(diagram, stip, options, analyse_partial(diagram, stip, options, {}, true));
}

} // namespace

Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options) {
    Solution sol = analyse_by_kind(diagram, stip, options);
    // MoveNumbers: what Popeye tries, for the report to number (docs/format.md). PostKeyPlay's
    // diagram is after the key: no first move of the attacker there.
    if (options.move_numbers && !options.post_key_play && sol.verdict != Verdict::Illegal) {
        sol.tried = popeye_tried_moves(diagram, stip);
        if (options.set_play && stip.kind == Stipulation::Kind::Help)
            sol.tried_set_play = popeye_tried_moves(help_set_play_position(diagram),
                                                    help_set_play_stipulation(stip));
    }
    return sol;
}

PartialAnalysis analyse_partial(const Position& diagram, const Stipulation& stip,
                                const AnalysisOptions& options, const std::vector<char>& mine,
                                bool set_play_here) {
    if (!stip.help_play()) return analyse_battle(diagram, stip, options, mine, set_play_here);
    PartialAnalysis part = analyse_help_partial(diagram, stip, options, mine);
    if (set_play_here) add_help_set_play(diagram, stip, options, part);
    return part;
}

} // namespace dynamo
