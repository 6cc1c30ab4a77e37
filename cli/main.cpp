// The `dynamo` command line (docs/format.md, "Commands").

#include "commands.h"

#include <CLI/CLI.hpp>

#include "format/text_input.h"

#include <charconv>
#include <iostream>
#include <sstream>

namespace {

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
            if (ec != std::errc{} || end != text.data() + text.size() || value < low || value > high)
                return "must be a whole number" + unit + " from " + std::to_string(low) + " to " +
                       std::to_string(high) + ", found '" + text + "'";
            return "";
        },
        std::to_string(low) + ".." + std::to_string(high));
}

} // namespace

int main(int argc, char** argv) {
    using namespace dynamo::cli;
    keep_freed_memory();
    CLI::App app{"dynamo: a solver and composition checker for Dynamo chess problems"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "dynamo 0.1");

    CommonOptions common;
    auto add_position_options = [&](CLI::App* cmd) {
        cmd->add_option("--fen", common.fen, "position (FEN); default: the initial position");
        cmd->add_option("--rules", common.rules,
                        "rules: the words of a condition line (\"Dynamo StrictCastling\"), "
                        "'orthodox' or 'vchess'; default: Dynamo");
    };

    PerftOptions perft;
    auto* perft_cmd = app.add_subcommand("perft", "count legal move sequences (moves distinct by result)");
    add_position_options(perft_cmd);
    perft_cmd->add_option("--depth", perft.depth, "plies")->required()->check(whole_number(0, 64));
    perft_cmd->add_flag("--divide", perft.divide, "print MOVE COUNT for each root move");
    perft_cmd->add_option("--prev", perft.prev,
                          "placement before the opponent's last move (FEN board field): the "
                          "no-undo rule then binds the root");
    perft_cmd->add_option("--threads", common.threads, "worker threads (default: all cores)")
        ->check(whole_number(0, 1024));
    perft_cmd->add_option("--lang", common.lang, "piece letters: en, de, fr, it");

    MovesOptions moves;
    auto* moves_cmd = app.add_subcommand("moves", "list the legal moves in notation, sorted");
    add_position_options(moves_cmd);
    moves_cmd->add_option("--prev", moves.prev, "placement before the opponent's last move");
    moves_cmd->add_option("--lang", common.lang, "piece letters: en, de, fr, it");

    BenchOptions bench;
    auto* bench_cmd = app.add_subcommand("bench", "perft speed on fixed positions (leaf moves/s)");
    bench_cmd->add_option("--threads", common.threads, "threads for the parallel run (default: all cores)")
        ->check(whole_number(0, 1024));
    bench_cmd->add_option("--vchess-timings", bench.vchess_timings,
                          "vchess timings.tsv, to print our speed relative to vchess "
                          "(default: the project's tests/data/vchess/timings.tsv)");
    bench_cmd->add_flag("--quick", bench.quick, "smaller depths (a smoke test)");
    bench_cmd
        ->add_option("--repeat", bench.repeat,
                     "runs per figure (perft: the best is reported; --suite: timed runs at each "
                     "thread count, see --stat)")
        ->check(whole_number(1, 100));
    bench_cmd
        ->add_option("--stat", bench.statistics,
                     "with --suite, the figures, one table each: best, median or pNN (p10: the "
                     "tenth percentile), comma-separated (default: best)")
        ->delimiter(',')
        ->check(CLI::Validator(
            [](std::string& word) -> std::string {
                return statistic_fraction(word)
                           ? ""
                           : "must be best, median or pNN (a percentile from p1 to p99), found '" +
                                 word + "'";
            },
            "best|median|pNN"));
    bench_cmd->add_option(
        "--suite", bench.suite,
        "time the solver on each problem, 1 and N threads: problem files, folders, "
        "or the project's suites orthodox, dynamo, dynref, help, long");
    bench_cmd->add_option("--popeye-timings", bench.popeye_timings,
                          "Popeye's timings.tsv: print our speed relative to Popeye's "
                          "(default: the project's tests/data/popeye/timings.tsv)");
    bench_cmd->add_option("--maxtime", bench.max_seconds, "seconds per problem and thread count")
        ->check(seconds());

    ReplayOptions replay;
    auto* replay_cmd = app.add_subcommand("replay", "play a game or line move by move, printing each FEN");
    add_position_options(replay_cmd);
    replay_cmd->add_option("moves", replay.moves, "the moves, in notation (any of the four languages)");
    replay_cmd->add_option("--file", replay.file, "a file holding the moves (a game or line)");
    replay_cmd->add_option("--lang", common.lang, "piece letters of the output: en, de, fr, it");

    SolveOptions solve;
    auto add_search_options = [&](CLI::App* cmd) {
        cmd->add_option("--threads", common.threads, "worker threads (default: all cores)")
            ->check(whole_number(0, 1024));
        cmd->add_option("--hash", solve.hash_mb,
                        "memory for transposition tables in MB at most, for the whole process "
                        "(check shares it among the problems it solves at once; a table grows "
                        "from 2 MB as it fills); default 64")
            ->check(whole_number(1, 65536, " of MB"));
        cmd->add_option("--maxtime", solve.max_seconds,
                        "seconds per problem; then what is proved so far is printed (unfinished)")
            ->check(seconds());
        cmd->add_option("--lang", common.lang, "piece letters: en, de, fr, it");
        cmd->add_flag("--tries", solve.tries, "look for tries even when the problem does not ask");
        cmd->add_flag("--quiet", solve.quiet, "no progress output");
        cmd->add_flag("--json", solve.json, "JSON Lines: one object per problem (docs/format.md)");
        cmd->add_option("--intended", solve.intended,
                        "helpmates: the number of solutions intended (overrides the file's)")
            ->check(whole_number(1, 999999999));
    };
    // solve and mate: what is printed around each solution.
    auto add_output_options = [&](CLI::App* cmd) {
        cmd->add_flag("--no-time", solve.no_time,
                      "no 'solving time' line after each verdict (output that must not vary)");
        cmd->add_option("--order", common.order,
                        "ours (default) or popeye: keys, tries, threats and variations in "
                        "Popeye's order, to diff against Popeye's output line by line");
        cmd->add_option("--export", solve.export_format,
                        "write the diagrams with stipulation and solution as fen, latex (the "
                        "diagram package) or svg, instead of the text");
    };
    auto* solve_cmd = app.add_subcommand("solve", "solve every problem of the files: solution and verdict");
    solve_cmd->add_option("files", solve.files, "problem files (Popeye format)")->required();
    solve_cmd->add_option("--rules", common.rules, "rules overriding the files' conditions")
        ->each([&](const std::string&) { common.rules_given = true; });
    solve_cmd->add_flag("--variations", solve.variations, "threats and variations for every problem");
    add_search_options(solve_cmd);
    add_output_options(solve_cmd);
    solve_cmd->add_option("--part", solve.part,
                          "I/N: solve only part I (0-based) of N of each problem's first moves and "
                          "write a part file (JSON) for dynamo merge (docs/distributed.md)");

    MergeOptions merge;
    auto* merge_cmd = app.add_subcommand(
        "merge", "merge the part files of dynamo solve --part into the whole solution");
    merge_cmd->add_option("files", merge.files, "part files, one per part (any order)")->required();
    merge_cmd->add_flag("--json", merge.json, "JSON Lines, as dynamo solve --json");
    merge_cmd->add_option("--lang", common.lang, "piece letters: en, de, fr, it");
    merge_cmd->add_option("--order", common.order, "ours (default) or popeye, as dynamo solve --order");

    auto* mate_cmd =
        app.add_subcommand("mate", "search a position for a stipulation (#N, s#N, h#N, hs#N, ...)");
    add_position_options(mate_cmd);
    mate_cmd->add_option("--stip", solve.stipulation, "stipulation: #N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N, hs#N, hs#N.5")->required();
    mate_cmd->add_flag("--upto", solve.upto, "search 1..N and report the shortest");
    mate_cmd->add_option("--prev", solve.prev,
                         "placement before the opponent's last move (Dynamo's no-undo rule)");
    add_search_options(mate_cmd);
    add_output_options(mate_cmd);

    CheckOptions check;
    auto* check_cmd = app.add_subcommand("check", "batch-check problem files and folders: one line per problem");
    check_cmd->add_option("paths", check.paths, "files and folders (*.pop, *.inp, *.txt)")->required();
    check_cmd->add_option("--rules", common.rules, "rules overriding the files' conditions")
        ->each([&](const std::string&) { common.rules_given = true; });
    check_cmd->add_option("--shard", check.shard, "I/N: check only problems I, I+N, I+2N, ...");
    add_search_options(check_cmd);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // The message may quote what was typed: escaped line by line (help text is ours).
        std::ostringstream err;
        int status = app.exit(e, std::cout, err);
        std::istringstream lines(err.str());
        for (std::string line; std::getline(lines, line);) std::cerr << dynamo::escaped(line) << "\n";
        return status == 0 ? 0 : 2;
    }

    clamp_threads(common.threads);
    try {
        if (*perft_cmd) return run_perft(common, perft);
        if (*moves_cmd) return run_moves(common, moves);
        if (*bench_cmd) return run_bench(common, bench);
        if (*replay_cmd) return run_replay(common, replay);
        if (*solve_cmd) return run_solve(common, solve);
        if (*mate_cmd) return run_mate(common, solve);
        if (*merge_cmd) return run_merge(common, merge);
        if (*check_cmd) return run_check(common, solve, check);
    } catch (const std::exception& e) {
        print_error(error_message(e));
        return 2;
    }
    return 0;
}
