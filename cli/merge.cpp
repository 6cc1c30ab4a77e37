// `dynamo merge PART...` (issue 18): the parts of a problem solved apart, reported as one.

#include "commands.h"

#include "format/part_merge.h"
#include "format/terms.h"

#include <iostream>

namespace dynamo::cli {

int run_merge(const CommonOptions& common, const MergeOptions& options) {
    TextReportOptions text;
    try {
        text.lang = language_from(common);
        text.order = order_from(common);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    std::vector<MergedProblem> merged;
    Message error;
    if (!merge_part_files(options.files, merged, &error, text.order == SolutionOrder::Popeye)) {
        print_error(error, text.lang);
        return 2;
    }
    int status = 0;
    TwinVerdicts twins;
    for (const MergedProblem& m : merged) {
        if (m.instance == 0) twins = TwinVerdicts{{}, size_t(m.instances)};
        print_solution(m.problem, m.label, m.diagram, m.solution, text, options.json, &twins,
                       false, m.instance == 0);
        if (m.solution.verdict != Verdict::Unfinished) continue;
        status = 3;
        // What is left to do, by part, so that those parts can be run again with more time.
        // In the output language: file, problem, what (as the reader's messages are laid out).
        auto word = [&](Term t) { return term(t, text.lang); };
        std::cerr << m.problem.file << ": " << word(Term::Problem) << " " << m.problem.index
                  << (m.label.empty() ? "" : " " + shown_label(m.label, text.lang)) << ": "
                  << verdict_term(Verdict::Unfinished, text.lang) << ";";
        if (m.open.empty()) std::cerr << " " << word(Term::NoFirstMoveOpen);
        else std::cerr << " " << word(Term::OpenFirstMoves) << ":";
        for (const auto& [move, part] : m.open)
            std::cerr << " " << move_text(m.diagram, move, text.lang) << " (" << word(Term::Part)
                      << " " << part << ")";
        std::cerr << "\n";
    }
    return status;
}

} // namespace dynamo::cli
