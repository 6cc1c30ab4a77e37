// PostKeyPlay: the diagram is the position after the key, the defender to move, and only the
// play after the key is shown: the key's line without the key (" threat:", " zugzwang.", " +"),
// then the threats and the defences as under a key. Against Popeye's outputs
// (tests/data/popeye/postkey): postkey_threat is Armeni's #2 (ep_01) after 1.f2-f4, with the
// en passant answer; postkey_selfmate is Thomas's s#2 (selfref_06) after 1.Qg4-h4; in
// postkey_refutes and postkey_check every black move refutes.
#include "cli_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"

#include "format/input/problem_reader.h"
#include "format/base/notation.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// The lines of a solution text after the stipulation line up to Popeye's end or our verdict,
// blank ones left out and trailing blanks cut.
std::multiset<std::string> block_lines(const std::string& text) {
    std::multiset<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("solution finished") || line.starts_with("verdict:")) break;
        line.erase(line.find_last_not_of(' ') + 1);
        if (!line.empty()) out.insert(line);
    }
    return out;
}

Solution solve_named(const std::string& name, Position& diagram) {
    ReadResult read = read_problem_file(test_data("popeye/postkey/" + name + ".inp"));
    REQUIRE(read.problems.size() == 1);
    const Problem& p = read.problems[0];
    REQUIRE(p.ok());
    CHECK(p.options.post_key_play);
    diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
    CHECK(diagram.side_to_move() == BLACK); // the key has been played
    AnalysisOptions options = analysis_options_for(p.options);
    options.threads = 2;
    return analyse(diagram, p.stipulation, options);
}

} // namespace

TEST_CASE("PostKeyPlay: the play after the key agrees with Popeye", "[postkey][popeye]") {
    struct Case {
        const char* name;
        Verdict verdict;
        int variations;
    };
    for (const Case& c : {Case{"postkey_threat", Verdict::Sound, 7},
                          Case{"postkey_selfmate", Verdict::Sound, 8},
                          Case{"postkey_refutes", Verdict::NoSolution, 2},
                          Case{"postkey_check", Verdict::NoSolution, 1}}) {
        Position diagram;
        Solution sol = solve_named(c.name, diagram);
        std::string ours = text_solution(diagram, sol, {});
        std::string expected = read_file(test_data(std::string("popeye/postkey/") + c.name + ".out"));
        auto stip_line = expected.find("\n  " + sol.stipulation.text);
        REQUIRE(stip_line != std::string::npos);
        expected = expected.substr(expected.find('\n', stip_line + 1));
        INFO(c.name << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        CHECK(block_lines(ours) == block_lines(expected));    // the same lines
        CHECK(parse_solution(ours) == parse_solution(expected)); // under the same defences
        CHECK(sol.root.empty());
        CHECK(sol.verdict == c.verdict);
        CHECK(sol.variations() == c.variations);
    }
}

TEST_CASE("PostKeyPlay: the first line says threat, zugzwang or check", "[postkey]") {
    Position diagram;
    std::string threat = text_solution(diagram, solve_named("postkey_threat", diagram), {});
    CHECK(threat.starts_with("\n threat:\n          2.f4*e5 #\n      1...Rf1*f4\n"));
    std::string zugzwang = text_solution(diagram, solve_named("postkey_selfmate", diagram), {});
    CHECK(zugzwang.starts_with("\n zugzwang.\n"));
    std::string check = text_solution(diagram, solve_named("postkey_check", diagram), {});
    CHECK(check.starts_with("\n +\n      1...Kh8-g8\n        refutes.\n"));
    CHECK(check.find("refuted by 1...Kh8-g8") != std::string::npos);
}

TEST_CASE("PostKeyPlay: the verdict line in the output language", "[postkey][lang]") {
    Position diagram;
    Solution threat = solve_named("postkey_threat", diagram);
    CHECK(text_verdict(diagram, threat, Language::German).find("nach dem Schlüssel: 7 ") !=
          std::string::npos);
    CHECK(text_verdict(diagram, threat, Language::French).find("après la clé: 7 ") !=
          std::string::npos);
    Solution check = solve_named("postkey_check", diagram);
    const std::string italian = text_verdict(diagram, check, Language::Italian);
    CHECK(italian.find("dopo la chiave: ") != std::string::npos);
    CHECK(italian.find("confutato da 1...") != std::string::npos);
    CHECK(italian.find("after the key") == std::string::npos);
}

// A #1 has no play after its key (Popeye prints none): sound when the key mated.
TEST_CASE("PostKeyPlay: #1 and the command line", "[postkey][solve]") {
    ReadResult read = read_problems("stipulation #1\noption PostKeyPlay\npieces white kf6 rh8 black kf8\n"
                                    "nextproblem\nstipulation #1\noption PostKeyPlay\n"
                                    "pieces white kf6 rh7 black kf8\nendproblem\n", "t");
    REQUIRE(read.problems.size() == 2);
    for (int i = 0; i < 2; ++i) {
        const Problem& p = read.problems[size_t(i)];
        REQUIRE(p.ok());
        Position diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
        AnalysisOptions options = analysis_options_for(p.options);
        Solution sol = analyse(diagram, p.stipulation, options);
        CHECK(sol.verdict == (i == 0 ? Verdict::Sound : Verdict::NoSolution));
        CHECK(block_lines(text_solution(diagram, sol, {})).empty());
    }

    Run run = solve_file(test_data("popeye/postkey/postkey_threat.inp"), false);
    CHECK(run.status == 0);
    CHECK(run.out.find(" threat:\n          2.f4*e5 #\n") != std::string::npos);
    CHECK(run.out.find("after the key: 7 variations") != std::string::npos);
    CHECK(run.err.find("PostKeyPlay") == std::string::npos); // not refused, not "not acted on"

    Run json_run = solve_file(test_data("popeye/postkey/postkey_refutes.inp"), true);
    auto j = nlohmann::json::parse(json_run.out.substr(0, json_run.out.find('\n')));
    CHECK(j["verdict"] == "no solution");
    REQUIRE(j.contains("post_key"));
    CHECK(j["post_key"]["threat"][0]["move"] == "Rh7-h8");
    REQUIRE(j["post_key"]["variations"].size() == 2);
    CHECK(j["post_key"]["variations"][0]["refutes"] == true);

    // check: one line per problem, with what the verdict line says.
    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions solve;
    solve.quiet = true;
    solve.hash_mb = 16;
    cli::CheckOptions options{{test_data("popeye/postkey")}, "", {}};
    Run checked = captured([&] { return cli::run_check(common, solve, options); });
    INFO(checked.out << checked.err);
    CHECK(checked.status == 1); // two problems have no solution
    CHECK(checked.out.find("refuted by 1...Kf8-e8, 1...Kf8-g8") != std::string::npos);
    // (The time column between the verdict and the details depends on the machine's load.)
    const size_t details = checked.out.find(" s  after the key: 7 variations");
    REQUIRE(details != std::string::npos);
    const size_t line_start = checked.out.rfind('\n', details) + 1;
    CHECK(checked.out.substr(line_start, details - line_start).find("sound ") != std::string::npos);
}

// Dynamo: the two-mover of examples/dynamo-2.pop (key 1.Rh3-h2!, threat 2.Rc7-c1#) set up after
// its key. The play after the key is the key's tree in the whole solve: the same threat, the same
// defences, and sound (no black move refutes, or the key would not be one).
TEST_CASE("PostKeyPlay under Dynamo rules: the key's tree", "[postkey][dynamo]") {
    ReadResult whole = read_problems("pieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\n"
                                     "condition Dynamo\noption Variation\nend\n", "whole");
    ReadResult after = read_problems("pieces white Kd4 Rc7 Rh2 black Kb1\nstipulation #2\n"
                                     "condition Dynamo\noption PostKeyPlay\nend\n", "after");
    REQUIRE(whole.problems.size() == 1);
    REQUIRE(after.problems.size() == 1);
    auto solve = [](const Problem& p, Position& diagram) {
        diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
        AnalysisOptions options = analysis_options_for(p.options);
        options.threads = 2;
        return analyse(diagram, p.stipulation, options);
    };
    Position d1, d2;
    Solution key = solve(whole.problems[0], d1);
    Solution post = solve(after.problems[0], d2);
    REQUIRE(key.keys() == 1);
    REQUIRE(post.post_key);
    CHECK(post.verdict == Verdict::Sound);
    const PlayNode* k = nullptr;
    for (const RootMove& r : key.root)
        if (r.kind == RootMove::Kind::Key) k = &r.play;
    REQUIRE(k != nullptr);
    CHECK(move_text(d1, k->move, Language::English) == "Rh3-h2");
    // The trees as text, the key's without its line: the same.
    auto lines = [](const std::string& text) {
        std::multiset<std::string> out = block_lines(text);
        for (auto it = out.begin(); it != out.end();)
            it = it->find("!") != std::string::npos || it->find("?") != std::string::npos ? out.erase(it) : std::next(it);
        return out;
    };
    Solution only_key = key;
    std::erase_if(only_key.root, [](const RootMove& r) { return r.kind != RootMove::Kind::Key; });
    std::string whole_text = text_solution(d1, only_key, {});
    std::string post_text = text_solution(d2, post, {});
    INFO(whole_text << "\n" << post_text);
    CHECK(post_text.starts_with("\n threat:\n          2.Rc7-c1 #\n"));
    std::multiset<std::string> post_lines = lines(post_text);
    post_lines.erase(" threat:");
    CHECK(lines(whole_text) == post_lines);
    CHECK(post.variations() == int(k->defences.size()));
}
