// `dynamo merge PART...`: the parts of a problem solved apart, reported as one.

#include "commands.h"

#include "settings.h"
#include "solve_output.h"
#include "usage.h"

#include "format/base/phrases.h"
#include "format/parts/part_merge.h"

#include <iostream>

namespace dynamo::cli {

int run_merge(const CommonOptions& common, const MergeOptions& options) {
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common);
        TextReportOptions text;
        text.lang = settings.lang;
        text.order = settings.order;
        std::vector<MergedProblem> merged;
        Message error;
        // Each problem concluded for the question its parts were solved for, with what the
        // settings add (--order popeye: a helpmate's shorter lines of every length).
        auto asked = [&](const AnalysisQuestion& q) { return batch::question_asked(settings, q); };
        if (!merge_part_files(options.files, merged, &error, asked)) throw UsageError(error);
        int status = 0;
        TwinVerdicts twins;
        for (const MergedProblem& m : merged) {
            if (m.instance == 0) twins = TwinVerdicts{{}, size_t(m.instances)};
            print_solution(std::cout, m.problem, m.label, m.diagram, m.solution, text, options.json,
                           &twins, false, m.instance == 0);
            if (m.solution.verdict != Verdict::Unfinished) continue;
            status = 3;
            // What is left to do, by part, so that those parts can be run again with more time.
            // In the output language: file, problem, what (as the reader's messages are laid out).
            auto word = [&](Phrase t) { return phrase(t, text.lang); };
            std::cerr << m.problem.file << ": " << word(Phrase::Problem) << " " << m.problem.index
                      << (m.label.empty() ? "" : " " + shown_label(m.label, text.lang)) << ": "
                      << verdict_term(Verdict::Unfinished, text.lang) << ";";
            if (m.open.empty())
                std::cerr << " " << word(Phrase::NoFirstMoveOpen);
            else
                std::cerr << " " << word(Phrase::OpenFirstMoves) << ":";
            for (const auto& [move, part] : m.open)
                std::cerr << " " << move_text(m.diagram, move, text.lang) << " ("
                          << word(Phrase::Part) << " " << part << ")";
            std::cerr << "\n";
        }
        return status;
    });
}

} // namespace dynamo::cli
