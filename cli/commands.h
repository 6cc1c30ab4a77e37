// One function per subcommand, each taking the command line as typed (options.h): it resolves
// the settings once (settings.h) and calls the library; main.cpp only parses the command line.
#pragma once

#include "options.h"

#include "batch/runner.h"

#include <exception>
#include <optional>
#include <string>

namespace dynamo::cli {

// Each returns the process exit status (docs/format.md "Exit status").
int run_perft(const CommonOptions& common, const PerftOptions& options);
int run_moves(const CommonOptions& common, const MovesOptions& options);
int run_bench(const CommonOptions& common, const BenchOptions& options);
int run_replay(const CommonOptions& common, const ReplayOptions& options);
int run_solve(const CommonOptions& common, const SolveOptions& options);
int run_mate(const CommonOptions& common, const SolveOptions& options);
int run_merge(const CommonOptions& common, const MergeOptions& options);
int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options);
// Serves until SIGINT or SIGTERM; the solve options give --hash.
int run_serve(const CommonOptions& common, const SolveOptions& solve, const ServeOptions& options);

// The value of a --stat word over a sample of times (its fraction of the sorted sample: best 0,
// median 0.5, pNN NN/100); nullopt for a word that is none of these.
std::optional<double> statistic_fraction(const std::string& word);

// What to say of an exception that ends a command or a problem: a transposition table that
// cannot be mapped is --hash's doing, and says so with its size.
std::string error_message(const std::exception& e);

// --hash bounds the whole process: `check` runs problems side by side, each with its own table,
// so they share it (batch/runner.h).
using batch::hash_share;
using batch::HashShare;

// The process keeps the memory it frees (called once, at start). A solve makes and drops a
// searcher (move lists, tables: a few hundred KB) at every first move; without this, glibc gives
// the freed top of the heap back to the system each time (brk) and takes it again, and with two
// threads each give-back interrupts the other core to flush its TLB (ep_11, 48 first moves: 67
// brk calls a solve instead of about one, 4-7% slower at 2 threads).
void keep_freed_memory();

} // namespace dynamo::cli
