// The Dynamo helpmate depth suite (problems/bench-dynamo/helpmate): every problem's solution text,
// byte for byte, the same as the search's before any change to it (solutions/NAME.txt, written by
// `dynamo solve --threads 1 --quiet --no-time NAME.pop`). A speed-up of the helpmate search must
// leave every solution, and their order, as it was.
#include "cli_helpers.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

const std::string SUITE = project_root() + "/problems/bench-dynamo/helpmate/";

std::string text_of(const std::string& path) {
    std::ifstream in(path);
    if (!in) FAIL("cannot read " << path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void same_as_baseline(const std::string& name) {
    const Run run = solve_file(SUITE + name + ".pop", false, 1);
    CHECK(run.status == 0);
    CHECK(run.out == text_of(SUITE + "solutions/" + name + ".txt"));
}

// Over a few seconds each at one thread (the default build): the slow run.
const std::set<std::string> LONG = {"long_H04", "long_H06", "long_H08", "long_M11", "random_12_h3"};

} // namespace

TEST_CASE("Dynamo helpmate suite: the solutions as before, the short ones",
          "[helpmate][dynamo][dynamo_helpmate_suite]") {
    int compared = 0;
    for (const auto& entry : std::filesystem::directory_iterator(SUITE + "solutions")) {
        const std::string name = entry.path().stem().string();
        if (LONG.count(name)) continue;
        SECTION(name) { same_as_baseline(name); }
        ++compared;
    }
    CHECK(compared >= 10);
}

// `ctest -C Slow -L dynamo_helpmate_suite` (tests/CMakeLists.txt).
TEST_CASE("Dynamo helpmate suite: the solutions as before, the long ones",
          "[.slow][dynamo_helpmate_suite_long]") {
    for (const std::string& name : LONG) {
        REQUIRE(std::filesystem::exists(SUITE + "solutions/" + name + ".txt"));
        SECTION(name) { same_as_baseline(name); }
    }
}
