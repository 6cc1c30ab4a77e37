// MaxSolutions in battle play keeps the keys Popeye keeps: Popeye stops at its N-th key in its
// own move order, so the first N keys in that order are the ones shown, at any thread count.
#include "cli_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"

#include <set>
#include <vector>
#include <sstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// The key lines ("1.Qd1-h5 !") of a solution text, as a set.
std::set<std::string> keys_of(const std::string& text) {
    std::set<std::string> keys;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (line.size() > 2 && line.ends_with(" !") && line.find("1.") != std::string::npos &&
            line.find("...") == std::string::npos)
            keys.insert(line.substr(line.find_first_not_of(' ')));
    }
    return keys;
}

// A helpmate's solution lines ("  1.a7-a5 Qd1-d7   2.a5-a4 Rh1-h8 #"), in their order.
std::vector<std::string> help_lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (line.starts_with("  1.")) lines.push_back(line);
    }
    return lines;
}

} // namespace

TEST_CASE("MaxSolutions keeps Popeye's first keys", "[options][popeye]") {
    for (const char* name : {"ms2", "ms4"}) {
        const std::string dir = test_data("popeye/max_solutions/");
        const std::set<std::string> expected = keys_of(read_file(dir + name + ".out"));
        INFO(name);
        REQUIRE(expected.size() == (std::string(name) == "ms2" ? 2u : 4u));
        for (int threads : {1, 2}) {
            Run run = solve_file(dir + name + ".inp", false, threads);
            INFO(run.out << run.err);
            CHECK(keys_of(run.out) == expected);
        }
    }
}

// A helpmate: Popeye stops at its N-th solution in its own search order; the same N are kept
// (all 28 solutions searched, then Popeye's first 3), at any thread count.
TEST_CASE("MaxSolutions in a helpmate keeps Popeye's first solutions", "[options][popeye]") {
    const std::string dir = test_data("popeye/max_solutions/");
    const std::vector<std::string> expected = help_lines_of(read_file(dir + "h2.out"));
    REQUIRE(expected.size() == 3);
    for (int threads : {1, 2}) {
        Run run = solve_file(dir + "h2.inp", false, threads);
        INFO(run.out << run.err);
        CHECK(help_lines_of(run.out) == expected);
        CHECK(run.out.find("28 solutions") != std::string::npos);
    }
}

// A series helpmate: Popeye writes the shorter series first and stops at its N-th line, short
// ones counted; the same 12 (the ten ser-h#2 lines and two ser-h#3 lines) are kept, all 45
// counted, at any thread count.
TEST_CASE("MaxSolutions in a series helpmate keeps Popeye's first solutions", "[options][popeye]") {
    const std::string dir = test_data("popeye/max_solutions/");
    const std::vector<std::string> expected = help_lines_of(read_file(dir + "serh3.out"));
    REQUIRE(expected.size() == 12);
    for (int threads : {1, 2}) {
        Run run = solve_file(dir + "serh3.inp", false, threads);
        INFO(run.out << run.err);
        CHECK(help_lines_of(run.out) == expected);
        CHECK(run.out.find("45 solutions") != std::string::npos);
    }
}
