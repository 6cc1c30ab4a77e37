#include "commands.h"

#include <iostream>

namespace dynamo::cli {
// Implemented by the batch-checking work (issue 5).
int run_check(const CommonOptions&, const SolveOptions&, const CheckOptions&) {
    std::cerr << "dynamo: error: check is not implemented yet\n";
    return 2;
}
} // namespace dynamo::cli
