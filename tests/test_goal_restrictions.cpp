// Popeye's search restrictions under =N, s=N and r#N (tests/data/popeye/goal_restrictions): each
// problem is one where the option changes Popeye's solution (keys, threats, variations), and our
// tree agrees with Popeye's. What Popeye showed (found by running it, as these files record):
// - Threat T: =N and r#N as #N (a threat within T); s=N wants its threat within T - 1, so that
//   s=2 with Threat 1 has no solution (the s=2 key's threat, an s=1, is refused).
// - NonTrivial M T: trivial defences as for s#N (s=N) and #N (=N, r#N: one move more).
// - MaxFlightsquares F: at the defence nodes with two attacker moves or more to come only (=2,
//   s=2, r#2 are untouched; =3, s=3, r#3 are not).
// - A first move is judged at the full length alone: the r#3 whose r#2 keys give the king a
//   flight at once keeps one key only, the s=3 none (its s=2 key is no short key here).
#include "helpers.h"
#include "popeye_compare.h"

#include "format/problem_reader.h"
#include "format/report_text.h"
#include "solver/analysis.h"

#include <filesystem>

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::string solved_text(const Problem& problem, bool restricted, int threads) {
    Position diagram =
        problem_position(problem.pieces, problem.stipulation, problem.rules, problem.options);
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = threads;
    if (!restricted) options.restrictions = {};
    Solution sol = analyse(diagram, problem.stipulation, options);
    CHECK(sol.unapplied == SearchRestrictions{});
    CHECK(sol.restrictions.any() == restricted);
    return text_solution(diagram, sol, {});
}

} // namespace

TEST_CASE("Search restrictions under =N, s=N and r#N agree with Popeye", "[stipulation][popeye][options]") {
    namespace fs = std::filesystem;
    int compared = 0;
    for (const auto& e : fs::directory_iterator(test_data("popeye/goal_restrictions"))) {
        if (e.path().extension() != ".inp") continue;
        ReadResult read = read_problem_file(e.path().string());
        REQUIRE(read.problems.size() == 1);
        const Problem& problem = read.problems[0];
        REQUIRE(problem.ok());
        std::string expected = read_file(e.path().parent_path().string() + "/" +
                                         e.path().stem().string() + ".out");
        expected = expected.substr(expected.find("\n  " + problem.stipulation.text));
        const auto popeye = parse_solution(expected);
        for (int threads : {1, 2}) {
            std::string ours = solved_text(problem, true, threads);
            INFO(e.path().stem().string() << " threads " << threads << "\nours:\n"
                                          << ours << "\nPopeye:\n" << expected);
            CHECK(parse_solution(ours) == popeye);
            CHECK(ours.find("not applicable") == std::string::npos);
        }
        // The option matters: without it the solution is another.
        std::string plain = solved_text(problem, false, 1);
        INFO(e.path().stem().string() << " without the option:\n" << plain);
        CHECK(parse_solution(plain) != popeye);
        ++compared;
    }
    CHECK(compared >= 10);
}
