// One function per subcommand; main.cpp only parses the command line.
#pragma once

#include <string>
#include <vector>

namespace dynamo::cli {

struct CommonOptions {
    std::string fen;
    std::string rules = "Dynamo";
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
};

struct ReplayOptions {
    std::vector<std::string> moves; // moves given on the command line
    std::string file;               // or a file holding a game or line
};

// Each returns the process exit status (SPEC.md section 4).
int run_perft(const CommonOptions& common, const PerftOptions& options);
int run_moves(const CommonOptions& common, const MovesOptions& options);
int run_bench(const CommonOptions& common, const BenchOptions& options);
int run_replay(const CommonOptions& common, const ReplayOptions& options);

} // namespace dynamo::cli
