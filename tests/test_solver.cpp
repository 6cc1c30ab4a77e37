// The solver against the independent reference solver's Dynamo problems (keys under each rule
// set, tries refuted once), determinism across thread counts, and the time limit.
#include "helpers.h"

#include "format/report_text.h"
#include "format/stipulation_text.h"
#include "solver/analysis.h"

#include <chrono>
#include <map>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Stipulation stipulation(const std::string& text) {
    Stipulation s;
    std::string error;
    if (!parse_stipulation(text, s, &error)) FAIL(error);
    return s;
}

std::set<std::string> words(const std::string& cell) {
    std::set<std::string> out;
    std::stringstream ss(cell);
    for (std::string w; ss >> w;)
        if (w != "-") out.insert(w);
    return out;
}

Solution solve(const Position& pos, const Stipulation& stip, AnalysisOptions options = {}) {
    if (options.threads == 0) options.threads = 2;
    return analyse(pos, stip, options);
}

std::set<std::string> keys_of(const Position& pos, const Solution& sol) {
    std::set<std::string> keys;
    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key) keys.insert(move_text(pos, r.play.move));
    return keys;
}

// "try>refutation" for every try refuted by exactly one defence.
std::set<std::string> single_refutation_tries(const Position& pos, const Solution& sol) {
    std::set<std::string> out;
    for (const RootMove& r : sol.root) {
        if (r.kind != RootMove::Kind::Try || r.refutations.size() != 1) continue;
        Position after = pos;
        after.make(r.play.move);
        out.insert(move_text(pos, r.play.move) + ">" + move_text(after, r.refutations[0].move));
    }
    return out;
}

// keys_by_switch: "KingThroughCheck: Qc4-b5/a6E; vchess: Qc4-b5/a6E" or "-".
std::map<std::string, std::set<std::string>> keys_by_switch(const std::string& cell) {
    std::map<std::string, std::set<std::string>> out;
    if (cell == "-") return out;
    std::stringstream ss(cell);
    for (std::string part; std::getline(ss, part, ';');) {
        auto colon = part.find(':');
        std::string name = part.substr(0, colon);
        name.erase(0, name.find_first_not_of(' '));
        out[name] = words(part.substr(colon + 1));
    }
    return out;
}

} // namespace

TEST_CASE("Dynamo problems: the keys of the reference solver", "[solver][dynref]") {
    auto rows = read_tsv(refdata("dynref/problems.tsv"));
    REQUIRE(rows.size() >= 20);
    for (const auto& row : rows) {
        const std::string &id = row[0], &fen = row[1];
        Stipulation stip = stipulation(row[2]);
        INFO("problem " << id << " " << fen << " " << row[2]);

        Position pos = position(fen);
        AnalysisOptions options;
        options.tries = true;
        options.max_refutations = 1;
        Solution sol = solve(pos, stip, options);
        CHECK(keys_of(pos, sol) == words(row[5]));
        CHECK(int(keys_of(pos, sol).size()) == std::stoi(row[4]));
        std::string verdict = row[3] == "none" ? "no solution" : row[3];
        CHECK(std::string(verdict_name(sol.verdict)).starts_with(verdict));
        if (stip.moves == 2 && stip.kind == Stipulation::Kind::Direct)
            CHECK(single_refutation_tries(pos, sol) == words(row[6]));

        Position vchess = position(fen, RuleSet::vchess());
        CHECK(keys_of(vchess, solve(vchess, stip)) == words(row[7]));

        for (const auto& [name, keys] : keys_by_switch(row[8])) {
            std::string error;
            auto rules = RuleSet::parse(name == "vchess" ? "vchess" : "Dynamo " + name, &error);
            REQUIRE(rules);
            Position switched = position(fen, *rules);
            INFO("under " << name);
            CHECK(keys_of(switched, solve(switched, stip)) == keys);
        }
    }
}

TEST_CASE("The solution text is the same for 1 and 2 threads", "[solver][determinism]") {
    const char* cases[][2] = {
        {"8/5K2/1k6/5Rp1/5Q2/P1P5/6R1/8 w - - 0 1", "#2"},  // dynref P20: six keys, duals
        {"8/8/8/8/3QP3/1RN5/2k5/K7 w - - 0 1", "s#2"},      // dynref P36
        {"8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1", "#2"},         // dynref P13: four tries
    };
    for (const auto& c : cases) {
        Position pos = position(c[0]);
        AnalysisOptions options;
        options.tries = options.variations = true;
        options.max_refutations = 3;
        std::string texts[2];
        for (int t : {1, 2}) {
            options.threads = t;
            Solution sol = analyse(pos, stipulation(c[1]), options);
            CHECK(sol.threads == t);
            texts[t - 1] = text_solution(pos, sol, {});
        }
        INFO(c[0]);
        CHECK(texts[0] == texts[1]);
        CHECK(texts[0].find("verdict:") != std::string::npos);
    }
}

TEST_CASE("The time limit stops the search and says unfinished", "[solver][maxtime]") {
    // The initial position as a #4 under Dynamo: far too big to finish in half a second.
    Position pos = position(std::string(START_FEN));
    AnalysisOptions options;
    options.max_seconds = 0.5;
    auto start = std::chrono::steady_clock::now();
    Solution sol = analyse(pos, stipulation("#4"), options);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(sol.verdict == Verdict::Unfinished);
    CHECK_FALSE(sol.finished);
    CHECK(seconds < 1.5);
    CHECK(sol.first_moves_done < sol.first_moves_total);
}

TEST_CASE("An illegal diagram is reported, not solved", "[solver][illegal]") {
    // Black (not to move) is in check: the pawn g7 pushes the king h8 off.
    Position pos = position("7k/6P1/8/8/8/8/8/K7 w - - 0 1");
    Solution sol = analyse(pos, stipulation("#1"), {});
    CHECK(sol.verdict == Verdict::Illegal);
    CHECK(sol.illegal_reason == "the side not to move (black) is in check");
    CHECK(sol.root.empty());
}
