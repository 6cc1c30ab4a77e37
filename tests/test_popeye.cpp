// Orthodox problems against Popeye's own outputs (tests/data/popeye): both outputs are parsed into
// the same structure (keys, tries, refutations, threats, variations, set play) and compared as
// sets, not as text.
#include "helpers.h"
#include "popeye_compare.h"
#include "problem_helpers.h"

#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <filesystem>
#include <map>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// Helpmates are compared in test_helpmate.cpp. (Every Popeye option these problems use that
// changes what is searched is implemented: none is a reason to skip one.)
bool comparable(const Problem& p, std::string& why) {
    if (p.stipulation.kind == Stipulation::Kind::Help) return why = "helpmate", false;
    return true;
}

// Popeye's own time on each problem (timings.tsv), to keep the quick run quick.
std::map<std::string, double> popeye_seconds() {
    std::map<std::string, double> t;
    for (const auto& row : read_tsv(test_data("popeye/timings.tsv"))) t[row[0]] = std::stod(row[2]);
    return t;
}

// Popeye's problems whose time is within the bounds, or those named in `only`.
void compare_with_popeye(double max_popeye_seconds, double min_popeye_seconds,
                         const std::set<std::string>& only = {}) {
    namespace fs = std::filesystem;
    std::string dir = test_data("popeye/problems");
    auto timings = popeye_seconds();
    int compared = 0, skipped = 0;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        std::string name = path.stem().string();
        double t = timings.count(name) ? timings[name] : 0;
        if (only.empty() ? t > max_popeye_seconds || t < min_popeye_seconds : !only.count(name))
            continue;
        ReadResult read = read_problem_file(path.string());
        REQUIRE(read.problems.size() == 1);
        const Problem& problem = read.problems[0];
        std::string why;
        if (!problem.ok() || !comparable(problem, why)) {
            ++skipped;
            WARN(name << " not compared: " << (problem.ok() ? why : problem.errors[0].text()));
            continue;
        }
        Position diagram = problem_position(problem.pieces, problem.stipulation, problem.rules,
                                            problem.options);
        AnalysisOptions options = analysis_options_for(problem.options);
        options.threads = 2;
        Solution sol = analyse(diagram, problem.stipulation, options);
        std::string ours = text_solution(diagram, sol, {});
        std::string expected = read_file(test_data("popeye/expected/" + name + ".out"));
        // Popeye's solution starts after the stipulation line.
        auto stip_line = expected.find("\n  " + problem.stipulation.text);
        REQUIRE(stip_line != std::string::npos);
        expected = expected.substr(expected.find('\n', stip_line + 1));
        INFO(name << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        CHECK(parse_solution(ours) == parse_solution(expected));
        ++compared;
    }
    WARN("compared " << compared << " problems with Popeye, skipped " << skipped);
    CHECK(compared > 0);
}

} // namespace

// The problems Popeye solves within a second; the longer ones are in the slow run.
TEST_CASE("Orthodox problems: the same keys, tries, threats and variations as Popeye", "[popeye]") {
    compare_with_popeye(1.0, 0);
}

TEST_CASE("Orthodox problems against Popeye, the long ones", "[.slow][popeye]") {
    compare_with_popeye(1e9, 1.0 + 1e-9);
}

// Popeye's NonTrivial, KeepMatingPiece, NoShortVariations and NoThreat: a s#21 and a #15 that
// Popeye solves in about a second, and so do we (the long one is in the slow run by its time).
TEST_CASE("NonTrivial problems: the same key and variations as Popeye", "[popeye][nontrivial]") {
    compare_with_popeye(0, 0, {"nontriv_06", "nontriv_07"});
}

// The same two, line for line: the tree as Popeye lays it out, move numbers from 10 on included.
TEST_CASE("NonTrivial problems: Popeye's tree text line for line", "[popeye][nontrivial]") {
    for (const std::string name : {"nontriv_06", "nontriv_07"}) {
        const Loaded loaded = load(test_data("popeye/problems/" + name + ".inp"));
        const Problem& problem = loaded.problem;
        const Position& diagram = loaded.diagram;
        AnalysisOptions options = analysis_options_for(problem.options);
        options.threads = 1;
        std::string ours = text_solution(diagram, analyse(diagram, problem.stipulation, options), {});
        std::string expected = read_file(test_data("popeye/expected/" + name + ".out"));
        // From the first move to the end of the tree: Popeye's ends at "solution finished.",
        // ours at the verdict block.
        auto tree = [](const std::string& text, const std::string& end) {
            size_t from = text.find("   1.");
            return text.substr(from, text.find(end) - from);
        };
        auto trimmed = [](std::string s) {
            while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
            return s;
        };
        INFO(name << "\nours:\n" << ours);
        CHECK(trimmed(tree(ours, "restricted:")) == trimmed(tree(expected, "solution finished")));
    }
}

// Their time is one forced line, searched by splits nested one in another: on two threads (and
// on four, more than the machine may have) the text is the same as on one. (A split's waiting
// thread helps the nested splits of the sibling that holds the line.)
TEST_CASE("NonTrivial problems: the same text at any thread count", "[popeye][nontrivial][parallel]") {
    for (const std::string name : {"nontriv_06", "nontriv_07"}) {
        const Loaded loaded = load(test_data("popeye/problems/" + name + ".inp"));
        const Problem& problem = loaded.problem;
        const Position& diagram = loaded.diagram;
        auto solved = [&](int threads) {
            AnalysisOptions options = analysis_options_for(problem.options);
            options.threads = threads;
            return text_solution(diagram, analyse(diagram, problem.stipulation, options), {});
        };
        const std::string one = solved(1);
        INFO(name);
        CHECK(solved(2) == one);
        CHECK(solved(4) == one);
    }
}

// NoShortVariations is output only: a variation in which the attacker needs fewer moves than the
// line has left is not shown (Popeye's no_short_variations_attacker_filter.c; threats are solved
// without it). castling_05 (#3, Variations Try): Popeye's output with the short variations taken
// out by hand (1.Ra3? Kc1 2.Rc3#, 1.Ra2+? Kc1 2.Qb2#, 1.c6? c3 2.Qb1#, 1.Qb7? c3 2.Qb1#); the
// key's variations all take three moves and stay, and so does the threat of 1.Rd1?.
TEST_CASE("NoShortVariations: Popeye's output without its short variations", "[popeye][noshort]") {
    const std::string expected = R"(
   1.Ra1-a3 ? zugzwang.
    but
      1...c4-c3 !

   1.Ra1-a2 + ?
      1...Kc2-c3
          2.c5-c6 zugzwang.
              2...Kc3-d3
                  3.Qb6-e3 #
    but
      1...Kc2-d3 !

   1.Ra1-d1 ? threat:
          2.Rd1-d2 +
              2...Kc2-c1
                  3.Qb6-b2 #
              2...Kc2-c3
                  3.Qb6-b2 #
    but
      1...Kc2-c3 !

   1.c5-c6 ? zugzwang.
      1...Kc2-c3
          2.Ra1-a2 zugzwang.
              2...Kc3-d3
                  3.Qb6-e3 #
          2.Ra1-c1 +
              2...Kc3-d3
                  3.Qb6-e3 #
          2.Ke1-d1 threat:
                  3.Ra1-a3 #
              2...Kc3-d3
                  3.Qb6-e3 #
    but
      1...Kc2-d3 !

   1.Qb6-b1 + ?
    but
      1...Kc2-c3 !

   1.Qb6-b7 ? zugzwang.
      1...Kc2-d3
          2.0-0-0 +
              2...Kd3-e2
                  3.Qb7-b2 #
              2...Kd3-c3
                  3.Qb7-b2 #
    but
      1...Kc2-c3 !

   1.Qb6-f6 ! zugzwang.
      1...Kc2-d3
          2.0-0-0 +
              2...Kd3-e2
                  3.Qf6-b2 #
              2...Kd3-e4
                  3.Rd1-d4 #
      1...Kc2-b3
          2.Ke1-d2 threat:
                  3.Qf6-c3 #
                  3.Qf6-b6 #
              2...Kb3-b4
                  3.Qf6-b6 #
              2...c4-c3 +
                  3.Qf6*c3 #
      1...c4-c3
          2.Qf6-e6 zugzwang.
              2...Kc2-d3
                  3.0-0-0 #
              2...Kc2-b2
                  3.Qe6-a2 #
)";
    ReadResult read = read_problem_file(test_data("popeye/problems/castling_05.inp"));
    REQUIRE(read.problems.size() == 1);
    const Problem& problem = read.problems[0];
    Position diagram =
        problem_position(problem.pieces, problem.stipulation, problem.rules, problem.options);
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = 2;
    Solution full = analyse(diagram, problem.stipulation, options);
    options.no_short_variations = true;
    Solution shown = analyse(diagram, problem.stipulation, options);
    std::string ours = text_solution(diagram, shown, {});
    INFO("ours:\n" << ours);
    CHECK(parse_solution(ours) == parse_solution(expected));
    CHECK(parse_solution(text_solution(diagram, full, {})) != parse_solution(expected));
    // Output only: the same keys and tries.
    CHECK(shown.keys() == full.keys());
    CHECK(shown.tries() == full.tries());
    CHECK(shown.verdict == full.verdict);
}

// NoThreat: no threat is looked for, so none is printed, nor "zugzwang.", and every defence that
// the attacker answers is a variation (Popeye's solvers.c inserts its threat solvers only without
// NoThreat). selfref_01 (s#3): the key is a zugzwang and every other move is a check, so Popeye's
// tree (which then shows every defence) is the same without its "zugzwang.".
TEST_CASE("NoThreat: Popeye's tree without the zugzwang", "[popeye][nothreat]") {
    ReadResult read = read_problem_file(test_data("popeye/problems/selfref_01.inp"));
    REQUIRE(read.problems.size() == 1);
    const Problem& problem = read.problems[0];
    Position diagram =
        problem_position(problem.pieces, problem.stipulation, problem.rules, problem.options);
    std::string expected = read_file(test_data("popeye/expected/selfref_01.out"));
    expected = expected.substr(expected.find("\n  " + problem.stipulation.text));
    expected = expected.substr(expected.find('\n', 1));
    const std::string label = " zugzwang.";
    REQUIRE(expected.find(label) != std::string::npos);
    expected.erase(expected.find(label), label.size());
    REQUIRE(expected.find("zugzwang") == std::string::npos);
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = 2;
    options.threats = false;
    Solution sol = analyse(diagram, problem.stipulation, options);
    std::string ours = text_solution(diagram, sol, {});
    INFO("ours:\n" << ours);
    CHECK(ours.find("zugzwang") == std::string::npos);
    CHECK(ours.find("threat") == std::string::npos);
    CHECK(parse_solution(ours) == parse_solution(expected));
    // Read from the file, NoThreat turns the threats off.
    ProblemOptions with = problem.options;
    with.no_threat = true;
    CHECK_FALSE(analysis_options_for(with).threats);
}
