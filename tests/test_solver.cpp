// The solver against the independent reference solver's Dynamo problems (keys under each rule
// set, tries refuted once), determinism across thread counts, and the time limit.
#include "helpers.h"

#include "format/output/report_text.h"
#include "format/base/rules_text.h"
#include "format/base/stipulation_text.h"
#include "solver/analysis/analysis.h"

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
    auto rows = read_tsv(test_data("dynref/problems.tsv"));
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
            auto rules = parse_rules(name == "vchess" ? "vchess" : "Dynamo " + name, &error);
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

namespace {

std::set<std::string> keys_of_problem(const std::string& fen, const std::string& stip,
                                      RuleSet rules = RuleSet::dynamo_default()) {
    Position pos = position(fen, rules);
    AnalysisOptions options;
    options.threads = 2;
    return keys_of(pos, analyse(pos, stipulation(stip), options));
}

bool mates(Position pos, const std::string& move) {
    pos.make(find_move(pos, move));
    return is_checkmate(pos);
}

} // namespace

// Hand-made problems, one per special rule; each comment gives the reasoning for the claims.
TEST_CASE("Hand-made: a key that is a stationary pull", "[solver][handmade]") {
    // White Ka3 Rb4 Pa4 Ph4 Rg1 Rh1, black Kh8. Rb4 pulls the pawn h4 along rank 4 without
    // moving (it cannot move west: a4 is taken), opening the h-file: Rh1 pushes h8 off. The
    // king's flights g8, g7 are on the g-file of Rg1 (the pawn landing on e4 does not block it),
    // h7 stays on the h-file; it has no piece to push or pull. Mate.
    const char* fen = "7k/8/8/8/PR5P/K7/8/6RR w - - 0 1";
    CHECK(mates(position(fen), "Rb4/h4-e4"));
    CHECK(keys_of_problem(fen, "#1").count("Rb4/h4-e4"));
    // Landing on g4 blocks the g-file: Kg8 escapes.
    CHECK_FALSE(mates(position(fen), "Rb4/h4-g4"));
    // Without stationary pulls the move does not exist.
    RuleSet no_pull = RuleSet::dynamo_default();
    no_pull.no_stationary_pull = true;
    CHECK_FALSE(has_move(position(fen, no_pull), "Rb4/h4-e4"));
}

TEST_CASE("Hand-made: mate by pulling the king off", "[solver][handmade]") {
    // White Ka1 Rd1 Rg8, black Kh5 Ph6. 1.Rd1-h1: the pawn h6 stops a push, but the rook can
    // leave the board downwards dragging the king out: check by pull. Flights g4-g6 lie on
    // Rg8's file (push downwards), h4 stays on the h-file; the pawn cannot leave the file; the
    // king pushing or pulling its pawn leaves it on the h-file. Mate.
    const char* fen = "6R1/8/7p/7k/8/8/8/K2R4 w - - 0 1";
    CHECK(mates(position(fen), "Rd1-h1"));
    CHECK(keys_of_problem(fen, "#1").count("Rd1-h1"));
    // The same with a white pawn under the rook: neither push nor pull, no check.
    Position blocked = position("6R1/8/7p/7k/8/8/7R/K6P b - - 0 1");
    CHECK_FALSE(blocked.in_check());
    CHECK(position("6R1/8/7p/7k/8/8/8/K6R b - - 0 1").in_check());
}

TEST_CASE("Hand-made: promotion by push, the pusher chooses the piece", "[solver][handmade]") {
    // White Ka1 Rb1 Pb6 Ra7, black Kh8. Rb1 pushes the pawn two squares to b8: as a queen or
    // rook it pushes h8 off along rank 8 (g8 then too), Ra7 covers g7 and h7: mate. As a bishop
    // or knight it gives no check.
    const char* fen = "7k/R7/1P6/8/8/8/8/KR6 w - - 0 1";
    auto keys = keys_of_problem(fen, "#1");
    CHECK(keys.count("Rb1/b6-b8=Q"));
    CHECK(keys.count("Rb1/b6-b8=R"));
    CHECK_FALSE(keys.count("Rb1/b6-b8=B"));
    CHECK_FALSE(keys.count("Rb1/b6-b8=S"));
    CHECK(has_move(position(fen), "Rb1/b6-b8=B"));
    CHECK(has_move(position(fen), "Rb1/b6-b8=S"));
}

TEST_CASE("Hand-made: castling after the rook was pulled away and pushed back", "[solver][handmade]") {
    // White Ke1 Rh1 Rh3 Rg2, black Ka1. Rh3 pulls Rh1 to h2 without moving, later pushes it back:
    // the rook was the passive piece both times and keeps its right (docs/rules.md, Castling).
    // Then 0-0 mates: Rf1 pushes a1 off along rank 1; a2 and b2 are on Rg2's rank, b1 on rank 1.
    for (bool strict : {false, true}) {
        RuleSet rules = RuleSet::dynamo_default();
        rules.strict_castling = strict;
        Position pos = position("8/8/8/8/8/7R/6R1/k3K2R w K - 0 1", rules);
        // Under StrictCastling being pulled loses the right, so the pull has the result of the
        // rook's own step and is written as it (docs/rules.md, A move is what it does).
        auto line = strict ? std::vector<std::string>{"Rh1-h2", "Ka1-b1", "Rh2-h1", "Kb1-a1"}
                           : std::vector<std::string>{"Rh3/Rh1-h2", "Ka1-b1", "Rh3/Rh2-h1", "Kb1-a1"};
        for (const auto& m : line) pos.make(find_move(pos, m));
        AnalysisOptions options;
        Solution sol = analyse(pos, stipulation("#1"), options);
        INFO("StrictCastling " << strict);
        CHECK(keys_of(pos, sol).count("0-0") == (strict ? 0u : 1u));
        if (!strict) CHECK(mates(pos, "0-0"));
    }
}

TEST_CASE("Reference: a defence refused by the no-undo rule", "[solver][undo]") {
    // dynref P32 (s#2, features no-undo-matters): the reference solver's only key, which no
    // longer works when the no-undo rule binds only dynamo moves (keys_by_switch).
    const char* fen = "8/6P1/8/8/2Q5/N7/6k1/4qK2 w - - 0 1";
    CHECK(keys_of_problem(fen, "s#2") == std::set<std::string>{"Kf1-g2/Kg2-h3"});
    RuleSet undo = RuleSet::dynamo_default();
    undo.undo_dynamo_only = true;
    CHECK(keys_of_problem(fen, "s#2", undo).empty());
}
