// One function per subcommand; main.cpp only parses the command line.
#pragma once

#include "batch/runner.h"
#include "format/notation.h"
#include "format/part_file.h"
#include "format/problem.h"
#include "format/report_text.h"
#include "solver/rules/rules.h"

#include <atomic>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dynamo::cli {

struct CommonOptions {
    std::string fen;
    std::string rules = "Dynamo";
    bool rules_given = false; // --rules given: overrides the problem files' conditions
    int threads = 0;
    std::string lang = "en";
    std::string order = "ours"; // --order ours|popeye: the order of the solution tree
};

struct PerftOptions {
    int depth = 1;
    bool divide = false;
    std::string prev;
};

struct MovesOptions {
    std::string prev;
};

struct BenchOptions {
    std::string vchess_timings;
    bool quick = false;
    int repeat = 3;
    std::vector<std::string> suite; // problem files: time the solver instead of perft
    std::string popeye_timings;     // Popeye's timings.tsv, to print our speed relative to it
    double max_seconds = 60;        // per problem and thread count
    // --suite: the figures printed, one table each: "best", "median" or "pNN" (a percentile).
    std::vector<std::string> statistics = {"best"};
};

// The value of a --stat word over a sample of times (its fraction of the sorted sample: best 0,
// median 0.5, pNN NN/100); nullopt for a word that is none of these.
std::optional<double> statistic_fraction(const std::string& word);

struct ReplayOptions {
    std::vector<std::string> moves; // moves given on the command line
    std::string file;               // or a file holding a game or line
};

struct SolveOptions {
    std::vector<std::string> files; // solve
    std::string stipulation;        // mate
    bool upto = false;              // mate: search 1..N, report the shortest
    bool tries = false;             // also when the problem does not ask for them
    bool variations = false;
    int hash_mb = 64;
    double max_seconds = 0;
    bool quiet = false;
    bool json = false;
    int intended = 0;               // --intended N: a helpmate's intended solutions (0: the file's)
    std::string prev;               // mate --prev BOARD: the board before the opponent's last move
    bool no_time = false;      // text: no "solving time" line (output that must not vary)
    std::string export_format; // --export fen|latex|svg: that document instead of the text
    std::string part; // solve: "I/N", solve part I of N (issue 18) and write a part file
};

struct MergeOptions {
    std::vector<std::string> files; // part files
    bool json = false;
};

// A bad command line or bad input given on it: the message is printed, the exit status is 2.
// Its message as data (`said`) is written in the language of --lang.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
    explicit UsageError(Message m) : std::runtime_error(m.text()), said(std::move(m)) {}
    Message said; // empty: what() in every language
    bool every_language = false; // said in each of the four (--lang itself is wrong)
};
// "dynamo: error: MESSAGE" on stderr, with the bytes of input quoted in it escaped.
void print_error(const std::string& message);
// The same in `lang` ("dynamo: Fehler: ..."): the option and the user's tokens as given.
void print_error(const Message& message, Language lang);
void print_error(const UsageError& e, Language lang);
// "--fen: MESSAGE": an option's name before what is wrong with its value.
Message option_said(const std::string& option, Message what);
// What to say of an exception that ends a command or a problem: a transposition table that
// cannot be mapped is --hash's doing, and says so with its size.
std::string error_message(const std::exception& e);

// Ctrl-C: sets interrupted() so that running analyses stop with what they proved (unfinished).
// Installing clears the flag.
void install_interrupt_handler();
const std::atomic<bool>& interrupted();

// --threads beyond the cores: silently the cores (TBB runs no more workers than cores and
// warns on stderr when asked for more, which would then report threads that never ran).
void clamp_threads(int& threads);

// The process keeps the memory it frees (called once, at start). A solve makes and drops a
// searcher (move lists, tables: a few hundred KB) at every first move, and glibc gave the freed
// top of the heap back to the system each time (brk) and took it again; with two threads each
// give-back interrupts the other core to flush its TLB. ep_11 (48 first moves) made 67 brk calls
// a solve, now about one; at 2 threads it ran 4-7% faster, at one thread the same.
void keep_freed_memory();

RuleSet rules_from(const CommonOptions& common);    // --rules
Language language_from(const CommonOptions& common); // --lang
// "illegal position: REASON", the reason in the reader's words.
Message illegal_position_said(const IllegalCause& cause);
SolutionOrder order_from(const CommonOptions& common); // --order

// The twins of a problem reported so far: their verdicts make the problem's.
struct TwinVerdicts {
    std::vector<Verdict> verdicts;
    size_t total = 0; // the problem's instances
    bool complete() const { return total > 1 && verdicts.size() == total; }
};

// One problem's (or twin's) report as `solve` prints it, text or a JSON line; its verdict goes to
// `twins`, when given, and after the last twin the verdict of the whole problem is printed.
void print_solution(const Problem& problem, const std::string& label, const Position& diagram,
                    const Solution& solution, const TextReportOptions& text, bool json,
                    TwinVerdicts* twins, bool time_line = false, bool header = true);

// "I/N" of --part: 0 <= I < N. Throws UsageError naming the option otherwise.
std::pair<int, int> part_from(const std::string& text);

// Solves this part's first moves of p (its diagram, stipulation and options set), filling in its
// identity, the split and the findings; returns the exit status it calls for (0, or 3 when
// stopped before its first moves were done).
int solve_part(PartProblem& p, int part, int parts);

struct CheckOptions {
    std::vector<std::string> paths; // files and folders
    std::string shard;              // "I/N": only problems I, I+N, I+2N, ... (0-based, across inputs)
};

// --hash bounds the whole process: `check` runs problems side by side, each with its own table,
// so they share it (batch/runner.h).
using batch::HashShare;
using batch::hash_share;

// Each returns the process exit status (SPEC.md section 4).
int run_perft(const CommonOptions& common, const PerftOptions& options);
int run_moves(const CommonOptions& common, const MovesOptions& options);
int run_bench(const CommonOptions& common, const BenchOptions& options);
int run_replay(const CommonOptions& common, const ReplayOptions& options);
int run_solve(const CommonOptions& common, const SolveOptions& options);
int run_mate(const CommonOptions& common, const SolveOptions& options);
int run_merge(const CommonOptions& common, const MergeOptions& options);
int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options);

} // namespace dynamo::cli
