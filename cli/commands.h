// One function per subcommand; main.cpp only parses the command line.
#pragma once

#include "format/notation.h"
#include "solver/rules.h"

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

namespace dynamo::cli {

struct CommonOptions {
    std::string fen;
    std::string rules = "Dynamo";
    bool rules_given = false; // --rules given: overrides the problem files' conditions
    int threads = 0;
    std::string lang = "en";
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
};

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
};

// A bad command line or bad input given on it: the message is printed, the exit status is 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// "dynamo: error: MESSAGE" on stderr, with the bytes of input quoted in it escaped.
void print_error(const std::string& message);
// What to say of an exception that ends a command or a problem: a transposition table that
// cannot be mapped is --hash's doing, and says so with its size.
std::string error_message(const std::exception& e);

// Ctrl-C: sets interrupted() so that running analyses stop with what they proved (unfinished).
// Installing clears the flag.
void install_interrupt_handler();
const std::atomic<bool>& interrupted();

RuleSet rules_from(const CommonOptions& common);    // --rules
Language language_from(const CommonOptions& common); // --lang

struct CheckOptions {
    std::vector<std::string> paths; // files and folders
    std::string shard;              // "I/N": only problems I, I+N, I+2N, ... (0-based, across inputs)
};

// --hash bounds the whole process: `check` runs problems side by side, each with its own table,
// so they share it. How many at once (at most `threads`, at most one per MB), and each one's MB.
struct HashShare {
    int problems_at_once = 1;
    int per_problem_mb = 64;
};
HashShare hash_share(int hash_mb, size_t problems, int threads);

// Each returns the process exit status (SPEC.md section 4).
int run_perft(const CommonOptions& common, const PerftOptions& options);
int run_moves(const CommonOptions& common, const MovesOptions& options);
int run_bench(const CommonOptions& common, const BenchOptions& options);
int run_replay(const CommonOptions& common, const ReplayOptions& options);
int run_solve(const CommonOptions& common, const SolveOptions& options);
int run_mate(const CommonOptions& common, const SolveOptions& options);
int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options);

} // namespace dynamo::cli
