// Popeye's MaxFlightsquares F under #N (tests/data/popeye/flights), against Popeye's outputs.
// What Popeye showed (found by running it; options/maxflightsquares.c places the guard where
// solve_nr_remaining > next_move_has_no_solution): flights count at a defence node only where
// the defender has a move to come after the attacker's next one, in #N as in s#N and =N. So a
// #2 is untouched (castling_01: its key, which leaves the king a flight, stays under F = 0), and
// in a #3 the flights after White's second move do not count (castling_03: the key stays under
// F = 1, though 1...Kxe4 2.Qxe6+ leaves two; castling_05: the try 1.Ra1-d1 keeps its threat
// 2.Rd1-d2+, after which the king has two). A first move the guard refuses is no try, and the
// set play is not shown where the diagram has too many flights (castling_05: no tries at all
// under F = 0; under F = 1 no 1.Ra1-a2+? and no 1.c5-c6?, which we showed before, and no set
// play).
#include "problem_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"

#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <filesystem>

using namespace dynamo;
using namespace dynamo::test;

namespace {

struct Solved {
    Problem problem;
    std::string text;
    Solution sol;
};

Solved solved(const std::string& name, bool restricted = true) {
    auto [problem, diagram] = load(test_data("popeye/flights/" + name + ".inp"));
    if (!restricted) problem.options.max_flights = -1; // a search option: the diagram stays
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = 1;
    Solution sol = analyse(diagram, problem.stipulation, options);
    return {problem, text_solution(diagram, sol, {}), sol};
}

bool has_first_move(const Solved& s, const std::string& line) {
    return s.text.find("\n   " + line) != std::string::npos;
}

} // namespace

TEST_CASE("MaxFlightsquares under #N agrees with Popeye: keys, tries, threats, set play",
          "[popeye][options][flights]") {
    namespace fs = std::filesystem;
    int compared = 0;
    for (const auto& e : fs::directory_iterator(test_data("popeye/flights"))) {
        if (e.path().extension() != ".inp") continue;
        const std::string stem = e.path().stem().string();
        Solved s = solved(stem);
        std::string expected = read_file(e.path().parent_path().string() + "/" + stem + ".out");
        expected = expected.substr(expected.find("\n  " + s.problem.stipulation.text));
        INFO(stem << "\nours:\n" << s.text << "\nPopeye:\n" << expected);
        CHECK(s.sol.restrictions.max_flights == s.problem.options.max_flights);
        CHECK(parse_solution(s.text) == parse_solution(expected));
        ++compared;
    }
    CHECK(compared == 5);
}

TEST_CASE("MaxFlightsquares: what it takes away in castling_05, and what it leaves",
          "[options][flights]") {
    Solved none = solved("castling_05_MaxFlightsquares_0");
    CHECK(none.sol.root.empty()); // no key, no try
    Solved one = solved("castling_05_MaxFlightsquares_1"),
           plain = solved("castling_05_MaxFlightsquares_1", false);
    INFO(one.text);
    for (const char* refused : {"1.Ra1-a2 + ?", "1.c5-c6 ? zugzwang."}) {
        CHECK(has_first_move(plain, refused)); // a try without the option
        CHECK_FALSE(has_first_move(one, refused));
    }
    // Kept: a try whose threat, 2.Rd1-d2+, leaves two flights before White's last move.
    CHECK(has_first_move(one, "1.Ra1-d1 ? threat:\n          2.Rd1-d2 +"));
    Solved set = solved("castling_05_SetPlay_MaxFlightsquares_1");
    CHECK(set.sol.set_play.empty()); // the king has three flights in the diagram
    // #2: the guard stands nowhere; castling_01's key leaves the king a flight and stays.
    Solved two = solved("castling_01_MaxFlightsquares_0");
    CHECK(has_first_move(two, "1.Qa7-f2 ! threat:"));
}
