#include "solver/analysis/analysis.h"

#include "solver/analysis/analysis_help.h"
#include "solver/analysis/conclude.h"
#include "solver/analysis/post_key.h"

namespace dynamo {

Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options) {
    if (stip.help_play()) return analyse_help(diagram, stip, options);
    if (options.post_key_play) return analyse_post_key(diagram, stip, options);
    // Every battle stipulation applies Popeye's search restrictions, but for those Popeye's
    // meaning leaves out (SearchRestrictions::applied_to; reported in Solution::unapplied).
    // analyse_partial() finds r#'s forced mates with the set play.
    return conclude(diagram, stip, options, analyse_partial(diagram, stip, options, {}, true));
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
