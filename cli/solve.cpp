// `dynamo solve FILE...` and `dynamo mate --fen FEN --stip STIP`.

#include "commands.h"

#include "progress_line.h"
#include "settings.h"
#include "solve_output.h"
#include "solve_part.h"
#include "usage.h"

#include "batch/item_report.h"
#include "format/base/fen.h"
#include "format/base/stipulation_text.h"
#include "format/input/problem_reader.h"
#include "format/output/export.h"
#include "format/output/report_json.h"
#include "format/output/report_text.h"
#include "format/parts/part_file.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/legality.h"

#include <cstdio>
#include <iostream>
#include <optional>
#include <utility>

#include <unistd.h>

namespace dynamo::cli {

namespace {

// The problem whose options not acted on are noted: under --order popeye MoveNumbers is acted on
// (Popeye's numbered lines), so not noted.
Problem noted(const Problem& problem, const batch::Settings& settings) {
    if (settings.order != SolutionOrder::Popeye) return problem;
    Problem p = problem;
    ProblemOptions& o = p.options;
    for (size_t i = o.ignored_said.size(); i-- > 0;) {
        const Message& said = o.ignored_said[i];
        if (said.args.size() < 2 || said.args[1].kind != Phrase::MoveNumbersNote) continue;
        o.ignored_said.erase(o.ignored_said.begin() + std::ptrdiff_t(i));
        if (i < o.ignored.size()) o.ignored.erase(o.ignored.begin() + std::ptrdiff_t(i));
        if (i < o.ignored_lines.size())
            o.ignored_lines.erase(o.ignored_lines.begin() + std::ptrdiff_t(i));
    }
    return p;
}

// What a run of `solve` or `mate` reports each solution with.
struct Reporting {
    const batch::Settings& settings;
    TextReportOptions text;
    SolveOutput output;
};

TextReportOptions text_options(const batch::Settings& settings) {
    TextReportOptions text;
    text.lang = settings.lang;
    text.order = settings.order;
    return text;
}

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
                  : problem.options.post_key_play                       ? " (PostKeyPlay)"
                                                                        : "")
              << " is not split into parts yet (#N, s#N, r#N and h#N are, without Duplex or "
                 "PostKeyPlay)\n";
    return false;
}

// The analysis, with a progress line when the settings show progress.
Solution analysed(const Position& diagram, const Stipulation& stip, AnalysisOptions options,
                  const batch::Settings& settings) {
    if (settings.progress) options.progress = progress_line(diagram, stip, settings.lang);
    Solution solution = analyse(diagram, stip, options);
    end_progress(options.progress);
    return solution;
}

// Solves one position; returns the exit status it calls for (0, 3 when unfinished). Its verdict
// goes to `twins`, when given; after the last twin the verdict of the whole problem is printed (in
// JSON, a field of the last twin's object).
int solve_position(const Problem& problem, const std::string& label, const Position& diagram,
                   const Stipulation& stip, const AnalysisOptions& options, const Reporting& run,
                   TwinVerdicts* twins = nullptr, bool header = true) {
    Solution solution = analysed(diagram, stip, options, run.settings);
    if (run.output.exports) {
        if (twins) twins->verdicts.push_back(solution.verdict);
        run.output.exports->push_back(
            {problem, label, diagram, solution, run.output.counters, run.text.order});
    } else {
        print_solution(std::cout, problem, label, diagram, solution, run.text, run.output.json,
                       twins, run.output.time, header);
    }
    return solution.verdict == Verdict::Unfinished ? 3 : 0;
}

// Every instance of the problem (its twins; under Duplex each twice, the second time with the
// other side starting), one after the other.
int solve_problem(const Problem& problem, const AnalysisOptions& options, const Reporting& run) {
    const std::vector<batch::SolveInstance> instances =
        batch::solve_instances(problem, run.settings);
    TwinVerdicts twins{{}, instances.size()};
    int status = 0;
    for (const batch::SolveInstance& instance : instances)
        status = batch::combine_status(
            status, solve_position(problem, instance.label, instance.diagram, instance.stipulation,
                                   options, run, &twins, &instance == &instances.front()));
    return status;
}

// --part I/N: the part's share of the first moves of every instance of the problem, each a
// problem of the part file (`written`).
int solve_problem_part(const Problem& problem, const AnalysisOptions& options,
                       const batch::Settings& settings, std::pair<int, int> part,
                       std::vector<nlohmann::json>& written) {
    std::vector<ProblemInstance> instances = problem_instances(problem);
    int status = 0;
    for (const ProblemInstance& instance : instances) {
        Position diagram = problem_position(instance.pieces, instance.stipulation,
                                            settings.rules_for(instance.rules), problem.options);
        if (!splittable(problem, instance.stipulation)) {
            status = batch::combine_status(status, 2);
            continue;
        }
        // Only helpmates list shorter lines: battle play's parts merge in either order.
        AnalysisQuestion question = options;
        question.every_short_line &= instance.stipulation.kind == Stipulation::Kind::Help;
        PartProblem p{problem,
                      instance.label,
                      int(&instance - instances.data()),
                      int(instances.size()),
                      diagram,
                      instance.stipulation,
                      AnalysisOptions(question),
                      {},
                      {},
                      {}};
        status = batch::combine_status(status, solve_part(p, options, part.first, part.second));
        written.push_back(part_problem_json(p, part.first));
    }
    return status;
}

// mate: the position of --fen, the first mover of help play to move, and the no-undo rule's
// position of --prev (as `moves --prev`).
Position mate_diagram(const std::string& fen, const std::string& prev, const Stipulation& stip,
                      const batch::Settings& settings, MoveCounters& counters) {
    Message said;
    Position diagram;
    if (!parse_fen_said(fen.empty() ? std::string(START_FEN) : fen, settings.rules, diagram, &said,
                        &counters))
        throw UsageError(option_said("--fen", said));
    // Help play's first mover is fixed by the stipulation (Black in h#N, White in h#N.5).
    if (stip.help_play() && diagram.side_to_move() != stip.first_mover()) {
        const Message note(stip.first_mover() == WHITE ? Phrase::WhiteMovesFirst
                                                       : Phrase::BlackMovesFirst,
                           {stip.text});
        std::cerr << "dynamo: " << Message(Phrase::NoteLabel).text(settings.lang) << ": "
                  << note.text(settings.lang) << "\n";
        diagram.set_side_to_move(stip.first_mover());
        diagram.finish_setup();
    }
    if (!prev.empty()) {
        Placement before;
        if (!parse_board_said(prev, before, &said)) throw UsageError(option_said("--prev", said));
        if (auto cause = illegal_cause(before, ~diagram.side_to_move(), diagram.rules()))
            throw UsageError(option_said("--prev", illegal_position_said(*cause)));
        diagram.set_forbidden_placement(before);
    }
    return diagram;
}

// mate --upto: the shortest N for which there is a solution, said in a line of its own (JSON: the
// "upto" field); stopped by the time limit, what is proved for the N reached, and how far.
int mate_upto(const Problem& problem, const Position& diagram, const Stipulation& stip,
              const AnalysisOptions& options, const Reporting& run, const SolveOptions& given,
              const std::vector<ExportItem>& exports) {
    const Language lang = run.settings.lang;
    const int first = stip.half ? 0 : 1;
    for (int n = first; n <= stip.moves; ++n) {
        Stipulation s = with_length(stip, n, stip.half);
        Solution solution = analysed(diagram, s, options, run.settings);
        bool unfinished = solution.verdict == Verdict::Unfinished;
        bool found = solution.keys() > 0 || !solution.help_lines.empty();
        if (!unfinished && !found && n < stip.moves) continue;
        UptoResult upto{with_length(stip, first, stip.half).text,
                        stip.text,
                        s.text,
                        n > first ? with_length(stip, n - 1, stip.half).text : "",
                        found,
                        unfinished};
        if (run.output.exports) {
            run.output.exports->push_back(
                {problem, "", diagram, solution, run.output.counters, run.text.order});
            print_exports(given, exports, lang);
            std::cerr << "dynamo: " << upto_line(upto, lang) << "\n";
        } else if (given.json) {
            auto j = solution_json(problem, "", diagram, solution, lang);
            j["upto"] = upto_json(upto);
            std::cout << json_line(j) << "\n";
        } else {
            std::cout << upto_line(upto, lang) << "\n"
                      << text_header(problem, diagram, s, run.text)
                      << text_solution(diagram, solution, run.text);
            if (run.output.time) std::cout << solving_time_line(solution.seconds, lang);
        }
        return unfinished ? 3 : 0;
    }
    return 0;
}

} // namespace

// Writes `text` to a temporary file beside `path`, syncs it and renames it into place: a part
// killed on the way leaves no file that merge could take for a whole part.
static void write_whole(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
    std::FILE* f = std::fopen(temporary.c_str(), "wb");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size() &&
              std::fflush(f) == 0 && ::fsync(fileno(f)) == 0;
    if (f) ok = std::fclose(f) == 0 && ok;
    if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        throw UsageError("--output " + path + ": cannot be written");
    }
}

int run_solve(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common, options);
        std::vector<ExportItem> exports;
        const Reporting run{settings, text_options(settings), solve_output(options, exports)};
        // --part I/N: every problem's share of first moves, written as one part file at the end.
        std::optional<std::pair<int, int>> part;
        if (!options.part.empty()) part = part_from(options.part);
        std::vector<nlohmann::json> part_problems;
        int status = 0;
        for (const std::string& file : options.files) {
            ReadResult read = read_problem_file(file);
            for (const Diagnostic& d : read.errors) std::cerr << d.text(settings.lang) << "\n";
            for (const Diagnostic& d : read.notes) std::cerr << d.text(settings.lang) << "\n";
            if (!read.errors.empty()) status = batch::combine_status(status, 2);
            for (const Problem& problem : read.problems) {
                if (!problem.ok()) continue;
                // An option read but not acted on may change the answer: said, off the solution
                // text, at the option's own line.
                for (const std::string& note :
                     option_notes(noted(problem, settings), settings.lang))
                    std::cerr << note << "\n";
                const AnalysisOptions a = batch::analysis_options(settings, problem.options);
                status = batch::combine_status(
                    status, part ? solve_problem_part(problem, a, settings, *part, part_problems)
                                 : solve_problem(problem, a, run));
            }
        }
        if (part) {
            const std::string text =
                json_line(part_file_json(part->first, part->second, part_problems)) + "\n";
            if (options.output.empty())
                std::cout << text;
            else
                write_whole(options.output, text);
        }
        print_exports(options, exports, settings.lang);
        return status;
    });
}

int run_mate(const CommonOptions& common, const SolveOptions& options) {
    install_interrupt_handler();
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common, options);
        Message said;
        Stipulation stip;
        if (!parse_stipulation_said(options.stipulation, stip, &said))
            throw UsageError(option_said("--stip", said));
        std::vector<ExportItem> exports;
        Reporting run{settings, text_options(settings), solve_output(options, exports)};
        run.text.board = !options.quiet;
        const Position diagram =
            mate_diagram(common.fen, options.prev, stip, settings, run.output.counters);
        Problem problem;
        problem.file = "--fen";
        problem.index = 1;
        ProblemOptions po;
        po.variation = true;
        const AnalysisOptions a = batch::analysis_options(settings, po);
        if (options.upto) return mate_upto(problem, diagram, stip, a, run, options, exports);
        int status = solve_position(problem, "", diagram, stip, a, run);
        print_exports(options, exports, settings.lang);
        return status;
    });
}

} // namespace dynamo::cli
