// Popeye's NonTrivial M T, KeepMatingPiece and MaxSolutions in battle play (NoShortVariations is
// in test_popeye.cpp, against Popeye's own output): expectations from Popeye's outputs and from
// hand reasoning, each given where it is used.
#include "helpers.h"
#include "problem_helpers.h"

#include "cli/commands.h"
#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"
#include "solver/search/search.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Solution solve(const Loaded& l, const AnalysisOptions& options) {
    Solution sol = analyse(l.diagram, l.problem.stipulation, options);
    REQUIRE(sol.finished);
    return sol;
}

std::set<std::string> keys_of(const Loaded& l, const Solution& sol) {
    std::set<std::string> keys;
    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key)
            keys.insert(move_text(l.diagram, r.play.move, Language::English));
    return keys;
}

std::set<std::string> keys_of(const Loaded& l, SearchRestrictions restrictions, int threads = 2) {
    AnalysisOptions options;
    options.threads = threads;
    options.hash_mb = 16;
    options.restrictions = restrictions;
    return keys_of(l, solve(l, options));
}

SearchRestrictions nontrivial(int m, int t) {
    SearchRestrictions r;
    r.nontrivial_max = m;
    r.nontrivial_length = t;
    return r;
}

// The defender's moves that do not mate the attacker at once (a selfmate's defences).
int non_mating_moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    int count = 0;
    for (Move m : list) {
        pos.make(m);
        count += !is_checkmate(pos);
        pos.unmake();
    }
    return count;
}

} // namespace

// selfref_01 (s#3), Popeye's output: 1.f5-f6! zugzwang, and three variations, 1...e6, 1...exf6 and
// 1...exd6, each answered by a check (2.Qg4+, 2.Qg3+, 2.Sf3+) that leaves Black one move, then
// the selfmate. No threat: Popeye shows every defence but the refutations, so Black has exactly
// these three after the key, none of them trivial for T = 0 (no s#0) nor for T = 1 (Popeye's
// continuations take two more moves: no s#1). After the checks (one defence each) the budget
// stays. So the key needs M >= 2 (1 + M non-trivial defences), whatever T of 0 and 1.
TEST_CASE("NonTrivial M T: a move counts only if the defender has at most 1 + M non-trivial "
          "defences", "[nontrivial][restrictions]") {
    Loaded l = load(test_data("popeye/problems/selfref_01.inp"));
    const std::set<std::string> key = {"f5-f6"};
    Position after_key = l.diagram;
    after_key.make(find_move(after_key, "f5-f6"));
    REQUIRE(non_mating_moves(after_key) == 3);
    REQUIRE(keys_of(l, SearchRestrictions{}) == key);
    CHECK(keys_of(l, nontrivial(2, 0)) == key);
    CHECK(keys_of(l, nontrivial(1, 0)).empty());
    CHECK(keys_of(l, nontrivial(0, 0)).empty());
    CHECK(keys_of(l, nontrivial(2, 1)) == key);
    CHECK(keys_of(l, nontrivial(1, 1)).empty());
    // T = 2: applies only where White has more than 2 moves left after the defence: nowhere.
    CHECK(keys_of(l, nontrivial(0, 2)) == key);
    // The same at one thread (no helpers to hand the budget to).
    CHECK(keys_of(l, nontrivial(2, 0), 1) == key);
    CHECK(keys_of(l, nontrivial(1, 0), 1).empty());
}

// The budget left along the line is part of a node's identity: the same position searched with
// budgets 1 (fails: see above) and 2 (wins) in one table, in both orders, gives both answers. A
// table keyed by the position alone would hand the first answer to the second search.
TEST_CASE("NonTrivial: the transposition table keeps the budgets apart", "[nontrivial][tt]") {
    Loaded l = load(test_data("popeye/problems/selfref_01.inp"));
    for (bool fail_first : {true, false}) {
        TranspositionTable tt(4);
        std::atomic<bool> stop{false};
        MateSearch search(l.problem.stipulation, tt, stop, nullptr, nontrivial(2, 0));
        CHECK(search.nontrivial_budget() == 2); // starts at M
        Position pos = l.diagram;
        for (int round = 0; round < 2; ++round) {
            INFO("fail first: " << fail_first << ", round " << round);
            for (int budget : fail_first ? std::vector<int>{1, 2} : std::vector<int>{2, 1}) {
                search.set_nontrivial_budget(budget);
                CHECK(search.attack(pos, 3) == (budget >= 2 ? Outcome::Win : Outcome::Fail));
                CHECK(search.nontrivial_budget() == budget); // given back after the search
            }
        }
    }
}

// The counts are remembered (NonTrivialCounts) under the node and its budget: the count after
// 1.f5-f6 is capped at the budget + 2, so budget 0 counts 2 and budget 1 counts 3. Remembered
// under the position alone, budget 1 after budget 0 would take its 2 (at most 1 + 1 + 1
// allowed) and let the key win; budget 2 after either would take a count below the 3. Every
// order of the three budgets, in one table.
TEST_CASE("NonTrivial: remembered counts are kept apart by budget", "[nontrivial][tt]") {
    Loaded l = load(test_data("popeye/problems/selfref_01.inp"));
    std::vector<int> budgets{0, 1, 2};
    do {
        TranspositionTable tt(4);
        std::atomic<bool> stop{false};
        MateSearch search(l.problem.stipulation, tt, stop, nullptr, nontrivial(0, 0));
        Position pos = l.diagram;
        for (int round = 0; round < 2; ++round)
            for (int budget : budgets) {
                INFO("budgets " << budgets[0] << budgets[1] << budgets[2] << ", now " << budget);
                search.set_nontrivial_budget(budget);
                CHECK(search.attack(pos, 3) == (budget >= 2 ? Outcome::Win : Outcome::Fail));
            }
    } while (std::next_permutation(budgets.begin(), budgets.end()));
}

// The count itself: after 1.f5-f6 in selfref_01, Black's three moves (above) are non-trivial
// for T = 0; counting stops at the limit. The guard applies where White has more than T moves
// left after the defence.
TEST_CASE("NonTrivial: the non-trivial defences are counted up to a limit", "[nontrivial]") {
    Loaded l = load(test_data("popeye/problems/selfref_01.inp"));
    TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    MateSearch search(l.problem.stipulation, tt, stop, nullptr, nontrivial(0, 0));
    Position pos = l.diagram;
    pos.make(find_move(pos, "f5-f6"));
    CHECK(search.nontrivial_defences(pos, 10) == 3);
    CHECK(search.nontrivial_defences(pos, 2) == 2);
    CHECK(search.nontrivial_applies(3));   // 2 White moves left after the defence > T = 0
    CHECK(search.nontrivial_applies(2));
    CHECK_FALSE(search.nontrivial_applies(1));
    MateSearch t1(l.problem.stipulation, tt, stop, nullptr, nontrivial(0, 1));
    CHECK(t1.nontrivial_applies(3));
    CHECK_FALSE(t1.nontrivial_applies(2));
}

// In orthodox chess a lone king gives no check, so KeepMatingPiece (the side that is to mate keeps
// a piece other than its king) only cuts lines that fail anyway: the same keys everywhere.
TEST_CASE("KeepMatingPiece keeps every orthodox key", "[keepmatingpiece][restrictions]") {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(project_root() + "/problems/collection/orthodox"))
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    SearchRestrictions keep;
    keep.keep_mating_piece = true;
    int compared = 0;
    for (const auto& path : files) {
        Loaded l = load(path.string());
        if (l.problem.stipulation.kind == Stipulation::Kind::Help) continue;
        INFO(path.filename().string());
        CHECK(keys_of(l, keep) == keys_of(l, SearchRestrictions{}));
        ++compared;
    }
    CHECK(compared >= 5);
}

// KeepMatingPiece cuts: White K+R against a king that can take the rook. After 1.Rh1-h7 Kg8xh7
// White has a lone king: with the filter the attacker's node fails before it is searched;
// without it, it is searched and fails.
TEST_CASE("KeepMatingPiece stops at the loss of the last mating piece", "[keepmatingpiece]") {
    // White Ke1 Rh1, Black Kg8: #2 has no solution (a rook needs the king's help).
    Loaded l = load_text("beginproblem\nstipulation #2\npieces white ke1 rh1 black kg8\nendproblem\n");
    TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    SearchRestrictions keep;
    keep.keep_mating_piece = true;
    MateSearch with(l.problem.stipulation, tt, stop, nullptr, keep);
    Position pos = l.diagram;
    pos.make(find_move(pos, "Rh1-h7"));
    pos.make(find_move(pos, "Kg8*h7"));
    const uint64_t before = with.nodes();
    CHECK(with.attack(pos, 1) == Outcome::Fail);
    CHECK(with.nodes() == before); // refused before the node is searched
    TranspositionTable tt2(4);
    MateSearch without(l.problem.stipulation, tt2, stop, nullptr, {});
    CHECK(without.attack(pos, 1) == Outcome::Fail);
    CHECK(without.nodes() > 0);
}

// MaxSolutions N in battle play stops after N keys, in the order Popeye examines the moves, as
// Popeye does (its output for this problem with MaxSolutions 1 is 1.Rb2-h2 #: a one-mover's
// moves come from its mating-move generator, which takes b2's rook before a1's). White Kf7 Ra1 Rb2, Black Kh8, #1 (by hand): Ra1-h1 and Rb2-h2 mate (g7 and g8 are
// the king's, h7 the rook's); Ra1-a8 and Rb2-b8 check, but the king goes to h7; nothing else
// checks. So two keys.
TEST_CASE("MaxSolutions stops battle play after that many keys", "[maxsolutions]") {
    Loaded l = load_text(
        "beginproblem\nstipulation #1\npieces white kf7 ra1 rb2 black kh8\nendproblem\n");
    const std::set<std::string> both = {"Ra1-h1", "Rb2-h2"};
    for (int threads : {1, 2}) {
        INFO(threads << " threads");
        AnalysisOptions options;
        options.threads = threads;
        options.hash_mb = 4;
        Solution all = solve(l, options);
        REQUIRE(keys_of(l, all) == both);
        CHECK_FALSE(all.solutions_capped);
        CHECK(all.verdict == Verdict::Cooked);

        options.max_keys = 1;
        Solution one = solve(l, options);
        std::set<std::string> keys = keys_of(l, one);
        REQUIRE(keys.size() == 1);
        CHECK(both.count(*keys.begin()));
        CHECK(*keys.begin() == "Rb2-h2"); // Popeye's first key
        CHECK(one.solutions_capped);
        CHECK(one.verdict == Verdict::Incomplete); // one key found: soundness unknown
        CHECK(text_verdict(l.diagram, one, Language::English).find("(MaxSolutions)") !=
              std::string::npos);

        options.max_keys = 3;
        Solution three = solve(l, options);
        CHECK(keys_of(l, three) == both);
        CHECK_FALSE(three.solutions_capped);
        CHECK(three.verdict == Verdict::Cooked);
    }
}

// The problem file's MaxSolutions reaches battle play through the options.
TEST_CASE("MaxSolutions is read for battle play", "[maxsolutions]") {
    Loaded l = load_text("beginproblem\nstipulation #1\noption MaxSolutions 1\n"
                         "pieces white kf7 ra1 rb2 black kh8\nendproblem\n");
    AnalysisOptions options = analysis_options_for(l.problem.options);
    CHECK(options.max_keys == 1);
    options.threads = 1;
    options.hash_mb = 4;
    CHECK(keys_of(l, solve(l, options)).size() == 1);
}

// nontriv_06 (s#21, Variations KeepMatingPiece NoThreat NonTrivial 0 0): solve says that the
// verdict holds within the restrictions, in text and JSON, and not that they are ignored.
TEST_CASE("solve reports NonTrivial and KeepMatingPiece as restrictions", "[nontrivial][cli]") {
    const std::string file = test_data("popeye/problems/nontriv_06.inp");
    cli::CommonOptions common;
    common.threads = 1;
    cli::SolveOptions options;
    options.files = {file};
    options.quiet = true;
    options.hash_mb = 16;
    Run text = captured([&] { return cli::run_solve(common, options); });
    CHECK(text.status == 0);
    CHECK(text.out.find("restricted: NonTrivial 0 0, KeepMatingPiece (") != std::string::npos);
    CHECK(text.out.find("verdict: sound") != std::string::npos);
    CHECK(text.err.find("not acted on") == std::string::npos);

    options.json = true;
    Run json = captured([&] { return cli::run_solve(common, options); });
    auto j = nlohmann::json::parse(json.out);
    CHECK(j["restrictions"] ==
          nlohmann::json({{"nontrivial", {0, 0}}, {"keep_mating_piece", true}}));
}

// The budget reaches the helpers that search defences in parallel: the same text at 1, 2 and 4
// threads (at 2 and 4 the defences with 4 or more moves left are split among helpers).
TEST_CASE("NonTrivial solutions are the same text at 1, 2 and 4 threads",
          "[nontrivial][determinism]") {
    for (const std::string name : {"nontriv_06", "nontriv_07"}) {
        Loaded l = load(test_data("popeye/problems/" + name + ".inp"));
        std::string first;
        for (int threads : {1, 2, 4}) {
            AnalysisOptions options = analysis_options_for(l.problem.options);
            options.threads = threads;
            options.hash_mb = 16;
            Solution sol = solve(l, options);
            std::string text = text_solution(l.diagram, sol, {});
            INFO(name << ", " << threads << " threads");
            CHECK(sol.keys() == 1);
            if (first.empty()) first = text;
            else CHECK(text == first);
        }
    }
}

// Popeye's header marks the options that limit the search on the stipulation (its WriteOptions,
// output/plaintext/position.c), whether they apply or not (threat_not_applicable/*.out: "#2/5"),
// and ends the piece counts in column 35 (castling_11.out: "  #6/1" ... "6 + 11").
TEST_CASE("The header's stipulation carries Threat, MaxFlightsquares and NonTrivial as Popeye's",
          "[header][restrictions]") {
    const std::string pieces =
        "pieces white ke1 qa7 rh1 black kc1 pa2 pb2 pc2 pd2 pe2 pf2 pg2 ph2 pa3\n";
    auto header_line = [&](const std::string& stip, const std::string& option) {
        Loaded l =
            load_text("beginproblem\nstipulation " + stip + "\n" +
                      (option.empty() ? "" : "option " + option + "\n") + pieces + "endproblem\n");
        std::string h =
            text_header(l.problem, l.diagram,
                        effective_stipulation(l.problem.stipulation, l.problem.options), {});
        auto last = h.rfind('\n', h.size() - 2);
        return h.substr(last + 1, h.size() - last - 2);
    };
    // Each line as Popeye 4.104 writes it for the same input.
    CHECK(header_line("#2", "") == "  #2                         3 + 10");
    CHECK(header_line("#2", "Threat 5") == "  #2/5                       3 + 10");
    CHECK(header_line("s#3", "MaxFlightsquares 0") == "  s#3//0                     3 + 10");
    CHECK(header_line("#10", "MaxFlightsquares 1 Threat 1") ==
          "  #10/1/1                    3 + 10");
    CHECK(header_line("s#21", "NonTrivial 0 0") == "  s#21;0,0                   3 + 10");
    CHECK(header_line("r#3", "Threat 2 MaxFlightsquares 3 NonTrivial 1 2") ==
          "  r#3/2/3;1,2                3 + 10");
    CHECK(header_line("h#2", "WhiteToPlay Threat 1") == "  h#1.5/1                    3 + 10");
    // Too long for the column: the counts follow at once, as Popeye's.
    CHECK(header_line("#2", "Threat 99999999 MaxFlightsquares 64 NonTrivial 999999999 99999999") ==
          "  #2/99999999/64;999999999,999999993 + 10");
}
