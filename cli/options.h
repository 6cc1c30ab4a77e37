// The command line as typed: what main.cpp's parser fills in for each subcommand, before any of
// it is resolved (cli/settings.h turns it into batch::Settings, once per command).
#pragma once

#include "solver/analysis/options.h"

#include <string>
#include <vector>

namespace dynamo::cli {

struct CommonOptions {
    std::string fen;
    std::string rules = "Dynamo";
    bool rules_given = false; // --rules given: overrides the problem files' conditions
    int threads = 0;          // 0: all cores
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
    std::vector<std::string> suite_popeye_timings; // the suite folders' own (popeye-timings.tsv)
    double max_seconds = 60;                       // per problem and thread count
    // --suite: the figures printed, one table each: "best", "median" or "pNN" (a percentile).
    std::vector<std::string> statistics = {"best"};
    // --data: the folder holding the project's problems/ (the named suites) and, in a source
    // tree, tests/data/ (the reference timings); default: found from the executable (bench.cpp).
    std::string data;
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
    int hash_mb = int(DEFAULT_HASH_MB);
    double max_seconds = 0;
    bool quiet = false;
    bool json = false;
    int intended = 0;          // --intended N: a helpmate's intended solutions (0: the file's)
    std::string prev;          // mate --prev BOARD: the board before the opponent's last move
    bool no_time = false;      // text: no "solving time" line (output that must not vary)
    std::string export_format; // --export fen|latex|svg: that document instead of the text
    std::string part;          // solve: "I/N", solve part I of N and write a part file
    std::string output; // solve --part: the part file, written whole or not at all (not stdout)
};

struct MergeOptions {
    std::vector<std::string> files; // part files
    bool json = false;
};

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;         // 0: a free one
    double max_seconds = 60; // per problem: a server's searches end
    int jobs = 1;            // searches at once
    int queue = 8;           // jobs waiting beyond those
};

struct CheckOptions {
    std::vector<std::string> paths; // files and folders
    std::string shard;   // "I/N": only problems I, I+N, I+2N, ... (0-based, across inputs)
    std::string journal; // FILE: resume from it and append each answer (docs/format.md, Journal)
};

} // namespace dynamo::cli
