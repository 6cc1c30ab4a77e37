// `dynamo check` end to end over problems/collection: every verdict against the reference data
// (dynref's problems.tsv, Popeye's solutions) or the reasoning written beside the problem, the
// total line, the exit status, shards, and the files a folder yields.
#include "helpers.h"

#include "cli/commands.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <unistd.h>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string collection() { return project_root() + "/problems/collection"; }

struct RunOptions {
    bool json = true;
    int threads = 2;
    std::string shard;
    double max_seconds = 0;
    std::string lang = "en";
};

RunOptions text(int threads = 2) {
    RunOptions o;
    o.json = false;
    o.threads = threads;
    return o;
}

RunOptions shard(const std::string& text) {
    RunOptions o;
    o.shard = text;
    return o;
}

RunOptions time_limit(double seconds) {
    RunOptions o;
    o.max_seconds = seconds;
    return o;
}

// Calls the subcommand with std::cout and std::cerr captured.
Run check(const std::vector<std::string>& paths, const RunOptions& o = {}) {
    cli::CommonOptions common;
    common.threads = o.threads;
    common.lang = o.lang;
    cli::SolveOptions solve;
    solve.json = o.json;
    solve.quiet = true;
    solve.max_seconds = o.max_seconds;
    solve.hash_mb = 16;
    cli::CheckOptions options{paths, o.shard, {}};

    return captured([&] { return cli::run_check(common, solve, options); });
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) out.push_back(line);
    return out;
}

std::vector<json> objects(const std::string& text) {
    std::vector<json> out;
    for (const std::string& line : lines(text)) {
        INFO(line);
        json j = json::parse(line); // throws, failing the test, on anything but one JSON object
        REQUIRE(j.is_object());
        out.push_back(j);
    }
    return out;
}

// What a run measures rather than finds (and the last problem to start gets all the threads).
json without_measures(json j) {
    for (const char* field : {"time_s", "nodes", "threads"}) j.erase(field);
    return j;
}

std::string location(const json& j) {
    std::string loc = fs::path(j["file"].get<std::string>()).filename().string() + ":" +
                      std::to_string(j["index"].get<int>());
    if (j.contains("twin")) loc += " " + j["twin"].get<std::string>();
    return loc;
}

std::set<std::string> key_moves(const json& j) {
    std::set<std::string> keys;
    for (const json& k : j["keys"]) keys.insert(k["move"].get<std::string>());
    return keys;
}

// The verdicts the collection must get, from sources independent of the solver.
std::map<std::string, std::string> expected_by_location() {
    return {
        // Popeye's solutions (tests/data/popeye/expected/*.out): one key each, so sound; "with duals"
        // where Popeye prints two continuations after one defence of the key.
        {"castling_01.inp:1", "sound"},
        {"castling_03.inp:1", "sound"}, // two threats after the key: no variation has a dual
        {"castling_05.inp:1", "sound"},
        {"castling_14.inp:1", "sound"},
        {"castling_28.inp:1", "sound"},
        {"ep_01.inp:1", "sound, with duals"}, // 1...Rf8-b8+ 2.c7*b8=Q # / 2.c7*b8=B #
        {"ep_03.inp:1", "sound"},
        {"selfref_01.inp:1", "sound"},
        {"selfref_02.inp:1", "sound, with duals"}, // 1...b4-b3: five second moves
        {"selfref_06.inp:1", "sound"},
        {"battle_play_23.inp:1", "sound"},
        // special.txt (the reasons are in the file's remarks).
        {"special.txt:1 a)", "sound"},    // dynref P01, a sound #1
        {"special.txt:1 b) #2", "short"}, // the same as #2: its mate in 1 is shorter
        {"special.txt:2", "short"},       // dynref P03 (sound #1) as #2
        {"special.txt:3", "illegal"},     // orthodox: White to move, Pg7 checks Kh8
        {"special.txt:4", "illegal"},     // two white kings
        {"special.txt:5", "no solution"}, // h#2: a lone queen cannot mate (see the remarks)
        {"castling_02.inp:1", "sound"},   // h#2: Popeye finds one solution
        // mixed.pop: a bad square and an unknown keyword between good problems.
        {"mixed.pop:2", "error"},
        {"mixed.pop:4", "error"},
    };
}

// dynref's verdicts and keys (problems.tsv), by id.
std::map<std::string, std::pair<std::string, std::set<std::string>>> dynref_expected() {
    std::map<std::string, std::pair<std::string, std::set<std::string>>> out;
    for (const auto& row : read_tsv(test_data("dynref/problems.tsv"))) {
        // id fen stipulation verdict nkeys keys ...
        std::string verdict = row[3] == "none" ? "no solution" : row[3];
        std::set<std::string> keys;
        std::stringstream ss(row[5]);
        for (std::string k; ss >> k;)
            if (k != "-") keys.insert(k);
        out[row[0]] = {verdict, keys};
    }
    return out;
}

// Problems, not lines: special.txt:1 (a) sound, b) short) counts once, as short.
const char* const TOTAL =
    "41 problems: 20 sound, 2 sound with duals, 8 cooked, 2 short, 5 no solution, 2 illegal, "
    "2 errors in ";

// Times ("0.02 s") replaced by "T s": the only part of the report that differs between runs.
std::string masked_times(const std::string& text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        size_t k = j < text.size() && text[j] == '.' && j > i ? j + 1 : j;
        size_t d = k;
        while (d < text.size() && std::isdigit(static_cast<unsigned char>(text[d]))) ++d;
        if (k > j && d > k && text.compare(d, 2, " s") == 0) {
            out += "T s";
            i = d + 2;
        } else {
            out += text[i++];
        }
    }
    return out;
}

bool has_time(const std::string& line) {
    return masked_times(line).find("T s") != std::string::npos;
}

} // namespace

TEST_CASE("check: every problem of the collection gets its expected verdict (JSON Lines)",
          "[check]") {
    Run run = check({collection()});
    // Malformed problems in the collection: bad input wins over "not sound".
    CHECK(run.status == 2);
    CHECK(run.err.find("mixed.pop:10:18: error: expected a square") != std::string::npos);
    CHECK(run.err.find("mixed.pop:22:1: error: unknown keyword 'stipulaton'") != std::string::npos);
    // In JSON mode the total goes to stderr, so that stdout is JSON alone.
    CHECK(run.err.find(TOTAL) != std::string::npos);

    auto dynref = dynref_expected();
    auto by_location = expected_by_location();
    std::vector<json> all = objects(run.out);
    REQUIRE(all.size() == 42);
    std::set<std::string> seen_dynref, seen_locations;
    for (const json& j : all) {
        INFO(j.dump());
        std::string loc = location(j), title = j.value("title", "");
        if (title.starts_with("dynref P") && !loc.starts_with("special.txt")) {
            std::string id = title.substr(7);
            REQUIRE(dynref.count(id));
            CHECK(j["verdict"] == dynref[id].first);
            CHECK(key_moves(j) == dynref[id].second);
            CHECK(j["condition"] == "Dynamo");
            CHECK(seen_dynref.insert(id).second);
        } else {
            REQUIRE(by_location.count(loc));
            CHECK(j["verdict"] == by_location[loc]);
            CHECK(seen_locations.insert(loc).second);
        }
        if (j["verdict"] == "error") {
            REQUIRE(j["errors"].is_array());
            REQUIRE(j["errors"].size() == 1);
            CHECK(j["errors"][0].get<std::string>().find(": error: ") != std::string::npos);
        } else {
            // The fields of docs/format.md, JSON output, whatever the verdict.
            for (const char* field : {"file", "index", "title", "author", "origin", "stipulation",
                                      "condition", "verdict", "keys", "cooks", "tries", "tree",
                                      "findings", "time_s", "nodes", "threads"})
                CHECK(j.contains(field));
        }
        if (j["verdict"] == "cooked") CHECK(j["cooks"].size() == j["keys"].size());
        // A helpmate lists its solutions: castling_02's is Popeye's one line (expected/*.out).
        if (loc == "castling_02.inp:1") {
            REQUIRE(j["solutions"].size() == 1);
            CHECK(j["solutions"][0]["text"] == "1.Kc8-b8 0-0   2.g3-g2 Rf1-f8 #");
            CHECK(j["solutions"][0]["moves"].size() == 4);
            CHECK(j["solutions"][0]["moves"][3]["mark"] == "#");
            CHECK(j["solutions_found"] == 1);
            CHECK(j["intended"] == 1);
        }
        // The last twin carries the verdict of the whole problem (a) sound, b) short).
        CHECK(j.contains("problem_verdict") == (loc == "special.txt:1 b) #2"));
        if (j.contains("problem_verdict")) CHECK(j["problem_verdict"] == "short");
        if (j["verdict"] == "illegal") CHECK(!j["illegal"].get<std::string>().empty());
    }
    CHECK(seen_dynref.size() == dynref.size()); // all 22 of problems.tsv
    CHECK(seen_locations.size() == by_location.size());

    // Input order: files sorted, problems in file order.
    for (size_t i = 1; i < all.size(); ++i) {
        std::string f0 = all[i - 1]["file"], f1 = all[i]["file"];
        CHECK((f0 < f1 || (f0 == f1 && all[i - 1]["index"] <= all[i]["index"])));
    }
}

TEST_CASE("check: text lines in input order and the total, the same for any thread count",
          "[check]") {
    Run one = check({collection()}, text(1));
    Run three = check({collection()}, text(3));
    CHECK(one.status == 2);
    CHECK(three.status == 2);
    std::vector<std::string> out = lines(one.out);
    // 42 problems, the verdict of the twinned problem as a whole, the total.
    REQUIRE(out.size() == 44);
    CHECK(out.back().starts_with(TOTAL));
    CHECK(out[0].starts_with(collection() + "/dynref-1.pop:1 "));
    CHECK(out[42].starts_with(collection() + "/special.txt:5 "));
    // special.txt:1 is a sound #1 twinned with the same as #2, which is short: the problem is.
    CHECK(out[38].starts_with(collection() + "/special.txt:1 "));
    CHECK(out[38].find(" short ") != std::string::npos);
    CHECK(out[38].ends_with("the whole problem, 2 twins"));
    for (size_t i = 0; i < 43; ++i) CHECK(has_time(out[i]) == (i != 38));
    CHECK(masked_times(one.out) == masked_times(three.out));
    CHECK(masked_times(one.err) == masked_times(three.err));
}

TEST_CASE("check: the shards together are the whole run, a problem's twins in one shard",
          "[check]") {
    std::vector<json> whole = objects(check({collection()}).out);
    REQUIRE(whole.size() == 42);
    // The whole run's problems, each with its lines (special.txt:1 has two twins).
    std::vector<std::vector<json>> problems;
    for (const json& j : whole) {
        bool twin = !problems.empty() && j.contains("twin") &&
                    problems.back()[0]["file"] == j["file"] && problems.back()[0]["index"] == j["index"];
        if (twin)
            problems.back().push_back(j);
        else
            problems.push_back({j});
    }
    REQUIRE(problems.size() == 41);
    size_t total = 0, counted = 0;
    for (size_t i = 0; i < 3; ++i) {
        Run run = check({collection()}, shard(std::to_string(i) + "/3"));
        std::vector<json> part = objects(run.out);
        total += part.size();
        // Shard i holds problems i, i+3, i+6, ... of the whole list, in order, with all their
        // twins, and so the verdict of the twinned problem as a whole.
        std::vector<json> expected;
        for (size_t p = i; p < problems.size(); p += 3)
            expected.insert(expected.end(), problems[p].begin(), problems[p].end());
        REQUIRE(part.size() == expected.size());
        for (size_t k = 0; k < part.size(); ++k)
            CHECK(without_measures(part[k]) == without_measures(expected[k]));
        // The total counts the shard's problems.
        size_t n = (problems.size() - i + 2) / 3;
        CHECK(run.err.find(std::to_string(n) + " problems: ") != std::string::npos);
        counted += n;
        // The malformed problems are problems 20 and 22: shards 2 and 1.
        CHECK(run.status == (i == 0 ? 1 : 2));
    }
    CHECK(total == whole.size());
    CHECK(counted == problems.size());

    for (std::string bad : {"3/3", "1/0", "-1/2", "a/2", "1", "0/2x"}) {
        Run run = check({collection()}, shard(bad));
        INFO(bad);
        CHECK(run.status == 2);
        CHECK(run.out.empty());
        CHECK(run.err.find("--shard") != std::string::npos);
    }
}

TEST_CASE("check: exit status", "[check]") {
    // Every problem sound (with duals counts as sound).
    Run sound = check({collection() + "/orthodox"});
    CHECK(sound.status == 0);
    CHECK(sound.err.find("12 problems: 10 sound, 2 sound with duals in ") != std::string::npos);

    // Cooked and no solution: not sound.
    Run unsound = check({collection() + "/dynref-1.pop"}, text());
    CHECK(unsound.status == 1);
    CHECK(lines(unsound.out).back().starts_with("4 problems: 2 cooked, 2 no solution in "));

    // A time limit: 3, above 1, below 2.
    // (Not nontriv_07, #15: since NonTrivial's counts are remembered it ends within 0.05 s.)
    std::string long_problem = test_data("popeye/problems/ep_02_noflightlimit.inp"); // #10, 1 s
    Run limited = check({collection() + "/dynref-1.pop", long_problem}, time_limit(0.05));
    CHECK(limited.status == 3);
    std::vector<json> objs = objects(limited.out);
    REQUIRE(objs.size() == 5);
    CHECK(objs[4]["verdict"] == "unfinished");
    CHECK(objs[4]["finished"] == false);
    CHECK(check({collection() + "/mixed.pop", long_problem}, time_limit(0.05)).status == 2);

    // A file that cannot be read: a line of its own, and the others are still checked.
    Run missing = check({collection() + "/no-such-file.pop", collection() + "/orthodox/ep_03.inp"});
    CHECK(missing.status == 2);
    objs = objects(missing.out);
    REQUIRE(objs.size() == 2);
    CHECK(objs[0]["verdict"] == "error");
    CHECK(objs[0]["index"] == 0);
    CHECK(objs[1]["verdict"] == "sound");
    CHECK(missing.err.find("no-such-file.pop: error: cannot read file: no such file\n") != std::string::npos);
}

TEST_CASE("check: what a folder yields", "[check]") {
    fs::path dir = fs::temp_directory_path() / ("dynamo-check-test-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
    fs::copy_file(collection() + "/orthodox/ep_03.inp", dir / "b.pop");
    fs::copy_file(collection() + "/orthodox/castling_14.inp", dir / "sub" / "a.inp");
    fs::copy_file(collection() + "/orthodox/castling_28.inp", dir / "c.txt"); // a problem file
    std::ofstream(dir / "notes.txt") << "no problem in here\n";               // skipped
    std::ofstream(dir / "d.fen") << "8/8/8/8/8/8/8/8\n";                      // skipped

    Run run = check({dir.string()}, text());
    std::vector<std::string> out = lines(run.out);
    REQUIRE(out.size() == 4);
    CHECK(out[0].starts_with((dir / "b.pop").string() + ":1 "));
    CHECK(out[1].starts_with((dir / "c.txt").string() + ":1 "));
    CHECK(out[2].starts_with((dir / "sub" / "a.inp").string() + ":1 "));
    CHECK(out[3].starts_with("3 problems: 3 sound in "));
    CHECK(run.status == 0);

    Run empty = check({(dir / "sub" / "nothing").string()});
    CHECK(empty.status == 2); // a path that is not there is bad input

    fs::create_directories(dir / "empty");
    Run none = check({(dir / "empty").string()}, text());
    CHECK(none.status == 0);
    CHECK(none.out.starts_with("0 problems in "));
    fs::remove_all(dir);
}

// Duplex: check solved the first half only (as set), so a Duplex problem got the verdict of one
// half. Both halves now, as solve does: the second labelled "duplex:", and the problem's verdict
// the gravest of the two (here White has no #2 as set; with Black starting, Black's 19 keys
// include a mate in 1, short), as for twins.
TEST_CASE("check: Duplex solves both halves, the problem's verdict combines them",
          "[check][stipulation]") {
    const std::string path = "/tmp/dynamo_check_duplex_" + std::to_string(getpid()) + ".inp";
    {
        std::ofstream out(path);
        out << "beginproblem\nstipulation #2\noption Duplex\npieces black kb3 qd8 white ka1\n"
               "endproblem\n";
    }
    Run run = check({path}, text());
    Run js = check({path});
    fs::remove(path);
    std::vector<std::string> out = lines(run.out);
    REQUIRE(out.size() == 4); // two halves, the problem as a whole, the total
    CHECK(out[0].find(" duplex:") == std::string::npos);
    CHECK(out[0].find(" no solution ") != std::string::npos);
    CHECK(out[1].find(":1 duplex:") != std::string::npos);
    CHECK(out[1].find(" short ") != std::string::npos);
    CHECK(out[2].find(" no solution ") != std::string::npos);
    CHECK(out[2].ends_with("the whole problem, 2 twins"));
    CHECK(out[3].starts_with("1 problem: 1 no solution"));
    CHECK(run.status == 1);
    std::vector<std::string> objects = lines(js.out);
    REQUIRE(objects.size() == 2);
    json second = json::parse(objects[1]);
    CHECK(second["verdict"] == "short");
    CHECK(second["problem_verdict"] == "no solution");
    CHECK(json::parse(objects[0])["verdict"] == "no solution");
}
