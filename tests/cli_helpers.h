// Test helper: `dynamo solve` on one file, its output captured.
#pragma once

#include "helpers.h"

#include "cli/commands.h"

#include <string>

namespace dynamo::test {

inline Run solve_file(const std::string& file, bool json_output, int threads = 2, int hash_mb = 16) {
    cli::CommonOptions common;
    common.threads = threads;
    cli::SolveOptions options;
    options.files = {file};
    options.json = json_output;
    options.quiet = true;
    options.no_time = true; // outputs are compared: the solving time would differ
    options.hash_mb = hash_mb;
    return captured([&] { return cli::run_solve(common, options); });
}

} // namespace dynamo::test
