// Input that the engine cannot take is refused at the boundary, with the reason, whatever the
// command: positions that cannot arise (perft, moves, replay refuse them; solve, check and mate
// call them illegal), impossible material.
#include "helpers.h"
#include "cli_helpers.h"

#include "cli/commands.h"
#include "format/base/text_input.h"
#include "solver/rules/legality.h"
#include "solver/search/tt.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

using namespace dynamo;
using namespace dynamo::test;
namespace fs = std::filesystem;

namespace {

Run perft(const std::string& fen, int depth, const std::string& rules = "Dynamo",
          const std::string& prev = "") {
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = rules;
    common.threads = 1;
    cli::PerftOptions options;
    options.depth = depth;
    options.prev = prev;
    return captured([&] { return cli::run_perft(common, options); });
}

Run moves(const std::string& fen, const std::string& rules = "Dynamo", const std::string& prev = "") {
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = rules;
    cli::MovesOptions options;
    options.prev = prev;
    return captured([&] { return cli::run_moves(common, options); });
}

Run replay(const std::string& fen, std::vector<std::string> line) {
    cli::CommonOptions common;
    common.fen = fen;
    cli::ReplayOptions options;
    options.moves = std::move(line);
    return captured([&] { return cli::run_replay(common, options); });
}

std::string reason_of(const std::string& fen, RuleSet rules = RuleSet::dynamo_default()) {
    Position pos;
    std::string error;
    REQUIRE(parse_fen(fen, rules, pos, &error));
    return illegal_reason(pos).value_or("legal");
}

} // namespace

TEST_CASE("perft, moves and replay refuse a pawn on its promotion rank (was UB in the generators)",
          "[input]") {
    // The Dynamo generator looked one square beyond the board (SIGILL in a release build); the
    // orthodox one did the same; `moves` printed an invented move.
    Run r = perft("rnbqk1nr/ppprppbp/6p1/8/3B4/1P6/PPPPPPPP/RN1QKppr", 2);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "dynamo: error: --fen: illegal position: a pawn on its promotion rank\n");
    r = moves("4k3/8/8/8/8/8/8/4K2p b");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("a pawn on its promotion rank") != std::string::npos);
    r = perft("3Pk3/8/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 2);
    CHECK(r.err.find("a pawn on its promotion rank") != std::string::npos);
    r = replay("4k3/8/8/8/8/8/8/4K2p b", {"Ke8-d8"});
    CHECK(r.status == 2);
    CHECK(r.err.find("--fen: illegal position: a pawn on its promotion rank") != std::string::npos);
}

TEST_CASE("A pawn on its own first rank: legal in Dynamo (one step from there), not orthodox",
          "[input]") {
    Run r = moves("4k3/8/8/8/8/8/8/P3K3 w");
    CHECK(r.status == 0);
    CHECK(r.out.find("a1-a2\n") != std::string::npos);
    CHECK(r.out.find("a1-a3") == std::string::npos);
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "orthodox");
    CHECK(r.status == 2);
    CHECK(r.err.find("a pawn on its own first rank") != std::string::npos);
}

TEST_CASE("perft and moves call an impossible position illegal instead of counting 0", "[input]") {
    Run r = perft("8/8/8/8/8/8/8/4K3 w", 1);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("illegal position: no black king") != std::string::npos);
    // Black, not to move, is in check from the rook.
    r = moves("4k3/4R3/8/8/8/8/8/4K3 w");
    CHECK(r.status == 2);
    CHECK(r.err.find("the side not to move (black) is in check") != std::string::npos);
    r = perft("4k3/4R3/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 2);
    // A legal position still counts.
    r = perft("4k3/8/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 0);
    CHECK(r.out == "5\n");
}

TEST_CASE("moves, perft: --prev is checked as the position before the opponent's move", "[input]") {
    Run r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "4k3/8/8/8/8/8/8/P3K2p");
    CHECK(r.status == 2);
    CHECK(r.err == "dynamo: error: --prev: illegal position: a pawn on its promotion rank\n");
    r = perft("4k3/8/8/8/8/8/8/P3K3 w", 1, "Dynamo", "8/8/8/8/8/8/8/P3K3");
    CHECK(r.status == 2);
    CHECK(r.err.find("--prev: illegal position: no black king") != std::string::npos);
    // Black was to move: White, then not to move, must not be in check.
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "4k3/8/8/8/8/8/4r3/P3K3");
    CHECK(r.status == 2);
    CHECK(r.err.find("the side not to move (white) is in check") != std::string::npos);
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "3k4/8/8/8/8/8/8/P3K3");
    CHECK(r.status == 0);
}

TEST_CASE("Impossible material is illegal", "[input]") {
    CHECK(reason_of("4k3/8/8/8/8/8/8/4K3") == "legal");
    CHECK(reason_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR") == "legal");
    // 20 white pawns (ranks 2 to 4 full but for 4).
    CHECK(reason_of("4k3/8/8/8/PPPP4/PPPPPPPP/PPPPPPPP/4K3") == "21 white men (at most 16)");
    CHECK(reason_of("4k3/8/8/8/8/P7/PPPPPPPP/4K3") == "9 white pawns (at most 8)");
    // Eight pawns and a second queen.
    CHECK(reason_of("4k3/8/8/8/8/8/PPPPPPPP/3QKQ2") == "1 promoted white pieces with 8 white pawns (at most 0)");
    // Seven pawns and a second queen: one promotion.
    CHECK(reason_of("4k3/8/8/8/8/8/PPPPPPP1/3QKQ2") == "legal");
    // Black: three knights, three rooks and seven pawns.
    CHECK(reason_of("rnnnk1rr/ppppppp1/8/8/8/8/8/4K3") ==
          "2 promoted black pieces with 7 black pawns (at most 1)");
    // Seven queens, no pawns: six promotions.
    CHECK(reason_of("4k3/8/8/8/8/8/8/QQQQKQQQ") == "legal");
    CHECK(reason_of("4k3/8/8/8/8/8/8/QQQQKQQQ", RuleSet::orthodox()) == "legal");
}

TEST_CASE("mate: impossible material gets the verdict illegal, not no solution", "[input]") {
    cli::CommonOptions common;
    common.fen = "4k3/8/8/8/PPPP4/PPPPPPPP/PPPPPPPP/4K3 w";
    common.threads = 1;
    cli::SolveOptions options;
    options.stipulation = "#1";
    options.quiet = true;
    options.json = true;
    options.hash_mb = 1;
    Run r = captured([&] { return cli::run_mate(common, options); });
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["verdict"] == "illegal");
    CHECK(j["illegal"] == "21 white men (at most 16)");
}

TEST_CASE("check: --hash bounds the process, shared by the problems solved at once", "[input]") {
    // Was: each problem its own --hash (check --hash 1024 --threads 2 peaked at 2.1 GB).
    auto share = cli::hash_share(1024, 2, 2);
    CHECK(share.problems_at_once == 2);
    CHECK(share.per_problem_mb == 512);
    share = cli::hash_share(1024, 1, 4); // a lone problem gets it all
    CHECK(share.problems_at_once == 1);
    CHECK(share.per_problem_mb == 1024);
    share = cli::hash_share(64, 100, 3);
    CHECK(share.problems_at_once == 3);
    CHECK(share.per_problem_mb == 21);
    // A table is at least 1 MB: no more problems at once than megabytes.
    share = cli::hash_share(2, 100, 8);
    CHECK(share.problems_at_once == 2);
    CHECK(share.per_problem_mb == 1);
    for (int mb : {1, 3, 64, 1000})
        for (int threads : {1, 2, 7, 64}) {
            auto s = cli::hash_share(mb, 50, threads);
            CHECK(s.problems_at_once * s.per_problem_mb <= mb);
            CHECK(s.problems_at_once <= threads);
        }
}

namespace {

// The dynamo program run with `args` (shell words), its stderr (or, with `stdout_wanted`, its
// stdout, in run.out) and exit status.
Run program(const std::string& args, bool stdout_wanted = false) {
    std::string command = std::string("'") + DYNAMO_EXE + "' " + args +
                          (stdout_wanted ? " 2>/dev/null" : " 2>&1 >/dev/null");
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    Run run;
    std::string& text = stdout_wanted ? run.out : run.err;
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    int status = pclose(pipe);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return run;
}

} // namespace

TEST_CASE("perft refuses a position with pawns on the first rank (no crash)", "[input]") {
    Run r = program("perft --depth 2 --fen 'rnbqk1nr/ppprppbp/6p1/8/3B4/1P6/PPPPPPPP/RN1QKppr'");
    CHECK(r.status == 2);
    CHECK(r.err == "dynamo: error: --fen: illegal position: a pawn on its promotion rank\n");
}

TEST_CASE("Numeric options say what they want, not a range with DBL_MAX", "[input]") {
    for (const char* value : {"abc", "-1", "' -1'", "1e400", "nan"}) {
        Run r = program(std::string("mate --stip '#1' --maxtime ") + value);
        CHECK(r.status == 2);
        CHECK(r.err.find("--maxtime: must be a number of seconds \u2265 0, found '") != std::string::npos);
        // As every usage error (docs/format.md "Error messages").
        CHECK(r.err.starts_with("dynamo: error: --maxtime: "));
        CHECK(r.err.find("17976931348623157") == std::string::npos);
    }
    Run r = program("bench --maxtime -5");
    CHECK(r.err.find("--maxtime: must be a number of seconds \u2265 0, found '-5'") != std::string::npos);
    r = program("check x --threads -1");
    CHECK(r.status == 2);
    CHECK(r.err.find("--threads: must be a whole number from 0 to 1024, found '-1'") != std::string::npos);
    r = program("perft --depth 2.5");
    CHECK(r.err.find("--depth: must be a whole number from 0 to 64, found '2.5'") != std::string::npos);
    r = program("solve x --hash 0");
    CHECK(r.err.find("--hash: must be a whole number of MB from 1 to 65536, found '0'") != std::string::npos);
    // Values in range are taken.
    r = program("perft --depth 1 --threads 1");
    CHECK(r.status == 0);
    CHECK(program("mate --fen '1k6/8/1K6/8/8/8/8/7R w' --stip '#1' --maxtime 2.5 --quiet").status == 0);
}

TEST_CASE("A transposition table that cannot be mapped names --hash and its size", "[input]") {
    // 2^40 MB is beyond any address space: mmap fails whatever the machine.
    const size_t huge = size_t(1) << 40;
    try {
        TranspositionTable tt(huge);
        FAIL("a table of 2^40 MB was mapped");
    } catch (const TableAllocationError& e) {
        CHECK(e.megabytes == huge);
        CHECK(cli::error_message(e).starts_with("--hash: cannot map a transposition table of " +
                                                std::to_string(huge) + " MB ("));
    }
    std::runtime_error other("something else");
    CHECK(cli::error_message(other) == "something else");
}

TEST_CASE("File errors say why, the directory is not an empty game", "[input]") {
    std::string text, reason;
    CHECK_FALSE(read_text_file("/nonexistent/x.pop", text, reason));
    CHECK(reason == "no such file");
    CHECK_FALSE(read_text_file("/", text, reason));
    CHECK(reason == "is a directory");
    CHECK(read_text_file(project_root() + "/examples/initial.fen", text, reason));
    CHECK(text.starts_with("rnbqkbnr/"));

    cli::CommonOptions common;
    cli::ReplayOptions options;
    options.file = project_root() + "/examples";
    Run r = captured([&] { return cli::run_replay(common, options); });
    CHECK(r.status == 2);
    CHECK(r.err == "dynamo: error: --file: cannot read '" + options.file + "': is a directory\n");
    options.file = "/nonexistent/game.txt";
    r = captured([&] { return cli::run_replay(common, options); });
    CHECK(r.err == "dynamo: error: --file: cannot read '/nonexistent/game.txt': no such file\n");
}

TEST_CASE("File errors: permission denied (as a user without root's bypass)", "[input]") {
    if (geteuid() == 0) {
        WARN("running as root: a file without read permission can still be read; not checked");
        return;
    }
    namespace fs = std::filesystem;
    fs::path file = fs::temp_directory_path() / ("dynamo-unreadable-" + std::to_string(getpid()));
    std::ofstream(file) << "x";
    fs::permissions(file, fs::perms::none);
    std::string text, reason;
    CHECK_FALSE(read_text_file(file.string(), text, reason));
    CHECK(reason == "permission denied");
    fs::remove(file);
}

TEST_CASE("Bytes of the input are escaped in messages", "[input]") {
    CHECK(escaped("plain text") == "plain text");
    CHECK(escaped("Gr\xC3\xBCnfeld \xE2\x89\xA5 \xF0\x9F\x98\x80") == "Gr\xC3\xBCnfeld \xE2\x89\xA5 \xF0\x9F\x98\x80");
    CHECK(escaped("\x1B[31mred\x07") == "\\x1b[31mred\\x07");
    CHECK(escaped("a\xFF\xFE") == "a\\xff\\xfe");
    CHECK(escaped("\xC0\xAF") == "\\xc0\\xaf");         // overlong
    CHECK(escaped("\xED\xA0\x80") == "\\xed\\xa0\\x80"); // a surrogate
    CHECK(escaped("ab\xC3") == "ab\\xc3");              // cut short
    CHECK(escaped("line\nbreak\x7F") == "line\\x0abreak\\x7f");
    CHECK(free_text("Gr\xC3\xBCnfeld\x1B") == "Gr\xC3\xBCnfeld\\x1b");
    CHECK(free_text("Kl\xFCver\x9B") == "Kl\xC3\xBCver\\x9b");

    // A FEN with an escape sequence in it: the message shows it escaped.
    Run r = moves("4k3/8/8/8/8/8/8/4K3\x1B[2J w");
    CHECK(r.status == 2);
    CHECK(r.err.find('\x1B') == std::string::npos);
    CHECK(r.err.find("unexpected character '\\x1b'") != std::string::npos);
    // A notation error quoting the move.
    r = replay("4k3/8/8/8/8/8/8/4K3 w", {"Ke1-\x9B" "e2"});
    CHECK(r.status == 2);
    CHECK(r.err.find('\x9B') == std::string::npos);
    CHECK(r.err.find("\\x9b") != std::string::npos);
}

TEST_CASE("Garbage in a problem's free text: escaped in the report, valid JSON", "[input]") {
    namespace fs = std::filesystem;
    fs::path file = fs::temp_directory_path() / ("dynamo-garbage-" + std::to_string(getpid()) + ".pop");
    std::ofstream(file) << "beginproblem\ntitle Bad \xFF\xFE title \x1B[31m\nstipulation #1\n"
                           "pieces white kb6 qc1 black ka8\nendproblem\n";
    // Was: "dynamo: error: [json.exception.type_error.316] invalid UTF-8 byte".
    Run r = solve_file(file.string(), true, 1, 1);
    fs::remove(file);
    CHECK(r.status == 0);
    auto j = nlohmann::json::parse(r.out);
    // Not UTF-8: Latin-1 (\xFF is \u00ff), the escape sequence escaped.
    CHECK(j["title"] == "Bad \u00ff\u00fe title \\x1b[31m");
    CHECK(j["verdict"] == "sound");
}

TEST_CASE("solve: a problem file's impossible diagram is illegal, with the reason", "[input]") {
    namespace fs = std::filesystem;
    fs::path file = fs::temp_directory_path() / ("dynamo-illegal-" + std::to_string(getpid()) + ".pop");
    // Problem 1: a white pawn on h8 (the generators must never see it). Problem 2: nine white
    // pawns (was: "no solution").
    std::ofstream(file) << "beginproblem\nstipulation #1\npieces white kb6 qc1 ph8 black ka8\n"
                           "nextproblem\nstipulation #1\n"
                           "pieces white kb6 qc1 pa2b2c2d2e2f2g2h2a3 black ka8\nendproblem\n";
    Run r = solve_file(file.string(), true, 1, 1);
    fs::remove(file);
    std::istringstream lines(r.out);
    std::vector<nlohmann::json> objects;
    for (std::string line; std::getline(lines, line);) objects.push_back(nlohmann::json::parse(line));
    REQUIRE(objects.size() == 2);
    CHECK(objects[0]["verdict"] == "illegal");
    CHECK(objects[0]["illegal"] == "a pawn on its promotion rank");
    CHECK(objects[1]["verdict"] == "illegal");
    CHECK(objects[1]["illegal"] == "9 white pawns (at most 8)");
}

TEST_CASE("bench --suite: a file that cannot be read is bad input (exit 2), not success", "[input]") {
    cli::CommonOptions common;
    cli::BenchOptions options;
    options.suite = {"/nonexistent/suite.pop"};
    Run r = captured([&] { return cli::run_bench(common, options); });
    CHECK(r.status == 2);
}

TEST_CASE("bench --stat: best, median and percentiles p1 to p99, nothing else", "[input]") {
    CHECK(cli::statistic_fraction("best") == 0.0);
    CHECK(cli::statistic_fraction("median") == 0.5);
    CHECK(cli::statistic_fraction("p10") == 0.1);
    CHECK(cli::statistic_fraction("p1") == 0.01);
    CHECK(cli::statistic_fraction("p99") == 0.99);
    for (const char* word : {"p0", "p100", "p", "p1x", "P10", "mean", "", "p-5", "p010"})
        CHECK_FALSE(cli::statistic_fraction(word));
    Run r = program("bench --suite x --stat p0");
    CHECK(r.status == 2);
    CHECK(r.err.find(
              "--stat: must be best, median or pNN (a percentile from p1 to p99), found 'p0'") !=
          std::string::npos);
}

TEST_CASE("bench --suite --stat: one table per statistic, from the same runs", "[input]") {
    const std::string file = test_data("popeye/problems/castling_01.inp");
    Run r = program("bench --suite '" + file + "' --threads 2 --repeat 7 --stat p50,best", true);
    CHECK(r.status == 0);
    const std::string& out = r.out;
    const size_t p50 = out.find("p50 of 7 runs each:\n"), best = out.find("best of 7 runs each:\n");
    REQUIRE(p50 != std::string::npos);
    REQUIRE(best != std::string::npos);
    CHECK(p50 < best); // in the order asked
    // Each table has the problem's row, with its verdict (a published #2: sound).
    auto row = [&](size_t from) { return out.find("castling_01", from); };
    CHECK(row(p50) < best);
    CHECK(row(best) != std::string::npos);
    CHECK(out.find("sound", p50) != std::string::npos);
    // The best of seven runs is no slower than their median.
    auto seconds = [&](size_t table) {
        std::istringstream line(out.substr(row(table)));
        std::string name, stip;
        double one = 0, many = 0;
        line >> name >> stip >> one >> many;
        return std::pair{one, many};
    };
    CHECK(seconds(best).first <= seconds(p50).first);
    CHECK(seconds(best).second <= seconds(p50).second);
}

TEST_CASE("bench --suite: every problem timed and shown in the suite's order, a bad file aside",
          "[input]") {
    // The runs go round the problems; the table still follows the suite.
    const std::string first = test_data("popeye/problems/castling_02.inp");
    const std::string second = test_data("popeye/problems/castling_01.inp");
    Run r = program("bench --suite '" + first + "' /nonexistent/suite.pop '" + second +
                        "' --threads 2 --repeat 6",
                    true);
    CHECK(r.status == 2); // the unreadable file: bad input, the others timed all the same
    const size_t a = r.out.find("castling_02 "), b = r.out.find("castling_01 ");
    REQUIRE(a != std::string::npos);
    REQUIRE(b != std::string::npos);
    CHECK(a < b);
    CHECK(r.out.find("castling_02 ", a + 1) == std::string::npos); // one row each
    CHECK(r.out.find("castling_01 ", b + 1) == std::string::npos);
    CHECK(r.out.find("total") > b);
}

TEST_CASE("A word that names no command is an error, --help after it too", "[input]") {
    for (const char* args : {"serv --help", "serv", "solv x.pop"}) {
        Run r = program(args);
        INFO(args << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(r.err.starts_with("dynamo: error: unknown command '"));
        CHECK(r.err.find("(the commands: perft, moves, bench, replay, solve, merge, mate, check, "
                         "serve)") != std::string::npos);
    }
    // The commands and the options before them are as they were.
    CHECK(program("--help").status == 0);
    CHECK(program("solve --help").status == 0);
    CHECK(program("--version").status == 0);
    Run r = program("");
    CHECK(r.status == 2);
    CHECK(r.err.starts_with("dynamo: error: A subcommand is required"));
}

namespace {

// A folder of its own under the temporary folder, removed at the end.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() / (name + "-" + std::to_string(getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

} // namespace

TEST_CASE("bench finds its named suites under --data, beside the installed program, or not at all",
          "[input]") {
    TempDir dir("dynamo-bench-data");
    // An installed layout: <prefix>/bin/dynamo and <prefix>/share/dynamo/problems/.
    const fs::path prefix = dir.path / "prefix";
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "dynamo" / "problems");
    fs::copy_file(DYNAMO_EXE, prefix / "bin" / "dynamo");
    fs::copy_file(test_data("popeye/problems/castling_01.inp"),
                  prefix / "share" / "dynamo" / "problems" / "dynref-bench.pop");
    auto bench = [&](const std::string& exe, const std::string& args) {
        std::string command = "'" + exe + "' bench --suite dynref --threads 1 --repeat 1 " + args +
                              " 2>&1 </dev/null";
        Run run;
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe);
        char buffer[4096];
        for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
        int status = pclose(pipe);
        run.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return run;
    };
    const std::string installed = (prefix / "bin" / "dynamo").string();
    Run r = bench(installed, "");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("dynref-bench ") != std::string::npos);
    // --data names the folder; without the suite there, the error says where it looked.
    r = bench(DYNAMO_EXE, "--data '" + (prefix / "share" / "dynamo").string() + "'");
    CHECK(r.status == 0);
    CHECK(r.out.find("dynref-bench ") != std::string::npos);
    r = bench(DYNAMO_EXE, "--data '" + dir.path.string() + "'");
    CHECK(r.status == 2);
    CHECK(r.out.starts_with("dynamo: error: --suite dynref: "));
    CHECK(r.out.find("--data") != std::string::npos);
    // A program with no data beside it, nor a source tree: the error asks for --data.
    fs::remove_all(prefix / "share");
    r = bench(installed, "");
    CHECK(r.status == 2);
    CHECK(r.out.find("give its folder (the one holding problems/) with --data DIR") !=
          std::string::npos);
}
