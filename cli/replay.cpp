#include "commands.h"

#include <iostream>

namespace dynamo::cli {
// Implemented by the notation-reader work (issue 3).
int run_replay(const CommonOptions&, const ReplayOptions&) {
    std::cerr << "dynamo: error: replay is not implemented yet\n";
    return 2;
}
} // namespace dynamo::cli
