// Popeye's search restrictions, Threat T and MaxFlightsquares F (SearchRestrictions): what they
// take away, what they keep, and how the reports say that a verdict holds only within them.
// (Against Popeye's own outputs, castling_11, ep_02 and ep_02_noflightlimit, which use them, are
// compared in test_popeye.cpp.)
#include "helpers.h"
#include "problem_helpers.h"

#include "cli/commands.h"
#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::set<std::string> keys_of(const Loaded& l, SearchRestrictions restrictions) {
    AnalysisOptions options;
    options.threads = 2;
    options.hash_mb = 16;
    options.restrictions = restrictions;
    Solution sol = analyse(l.diagram, l.problem.stipulation, options);
    REQUIRE(sol.finished);
    // Threat T >= N is not applicable (Popeye's word): kept apart, not searched.
    const int n = l.problem.stipulation.moves;
    CHECK(sol.restrictions == restrictions.applied(n));
    CHECK(sol.unapplied == restrictions.unapplied(n));
    std::set<std::string> keys;
    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key) keys.insert(move_text(l.diagram, r.play.move, Language::English));
    return keys;
}

SearchRestrictions threat(int t) { return {t, -1}; }
SearchRestrictions flights(int f) { return {-1, f}; }

} // namespace

// castling_03 (#3): Popeye's output gives the key 1.Qf8-e7 a two-move threat (2.Ra1-a3
// zugzwang, then mate). After the key the black king (e5) has one flight, 1...Kxe4: d4 and f4
// are the knight's, d5 and f5 the e4 pawn's, d6 the queen's, f6 is guarded by the queen. After
// 1...Kxe4 2.Qxe6+ (the only mate in 2 then) the king has two, d3 and f3 (d4 and f4 the
// knight's, d5, e5, f5 and e3 the queen's), but as in Popeye flights count only where Black has
// a move to come after White's next one: not after White's second move of a #3, so the key
// stays under MaxFlightsquares 1 (Popeye's output: tests/data/popeye/flights).
TEST_CASE("Threat and MaxFlightsquares keep or drop a key by its threat and its flights",
          "[restrictions]") {
    Loaded l = load(test_data("popeye/problems/castling_03.inp"));
    const std::set<std::string> key = {"Qf8-e7"};
    REQUIRE(keys_of(l, {}) == key);
    CHECK(keys_of(l, threat(1)).empty()); // no mate in 1 threatened
    CHECK(keys_of(l, threat(2)) == key);
    CHECK(keys_of(l, threat(0)).empty()); // the key gives no check
    CHECK(keys_of(l, flights(0)).empty());
    CHECK(keys_of(l, flights(1)) == key);
    CHECK(keys_of(l, flights(2)) == key);
    CHECK(keys_of(l, {2, 2}) == key);
    CHECK(keys_of(l, {1, 2}).empty());
    CHECK(keys_of(l, {2, 1}) == key);
    CHECK(keys_of(l, {2, 0}).empty());
}

// battle_play_23 (s#2): the key 1.Qg4-d1 is a zugzwang (Popeye's output), so it threatens
// nothing: a threat limit that applies after it (White has 1 move left, T <= 1) drops it; T = 2
// does not apply at all.
TEST_CASE("Threat in a selfmate: a zugzwang key is dropped where the limit applies",
          "[restrictions]") {
    Loaded l = load(test_data("popeye/problems/battle_play_23.inp"));
    const std::set<std::string> key = {"Qg4-d1"};
    REQUIRE(keys_of(l, {}) == key);
    CHECK(keys_of(l, threat(1)).empty());
    CHECK(keys_of(l, threat(2)) == key);
}

// A restriction only ever refuses attacker moves: the keys within it are keys without it.
TEST_CASE("Restricted keys are a subset of the unrestricted keys", "[restrictions]") {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(project_root() + "/problems/collection/orthodox"))
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    int with_keys = 0, narrowed = 0;
    for (const auto& path : files) {
        Loaded l = load(path.string());
        if (l.problem.stipulation.kind == Stipulation::Kind::Help) continue;
        INFO(path.filename().string());
        std::set<std::string> all = keys_of(l, {});
        with_keys += !all.empty();
        for (SearchRestrictions r : {threat(1), flights(1), flights(0), SearchRestrictions{1, 2},
                                     SearchRestrictions{-1, -1, 0, 0}, // NonTrivial 0 0
                                     SearchRestrictions{-1, -1, 1, 1}}) {
            std::set<std::string> within = keys_of(l, r);
            CHECK(std::includes(all.begin(), all.end(), within.begin(), within.end()));
            narrowed += within.size() < all.size();
        }
    }
    CHECK(with_keys >= 5);
    CHECK(narrowed > 0); // the restrictions did take something away somewhere
}

TEST_CASE("solve and check say that the verdict holds within the restrictions", "[restrictions][cli]") {
    const std::string file = test_data("popeye/problems/ep_02.inp");
    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions options;
    options.files = {file};
    options.quiet = true;
    options.hash_mb = 16;
    Run text = captured([&] { return cli::run_solve(common, options); });
    CHECK(text.status == 0);
    CHECK(text.out.find("restricted: Threat 1, MaxFlightsquares 1 (") != std::string::npos);

    options.json = true;
    Run json = captured([&] { return cli::run_solve(common, options); });
    auto j = nlohmann::json::parse(json.out);
    CHECK(j["restrictions"] == nlohmann::json({{"threat", 1}, {"max_flightsquares", 1}}));

    cli::CheckOptions check;
    check.paths = {file};
    options.json = false;
    Run table = captured([&] { return cli::run_check(common, options, check); });
    CHECK(table.out.find("restricted by Threat 1, MaxFlightsquares 1") != std::string::npos);
    CHECK(table.out.find("ignored option") == std::string::npos);
}

// The restrictions reach the helpers that search defences in parallel (HelperPool): the text is
// the same whatever the thread count.
TEST_CASE("Restricted solutions are the same text at 1, 2 and 4 threads", "[restrictions][determinism]") {
    Loaded l = load(test_data("popeye/problems/ep_02.inp"));
    std::string first;
    for (int threads : {1, 2, 4}) {
        AnalysisOptions options = analysis_options_for(l.problem.options);
        options.threads = threads;
        options.hash_mb = 16;
        REQUIRE(options.restrictions == SearchRestrictions{1, 1});
        Solution sol = analyse(l.diagram, l.problem.stipulation, options);
        std::string text = text_solution(l.diagram, sol, {});
        INFO(threads << " threads");
        CHECK(sol.keys() == 1);
        if (first.empty()) first = text;
        else CHECK(text == first);
    }
}
