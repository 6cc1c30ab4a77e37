#include "settings.h"

#include <tbb/info.h>

#include <algorithm>

namespace dynamo::batch {

int threads_for(int asked) {
    const int cores = tbb::info::default_concurrency();
    return asked > 0 ? std::min(asked, cores) : cores;
}

AnalysisQuestion question_asked(const Settings& settings, AnalysisQuestion own) {
    if (settings.intended > 0) own.intended = settings.intended; // --intended
    own.tries |= settings.tries;
    own.variations |= settings.variations;
    own.every_short_line = settings.order == SolutionOrder::Popeye; // listed as Popeye does
    own.move_numbers &= settings.order == SolutionOrder::Popeye;     // numbered as Popeye does
    // The verdict needs no more solutions than one beyond those intended.
    if (settings.verdict_only && own.max_solutions == 0) own.max_solutions = own.intended + 1;
    return own;
}

AnalysisOptions analysis_options(const Settings& settings, const ProblemOptions& problem) {
    return AnalysisOptions(question_asked(settings, analysis_options_for(problem)),
                           settings.resources);
}

} // namespace dynamo::batch
