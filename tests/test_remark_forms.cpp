// What we say in a file that Popeye reads as plain remarks: `remark intended: N` (and
// `--intended N`), `remark prev: BOARD` (and `mate --prev`), and the reader's recovery after an
// error, which finds `e` / `n` abbreviated as Popeye allows.
#include "helpers.h"
#include "cli_helpers.h"

#include "cli/commands.h"
#include "format/input/problem_reader.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;

namespace {

ReadResult read(const std::string& text) { return read_problems(text, "t.pop"); }

std::string temp_file(const std::string& name, const std::string& text) {
    auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path) << text;
    return path.string();
}

Run run_solve(const std::string& file, int intended = 0) {
    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions options;
    options.files = {file};
    options.quiet = true;
    options.json = true;
    options.hash_mb = 16;
    options.intended = intended;
    return captured([&] { return cli::run_solve(common, options); });
}

Run run_mate(const std::string& fen, const std::string& stip, const std::string& prev) {
    cli::CommonOptions common;
    common.threads = 2;
    common.fen = fen;
    common.rules = "dynamo";
    common.rules_given = true;
    cli::SolveOptions options;
    options.stipulation = stip;
    options.quiet = true;
    options.json = true;
    options.hash_mb = 16;
    options.prev = prev;
    return captured([&] { return cli::run_mate(common, options); });
}

// A Dynamo #2 (examples/dynamo-2.pop, dynref P13): the key 1.Rh3-h2.
const std::string P13 = "8/2R5/8/8/3K4/7R/8/1k6";
// The board after that key: given as the board before Black's last move, the no-undo rule
// forbids White to make it again, so 1.Rh3-h2 is no longer a move.
const std::string AFTER_KEY = "8/2R5/8/8/3K4/8/7R/1k6";

} // namespace

TEST_CASE("Remarks: 'remark intended: N' is Intended N, in a form Popeye reads",
          "[reader][remarks]") {
    ReadResult r = read("begin\nremark intended: 3\nstipulation h#2\npieces white ke1 black ke8\nend\n");
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].ok());
    CHECK(r.problems[0].options.intended == 3);
    CHECK(r.problems[0].remarks == std::vector<std::string>{"intended: 3"}); // still a remark
    CHECK(read("begin\nremark Intended:  2 \nstipulation h#2\npieces white ke1 black ke8\nend\n")
              .problems[0]
              .options.intended == 2);
    ReadResult bad = read("begin\nremark intended: two\nstipulation h#2\npieces white ke1 black ke8\nend\n");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].text() ==
          "t.pop:2:1: error: expected a number from 1 to 999999999 after 'remark intended:', "
          "found 'two'");
    // Other remarks are text.
    CHECK(read("begin\nremark intended as a joke\nstipulation #2\npieces white ke1 black ke8\nend\n")
              .errors.empty());
}

TEST_CASE("Remarks: our files use 'remark intended:' and Popeye's option line no more",
          "[reader][remarks]") {
    // problems/helpmate was rewritten from `option Intended N` (which Popeye refuses).
    for (auto [name, n] : {std::pair<const char*, int>{"noundo.pop", 2}, {"promotion.pop", 6},
                           {"stationary.pop", 2}}) {
        ReadResult r = read_problem_file(project_root() + "/problems/helpmate/" + name);
        INFO(name);
        REQUIRE(r.errors.empty());
        CHECK(r.problems[0].options.intended == n);
    }
}

TEST_CASE("solve --intended N overrides the file's intended count", "[solve][remarks]") {
    // Helpmate with one solution (examples/helpmate-twins.pop, twin a).
    const std::string file = project_root() + "/examples/helpmate-twins.pop";
    Run one = run_solve(file); // the first line: twin a (a second run's lines may be longer)
    json plain = json::parse(one.out.substr(0, one.out.find('\n')));
    CHECK(plain["intended"] == 1);
    CHECK(plain["verdict"] == "sound");
    Run two = run_solve(file, 2);
    json j = json::parse(two.out.substr(0, two.out.find('\n')));
    CHECK(j["intended"] == 2);
    CHECK(j["verdict"] == "incomplete"); // 1 solution of the 2 intended
}

TEST_CASE("The previous position: 'remark prev:' and mate --prev change a Dynamo key",
          "[remarks][dynamo]") {
    json free = json::parse(run_mate(P13 + " w - - 0 1", "#2", "").out);
    CHECK(free["keys"].size() == 1);
    CHECK(free["keys"][0]["move"] == "Rh3-h2");
    Run r = run_mate(P13 + " w - - 0 1", "#2", AFTER_KEY);
    json bound = json::parse(r.out);
    CHECK(bound["keys"].empty()); // no other key: no solution
    CHECK(bound["verdict"] != "sound");

    const std::string file = temp_file("dynamo_test_prev.pop",
                                       "begin\nremark prev: " + AFTER_KEY + "\nforsyth " + P13 +
                                           "\nstipulation #2\ncondition Dynamo\nend\n");
    Run s = run_solve(file);
    std::filesystem::remove(file);
    json in_file = json::parse(s.out.substr(0, s.out.find('\n')));
    CHECK(in_file["keys"] == bound["keys"]);
    CHECK(in_file["verdict"] == bound["verdict"]);
    // A bad board is an error at the remark's line.
    ReadResult bad = read("begin\nstipulation #2\nremark prev: 9/8\npieces white ke1 black ke8\nend\n");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].line == 3);
}

TEST_CASE("Reader recovery finds 'e' and 'n' abbreviated, alone on their line", "[reader]") {
    // After the error on line 3 the reader skips to the problem's end: the lone `n` is
    // `nextproblem` (Popeye accepts abbreviations), so the second problem is read.
    ReadResult r = read("begin\nstipulation #2\npieces white kz9\nn\nstipulation #3\n"
                        "pieces white ke1 black ke8\ne\n");
    REQUIRE(r.problems.size() == 2);
    CHECK(!r.problems[0].ok());
    CHECK(r.problems[1].ok());
    CHECK(r.problems[1].stipulation.moves == 3);
    CHECK(r.errors.size() == 1);
    // `e` ends the file's last problem after an error without a "missing endproblem".
    ReadResult e = read("begin\nstipulation #2x\ne\n");
    CHECK(e.errors.size() == 1);
    // A letter followed by squares on its line is a piece left over, not a keyword.
    ReadResult piece = read("begin\nstipulation #2\npieces white kz9\nb a1\nnext\nstipulation #1\n"
                            "pieces white ke1 black ke8\nend\n");
    REQUIRE(piece.problems.size() == 2);
    CHECK(piece.problems[1].ok());
}

TEST_CASE("solve --json keeps every title, author, origin and award", "[solve][json]") {
    const std::string file = temp_file("dynamo_test_authors.pop",
                                       "begin\nauthor First\nauthor Second\ntitle One\ntitle Two\n"
                                       "origin Here\norigin There\naward 1st Prize\n"
                                       "stipulation #1\npieces white kb6 qc1 black ka8\nend\n");
    Run r = run_solve(file);
    std::filesystem::remove(file);
    json j = json::parse(r.out.substr(0, r.out.find('\n')));
    CHECK(j["authors"] == json::array({"First", "Second"}));
    CHECK(j["titles"] == json::array({"One", "Two"}));
    CHECK(j["origins"] == json::array({"Here", "There"}));
    CHECK(j["awards"] == json::array({"1st Prize"}));
    CHECK(j["author"] == "First"); // the single fields stay as they were
}
