// `dynamo solve FILE...` and `dynamo mate --fen FEN --stip STIP`.

#include "commands.h"

#include "batch/outcome.h"
#include "format/export.h"
#include "format/fen.h"
#include "format/part_file.h"
#include "format/problem_reader.h"
#include "format/report_json.h"
#include "format/report_text.h"
#include "format/stipulation_text.h"
#include "format/terms.h"
#include "progress_line.h"
#include "solve_output.h"
#include "solver/analysis/analysis.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

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
        if (twins && twins->complete()) j["problem_verdict"] = verdict_name(combined_verdict(twins->verdicts));
        std::cout << json_line(j) << "\n";
    } else {
        // Twins as Popeye lays them out: the header and diagram once, then "a)", "b) wRh3-->h2"
        // ..., each over its solution.
        if (header) std::cout << text_header(problem, diagram, solution.stipulation, text);
        if (!label.empty())
            std::cout << (header ? "\n" : "") << shown_label(label, text.lang) << "\n";
        std::cout << text_solution(diagram, solution, text);
        if (time_line) std::cout << solving_time_line(solution.seconds, text.lang);
        std::cout << "\n";
        if (twins && twins->complete())
            std::cout << term(Term::ProblemVerdict, text.lang) << ": "
                      << verdict_term(combined_verdict(twins->verdicts), text.lang) << " ("
                      << twins->total << " " << term(Term::Twins, text.lang) << ")\n\n";
    }
    std::cout.flush();
}

namespace {

// solve --part splits direct mates, selfmates, reflexmates and helpmates; the others are solved
// whole.
bool splittable(const Problem& problem, const Stipulation& stip) {
    using K = Stipulation::Kind;
    if ((stip.kind == K::Direct || stip.kind == K::Self || stip.kind == K::Reflex ||
         stip.kind == K::Help) &&
        !problem.options.duplex && !problem.options.half_duplex && !problem.options.post_key_play)
        return true;
    std::cerr << problem.file << ": problem " << problem.index << ": --part: " << stip.text
              << (problem.options.duplex || problem.options.half_duplex ? " (Duplex)"
                  : problem.options.post_key_play                         ? " (PostKeyPlay)"
                                                                          : "")
              << " is not split into parts yet (#N, s#N, r#N and h#N are, without Duplex or PostKeyPlay)\n";
    return false;
}

AnalysisOptions analysis_options(const CommonOptions& common, const SolveOptions& solve,
                                 const ProblemOptions& problem) {
    AnalysisOptions a = analysis_options_for(problem);
    if (solve.intended > 0) a.intended = solve.intended; // --intended
    a.tries |= solve.tries;
    a.variations |= solve.variations;
    a.threads = common.threads;
    a.hash_mb = size_t(solve.hash_mb);
    a.max_seconds = solve.max_seconds;
    a.every_short_line = order_from(common) == SolutionOrder::Popeye; // listed as Popeye does
    a.interrupt = &interrupted();
    // A placeholder that says "wanted": solve_position() puts the diagram's own printer there.
    if (progress_wanted(solve.quiet)) a.progress = [](const Progress&) {};
    return a;
}

// Solves one position; returns the exit status it calls for (0, 3 when unfinished). Its verdict
// goes to `twins`, when given; after the last twin the verdict of the whole problem is printed (in
// JSON, a field of the last twin's object).
int solve_position(const Problem& problem, const std::string& label, const Position& diagram,
                   const Stipulation& stip, const AnalysisOptions& given,
                   const TextReportOptions& text, const SolveOutput& output,
                   TwinVerdicts* twins = nullptr, bool header = true) {
    AnalysisOptions options = given;
    if (options.progress) options.progress = progress_line(diagram, stip, text.lang);
    Solution solution = analyse(diagram, stip, options);
    end_progress(options.progress);
    if (output.exports) {
        if (twins) twins->verdicts.push_back(solution.verdict);
        output.exports->push_back({problem, label, diagram, solution, output.counters, text.order});
    } else {
        print_solution(problem, label, diagram, solution, text, output.json, twins, output.time,
                       header);
    }
    return solution.verdict == Verdict::Unfinished ? 3 : 0;
}

} // namespace

int run_solve(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    TextReportOptions text;
    std::optional<RuleSet> rules_override;
    try {
        text.lang = language_from(common);
        text.order = order_from(common);
        if (common.rules_given) rules_override = rules_from(common);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    SolveOutput output;
    std::vector<ExportItem> exports;
    try {
        output = solve_output(options, exports);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    int status = 0;
    // --part I/N: every problem's share of first moves, written as one part file (JSON) at the end.
    std::optional<std::pair<int, int>> part;
    std::vector<nlohmann::json> part_problems;
    if (!options.part.empty()) try {
        part = part_from(options.part);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    for (const std::string& file : options.files) {
        ReadResult read = read_problem_file(file);
        for (const Diagnostic& d : read.errors) std::cerr << d.text(text.lang) << "\n";
        for (const Diagnostic& d : read.notes) std::cerr << d.text(text.lang) << "\n";
        if (!read.errors.empty()) status = batch::combine_status(status, 2);
        for (const Problem& problem : read.problems) {
            if (!problem.ok()) continue;
            // An option read but not acted on may change the answer: said, off the solution text,
            // at the option's own line.
            for (const std::string& note : option_notes(problem, text.lang)) std::cerr << note << "\n";
            AnalysisOptions a = analysis_options(common, options, problem.options);
            std::vector<ProblemInstance> instances = problem_instances(problem);
            // Duplex: each instance twice, the second time with the other side starting.
            const size_t halves = problem.options.duplex ? 2 : 1;
            TwinVerdicts twins{{}, instances.size() * halves};
            bool first = true;
            for (const ProblemInstance& instance : instances) {
                RuleSet rules = rules_override ? *rules_override : instance.rules;
                if (part) {
                    Position diagram =
                        problem_position(instance.pieces, instance.stipulation, rules, problem.options);
                    if (!splittable(problem, instance.stipulation)) {
                        status = batch::combine_status(status, 2);
                        continue;
                    }
                    // Only helpmates list shorter lines: battle play's parts merge in either order.
                    AnalysisOptions pa = a;
                    pa.every_short_line &= instance.stipulation.kind == Stipulation::Kind::Help;
                    PartProblem p{problem,
                                  instance.label,
                                  int(&instance - instances.data()),
                                  int(instances.size()),
                                  diagram,
                                  instance.stipulation,
                                  pa,
                                  {},
                                  {},
                                  {}};
                    status = batch::combine_status(status, solve_part(p, part->first, part->second));
                    part_problems.push_back(part_problem_json(p, part->first));
                    continue;
                }
                for (size_t half = 0; half < halves; ++half) {
                    ProblemOptions po = problem.options;
                    po.half_duplex |= half == 1;
                    std::string label = instance.label;
                    if (half == 1) label += (label.empty() ? "" : " ") + std::string("duplex:");
                    Position diagram =
                        problem_position(instance.pieces, instance.stipulation, rules, po);
                    status = batch::combine_status(status, solve_position(problem, label, diagram,
                                                            instance.stipulation, a, text,
                                                            output, &twins, first));
                    first = false;
                }
            }
        }
    }
    if (part) std::cout << json_line(part_file_json(part->first, part->second, part_problems)) << "\n";
    print_exports(options, exports, text.lang);
    return status;
}

int run_mate(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    TextReportOptions text;
    text.board = !options.quiet;
    std::optional<RuleSet> rules;
    try {
        text.lang = language_from(common);
        text.order = order_from(common);
        rules = rules_from(common);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    Message said;
    Stipulation stip;
    if (!parse_stipulation_said(options.stipulation, stip, &said)) {
        print_error(option_said("--stip", said), text.lang);
        return 2;
    }
    SolveOutput output;
    std::vector<ExportItem> exports;
    try {
        output = solve_output(options, exports);
    } catch (const UsageError& e) {
        print_error(e, text.lang);
        return 2;
    }
    Position diagram;
    if (!parse_fen_said(common.fen.empty() ? std::string(START_FEN) : common.fen, *rules, diagram,
                        &said, &output.counters)) {
        print_error(option_said("--fen", said), text.lang);
        return 2;
    }
    // Help play's first mover is fixed by the stipulation (Black in h#N, White in h#N.5).
    if (stip.help_play() && diagram.side_to_move() != stip.first_mover()) {
        const Message note(
            stip.first_mover() == WHITE ? Msg::WhiteMovesFirst : Msg::BlackMovesFirst, {stip.text});
        std::cerr << "dynamo: " << Message(Msg::NoteLabel).text(text.lang) << ": "
                  << note.text(text.lang) << "\n";
        diagram.set_side_to_move(stip.first_mover());
        diagram.finish_setup();
    }
    if (!options.prev.empty()) { // the no-undo rule's position, as `moves --prev`
        Placement before;
        if (!parse_board_said(options.prev, before, &said)) {
            print_error(option_said("--prev", said), text.lang);
            return 2;
        }
        if (auto cause = illegal_cause(before, ~diagram.side_to_move(), diagram.rules())) {
            print_error(option_said("--prev", illegal_position_said(*cause)), text.lang);
            return 2;
        }
        diagram.set_forbidden_placement(before);
    }
    Problem problem;
    ProblemOptions po;
    po.variation = true;
    AnalysisOptions a = analysis_options(common, options, po);
    problem.file = "--fen";
    problem.index = 1;
    if (!options.upto) {
        int status = solve_position(problem, "", diagram, stip, a, text, output);
        print_exports(options, exports, text.lang);
        return status;
    }
    // --upto: the shortest N for which there is a solution, said in a line of its own (JSON: the
    // "upto" field); stopped by the time limit, what is proved for the N reached, and how far.
    const int first = stip.half ? 0 : 1;
    for (int n = first; n <= stip.moves; ++n) {
        Stipulation s = with_length(stip, n, stip.half);
        AnalysisOptions step = a;
        if (step.progress) step.progress = progress_line(diagram, s, text.lang);
        Solution solution = analyse(diagram, s, step);
        end_progress(step.progress);
        bool unfinished = solution.verdict == Verdict::Unfinished;
        bool found = solution.keys() > 0 || !solution.help_lines.empty();
        if (!unfinished && !found && n < stip.moves) continue;
        UptoResult upto{with_length(stip, first, stip.half).text, stip.text, s.text,
                        n > first ? with_length(stip, n - 1, stip.half).text : "", found, unfinished};
        if (output.exports) {
            output.exports->push_back({problem, "", diagram, solution, output.counters, text.order});
            print_exports(options, exports, text.lang);
            std::cerr << "dynamo: " << upto_line(upto, text.lang) << "\n";
        } else if (options.json) {
            auto j = solution_json(problem, "", diagram, solution, text.lang);
            j["upto"] = upto_json(upto);
            std::cout << json_line(j) << "\n";
        } else {
            std::cout << upto_line(upto, text.lang) << "\n"
                      << text_header(problem, diagram, s, text) << text_solution(diagram, solution, text);
            if (output.time) std::cout << solving_time_line(solution.seconds, text.lang);
        }
        return unfinished ? 3 : 0;
    }
    return 0;
}

} // namespace dynamo::cli
