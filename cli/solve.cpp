// `dynamo solve FILE...` and `dynamo mate --fen FEN --stip STIP`.

#include "commands.h"

#include "format/fen.h"
#include "format/problem_reader.h"
#include "format/report_json.h"
#include "format/report_text.h"
#include "format/stipulation_text.h"
#include "solver/analysis.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace dynamo::cli {

namespace {

AnalysisOptions analysis_options(const CommonOptions& common, const SolveOptions& solve,
                                 const ProblemOptions& problem) {
    AnalysisOptions a = analysis_options_for(problem);
    a.tries |= solve.tries;
    a.variations |= solve.variations;
    a.threads = common.threads;
    a.hash_mb = size_t(solve.hash_mb);
    a.max_seconds = solve.max_seconds;
    a.interrupt = &interrupted();
    if (isatty(STDERR_FILENO) && !solve.quiet) {
        // Called as first moves finish and every quarter second; the line is cleared once all
        // first moves are done (later calls of the same run, e.g. the set play's, print nothing).
        // At most ten lines a second: many small tasks may finish at once.
        using Clock = std::chrono::steady_clock;
        auto start = std::make_shared<Clock::time_point>(), last = std::make_shared<Clock::time_point>();
        auto shown = std::make_shared<bool>(false);
        a.progress = [start, last, shown](int done, int total, uint64_t nodes) {
            auto now = Clock::now();
            if (!*shown) *start = now; // a new run (a problem, a twin) starts the clock
            if (done == total) {
                if (*shown) std::fprintf(stderr, "\r%70s\r", "");
                *shown = false;
                return;
            }
            if (*shown && now - *last < std::chrono::milliseconds(100)) return;
            *shown = true;
            *last = now;
            double s = std::chrono::duration<double>(now - *start).count();
            std::fprintf(stderr, "\r  first moves %d/%d, %llu nodes, %.1f s ", done, total,
                         (unsigned long long)nodes, s);
        };
    }
    return a;
}

// The twins of a problem solved so far: their verdicts make the problem's.
struct TwinVerdicts {
    std::vector<Verdict> verdicts;
    size_t total = 0; // the problem's instances
    bool complete() const { return total > 1 && verdicts.size() == total; }
};

// Solves one position; returns the exit status it calls for (0, 3 when unfinished, 2 when the
// stipulation is not supported). Its verdict goes to `twins`, when given; after the last twin the
// verdict of the whole problem is printed (in JSON, a field of the last twin's object).
int solve_position(const Problem& problem, const std::string& label, const Position& diagram,
                   const Stipulation& stip, const AnalysisOptions& options,
                   const TextReportOptions& text, bool json, TwinVerdicts* twins = nullptr) {
    if (!stip.solvable()) {
        std::cerr << problem.file << ": problem " << problem.index << ": " << stip.text
                  << " is not supported yet (hs#N is read, not solved)\n";
        return 2;
    }
    Solution solution = analyse(diagram, stip, options);
    if (twins) twins->verdicts.push_back(solution.verdict);
    if (json) {
        auto j = solution_json(problem, label, diagram, solution, text.lang);
        if (twins && twins->complete()) j["problem_verdict"] = verdict_name(combined_verdict(twins->verdicts));
        std::cout << json_line(j) << "\n";
    } else {
        if (!label.empty()) std::cout << label << "\n";
        std::cout << text_header(problem, diagram, stip, text);
        std::cout << text_solution(diagram, solution, text) << "\n";
        if (twins && twins->complete())
            std::cout << "problem verdict: " << verdict_name(combined_verdict(twins->verdicts))
                      << " (" << twins->total << " twins)\n\n";
    }
    std::cout.flush();
    return solution.verdict == Verdict::Unfinished ? 3 : 0;
}

// Exit status (docs/format.md): where several apply, the highest wins in the order 2, 3, 1.
int combine(int a, int b) {
    auto rank = [](int s) { return s == 2 ? 3 : s == 3 ? 2 : s == 1 ? 1 : 0; };
    return rank(a) >= rank(b) ? a : b;
}

} // namespace

int run_solve(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    TextReportOptions text;
    std::optional<RuleSet> rules_override;
    try {
        text.lang = language_from(common);
        if (common.rules_given) rules_override = rules_from(common);
    } catch (const UsageError& e) {
        print_error(e.what());
        return 2;
    }
    int status = 0;
    for (const std::string& file : options.files) {
        ReadResult read = read_problem_file(file);
        for (const Diagnostic& d : read.errors) std::cerr << d.text() << "\n";
        if (!read.errors.empty()) status = combine(status, 2);
        for (const Problem& problem : read.problems) {
            if (!problem.ok()) continue;
            // An option read but not acted on may change the answer: said, off the solution text.
            if (!problem.options.ignored.empty()) {
                std::cerr << problem.file << ":" << problem.line << ": note: problem "
                          << problem.index << ": option not acted on:";
                for (size_t i = 0; i < problem.options.ignored.size(); ++i)
                    std::cerr << (i ? ", " : " ") << problem.options.ignored[i];
                std::cerr << "\n";
            }
            AnalysisOptions a = analysis_options(common, options, problem.options);
            std::vector<ProblemInstance> instances = problem_instances(problem);
            // Duplex: each instance twice, the second time with the other side starting.
            const size_t halves = problem.options.duplex ? 2 : 1;
            TwinVerdicts twins{{}, instances.size() * halves};
            for (const ProblemInstance& instance : instances) {
                RuleSet rules = rules_override ? *rules_override : instance.rules;
                for (size_t half = 0; half < halves; ++half) {
                    ProblemOptions po = problem.options;
                    po.half_duplex |= half == 1;
                    std::string label = instance.label;
                    if (half == 1) label += (label.empty() ? "" : " ") + std::string("duplex:");
                    Position diagram =
                        problem_position(instance.pieces, instance.stipulation, rules, po);
                    status = combine(status, solve_position(problem, label, diagram,
                                                            instance.stipulation, a, text,
                                                            options.json, &twins));
                }
            }
        }
    }
    return status;
}

int run_mate(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    TextReportOptions text;
    text.board = !options.quiet;
    std::optional<RuleSet> rules;
    try {
        text.lang = language_from(common);
        rules = rules_from(common);
    } catch (const UsageError& e) {
        print_error(e.what());
        return 2;
    }
    std::string error;
    Stipulation stip;
    if (!parse_stipulation(options.stipulation, stip, &error)) {
        print_error("--stip: " + error);
        return 2;
    }
    Position diagram;
    if (!parse_fen(common.fen.empty() ? std::string(START_FEN) : common.fen, *rules, diagram, &error)) {
        print_error("--fen: " + error);
        return 2;
    }
    // A helpmate's first mover is fixed by the stipulation (Black in h#N, White in h#N.5).
    if ((stip.kind == Stipulation::Kind::Help || stip.kind == Stipulation::Kind::SeriesHelp) &&
        diagram.side_to_move() != stip.first_mover()) {
        std::cerr << "dynamo: note: in " << stip.text << " " << (stip.half ? "White" : "Black")
                  << " moves first; the FEN's side to move is not used\n";
        diagram.set_side_to_move(stip.first_mover());
        diagram.finish_setup();
    }
    Problem problem;
    ProblemOptions po;
    po.variation = true;
    AnalysisOptions a = analysis_options(common, options, po);
    problem.file = "--fen";
    problem.index = 1;
    if (!options.upto) return solve_position(problem, "", diagram, stip, a, text, options.json);
    // --upto: the shortest N for which there is a solution.
    int status = 0;
    for (int n = stip.half ? 0 : 1; n <= stip.moves; ++n) {
        Stipulation s = with_length(stip, n, stip.half);
        Solution solution = analyse(diagram, s, a);
        if (solution.verdict == Verdict::Unfinished) return 3;
        if (solution.keys() > 0 || !solution.help_lines.empty() || n == stip.moves) {
            if (options.json)
                std::cout << json_line(solution_json(problem, "", diagram, solution, text.lang)) << "\n";
            else
                std::cout << text_header(problem, diagram, s, text) << text_solution(diagram, solution, text);
            break;
        }
    }
    return status;
}

} // namespace dynamo::cli
