// The certified Dynamo collection (problems/dynamo): every problem states the verdict it is
// certified with (`remark verdict: X`), and `dynamo check` must find exactly that verdict. The
// reasons for each verdict are written in the problems' remarks. Also the reader's side of
// `remark verdict:`, how `check` reports a verdict that differs, and the teaching examples.
#include "helpers.h"
#include "cli_helpers.h"

#include "cli/commands.h"
#include "format/input/problem_reader.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string collection() { return project_root() + "/problems/dynamo"; }

Run check(const std::vector<std::string>& paths, bool json_output = true) {
    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions solve;
    solve.json = json_output;
    solve.quiet = true;
    solve.hash_mb = 64;
    cli::CheckOptions options{paths, "", {}};
    return captured([&] { return cli::run_check(common, solve, options); });
}

std::vector<json> objects(const std::string& text) {
    std::vector<json> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) out.push_back(json::parse(line));
    return out;
}

// The collection's files: those directly in problems/dynamo (the default run), or those in its
// folder long/ (the problems that take longer, tagged [.slow]).
std::vector<std::string> collection_files(bool long_ones) {
    std::vector<std::string> files;
    fs::path root = long_ones ? fs::path(collection()) / "long" : fs::path(collection());
    if (!fs::is_directory(root)) return files;
    for (const auto& e : fs::directory_iterator(root))
        if (e.is_regular_file() && e.path().extension() == ".pop") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// Checks the files; every problem must carry a certified verdict and get exactly it. Returns the
// number of problems (twinned problems once).
size_t check_certified(const std::vector<std::string>& files) {
    REQUIRE(!files.empty());
    Run run = check(files);
    INFO(run.err);
    CHECK(run.status == 0);
    CHECK(run.err.find("not as certified") == std::string::npos);
    size_t problems = 0;
    for (const json& j : objects(run.out)) {
        INFO(j.dump().substr(0, 400));
        REQUIRE(j["verdict"] != "error");
        CHECK(j.contains("fen"));
        if (j.contains("twin") && !j.contains("problem_verdict")) continue; // not the last twin
        ++problems;
        REQUIRE(j.contains("expected_verdict"));
        std::string found = j.contains("problem_verdict") ? j["problem_verdict"] : j["verdict"];
        CHECK(found == j["expected_verdict"]);
        CHECK(j["finished"] == true);
    }
    return problems;
}

} // namespace

TEST_CASE("Reader: 'remark verdict: X' certifies the verdict", "[reader][collection]") {
    auto read_one = [](const std::string& remark) {
        ReadResult r = read_problems("begin\nremark " + remark +
                                         "\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\n"
                                         "condition Dynamo\nend\n",
                                     "t.pop");
        return r;
    };
    ReadResult r = read_one("verdict: sound");
    REQUIRE(r.errors.empty());
    REQUIRE(r.problems[0].expected_verdict == Verdict::Sound);
    CHECK(r.problems[0].remarks == std::vector<std::string>{"verdict: sound"}); // still a remark

    CHECK(read_one("Verdict:  Sound, with duals").problems[0].expected_verdict ==
          Verdict::SoundWithDuals);
    CHECK(read_one("verdict: sound with duals").problems[0].expected_verdict ==
          Verdict::SoundWithDuals);
    CHECK(read_one("verdict: no solution").problems[0].expected_verdict == Verdict::NoSolution);
    CHECK(read_one("verdict: cooked").problems[0].expected_verdict == Verdict::Cooked);
    CHECK(read_one("verdict: incomplete").problems[0].expected_verdict == Verdict::Incomplete);
    // Other remarks are text, even when they speak of verdicts.
    CHECK(!read_one("the verdict: who knows").problems[0].expected_verdict);
    CHECK(!read_one("verdicts: sound").problems[0].expected_verdict);

    ReadResult bad = read_one("verdict: splendid");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].text() ==
          "t.pop:2:1: error: unknown verdict 'splendid' after 'remark verdict:' (expected sound, "
          "sound with duals, cooked, short, no solution, illegal or incomplete)");
    CHECK(!read_one("verdict: unfinished").errors.empty()); // not a verdict one can certify

    ReadResult twice = read_problems("begin\nremark verdict: sound\nremark verdict: cooked\n"
                                     "pieces white Ke1 black Ke8\nstipulation #2\nend\n",
                                     "t.pop");
    REQUIRE(twice.errors.size() == 1);
    CHECK(twice.errors[0].text() ==
          "t.pop:3:1: error: the verdict is certified twice ('remark verdict: sound' before)");

    // After the twins a remark may still certify the verdict of the whole problem.
    ReadResult twins = read_problems("begin\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\n"
                                     "condition Dynamo\ntwin move h3 h2\nremark verdict: short\nend\n",
                                     "t.pop");
    REQUIRE(twins.errors.empty());
    CHECK(twins.problems[0].expected_verdict == Verdict::Short);
}

TEST_CASE("check: a verdict that differs from the certified one is flagged, and fails the run",
          "[check][collection]") {
    fs::path file = fs::temp_directory_path() / "dynamo_certified_test.pop";
    {
        std::ofstream out(file);
        out << "begin\ntitle right\nremark verdict: sound\n"
               "pieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\ncondition Dynamo\n"
               "nextproblem\ntitle cooked on purpose\nremark verdict: cooked\n"
               "forsyth 8/3N4/1r6/5R2/2R5/8/6k1/4K2R\nstipulation #2\ncondition Dynamo\n"
               "nextproblem\ntitle wrong\nremark verdict: cooked\n"
               "pieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\ncondition Dynamo\n"
               "nextproblem\ntitle twins\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\n"
               "condition Dynamo\ntwin move h3 h2\nremark verdict: sound\nend\n";
    }
    Run text = check({file.string()}, false);
    INFO(text.out);
    CHECK(text.status == 1);
    std::vector<std::string> flagged;
    std::stringstream ss(text.out);
    for (std::string line; std::getline(ss, line);)
        if (line.find("DIFFERS from the certified verdict") != std::string::npos)
            flagged.push_back(line);
    REQUIRE(flagged.size() == 2);
    CHECK(flagged[0].find("wrong") != std::string::npos);
    CHECK(flagged[0].find("sound") != std::string::npos);
    CHECK(flagged[0].ends_with("DIFFERS from the certified verdict: cooked"));
    CHECK(flagged[1].find("the whole problem, 2 twins; DIFFERS from the certified verdict: sound") !=
          std::string::npos);
    CHECK(text.out.find("2 not as certified") != std::string::npos);

    Run j = check({file.string()});
    CHECK(j.status == 1);
    std::vector<json> all = objects(j.out);
    REQUIRE(all.size() == 5);
    CHECK(all[0]["expected_verdict"] == "sound");
    CHECK(all[0]["verdict"] == "sound");
    CHECK(all[0]["fen"] == "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1");
    CHECK(all[1]["expected_verdict"] == "cooked");
    CHECK(all[1]["verdict"] == "cooked");
    CHECK(all[2]["expected_verdict"] == "cooked");
    CHECK(all[2]["verdict"] == "sound");
    CHECK(!all[3].contains("expected_verdict")); // twin a): the whole problem is certified
    CHECK(all[3]["fen"] == "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1");
    CHECK(all[4]["fen"] == "8/2R5/8/8/3K4/8/7R/1k6 w - - 0 1");
    CHECK(all[4]["expected_verdict"] == "sound");
    CHECK(all[4]["problem_verdict"] == "short");

    // Matching certified verdicts alone: status 0, although one problem is cooked.
    {
        std::ofstream out(file);
        out << "begin\ntitle cooked on purpose\nremark verdict: cooked\n"
               "forsyth 8/3N4/1r6/5R2/2R5/8/6k1/4K2R\nstipulation #2\ncondition Dynamo\nend\n";
    }
    CHECK(check({file.string()}, false).status == 0);
    fs::remove(file);
}

TEST_CASE("The Dynamo collection: every problem gets its certified verdict", "[collection]") {
    size_t n = check_certified(collection_files(false));
    CHECK(n >= 60);
}

TEST_CASE("The Dynamo collection: H11 castles after the push back, R03 (StrictCastling) cannot",
          "[collection]") {
    // The theme "castling after the rook was pushed back": the verdicts alone would not show that
    // H11's one line is the castling one, nor that StrictCastling removes exactly it.
    Run run = check({collection() + "/helpmates.pop", collection() + "/flawed-and-rules.pop"});
    INFO(run.err);
    std::map<std::string, json> by_title;
    for (const json& j : objects(run.out)) by_title[j["title"].get<std::string>().substr(0, 3)] = j;
    REQUIRE(by_title.count("H11"));
    REQUIRE(by_title.count("R03"));
    const json& h11 = by_title["H11"];
    CHECK(h11["fen"] == by_title["R03"]["fen"]);
    CHECK(h11["verdict"] == "sound");
    REQUIRE(h11["solutions"].size() == 1);
    std::vector<std::string> line;
    for (const json& m : h11["solutions"][0]["moves"]) line.push_back(m["move"]);
    CHECK(line == std::vector<std::string>{"Bf3/Rh1-g2", "Bf3/Rg2-h1", "0-0"});
    CHECK(by_title["R03"]["condition"] == "Dynamo StrictCastling");
    CHECK(by_title["R03"]["verdict"] == "no solution");
}

TEST_CASE("The Dynamo collection: the longer problems, and every problem at one thread",
          "[.slow][collection]") {
    // Problems that take more than a few seconds go to problems/dynamo/long/ (none: the whole
    // collection takes seconds); here they are checked with the others, at one thread,
    // which must give the same verdicts as the default run.
    std::vector<std::string> files = collection_files(false), long_ones = collection_files(true);
    files.insert(files.end(), long_ones.begin(), long_ones.end());
    cli::CommonOptions common;
    common.threads = 1;
    cli::SolveOptions solve;
    solve.json = true;
    solve.quiet = true;
    solve.hash_mb = 64;
    cli::CheckOptions options{files, "", {}};
    Run run = captured([&] { return cli::run_check(common, solve, options); });
    INFO(run.err);
    CHECK(run.status == 0);
    size_t problems = 0;
    for (const json& j : objects(run.out)) {
        if (j.contains("twin") && !j.contains("problem_verdict")) continue;
        ++problems;
        INFO(j.dump().substr(0, 400));
        REQUIRE(j.contains("expected_verdict"));
        std::string found = j.contains("problem_verdict") ? j["problem_verdict"] : j["verdict"];
        CHECK(found == j["expected_verdict"]);
    }
    CHECK(problems >= 60);
}

TEST_CASE("Examples: each gives the verdict its comment promises", "[examples]") {
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(project_root() + "/examples"))
        if (e.path().extension() == ".pop") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 6);
    for (const std::string& file : files) {
        INFO(file);
        std::ifstream in(file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        // A file with an error promises its message ("remark error: ..."); the others promise a
        // verdict for each problem ("remark verdict: ...").
        auto at = text.find("remark error: ");
        Run run = solve_file(file, true);
        if (at != std::string::npos) {
            std::string message = text.substr(at + 14, text.find('\n', at) - at - 14);
            CHECK(run.status == 2);
            CHECK(run.err.find(message) != std::string::npos);
            continue;
        }
        if (fs::path(file).filename() == "dynamo-2.pop") { // the README's example, no remarks
            CHECK(run.status == 0);
            continue;
        }
        CHECK(run.status == 0);
        ReadResult read = read_problem_file(file);
        REQUIRE(read.errors.empty());
        std::vector<json> all = objects(run.out);
        size_t i = 0;
        for (const Problem& p : read.problems) {
            REQUIRE(p.expected_verdict);
            size_t instances = p.twins.size() + 1;
            REQUIRE(i + instances <= all.size());
            const json& last = all[i + instances - 1];
            std::string found = instances > 1 ? last["problem_verdict"] : last["verdict"];
            CHECK(found == verdict_name(*p.expected_verdict));
            i += instances;
        }
        CHECK(i == all.size());
    }
}
