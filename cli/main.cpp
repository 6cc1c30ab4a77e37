// The `dynamo` command line (docs/format.md "Commands"): the options of each subcommand parsed
// into the command line as typed (options.h), then the subcommand's run_ function.

#include "commands.h"
#include "usage.h"

#include <CLI/CLI.hpp>

#include "format/base/text_input.h"

#include <charconv>
#include <iostream>
#include <sstream>

namespace {

using namespace dynamo::cli;

// CLI11's own checks name their range (NonNegativeNumber writes DBL_MAX out in 300 digits):
// these say what is wanted instead.
CLI::Validator seconds() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double value = 0;
            auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec != std::errc{} || end != text.data() + text.size() || !(value >= 0))
                return "must be a number of seconds \u2265 0, found '" + text + "'";
            if (value > 1e9) return "must be at most 1e9 seconds, found '" + text + "'";
            return "";
        },
        "SECONDS>=0");
}

CLI::Validator whole_number(int low, int high, const std::string& unit = "") {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            long long value = 0;
            auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec != std::errc{} || end != text.data() + text.size() || value < low ||
                value > high)
                return "must be a whole number" + unit + " from " + std::to_string(low) + " to " +
                       std::to_string(high) + ", found '" + text + "'";
            return "";
        },
        std::to_string(low) + ".." + std::to_string(high));
}

CLI::Validator statistic() {
    return CLI::Validator(
        [](std::string& word) -> std::string {
            return statistic_fraction(word)
                       ? ""
                       : "must be best, median or pNN (a percentile from p1 to p99), found '" +
                             word + "'";
        },
        "best|median|pNN");
}

// Every subcommand's options as typed, and the subcommands.
struct CommandLine {
    CommonOptions common;
    PerftOptions perft;
    MovesOptions moves;
    BenchOptions bench;
    ReplayOptions replay;
    SolveOptions solve; // solve, mate and check
    MergeOptions merge;
    CheckOptions check;
    ServeOptions serve;
    CLI::App* serve_cmd = nullptr;
    CLI::App *perft_cmd = nullptr, *moves_cmd = nullptr, *bench_cmd = nullptr,
             *replay_cmd = nullptr, *solve_cmd = nullptr, *merge_cmd = nullptr, *mate_cmd = nullptr,
             *check_cmd = nullptr;
};

void add_position_options(CLI::App* cmd, CommandLine& line) {
    cmd->add_option("--fen", line.common.fen, "position (FEN); default: the initial position");
    cmd->add_option("--rules", line.common.rules,
                    "rules: the words of a condition line (\"Dynamo StrictCastling\"), "
                    "'orthodox' or 'vchess'; default: Dynamo");
}

void add_threads_option(CLI::App* cmd, CommandLine& line, const std::string& what) {
    cmd->add_option("--threads", line.common.threads, what)->check(whole_number(0, 1024));
}

void add_lang_option(CLI::App* cmd, CommandLine& line, const std::string& what) {
    cmd->add_option("--lang", line.common.lang, what);
}

// --rules of solve and check: over the files' own conditions.
void add_rules_override(CLI::App* cmd, CommandLine& line) {
    cmd->add_option("--rules", line.common.rules, "rules overriding the files' conditions")
        ->each([&line](const std::string&) { line.common.rules_given = true; });
}

void add_perft(CLI::App& app, CommandLine& line) {
    auto* cmd = line.perft_cmd =
        app.add_subcommand("perft", "count legal move sequences (moves distinct by result)");
    add_position_options(cmd, line);
    cmd->add_option("--depth", line.perft.depth, "plies")->required()->check(whole_number(0, 64));
    cmd->add_flag("--divide", line.perft.divide, "print MOVE COUNT for each root move");
    cmd->add_option("--prev", line.perft.prev,
                    "placement before the opponent's last move (FEN board field): the "
                    "no-undo rule then binds the root");
    add_threads_option(cmd, line, "worker threads (default: all cores)");
    add_lang_option(cmd, line, "piece letters: en, de, fr, it");
}

void add_moves(CLI::App& app, CommandLine& line) {
    auto* cmd = line.moves_cmd =
        app.add_subcommand("moves", "list the legal moves in notation, sorted");
    add_position_options(cmd, line);
    cmd->add_option("--prev", line.moves.prev, "placement before the opponent's last move");
    add_lang_option(cmd, line, "piece letters: en, de, fr, it");
}

void add_bench(CLI::App& app, CommandLine& line) {
    BenchOptions& bench = line.bench;
    auto* cmd = line.bench_cmd =
        app.add_subcommand("bench", "perft speed on fixed positions (leaf moves/s)");
    add_threads_option(cmd, line, "threads for the parallel run (default: all cores)");
    cmd->add_option("--vchess-timings", bench.vchess_timings,
                    "vchess timings.tsv, to print our speed relative to vchess "
                    "(default: the project's tests/data/vchess/timings.tsv)");
    cmd->add_flag("--quick", bench.quick, "smaller depths (a smoke test)");
    cmd->add_option("--repeat", bench.repeat,
                    "runs per figure (perft: the best is reported; --suite: timed runs at each "
                    "thread count, see --stat)")
        ->check(whole_number(1, 100));
    cmd->add_option("--stat", bench.statistics,
                    "with --suite, the figures, one table each: best, median or pNN (p10: the "
                    "tenth percentile), comma-separated (default: best)")
        ->delimiter(',')
        ->check(statistic());
    cmd->add_option("--suite", bench.suite,
                    "time the solver on each problem, 1 and N threads: problem files, folders, "
                    "or the project's suites orthodox, dynamo, dynref, help, long, helpmate");
    cmd->add_option("--data", bench.data,
                    "the folder holding the project's problems/ (for the named suites); "
                    "default: beside the program (../share/dynamo) or its source tree");
    cmd->add_option("--popeye-timings", bench.popeye_timings,
                    "Popeye's timings.tsv: print our speed relative to Popeye's "
                    "(default: the project's tests/data/popeye/timings.tsv)");
    cmd->add_option("--maxtime", bench.max_seconds, "seconds per problem and thread count")
        ->check(seconds());
}

void add_replay(CLI::App& app, CommandLine& line) {
    auto* cmd = line.replay_cmd =
        app.add_subcommand("replay", "play a game or line move by move, printing each FEN");
    add_position_options(cmd, line);
    cmd->add_option("moves", line.replay.moves,
                    "the moves, in notation (any of the four languages)");
    cmd->add_option("--file", line.replay.file, "a file holding the moves (a game or line)");
    add_lang_option(cmd, line, "piece letters of the output: en, de, fr, it");
}

// The options of the commands that analyse: solve, mate and check.
void add_search_options(CLI::App* cmd, CommandLine& line) {
    SolveOptions& solve = line.solve;
    add_threads_option(cmd, line, "worker threads (default: all cores)");
    cmd->add_option("--hash", solve.hash_mb,
                    "memory for transposition tables in MB at most, for the whole process "
                    "(check shares it among the problems it solves at once; a table grows "
                    "from 2 MB as it fills); default " +
                        std::to_string(dynamo::DEFAULT_HASH_MB))
        ->check(whole_number(1, 65536, " of MB"));
    cmd->add_option("--maxtime", solve.max_seconds,
                    "seconds per problem; then what is proved so far is printed (unfinished)")
        ->check(seconds());
    add_lang_option(cmd, line, "piece letters: en, de, fr, it");
    cmd->add_flag("--tries", solve.tries, "look for tries even when the problem does not ask");
    cmd->add_flag("--quiet", solve.quiet, "no progress output");
    cmd->add_flag("--json", solve.json, "JSON Lines: one object per problem (docs/format.md)");
    cmd->add_option("--intended", solve.intended,
                    "helpmates: the number of solutions intended (overrides the file's)")
        ->check(whole_number(1, 999999999));
}

// solve and mate: what is printed around each solution.
void add_output_options(CLI::App* cmd, CommandLine& line) {
    cmd->add_flag("--no-time", line.solve.no_time,
                  "no 'solving time' line after each verdict (output that must not vary)");
    cmd->add_option("--order", line.common.order,
                    "ours (default) or popeye: keys, tries, threats and variations in "
                    "Popeye's order, to diff against Popeye's output line by line");
    cmd->add_option("--export", line.solve.export_format,
                    "write the diagrams with stipulation and solution as fen, latex (the "
                    "diagram package) or svg, instead of the text");
}

void add_solve(CLI::App& app, CommandLine& line) {
    auto* cmd = line.solve_cmd =
        app.add_subcommand("solve", "solve every problem of the files: solution and verdict");
    cmd->add_option("files", line.solve.files, "problem files (Popeye format)")->required();
    add_rules_override(cmd, line);
    cmd->add_flag("--variations", line.solve.variations,
                  "threats and variations for every problem");
    add_search_options(cmd, line);
    add_output_options(cmd, line);
    auto* part = cmd->add_option("--part", line.solve.part,
                                 "I/N: solve only part I (0-based) of N of each problem's first "
                                 "moves and write a part file (JSON) for dynamo merge "
                                 "(docs/distributed.md)");
    cmd->add_option("--output", line.solve.output,
                    "FILE: with --part, the part file, renamed into place only once whole")
        ->needs(part);
}

void add_merge(CLI::App& app, CommandLine& line) {
    auto* cmd = line.merge_cmd = app.add_subcommand(
        "merge", "merge the part files of dynamo solve --part into the whole solution");
    cmd->add_option("files", line.merge.files, "part files, one per part (any order)")->required();
    cmd->add_flag("--json", line.merge.json, "JSON Lines, as dynamo solve --json");
    add_lang_option(cmd, line, "piece letters: en, de, fr, it");
    cmd->add_option("--order", line.common.order,
                    "ours (default) or popeye, as dynamo solve --order");
}

void add_mate(CLI::App& app, CommandLine& line) {
    auto* cmd = line.mate_cmd =
        app.add_subcommand("mate", "search a position for a stipulation (#N, s#N, h#N, hs#N, ...)");
    add_position_options(cmd, line);
    cmd->add_option("--stip", line.solve.stipulation,
                    "stipulation: #N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N, hs#N, hs#N.5")
        ->required();
    cmd->add_flag("--upto", line.solve.upto, "search 1..N and report the shortest");
    cmd->add_option("--prev", line.solve.prev,
                    "placement before the opponent's last move (Dynamo's no-undo rule)");
    add_search_options(cmd, line);
    add_output_options(cmd, line);
}

void add_check(CLI::App& app, CommandLine& line) {
    auto* cmd = line.check_cmd =
        app.add_subcommand("check", "batch-check problem files and folders: one line per problem");
    cmd->add_option("paths", line.check.paths, "files and folders (*.pop, *.inp, *.txt)")
        ->required();
    add_rules_override(cmd, line);
    cmd->add_option("--shard", line.check.shard, "I/N: check only problems I, I+N, I+2N, ...");
    cmd->add_option("--journal", line.check.journal,
                    "FILE: append each answer to it, and skip those it holds (resume a run)");
    add_search_options(cmd, line);
}

void add_serve(CLI::App& app, CommandLine& line) {
    ServeOptions& serve = line.serve;
    auto* cmd = line.serve_cmd =
        app.add_subcommand("serve", "serve the page and the JSON API in a browser (docs/serve.md)");
    cmd->add_option("--port", serve.port, "port (0: a free one, printed); default 8080")
        ->check(whole_number(0, 65535));
    cmd->add_option("--host", serve.host,
                    "address to listen on; default 127.0.0.1 (this machine only)");
    add_threads_option(cmd, line, "worker threads of each search (default: all cores)");
    cmd->add_option("--hash", line.solve.hash_mb,
                    "memory for transposition tables in MB at most, shared by the searches "
                    "running at once; default " +
                        std::to_string(dynamo::DEFAULT_HASH_MB))
        ->check(whole_number(1, 65536, " of MB"));
    cmd->add_option("--maxtime", serve.max_seconds, "seconds per problem (0: no limit); default 60")
        ->check(seconds());
    cmd->add_option("--jobs", serve.jobs, "searches running at once; default 1")
        ->check(whole_number(1, 64));
    cmd->add_option("--queue", serve.queue, "jobs waiting beyond those (more: 429); default 8")
        ->check(whole_number(0, 1000));
}

// A word where a command belongs that names none (`dynamo serve --help`): an error, before CLI11
// would print the general help for the --help after it and exit with 0.
bool unknown_command(const CLI::App& app, int argc, char** argv) {
    if (argc < 2 || argv[1][0] == '-') return false;
    const std::string word = argv[1];
    std::string commands;
    for (const CLI::App* cmd : app.get_subcommands({})) {
        if (cmd->get_name() == word) return false;
        commands += (commands.empty() ? "" : ", ") + cmd->get_name();
    }
    print_error("unknown command '" + word + "' (the commands: " + commands + ")");
    std::cerr << "Run with --help for more information.\n";
    return true;
}

int run(const CommandLine& line) {
    const CommonOptions& common = line.common;
    if (*line.perft_cmd) return run_perft(common, line.perft);
    if (*line.moves_cmd) return run_moves(common, line.moves);
    if (*line.bench_cmd) return run_bench(common, line.bench);
    if (*line.replay_cmd) return run_replay(common, line.replay);
    if (*line.solve_cmd) return run_solve(common, line.solve);
    if (*line.mate_cmd) return run_mate(common, line.solve);
    if (*line.merge_cmd) return run_merge(common, line.merge);
    if (*line.check_cmd) return run_check(common, line.solve, line.check);
    if (*line.serve_cmd) return run_serve(common, line.solve, line.serve);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    keep_freed_memory();
    CLI::App app{"dynamo: a solver and composition checker for Dynamo chess problems"};
    app.require_subcommand(1);
    // DYNAMO_VERSION: CMakeLists.txt, project(VERSION).
    app.set_version_flag("--version", "dynamo " DYNAMO_VERSION);
    // Usage errors as every error is written (docs/format.md "Error messages").
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        return "dynamo: error: " + CLI::FailureMessage::simple(a, e);
    });
    CommandLine line;
    for (auto add : {add_perft, add_moves, add_bench, add_replay, add_solve, add_merge, add_mate,
                     add_check, add_serve})
        add(app, line);

    if (unknown_command(app, argc, argv)) return 2;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // The message may quote what was typed: escaped line by line (help text is ours).
        std::ostringstream err;
        int status = app.exit(e, std::cout, err);
        std::istringstream lines(err.str());
        for (std::string text; std::getline(lines, text);)
            std::cerr << dynamo::escaped(text) << "\n";
        return status == 0 ? 0 : 2;
    }
    try {
        return run(line);
    } catch (const std::exception& e) {
        print_error(error_message(e));
        return 2;
    }
}
