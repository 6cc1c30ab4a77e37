// The settings of a run, resolved once from the command line (cli/settings.cpp) or, the same way,
// from a request to a server: the rules, the output's language and order, what every analysis is
// asked beyond each problem's own options, and the resources it is given. Nothing here parses
// text or prints.
#pragma once

#include "format/base/notation.h"
#include "format/output/popeye_order.h"
#include "format/base/problem.h"
#include "solver/analysis/options.h"
#include "solver/board/rule_set.h"

namespace dynamo::batch {

struct Settings {
    // --rules: the rules of a position given on the command line (--fen); where `rules_override`,
    // those of every problem read too, over its own conditions (solve and check with --rules).
    RuleSet rules = RuleSet::dynamo_default();
    bool rules_override = false;
    Language lang = Language::English;         // of the output and the messages
    SolutionOrder order = SolutionOrder::Ours; // of the solution tree (--order)

    // Asked of every analysis beyond the problem's own options.
    bool tries = false;        // tries, also where the problem does not ask for them
    bool variations = false;   // threats and variations for every problem
    int intended = 0;          // helpmates: the solutions intended (0: the problem's)
    bool verdict_only = false; // helpmates: solutions searched as far as the verdict needs, not
                               // all of them to be listed (check: a random position can have
                               // millions)

    // Given to every analysis: the threads (resolved, at least 1), the table, the time limit, the
    // interrupt. `progress`: whether to show it (on a terminal, unless --quiet); the command
    // attaches its own printer to each analysis (resources.progress stays empty).
    AnalysisResources resources;
    bool progress = false;

    RuleSet rules_for(const RuleSet& own) const { return rules_override ? rules : own; }
};

// The threads of a request for `asked` (0: all cores). More than the cores are the cores: TBB runs
// no more workers than cores, and warns on stderr when asked for more, which would then report
// threads that never ran.
int threads_for(int asked);

// The question asked of an analysis: the problem's own (from its options, or the one a part file
// was solved for), with what the settings add.
AnalysisQuestion question_asked(const Settings& settings, AnalysisQuestion own);

// The options of the analysis of a problem: the question asked, the settings' resources.
AnalysisOptions analysis_options(const Settings& settings, const ProblemOptions& problem);

} // namespace dynamo::batch
