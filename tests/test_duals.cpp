// Duals as problemists count them (docs/duals.md), on problems built for the purpose (found among
// random positions by the solver, then checked by hand; the orthodox ones agree move for move with
// Popeye 4.104's tree for the same file). Each test says why its play is, or is not, a dual.
#include "helpers.h"
#include "problem_helpers.h"

#include "format/base/problem.h"
#include "format/output/report_json.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Solution solved(const Loaded& l) {
    AnalysisOptions options = analysis_options_for(l.problem.options);
    options.threads = 1;
    options.hash_mb = 4;
    Solution sol = analyse(l.diagram, l.problem.stipulation, options);
    REQUIRE(sol.finished);
    return sol;
}

// The verdict block's lines, without its summary line.
std::vector<std::string> findings(const Loaded& l, const Solution& sol) {
    std::istringstream in(text_verdict(l.diagram, sol, Language::English));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("verdict:", 0) != 0) lines.push_back(line);
    return lines;
}

std::string summary(const Loaded& l, const Solution& sol) {
    std::string block = text_verdict(l.diagram, sol, Language::English);
    return block.substr(block.find("verdict:"));
}

using Lines = std::vector<std::string>;

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("duals: a defence answered by two mates is one mate dual, two threats are a threat dual",
          "[duals]") {
    // 1.Qa7! threatens 2.Qd7# and 2.Qe7#: two threats, a threat dual (not a dual). 1...Rf7 guards
    // d7 and e7, so neither threat works: a defence. White then has 2.Qb8# and 2.Qa8#: one mate
    // dual.
    Loaded l = load_text("beginproblem\nstipulation #2\noption Variations\n"
                         "pieces white kd6 qa1 se6 pb3 black ke8 rf8 ph6\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.verdict == Verdict::SoundWithDuals);
    CHECK(sol.duals_of(DualKind::Mate) == 1);
    CHECK(sol.duals_of(DualKind::Continuation) == 0);
    CHECK(sol.duals_of(DualKind::Threat) == 1);
    CHECK(findings(l, sol) == Lines{"threat dual: after 1.Qa1-a7: 2.Qa7-d7 / 2.Qa7-e7",
                                    "mate dual: after 1.Qa1-a7 Rf8-f7: 2.Qa7-b8 / 2.Qa7-a8"});
    CHECK(summary(l, sol) == "verdict: sound, with duals key 1.Qa1-a7; 1 variation; 0 tries; "
                             "1 dual (1 mate, 0 continuation); 1 threat dual\n");
}

TEST_CASE("duals: a black move that leaves a threat working, answered by two mates, is no dual",
          "[duals]") {
    // 1.Kc6! threatens 2.Qe8# and 2.Ra8# (a threat dual). 1...Bf4 stops 2.Ra8+ (Bb8 interposes)
    // but not 2.Qe8#: it is shown, as Popeye shows it, yet is no defence, so 2.Qe8# / 2.Qg8#
    // after it is no dual. The king's moves each leave one mate: nothing doubled. Sound.
    Loaded l = load_text("beginproblem\nstipulation #2\noption Variations\n"
                         "pieces white kd6 qg6 ra1 black kc8 pe7 pe2 bh6\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.verdict == Verdict::Sound);
    CHECK(sol.real_duals() == 0);
    CHECK(findings(l, sol) == Lines{"threat dual: after 1.Kd6-c6: 2.Qg6-e8 / 2.Ra1-a8"});
    // The move is in the tree, with both mates, marked as no defence.
    const PlayNode& key = sol.root.at(0).play;
    auto bf4 = std::find_if(key.defences.begin(), key.defences.end(),
                            [&](const DefenceNode& d) { return d.continuations.size() == 2; });
    REQUIRE(bf4 != key.defences.end());
    CHECK_FALSE(bf4->defends);
    CHECK(summary(l, sol) ==
          "verdict: sound          key 1.Kd6-c6; 3 variations; 0 tries; no duals; "
          "1 threat dual\n");
}

TEST_CASE("duals: Dynamo, a move that leaves a threat working is no defence", "[duals]") {
    // 1.Rg2/Bg3E (the rook pushes the bishop off the board) threatens 2.Rg1/Qg2# and 2.Qb1/f5E#
    // (the queen pulls the pawn off). 1...f4 stops the second threat only: 2.Rg1/Qg2# still
    // mates, so 2.Rg1/Qg2# / 2.Qb1# after it are no dual. 1...Kf1: one mate.
    Loaded l = load_text("beginproblem\nstipulation #2\noption Variations\ncondition Dynamo\n"
                         "pieces white kh4 qg6 rg4 black ke1 pf5 pc6 bg3\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.verdict == Verdict::Sound);
    CHECK(findings(l, sol) ==
          Lines{"threat dual: after 1.Rg4-g2/Bg3E: 2.Rg2-g1/Qg6-g2 / 2.Qg6-b1/f5E"});
}

TEST_CASE("duals: Dynamo, in zugzwang every black move is a defence", "[duals]") {
    // 1.Qc5/h5-d5 (the queen pulls the pawn) threatens nothing: zugzwang, so every black move
    // defends. 1...Ka4 is answered by four mates on b4 and a3 (two of them pulling the knight):
    // one mate dual.
    Loaded l = load_text("beginproblem\nstipulation #2\noption Variations\ncondition Dynamo\n"
                         "pieces white ke2 qd5 se7 pf3 black kb5 ra5 ph5\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.root.at(0).play.zugzwang);
    CHECK(sol.verdict == Verdict::SoundWithDuals);
    CHECK(findings(l, sol) ==
          Lines{"mate dual: after 1.Qd5-c5/h5-d5 Kb5-a4: 2.Qc5-b4 / 2.Qc5-b4/Se7-d6 / "
                "2.Qc5-b4/Se7-c5 / 2.Qc5-a3/Se7-d6"});
}

TEST_CASE("duals: a short mate after a defence in a #3 is short, not a dual", "[duals]") {
    // 1.Rg8+! Every black move answers the check: each is a defence. 1...Kh6 is mated at once by
    // 2.Qh3# or 2.Qh1#: mates sooner than the #3 allows, a short mate, not a dual. 1...Kh7
    // 2.Qxf7+ Kh6 then has five mates on the third move: a mate dual.
    Loaded l = load_text("beginproblem\nstipulation #3\noption Variations\n"
                         "pieces white kg4 qf1 ra8 black kg6 pf7 pe5 ba5\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.duals_of(DualKind::Short) == 1);
    CHECK(sol.duals_of(DualKind::Mate) == 1);
    CHECK(sol.duals_of(DualKind::Continuation) == 0);
    CHECK(findings(l, sol) ==
          Lines{"short mate: after 1.Ra8-g8 Kg6-h6: 2.Qf1-h3 / 2.Qf1-h1 (in 1 move, 2 allowed)",
                "mate dual: after 1.Ra8-g8 Kg6-h7 2.Qf1*f7 Kh7-h6: 3.Qf7-h5 / 3.Qf7-g6 / "
                "3.Qf7-g7 / 3.Rg8-g6 / 3.Rg8-h8"});
    CHECK(summary(l, sol) == "verdict: sound, with duals key 1.Ra8-g8; 2 variations; 0 tries; "
                             "1 dual (1 mate, 0 continuation); 1 short mate\n");
}

TEST_CASE("duals: a continuation dual in a #3", "[duals]") {
    // 1.Qxd7+ Kb8 (forced) and White has two second moves, 2.Sxd6 and 2.Bd5, each threatening
    // 3.Qb7#: a continuation dual (the mates after them are single).
    Loaded l = load_text("beginproblem\nstipulation #3\noption Variations\n"
                         "pieces white kf7 qe7 be6 sf5 black kc8 pa2 pd6 sd7\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.verdict == Verdict::SoundWithDuals);
    CHECK(findings(l, sol) ==
          Lines{"continuation dual: after 1.Qe7*d7 Kc8-b8: 2.Sf5*d6 / 2.Be6-d5"});
    CHECK(summary(l, sol) == "verdict: sound, with duals key 1.Qe7*d7; 1 variation; 0 tries; "
                             "1 dual (0 mate, 1 continuation)\n");
}

TEST_CASE("duals: below a continuation dual only the first continuation's play is examined",
          "[duals]") {
    // 1.Rc2+ Kh1 has three continuations, 2.Qe1+ / 2.Qf3+ / 2.Qh3+: a continuation dual. After
    // 2.Qf3+ Kg1 White has 3.Qd1# and 3.Qg2#, but that branch is the dual already and is not
    // counted again. 1...Kg1 2.Qa1# / 2.Qe1#: short. 1...Bf2 2.Rxf2+ Kh1: three mates, a mate dual.
    Loaded l = load_text("beginproblem\nstipulation #3\noption Variations\n"
                         "pieces white kg6 qc3 rc1 black kh2 pe5 pe6 ba7\nendproblem\n");
    Solution sol = solved(l);
    CHECK(sol.duals_of(DualKind::Continuation) == 1);
    CHECK(sol.duals_of(DualKind::Mate) == 1);
    CHECK(sol.duals_of(DualKind::Short) == 1);
    CHECK(
        findings(l, sol) ==
        Lines{"short mate: after 1.Rc1-c2 Kh2-g1: 2.Qc3-a1 / 2.Qc3-e1 (in 1 move, 2 allowed)",
              "continuation dual: after 1.Rc1-c2 Kh2-h1: 2.Qc3-e1 / 2.Qc3-f3 / 2.Qc3-h3",
              "mate dual: after 1.Rc1-c2 Ba7-f2 2.Rc2*f2 Kh2-h1: 3.Qc3-a1 / 3.Qc3-e1 / 3.Qc3-c1"});
}

TEST_CASE("duals: JSON gives each finding its kind and counts them", "[duals]") {
    Loaded l = load_text("beginproblem\nstipulation #2\noption Variations\n"
                         "pieces white kd6 qa1 se6 pb3 black ke8 rf8 ph6\nendproblem\n");
    Solution sol = solved(l);
    nlohmann::json j = solution_json(l.problem, "", l.diagram, sol, Language::English);
    CHECK(j["duals"] ==
          nlohmann::json{{"mate", 1}, {"continuation", 0}, {"threat", 1}, {"short", 0}});
    REQUIRE(j["findings"].size() == 2);
    CHECK(j["findings"][0]["type"] == "threat_dual");
    CHECK(j["findings"][0]["kind"] == "threat");
    CHECK(j["findings"][0]["continuations"][0]["move"] == "Qa7-d7");
    CHECK(j["findings"][1]["type"] == "dual");
    CHECK(j["findings"][1]["kind"] == "mate");
    CHECK(j["findings"][1]["length"] == 1);
}

TEST_CASE("duals: a #5's tree is no longer than Popeye's, its duals the problemist's", "[duals]") {
    // A #5 composed for this (tests/data/popeye/duals/composed_5.inp) and Popeye's output for
    // it. Before duals were counted after defences only, this printed 53 `dual:` lines: every
    // point where White had two moves, after non-defences and inside the branches of a dual too.
    Loaded l = load(test_data("popeye/duals/composed_5.inp"));
    Solution sol = solved(l);
    std::string tree = text_solution(l.diagram, sol, {});
    tree.resize(tree.size() - text_verdict(l.diagram, sol, Language::English).size());
    std::string popeye = file_text(test_data("popeye/duals/composed_5.out"));
    size_t from = popeye.find("\n  #5"), to = popeye.find("solution finished.");
    REQUIRE(to != std::string::npos);
    popeye = popeye.substr(popeye.find('\n', from + 1), to - popeye.find('\n', from + 1));
    auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
    CHECK(lines(tree) <= lines(popeye)); // 937 and 938 (Popeye ends with a blank line more)
    CHECK(sol.duals_of(DualKind::Mate) == 0);
    CHECK(sol.duals_of(DualKind::Continuation) == 3);
    CHECK(sol.duals_of(DualKind::Threat) == 2);
    CHECK(sol.duals_of(DualKind::Short) == 0);
    CHECK(findings(l, sol).size() == 5);
}
