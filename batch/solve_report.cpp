#include "solve_report.h"

#include "format/base/phrases.h"
#include "format/input/reader/result.h"
#include "format/output/popeye_order.h"
#include "format/output/report_json.h"

#include <cstdio>
#include <sstream>

namespace dynamo::batch {

void print_solution(std::ostream& out, const Problem& problem, const std::string& label,
                    const Position& diagram, const Solution& solution,
                    const TextReportOptions& given, bool json, TwinVerdicts* twins, bool time_line,
                    bool header) {
    TextReportOptions text = given;
    text.board = given.board && !problem.options.no_board; // NoBoard
    if (twins) twins->verdicts.push_back(solution.verdict);
    if (json) {
        const Solution& shown =
            text.order == SolutionOrder::Popeye ? popeye_ordered(diagram, solution) : solution;
        auto j = solution_json(problem, label, diagram, shown, text.lang);
        if (twins && twins->complete())
            j["problem_verdict"] = verdict_name(combined_verdict(twins->verdicts));
        out << json_line(j) << "\n";
    } else {
        // Twins as Popeye lays them out: the header and diagram once, then "a)", "b) wRh3-->h2"
        // ..., each over its solution.
        // Popeye's NoBoard: no header at all, the solution alone.
        const bool no_header = problem.options.no_board && text.order == SolutionOrder::Popeye;
        if (header && !no_header) out << text_header(problem, diagram, solution.stipulation, text);
        // --order popeye: Popeye's text of the whole problem first (its twins, both halves of a
        // Duplex), then our verdict blocks apart, each line "keyword: ...". Popeye writes the
        // second half of a Duplex without a label ("Duplex" stands in the header).
        const bool apart = text.order == SolutionOrder::Popeye;
        // (BEISPIEL/twin.inp problem 2: a twin's second half under the first's, without "a)".)
        std::string printed = label;
        if (apart && printed.ends_with("duplex:")) printed.clear();
        if (!printed.empty())
            out << (header ? "\n" : "") << shown_label(printed, text.lang) << "\n";
        std::ostringstream block;
        TextReportOptions shown = text;
        shown.verdict = !apart;
        if (twins) shown.move_number = twins->move_number;
        out << text_solution(diagram, solution, shown);
        if (twins)
            twins->move_number += int(solution.tried.size() + solution.tried_set_play.size());
        // Popeye writes a blank line for a position that cannot arise, where a solution would
        // stand between two (REGRESSIONS/4_51_to_4_53.inp problem 9, twin k).
        if (apart && solution.verdict == Verdict::Illegal) out << "\n";
        if (apart) {
            if (twins && twins->total > 1)
                block << phrase(Phrase::TwinLabel, text.lang) << ": "
                      << (label.empty() ? std::string("a)") : shown_label(label, text.lang))
                      << "\n";
            block << text_verdict(diagram, popeye_ordered(diagram, solution), text.lang);
        }
        if (time_line) {
            std::string time = solving_time_line(solution.seconds, text.lang);
            // "solving time: 0.012 s", a keyword and a colon as the block's other lines
            if (apart) time.insert(std::string(phrase(Phrase::SolvingTime, text.lang)).size(), ":");
            block << time;
        }
        if (!apart) {
            out << block.str() << "\n";
        } else if (twins && twins->total > 1) {
            twins->held += block.str();
            if (twins->last()) out << "\n" << twins->held << "\n";
        } else {
            out << "\n" << block.str() << "\n";
        }
        if (twins && twins->complete())
            out << phrase(Phrase::ProblemVerdict, text.lang) << ": "
                << verdict_term(combined_verdict(twins->verdicts), text.lang) << " ("
                << twins->total << " " << phrase(Phrase::Twins, text.lang) << ")\n\n";
    }
    out.flush();
}

std::string solving_time_line(double seconds, Language lang) {
    char line[96];
    std::snprintf(line, sizeof line, "%s %.3f s\n",
                  std::string(phrase(Phrase::SolvingTime, lang)).c_str(), seconds);
    return line;
}

std::vector<SolveInstance> solve_instances(const Problem& problem, const Settings& settings) {
    std::vector<SolveInstance> out;
    const size_t halves = problem.options.duplex ? 2 : 1;
    for (const ProblemInstance& instance : problem_instances(problem)) {
        const RuleSet rules = settings.rules_for(instance.rules);
        for (size_t half = 0; half < halves; ++half) {
            ProblemOptions po = problem.options;
            po.half_duplex |= half == 1;
            std::string label = instance.label;
            if (half == 1) label += (label.empty() ? "" : " ") + std::string("duplex:");
            out.push_back({label,
                           problem_position(instance.pieces, instance.stipulation, rules, po),
                           instance.stipulation});
        }
    }
    return out;
}

} // namespace dynamo::batch
