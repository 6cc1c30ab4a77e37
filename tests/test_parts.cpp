// A problem solved in parts and merged: `dynamo solve --part I/N` then `dynamo merge`
// give what `dynamo solve` gives for the whole, byte for byte; parts that do not make one whole
// are refused, naming what is wrong.
#include "cli_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"

#include "cli/commands.h"
#include "format/parts/part_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("dynamo-parts-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(counter()++));
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

Run solve_part(const std::string& file, int part, int parts, double max_seconds = 0,
               const std::string& rules = "", const std::string& order = "ours") {
    cli::CommonOptions common;
    common.threads = 1;
    common.order = order;
    if (!rules.empty()) {
        common.rules = rules;
        common.rules_given = true;
    }
    cli::SolveOptions options;
    options.files = {file};
    options.json = true;
    options.quiet = true;
    options.hash_mb = 16;
    options.max_seconds = max_seconds;
    options.part = std::to_string(part) + "/" + std::to_string(parts);
    return captured([&] { return cli::run_solve(common, options); });
}

Run merge(const std::vector<std::string>& files, bool json_output,
          const std::string& order = "ours") {
    cli::CommonOptions common;
    common.order = order;
    cli::MergeOptions options;
    options.files = files;
    options.json = json_output;
    return captured([&] { return cli::run_merge(common, options); });
}

std::string write(const fs::path& path, const std::string& text) {
    std::ofstream(path) << text;
    return path.string();
}

// Every part of N written to dir; their paths.
std::vector<std::string> parts_of(const std::string& file, int parts, const fs::path& dir) {
    std::vector<std::string> paths;
    for (int i = 0; i < parts; ++i) {
        Run r = solve_part(file, i, parts);
        INFO(file << " part " << i << "/" << parts << ": " << r.err);
        REQUIRE(r.status == 0);
        paths.push_back(write(dir / ("part-" + std::to_string(i) + ".json"), r.out));
    }
    return paths;
}

// JSON lines without what differs from run to run (time, nodes, threads: merge prints the parts'
// sums, see docs/format.md).
std::vector<json> comparable(const std::string& lines) {
    std::vector<json> out;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        json j = json::parse(line);
        for (const char* k : {"time_s", "nodes", "threads"}) {
            REQUIRE(j.contains(k));
            j.erase(k);
        }
        out.push_back(j);
    }
    return out;
}

void check_merges_to_whole(const std::string& file) {
    Run whole = solve_file(file, false);
    Run whole_json = solve_file(file, true);
    REQUIRE(whole.status == 0);
    for (int n : {1, 3, 7}) {
        TempDir dir;
        auto paths = parts_of(file, n, dir.path);
        std::reverse(paths.begin(), paths.end()); // any order
        Run text = merge(paths, false), js = merge(paths, true);
        INFO(file << " in " << n << " parts: " << text.err);
        CHECK(text.status == 0);
        CHECK(text.out == whole.out);
        CHECK(comparable(js.out) == comparable(whole_json.out));
    }
}

// Some problems of a file (1-based), as a file of their own: the quick ones of a collection.
std::string some_problems(const std::string& file, const std::vector<int>& wanted, const fs::path& dir) {
    std::ifstream in(file);
    std::vector<std::string> chunks(1);
    for (std::string line; std::getline(in, line);) {
        std::string word = line.substr(0, line.find(' '));
        if (word == "begin" || word == "end" || word == "endproblem") continue;
        if (word == "nextproblem" || word == "next") chunks.emplace_back();
        else chunks.back() += line + "\n";
    }
    std::string text = "begin\n";
    for (size_t i = 0; i < wanted.size(); ++i)
        text += (i ? "nextproblem\n" : "") + chunks.at(size_t(wanted[i] - 1));
    return write(dir / fs::path(file).filename(), text + "end\n");
}

} // namespace

TEST_CASE("parts: an orthodox #4 in 1, 3 and 7 parts merges to the whole solve", "[parts]") {
    check_merges_to_whole(test_data("popeye/problems/castling_08.inp"));
}

TEST_CASE("parts: Dynamo #3s in 1, 3 and 7 parts merge to the whole solve", "[parts]") {
    TempDir dir; // M01 and M03, two #3s of the certified collection
    check_merges_to_whole(some_problems(project_root() + "/problems/dynamo/moremovers.pop", {1, 3}, dir.path));
}

TEST_CASE("parts: helpmates, with twins, in 1, 3 and 7 parts merge to the whole solve", "[parts]") {
    TempDir dir; // H01 (a promotion), H02, H06 (a check on the way)
    check_merges_to_whole(some_problems(project_root() + "/problems/dynamo/helpmates.pop", {1, 2, 6}, dir.path));
    check_merges_to_whole(project_root() + "/examples/helpmate-twins.pop");
}

TEST_CASE("parts: set play, tries and MatesIn1 of a selfmate merge to the whole solve", "[parts]") {
    check_merges_to_whole(test_data("popeye/problems/selfref_06.inp"));
}

TEST_CASE("parts: the split is balanced by cost, the same in every part", "[parts]") {
    const std::string file = test_data("popeye/problems/castling_08.inp");
    json a = json::parse(solve_part(file, 0, 3).out), b = json::parse(solve_part(file, 2, 3).out);
    const json& moves = a["problems"][0]["first_moves"];
    CHECK(moves == b["problems"][0]["first_moves"]);
    std::vector<uint64_t> load(3, 0);
    uint64_t most = 0;
    bool by_index = true;
    for (size_t i = 0; i < moves.size(); ++i) {
        load[moves[i]["part"].get<size_t>()] += moves[i]["cost"].get<uint64_t>();
        most = std::max(most, moves[i]["cost"].get<uint64_t>());
        by_index &= moves[i]["part"].get<size_t>() == i % 3;
    }
    // Greedy by cost: no part exceeds another by more than the dearest move.
    auto [lo, hi] = std::minmax_element(load.begin(), load.end());
    CHECK(*hi - *lo <= most);
    CHECK_FALSE(by_index);
}

TEST_CASE("parts: a missing, repeated or foreign part is refused, naming it", "[parts]") {
    TempDir dir;
    const std::string file = test_data("popeye/problems/castling_08.inp");
    auto paths = parts_of(file, 3, dir.path);

    Run missing = merge({paths[0], paths[2]}, false);
    CHECK(missing.status == 2);
    CHECK(missing.out.empty());
    CHECK_THAT(missing.err, Catch::Contains("part 1/3 is missing"));

    Run twice = merge({paths[0], paths[1], paths[1], paths[2]}, false);
    CHECK(twice.status == 2);
    CHECK_THAT(twice.err, Catch::Contains("part 1/3 is given twice"));

    // Part 1 of another problem.
    std::string other = write(dir.path / "other-1.json",
                              solve_part(test_data("popeye/problems/ep_10.inp"), 1, 3).out);
    Run foreign = merge({paths[0], other, paths[2]}, false);
    CHECK(foreign.status == 2);
    CHECK_THAT(foreign.err, Catch::Contains(other + " (part 1/3) is a part of"));
    CHECK_THAT(foreign.err, Catch::Contains("ep_10.inp"));
    CHECK_THAT(foreign.err, Catch::Contains("another position"));

    // Part 1 of the same problem under other rules (a Dynamo #4 is long: stopped, it is a part).
    std::string ruled = write(dir.path / "dynamo-1.json", solve_part(file, 1, 3, 0.1, "Dynamo").out);
    Run rules = merge({paths[0], ruled, paths[2]}, false);
    CHECK(rules.status == 2);
    CHECK_THAT(rules.err, Catch::Contains("other rules ('Dynamo', not 'orthodox')"));

    // A split into another number of parts.
    std::string seven = write(dir.path / "seven.json", solve_part(file, 1, 7).out);
    Run mixed = merge({paths[0], seven, paths[2]}, false);
    CHECK(mixed.status == 2);
    CHECK_THAT(mixed.err, Catch::Contains("different numbers of parts"));

    // Not a part file; a damaged one (a move code changed).
    Run solution = merge({write(dir.path / "whole.json", solve_file(file, true).out)}, false);
    CHECK(solution.status == 2);
    CHECK_THAT(solution.err, Catch::Contains("not a part file"));
    json damaged = json::parse(solve_part(file, 0, 3).out);
    damaged["problems"][0]["first_moves"][0]["code"] = 12345;
    Run bad = merge({write(dir.path / "bad.json", damaged.dump()), paths[1], paths[2]}, false);
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("damaged part file"));

    // In the language of --lang: our words translated, the files' names as given.
    auto merge_in = [](const std::string& lang, std::vector<std::string> files) {
        cli::CommonOptions common;
        common.lang = lang;
        cli::MergeOptions options;
        options.files = std::move(files);
        return captured([&] { return cli::run_merge(common, options); });
    };
    CHECK(merge_in("de", {paths[0], paths[2]}).err ==
          "dynamo: Fehler: Teil 1/3 fehlt (2 von 3 Teilen angegeben; dafür dynamo solve --part "
          "I/3 ausführen)\n");
    CHECK(merge_in("fr", {paths[0], paths[1], paths[1], paths[2]}).err ==
          "dynamo: erreur: la partie 1/3 est donnée deux fois : " + paths[1] + " et " + paths[1] +
              "\n");
    Run foreign_it = merge_in("it", {paths[0], other, paths[2]});
    CHECK_THAT(foreign_it.err, Catch::Contains(other + " (parte 1/3) è una parte di "));
    CHECK_THAT(foreign_it.err, Catch::Contains(", problema 1 "));
    CHECK_THAT(foreign_it.err, Catch::EndsWith(": un'altra posizione\n"));
    CHECK_THAT(merge_in("de", {paths[0], ruled, paths[2]}).err,
               Catch::EndsWith(": andere Regeln ('Dynamo', nicht 'orthodox')\n"));
    CHECK_THAT(merge_in("fr", {paths[0], seven, paths[2]}).err,
               Catch::Contains("parties de découpages en nombres de parties différents"));
    CHECK_THAT(merge_in("it", {(dir.path / "whole.json").string()}).err,
               Catch::Contains("whole.json: non è un file di parte (scritto da dynamo solve"));
    CHECK_THAT(merge_in("de", {(dir.path / "bad.json").string(), paths[1], paths[2]}).err,
               Catch::Contains("bad.json: beschädigte Teildatei: "));
}

TEST_CASE("parts: parts stopped by --maxtime say so, the merge is unfinished and lists the open "
          "first moves",
          "[parts]") {
    TempDir dir;
    // The seven-piece position of the depth benchmark, one move deeper than its s#4: minutes
    // of work, so that 0.2 s stops every part whatever the machine.
    const std::string file = write(dir.path / "deep.pop",
                                   "begin\nforsyth 2K5/4P3/8/5Q1R/8/6q1/4r3/2k5\n"
                                   "stipulation s#6\ncondition Dynamo\nend\n");
    std::vector<std::string> paths;
    for (int i = 0; i < 2; ++i) {
        Run r = solve_part(file, i, 2, 0.2);
        CHECK(r.status == 3);
        json j = json::parse(r.out);
        CHECK(j["problems"][0]["finished"] == false);
        CHECK_FALSE(j["problems"][0]["open"].empty());
        paths.push_back(write(dir.path / ("part-" + std::to_string(i) + ".json"), r.out));
    }
    Run m = merge(paths, false);
    CHECK(m.status == 3);
    CHECK_THAT(m.out, Catch::Contains("verdict: unfinished"));
    CHECK_THAT(m.err, Catch::Contains("open first moves:"));
    CHECK_THAT(m.err, Catch::Contains("(part 0)"));
    CHECK_THAT(m.err, Catch::Contains("(part 1)"));
    Run js = merge(paths, true);
    CHECK(json::parse(js.out)["verdict"] == "unfinished");
    // In the output language, laid out alike: file, problem, what.
    cli::CommonOptions german;
    german.lang = "de";
    cli::MergeOptions options;
    options.files = paths;
    Run de = captured([&] { return cli::run_merge(german, options); });
    CHECK_THAT(de.err, Catch::Contains("deep.pop: Problem 1: unvollendet; offene erste Züge:"));
    CHECK_THAT(de.err, Catch::Contains("(Teil 0)"));
    CHECK_THAT(de.err, Catch::Contains("(Teil 1)"));
    CHECK_THAT(de.err, !Catch::Contains("open") && !Catch::Contains("part "));
}

TEST_CASE("parts: MaxSolutions is applied at the merge, keys in generation order", "[parts]") {
    TempDir dir; // dynref P08, three keys: stopped at one, then at two
    const std::string position = "forsyth 8/6Q1/Pk3RK1/8/2Q5/8/8/1r5P\nstipulation #1\ncondition Dynamo\n";
    std::string file = write(dir.path / "maxsolutions.pop",
                             "begin\ntitle one\n" + position + "option MaxSolutions 1 Try\nnext\n" +
                                 "title two\n" + position + "option MaxSolutions 2 Try\nend\n");
    Run whole = solve_file(file, false);
    REQUIRE_THAT(whole.out, Catch::Contains("verdict: incomplete"));
    REQUIRE_THAT(whole.out, Catch::Contains("stopped at 2 keys (MaxSolutions)"));
    check_merges_to_whole(file);
}

// r#: the mates the attacker is bound to play (Popeye's "?!?") survive the parts: those of the
// diagram (reflexmate_bound: 1.Bh6-f8 # ?!?, no first move to split), written by part 0 as the
// field "forced", and those under a try's refutations (reflexmate_refuted_2: 2.Qe3-e8 # ?!?), as
// tree nodes marked "forced".
TEST_CASE("parts: r# forced mates, in the diagram and after refutations, merge to the whole solve",
          "[parts][reflex]") {
    const std::string bound = test_data("popeye/stipulations/reflexmate_bound.inp");
    const std::string tries = test_data("popeye/stipulations/reflexmate_refuted_2.inp");
    // The whole solve shows them: what the merge must keep.
    Run whole_bound = solve_file(bound, false), whole_tries = solve_file(tries, false);
    REQUIRE(whole_bound.out.find("1.Bh6-f8 # ?!?") != std::string::npos);
    REQUIRE(whole_tries.out.find("2.Qe3-e8 # ?!?") != std::string::npos);
    for (const std::string& file :
         {bound, tries, test_data("popeye/stipulations/reflexmate_2.inp"),
          test_data("popeye/stipulations/reflexmate_tries_2.inp")})
        check_merges_to_whole(file);

    TempDir dir;
    Run part0 = solve_part(bound, 0, 3), part1 = solve_part(bound, 1, 3);
    REQUIRE(part0.status == 0);
    json p0 = json::parse(part0.out)["problems"][0], p1 = json::parse(part1.out)["problems"][0];
    CHECK(p0["stipulation"]["kind"] == "reflex");
    REQUIRE(p0.contains("forced"));
    CHECK(p0["forced"][0]["move"] == "Bh6-f8");
    CHECK(p0["forced"][0]["forced"] == true);
    CHECK(p0["first_moves"].empty()); // bound to mate: nothing to split
    CHECK_FALSE(p1.contains("forced")); // part 0's, once
    // A part file whose forced mate is not marked so is damaged, not silently merged.
    json damaged = json::parse(part0.out);
    damaged["problems"][0]["forced"][0].erase("forced");
    std::vector<std::string> paths = {write(dir.path / "p0.json", damaged.dump()),
                                      write(dir.path / "p1.json", part1.out),
                                      write(dir.path / "p2.json", solve_part(bound, 2, 3).out)};
    Run refused = merge(paths, false);
    CHECK(refused.status == 2);
    CHECK(refused.err.find("forced") != std::string::npos);
}

// The header marks Threat, MaxFlightsquares and NonTrivial on the stipulation ("s#2/1"); NoBoard
// leaves the diagram out: the merge's header is the whole solve's.
TEST_CASE("parts: the header's option marks and NoBoard travel with the part", "[parts][header]") {
    for (const char* name : {"threat/selfmate_2_Threat_1", "flights/castling_05_MaxFlightsquares_1",
                             "goal_restrictions/reflexmate_3_NonTrivial_0_0", "problems/ep_02"})
        check_merges_to_whole(test_data(std::string("popeye/") + name + ".inp"));
    TempDir dir;
    const std::string file =
        write(dir.path / "noboard.inp", "beginproblem\nstipulation #2\noption NoBoard Threat 1\n"
                                        "pieces white ke1 qa7 rh1 black kc1\nendproblem\n");
    REQUIRE(solve_file(file, false).out.find("+---a") == std::string::npos);
    check_merges_to_whole(file);
}

// SetPlay of help play (h#N, h=N): searched by part 0, carried in its part file, and merged to
// what a whole solve prints, in either order (--order popeye lists the set play's shorter lines
// too, and the solution's shorter ones of every length).
TEST_CASE("parts: a helpmate's set play merges to the whole solve, in either order",
          "[parts][setplay]") {
    TempDir dir;
    // helpmate_short_2 with SetPlay: an h#1 among the solutions, set play with an h#0.5.
    std::string short_text = read_file(test_data("popeye/fuzz/helpmate_short_2.inp"));
    short_text.replace(short_text.find("endproblem"), 10, "option SetPlay\nendproblem");
    const std::string with_short = write(dir.path / "short_setplay.inp", short_text);
    for (const std::string& file :
         {test_data("popeye/fuzz/helpmate_setplay_2.inp"),
          test_data("popeye/fuzz/helpstalemate_setplay_2.inp"), with_short})
        for (const std::string order : {"ours", "popeye"}) {
            cli::CommonOptions common;
            common.threads = 1;
            common.order = order;
            cli::SolveOptions options;
            options.files = {file};
            options.quiet = true;
            options.no_time = true;
            options.hash_mb = 16;
            Run whole = captured([&] { return cli::run_solve(common, options); });
            REQUIRE(whole.out.find("\n  1...") != std::string::npos); // there is set play
            std::vector<std::string> paths;
            for (int i = 0; i < 3; ++i) {
                Run r = solve_part(file, i, 3, 0, "", order);
                REQUIRE(r.status == 0);
                paths.push_back(
                    write(dir.path / (order + "-" + std::to_string(i) + ".json"), r.out));
            }
            Run merged = merge(paths, false, order);
            INFO(file << " --order " << order << ": " << merged.err);
            CHECK(merged.status == 0);
            CHECK(merged.out == whole.out);
            if (order == "popeye") { // its parts hold every shorter line: merged in our order too
                Run ours = merge(paths, false, "ours");
                CHECK(ours.out == solve_file(file, false).out);
            } else { // ours lack them: refused, saying why
                Run refused = merge(paths, false, "popeye");
                CHECK(refused.status == 2);
                CHECK(refused.err.find("--order popeye") != std::string::npos);
            }
        }
}

TEST_CASE("parts: CastlingMutuallyExclusive travels with the part, beyond its FEN",
          "[parts][castling]") {
    // castling_46: all four pairs (15); castling_43: a1h8 alone.
    const std::string file = test_data("popeye/problems/castling_46.inp");
    Run part = solve_part(file, 0, 3);
    REQUIRE(part.status == 0);
    CHECK(part.out.find("\"castling_exclusive\":15") != std::string::npos);
    check_merges_to_whole(file);
    check_merges_to_whole(test_data("popeye/problems/castling_43.inp"));
}
