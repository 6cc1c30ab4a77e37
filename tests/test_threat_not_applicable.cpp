// Popeye's Threat T where it cannot apply (tests/data/popeye/threat_not_applicable): Popeye
// places its threat guard at a defence node that has T moves or more to come after it, the
// first at N - 1 (options/maxthreatlength.c). With T >= N it places none and writes
// 'Option "Threat" not applicable or indicated maximum threat length too big', then solves as
// without the option; so under #N, s#N, r#N, =N and s=N alike (found by running it on these
// six). We say so in the verdict block ("not applicable: Threat T (too long for s#2, which is
// solved without it)"), in the four languages, and search without the option.
#include "problem_helpers.h"
#include "cli_helpers.h"
#include "popeye_compare.h"

#include "format/input/problem_reader.h"
#include "format/output/report_json.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <filesystem>

using namespace dynamo;
using namespace dynamo::test;

namespace {

struct Solved {
    Problem problem;
    Position diagram;
    Solution sol;
};

Solved solved(const std::string& path, bool with_option = true) {
    auto [problem, diagram] = load(path);
    if (!with_option) problem.options.threat_length = -1; // a search option: the diagram stays
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = 1;
    return {problem, diagram, analyse(diagram, problem.stipulation, options)};
}

} // namespace

TEST_CASE("Threat T >= N: where Popeye's guard stands", "[options][threat]") {
    SearchRestrictions r;
    CHECK(r.threat_applicable(2)); // no Threat option
    r.threat_length = 1;
    CHECK(r.threat_applicable(2));
    CHECK(r.applied(2) == r);
    CHECK_FALSE(r.unapplied(2).any());
    r.threat_length = 2;
    CHECK_FALSE(r.threat_applicable(2));
    CHECK(r.threat_applicable(3));
    CHECK_FALSE(r.applied(2).any());
    CHECK(r.unapplied(2).threat_length == 2);
    r.max_flights = 0; // the other restrictions stay applied
    CHECK(r.applied(2).max_flights == 0);
    CHECK(r.unapplied(2).max_flights == -1);
}

TEST_CASE("Threat T >= N agrees with Popeye: not applicable, solved without it",
          "[stipulation][popeye][options][threat]") {
    namespace fs = std::filesystem;
    int compared = 0;
    for (const auto& e : fs::directory_iterator(test_data("popeye/threat_not_applicable"))) {
        if (e.path().extension() != ".inp") continue;
        const std::string stem = e.path().stem().string();
        Solved s = solved(e.path().string());
        const int t = s.problem.options.threat_length;
        REQUIRE(t >= s.problem.stipulation.moves);
        std::string expected = read_file(e.path().parent_path().string() + "/" + stem + ".out");
        CHECK(expected.find("Option \"Threat\" not applicable") != std::string::npos);
        expected = expected.substr(expected.find("\n  " + s.problem.stipulation.text));
        std::string ours = text_solution(s.diagram, s.sol, {});
        INFO(stem << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        CHECK(s.sol.restrictions == SearchRestrictions{});
        CHECK(s.sol.unapplied.threat_length == t);
        CHECK(parse_solution(ours) == parse_solution(expected));
        // The same solution as without the option, and no "restricted" line.
        Solved plain = solved(e.path().string(), false);
        CHECK(parse_solution(text_solution(plain.diagram, plain.sol, {})) == parse_solution(ours));
        CHECK(ours.find("restricted") == std::string::npos);
        CHECK(ours.find("not applicable: Threat " + std::to_string(t) + " (too long for " +
                        s.problem.stipulation.text + ", which is solved without it)\n") !=
              std::string::npos);
        ++compared;
    }
    CHECK(compared == 6);
}

TEST_CASE("Threat T >= N: said in the four languages and in JSON", "[options][threat][lang]") {
    Solved s = solved(test_data("popeye/threat_not_applicable/selfmate_2_Threat_2.inp"));
    const std::pair<Language, const char*> said[] = {
        {Language::English,
         "not applicable: Threat 2 (too long for s#2, which is solved without it)"},
        {Language::German, "nicht anwendbar: Threat 2 (zu lang für s#2, das ohne sie gelöst wird)"},
        {Language::French, "non applicable: Threat 2 (trop longue pour s#2, résolu sans elle)"},
        {Language::Italian,
         "non applicabile: Threat 2 (troppo lunga per s#2, che è risolto senza di essa)"}};
    for (auto [lang, line] : said) {
        TextReportOptions o;
        o.lang = lang;
        std::string text = text_solution(s.diagram, s.sol, o);
        INFO(text);
        CHECK(text.find(line) != std::string::npos);
    }
    nlohmann::json j = solution_json(s.problem, "", s.diagram, s.sol, Language::English);
    INFO(j.dump());
    CHECK(j.at("not_applicable") == nlohmann::json{{"threat", 2}});
    CHECK_FALSE(j.contains("restrictions"));
}
