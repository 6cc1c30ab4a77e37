// `dynamo solve` and `dynamo mate` end to end: the verdict of a twinned problem as a whole, and
// helpmates searched from a FEN.
#include "helpers.h"
#include "cli_helpers.h"

#include "cli/commands.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;

namespace {

Run solve(const std::string& file, bool json_output) { return solve_file(file, json_output); }

Run mate(const std::string& fen, const std::string& stip, const std::string& rules, bool upto) {
    cli::CommonOptions common;
    common.threads = 2;
    common.fen = fen;
    common.rules = rules;
    common.rules_given = true;
    cli::SolveOptions options;
    options.stipulation = stip;
    options.upto = upto;
    options.quiet = true;
    options.json = true;
    options.hash_mb = 16;
    return captured([&] { return cli::run_mate(common, options); });
}

} // namespace

TEST_CASE("solve: a twinned problem gets each twin's verdict, then the whole problem's",
          "[solve]") {
    // special.txt:1 is dynref P01 (a sound #1) twinned as #2, where that mate in 1 is short.
    const std::string file = project_root() + "/problems/collection/special.txt";
    Run text = solve(file, false);
    CHECK(text.status == 0);
    CHECK(text.out.find("problem verdict: short (2 twins)") != std::string::npos);
    // Once, after the last twin: the other problems of the file have no twins.
    CHECK(text.out.find("problem verdict:") == text.out.rfind("problem verdict:"));

    Run lines = solve(file, true);
    std::vector<json> objects;
    std::istringstream in(lines.out);
    for (std::string line; std::getline(in, line);) objects.push_back(json::parse(line));
    REQUIRE(objects.size() >= 2);
    CHECK(objects[0]["twin"] == "a)");
    CHECK(objects[0]["verdict"] == "sound");
    CHECK_FALSE(objects[0].contains("problem_verdict"));
    CHECK(objects[1]["twin"] == "b) #2");
    CHECK(objects[1]["verdict"] == "short");
    CHECK(objects[1]["problem_verdict"] == "short");
}

TEST_CASE("mate: helpmates from a FEN, Black moves first whatever the FEN says", "[solve]") {
    // Popeye's castling_02 (tests/data/popeye/expected/castling_02.out): one solution.
    const std::string fen = "B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R w K - 0 1";
    Run run = mate(fen, "h#2", "orthodox", false);
    CHECK(run.status == 0);
    CHECK(run.err.find("Black moves first") != std::string::npos);
    json j = json::parse(run.out);
    CHECK(j["stipulation"] == "h#2");
    CHECK(j["verdict"] == "sound");
    REQUIRE(j["solutions"].size() == 1);
    CHECK(j["solutions"][0]["text"] == "1.Kc8-b8 0-0   2.g3-g2 Rf1-f8 #");
}

TEST_CASE("mate --upto: the shortest helpmate", "[solve]") {
    // Black Kh8 Pa7, White Kg6 Rb1, Black to move. Kg6 guards f7, g7 and h7. After 1.a7-a6 or
    // 1.a7-a5, Rb1-b8 checks along the 8th rank and covers g8: mate. After 1.Kh8-g8, Rb1-b8 covers
    // f8 and h8 as well: mate. No other White move checks with the flights covered (Rb1-h1 leaves
    // g8 free; the g-file is shut by the white king). So h#1 has these three solutions, and
    // --upto h#3 stops there.
    Run run = mate("7k/p7/6K1/8/8/8/8/1R6 b - - 0 1", "h#3", "orthodox", true);
    CHECK(run.status == 0);
    json j = json::parse(run.out);
    CHECK(j["stipulation"] == "h#1");
    std::set<std::string> texts;
    for (const json& s : j["solutions"]) texts.insert(s["text"].get<std::string>());
    CHECK(texts == std::set<std::string>{"1.a7-a6 Rb1-b8 #", "1.a7-a5 Rb1-b8 #",
                                         "1.Kh8-g8 Rb1-b8 #"});
}

TEST_CASE("solve: options read but not acted on are named on stderr", "[solve]") {
    namespace fs = std::filesystem;
    const fs::path file = fs::temp_directory_path() / "dynamo_test_ignored_option.pop";
    {
        std::ofstream out(file);
        out << "beginproblem\nstipulation #1\noption NoBoard\n  UpToMoveNumber 7\n"
               "pieces white kb6 qc1 black ka8\nendproblem\n";
    }
    Run run = solve(file.string(), false);
    fs::remove(file);
    CHECK(run.status == 0);
    // At each option's own line (not the problem's first line); NoBoard is acted on.
    CHECK(run.err.find(file.string() + ":4: note: problem 1: option not acted on: "
                                       "UpToMoveNumber 7\n") != std::string::npos);
    CHECK(run.err.find(":1: note") == std::string::npos);
    CHECK(run.err.find("NoBoard") == std::string::npos);
    CHECK(run.out.find("+---a---b") == std::string::npos); // NoBoard: no diagram
    CHECK(run.out.find("verdict: sound") != std::string::npos); // solved all the same
}
