#include "solve_output.h"

#include "usage.h"

#include "format/base/phrases.h"
#include "format/output/popeye_order.h"
#include "format/output/report_json.h"

#include <cstdio>
#include <iostream>
#include <sstream>

namespace dynamo::cli {

void print_solution(const Problem& problem, const std::string& label, const Position& diagram,
                    const Solution& solution, const TextReportOptions& given, bool json,
                    TwinVerdicts* twins, bool time_line, bool header) {
    TextReportOptions text = given;
    text.board = given.board && !problem.options.no_board; // NoBoard
    if (twins) twins->verdicts.push_back(solution.verdict);
    if (json) {
        const Solution& shown =
            text.order == SolutionOrder::Popeye ? popeye_ordered(diagram, solution) : solution;
        auto j = solution_json(problem, label, diagram, shown, text.lang);
        if (twins && twins->complete())
            j["problem_verdict"] = verdict_name(combined_verdict(twins->verdicts));
        std::cout << json_line(j) << "\n";
    } else {
        // Twins as Popeye lays them out: the header and diagram once, then "a)", "b) wRh3-->h2"
        // ..., each over its solution.
        // Popeye's NoBoard: no header at all, the solution alone.
        const bool no_header = problem.options.no_board && text.order == SolutionOrder::Popeye;
        if (header && !no_header)
            std::cout << text_header(problem, diagram, solution.stipulation, text);
        // --order popeye: Popeye's text of the whole problem first (its twins, both halves of a
        // Duplex), then our verdict blocks apart, each line "keyword: ...". Popeye writes the
        // second half of a Duplex without a label ("Duplex" stands in the header).
        const bool apart = text.order == SolutionOrder::Popeye;
        std::string printed = label;
        if (apart && printed.ends_with("duplex:")) {
            printed.resize(printed.size() - std::string("duplex:").size());
            while (!printed.empty() && printed.back() == ' ') printed.pop_back();
        }
        if (!printed.empty())
            std::cout << (header ? "\n" : "") << shown_label(printed, text.lang) << "\n";
        std::ostringstream block;
        TextReportOptions shown = text;
        shown.verdict = !apart;
        std::cout << text_solution(diagram, solution, shown);
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
            std::cout << block.str() << "\n";
        } else if (twins && twins->total > 1) {
            twins->held += block.str();
            if (twins->last()) std::cout << "\n" << twins->held << "\n";
        } else {
            std::cout << "\n" << block.str() << "\n";
        }
        if (twins && twins->complete())
            std::cout << phrase(Phrase::ProblemVerdict, text.lang) << ": "
                      << verdict_term(combined_verdict(twins->verdicts), text.lang) << " ("
                      << twins->total << " " << phrase(Phrase::Twins, text.lang) << ")\n\n";
    }
    std::cout.flush();
}

SolveOutput solve_output(const SolveOptions& options, std::vector<ExportItem>& exports) {
    SolveOutput out;
    out.json = options.json;
    out.time = !options.no_time;
    if (!options.export_format.empty()) {
        ExportFormat format;
        if (!parse_export_format(options.export_format, format))
            throw UsageError(option_said(
                "--export", Message(Phrase::ExpectedFound,
                                    {or_list({"fen", "latex", "svg"}), options.export_format})));
        if (options.json) throw UsageError(Message(Phrase::ExportAndJson));
        out.exports = &exports;
    }
    return out;
}

void print_exports(const SolveOptions& options, const std::vector<ExportItem>& exports,
                   Language lang) {
    ExportFormat format;
    if (options.export_format.empty() || !parse_export_format(options.export_format, format))
        return;
    if (exports.empty()) return; // nothing solved: an empty document would say otherwise
    std::cout << export_document(format, exports, lang);
    std::cout.flush();
}

std::string solving_time_line(double seconds, Language lang) {
    char line[96];
    std::snprintf(line, sizeof line, "%s %.3f s\n",
                  std::string(phrase(Phrase::SolvingTime, lang)).c_str(), seconds);
    return line;
}

std::string upto_line(const UptoResult& r, Language lang) {
    auto word = [&](Phrase t) { return std::string(phrase(t, lang)); };
    auto none_from = [&](const std::string& to) {
        return word(Phrase::NoneFrom) + " " + r.from + " " + word(Phrase::To) + " " + to;
    };
    // The lengths before `reached` had no solution.
    std::string before = r.previous.empty()     ? ""
                         : r.previous == r.from ? word(Phrase::NoneIn) + " " + r.from
                                                : none_from(r.previous);
    if (r.unfinished)
        return std::string(verdict_term(Verdict::Unfinished, lang)) + ": " +
               (before.empty() ? "" : before + "; ") + r.reached + " " +
               word(Phrase::StoppedBeforeVerdict);
    if (r.found)
        return word(Phrase::Shortest) + ": " + r.reached +
               (before.empty() ? "" : " (" + before + ")");
    return word(Phrase::Shortest) + ": " + none_from(r.to);
}

nlohmann::json upto_json(const UptoResult& r) {
    return {{"from", r.from},
            {"to", r.to},
            {"reached", r.reached},
            {"shortest", r.found ? nlohmann::json(r.reached) : nlohmann::json(nullptr)},
            {"finished", !r.unfinished}};
}

} // namespace dynamo::cli
