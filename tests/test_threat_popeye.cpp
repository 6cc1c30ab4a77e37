// Popeye's Threat T under s#N and #N (tests/data/popeye/threat), against Popeye's outputs.
// What Popeye showed (found by running it): as under s=N, an s#N threat must come within T - 1
// (the defender's closing mate is one half-move more), so that an s#2 key threatening an s#1 is
// refused under Threat 1; an s#N first move is judged at the full length alone (the s#3 whose
// zugzwang key is a short s#2 has no key under Threat 2); a first move Threat refuses is no try,
// and the set play is shown only if the diagram itself threatens within the limit (#3 with
// Threat 2, s#2 with Threat 1). `_kept`: a key whose threat is within T - 1 stays.
// MaxFlightsquares F under s#N, as under s=N: flights count only where the defender has a move
// to come after the attacker's next one (`_kept`: an s#3 whose variations give the king a
// flight before White's last move keeps its key under MaxFlightsquares 0, as without it).
#include "helpers.h"
#include "popeye_compare.h"

#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <filesystem>

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::string solved_text(const Problem& problem, bool restricted) {
    Position diagram =
        problem_position(problem.pieces, problem.stipulation, problem.rules, problem.options);
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = 1;
    if (!restricted) options.restrictions = {};
    Solution sol = analyse(diagram, problem.stipulation, options);
    CHECK(sol.unapplied == SearchRestrictions{});
    return text_solution(diagram, sol, {});
}

} // namespace

TEST_CASE("Threat under s#N and #N agrees with Popeye: keys, tries, set play",
          "[stipulation][popeye][options]") {
    namespace fs = std::filesystem;
    int compared = 0, changed = 0;
    for (const auto& e : fs::directory_iterator(test_data("popeye/threat"))) {
        if (e.path().extension() != ".inp") continue;
        ReadResult read = read_problem_file(e.path().string());
        REQUIRE(read.problems.size() == 1);
        const Problem& problem = read.problems[0];
        REQUIRE(problem.ok());
        const std::string stem = e.path().stem().string();
        std::string expected = read_file(e.path().parent_path().string() + "/" + stem + ".out");
        expected = expected.substr(expected.find("\n  " + problem.stipulation.text));
        const auto popeye = parse_solution(expected);
        std::string ours = solved_text(problem, true);
        INFO(stem << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        CHECK(parse_solution(ours) == popeye);
        std::string plain = solved_text(problem, false);
        INFO("without the option:\n" << plain);
        const bool kept = stem.size() > 5 && stem.substr(stem.size() - 5) == "_kept";
        CHECK((parse_solution(plain) == popeye) == kept);
        changed += !kept;
        ++compared;
    }
    CHECK(compared >= 7);
    CHECK(changed >= 5);
}
