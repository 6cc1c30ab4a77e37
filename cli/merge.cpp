// `dynamo merge PART...` (issue 18): the parts of a problem solved apart, reported as one.

#include "commands.h"

#include "format/part_merge.h"

#include <iostream>

namespace dynamo::cli {

int run_merge(const CommonOptions& common, const MergeOptions& options) {
    TextReportOptions text;
    try {
        text.lang = language_from(common);
        text.order = order_from(common);
    } catch (const UsageError& e) {
        print_error(e.what());
        return 2;
    }
    std::vector<MergedProblem> merged;
    std::string error;
    if (!merge_part_files(options.files, merged, &error)) {
        print_error(error);
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
        std::cerr << m.problem.file << ": problem " << m.problem.index
                  << (m.label.empty() ? "" : " " + m.label) << ": unfinished;";
        if (m.open.empty()) std::cerr << " no first move is open (the set play or shorter solutions are)";
        else std::cerr << " open first moves:";
        for (const auto& [move, part] : m.open)
            std::cerr << " " << move_text(m.diagram, move, text.lang) << " (part " << part << ")";
        std::cerr << "\n";
    }
    return status;
}

} // namespace dynamo::cli
