// The batch library (batch/) through its own API, without the command line: the items of a
// text, shards that keep a problem's twins together, parallel runs delivering in input order,
// and the summary that counts problems (a twinned problem once, by the verdict of the whole).
#include "helpers.h"

#include "batch/check.h"
#include "batch/items.h"
#include "batch/report.h"
#include "batch/runner.h"
#include "batch/summary.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace dynamo;
using namespace dynamo::test;
namespace fs = std::filesystem;

namespace {

// Four problems: a sound #2, a problem with three twins (a) sound #2, b) short, c) as #3, short), a
// malformed one, and a cooked #2 certified cooked.
const char* const TEXT =
    "begin\ntitle one\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\ncondition Dynamo\n"
    "nextproblem\ntitle twins\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\n"
    "condition Dynamo\ntwin move h3 h2\ntwin stipulation #3\n"
    "nextproblem\ntitle bad\npieces white Kz9\nstipulation #2\n"
    "nextproblem\ntitle cooked\nremark verdict: cooked\nforsyth 8/3N4/1r6/5R2/2R5/8/6k1/4K2R\n"
    "stipulation #2\ncondition Dynamo\nend\n";

struct Read {
    std::vector<ReadResult> reads;
    std::vector<batch::Item> items;
};

Read read_text() {
    Read r;
    r.reads.push_back(read_problems(TEXT, "t.pop"));
    r.items = batch::items_of(r.reads, {"t.pop"});
    return r;
}

std::vector<std::string> titles(const std::vector<batch::Item>& items) {
    std::vector<std::string> out;
    for (const auto& item : items) out.push_back(item.problem ? item.problem->title() : "-");
    return out;
}

batch::RunOptions run_options(int threads) {
    batch::RunOptions o;
    o.settings.resources.threads = threads;
    o.settings.resources.hash_mb = 16;
    return o;
}

} // namespace

TEST_CASE("Batch: the items of a text, twins one after the other", "[batch]") {
    Read r = read_text();
    REQUIRE(r.items.size() == 6);
    CHECK(titles(r.items) == std::vector<std::string>{"one", "twins", "twins", "twins", "bad", "cooked"});
    CHECK(r.items[0].twins == 0);
    CHECK(r.items[1].twins == 3);
    CHECK(r.items[3].twin == 2);
    CHECK(r.items[3].instance->label.starts_with("c)"));
    CHECK(!r.items[4].instance);
    CHECK(!r.items[4].errors.empty());
    CHECK(r.items[5].index == 4);
}

TEST_CASE("Batch: a shard holds whole problems, twins together", "[batch]") {
    CHECK(!batch::parse_shard("2/2"));
    CHECK(!batch::parse_shard("1"));
    REQUIRE(batch::parse_shard("1/3"));
    CHECK(batch::parse_shard("1/3")->index == 1);
    CHECK(batch::parse_shard("1/3")->count == 3);

    // Problems 0 (one), 1 (twins: 3 items), 2 (bad), 3 (cooked).
    auto shard = [](size_t i, size_t n) { return titles(batch::shard_items(read_text().items, {i, n})); };
    CHECK(shard(0, 2) == std::vector<std::string>{"one", "bad"});
    CHECK(shard(1, 2) == std::vector<std::string>{"twins", "twins", "twins", "cooked"});
    CHECK(shard(1, 3) == std::vector<std::string>{"twins", "twins", "twins"});
    CHECK(shard(3, 4) == std::vector<std::string>{"cooked"});
    CHECK(shard(4, 5).empty());
    CHECK(shard(0, 1).size() == 6);
}

TEST_CASE("Batch: outcomes delivered in input order, the same for any thread count", "[batch]") {
    Read r = read_text();
    for (int threads : {1, 3}) {
        std::vector<std::string> verdicts;
        size_t ticks = 0;
        batch::run_items(
            r.items, run_options(threads),
            [&](size_t i, batch::ItemReport& out) {
                CHECK(i == verdicts.size());
                verdicts.push_back(out.verdict);
            },
            [&](size_t done, size_t total) {
                ++ticks;
                CHECK(done <= total);
                CHECK(total == 6);
            });
        CHECK(verdicts == std::vector<std::string>{"sound", "sound", "short", "short", "error", "cooked"});
        CHECK(ticks >= 1);
    }
    CHECK(batch::hash_share(16, 6, 3).problems_at_once == 3);
    CHECK(batch::hash_share(16, 6, 3).per_problem_mb == 5);
}

TEST_CASE("Batch: the summary counts problems, a twinned one by the verdict of the whole", "[batch]") {
    Read r = read_text();
    batch::Summary summary;
    std::vector<bool> ends;
    batch::run_items(r.items, run_options(2), [&](size_t i, batch::ItemReport& out) {
        batch::ProblemEnd end = summary.add(r.items[i], out);
        ends.push_back(end.verdict.has_value());
        if (end.verdict) CHECK(*end.verdict == Verdict::Short);
    });
    CHECK(ends == std::vector<bool>{false, false, false, true, false, false});
    CHECK(summary.problems() == 4);
    CHECK(summary.total_line(1.5) == "4 problems: 1 sound, 1 cooked, 1 short, 1 error in 1.50 s");
    CHECK(summary.differing() == 0);
    CHECK(summary.status() == 2); // the malformed problem
}

TEST_CASE("Batch: a whole check into streams", "[batch]") {
    fs::path file = fs::temp_directory_path() / ("dynamo-batch-test-" + std::to_string(getpid()) + ".pop");
    std::ofstream(file) << TEXT;
    batch::CheckRun options;
    options.run = run_options(2);
    options.json = true;
    std::ostringstream out, err;
    int status = batch::check({file.string()}, options, out, err);
    CHECK(status == 2);
    CHECK(err.str().find("4 problems: 1 sound, 1 cooked, 1 short, 1 error in ") != std::string::npos);
    std::vector<nlohmann::json> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    REQUIRE(lines.size() == 6);
    CHECK(lines[3]["problem_verdict"] == "short");
    CHECK(lines[5]["expected_verdict"] == "cooked");
    CHECK(lines[0]["fen"] == "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1");

    // Shard 1/2: the twinned problem and the cooked one; the twins' verdict as a whole is there.
    options.shard = {1, 2};
    std::ostringstream out2, err2;
    CHECK(batch::check({file.string()}, options, out2, err2) == 1); // b) short, uncertified
    CHECK(err2.str().find("2 problems: 1 cooked, 1 short in ") != std::string::npos);
    CHECK(out2.str().find("\"problem_verdict\":\"short\"") != std::string::npos);
    fs::remove(file);
}

TEST_CASE("Batch: a title longer than its column is cut, so that the columns hold", "[batch]") {
    // A short title, and one of 44 code points (an umlaut among them): the column is 32 wide.
    const std::string long_title = "Ein sehr langer Titel \u00fcber drei lange Zeilen";
    REQUIRE(long_title.size() == 45); // bytes: the umlaut takes two
    const std::string text =
        "begin\ntitle one\npieces white Kd4 Rc7 Rh3 black Kb1\nstipulation #2\ncondition Dynamo\n"
        "nextproblem\ntitle " + long_title + "\npieces white Kd4 Rc7 Rh3 black Kb1\n"
        "stipulation #2\ncondition Dynamo\nend\n";
    std::vector<ReadResult> reads{read_problems(text, "t.pop")};
    const std::vector<batch::Item> items = batch::items_of(reads, {"t.pop"});
    REQUIRE(items.size() == 2);
    const batch::Columns columns = batch::columns_of(items);
    CHECK(columns.title == batch::MAX_TITLE_WIDTH);
    batch::ItemReport report;
    report.verdict = "sound";
    const std::string short_line = batch::text_line(items[0], report, columns);
    const std::string long_line = batch::text_line(items[1], report, columns);
    INFO(short_line << "\n" << long_line);
    // The stipulation, the verdict and the time stand at the same place (in code points) on both.
    auto code_points_before = [](const std::string& line, const std::string& what) {
        size_t at = line.find(what);
        REQUIRE(at != std::string::npos);
        return size_t(std::count_if(line.begin(), line.begin() + long(at),
                                    [](char c) { return (c & 0xC0) != 0x80; }));
    };
    CHECK(code_points_before(short_line, "#2") == code_points_before(long_line, "#2"));
    CHECK(code_points_before(short_line, "sound") == code_points_before(long_line, "sound"));
    CHECK(long_line.find("Ein sehr langer Titel \u00fcber drei\u2026  #2") != std::string::npos);
    CHECK(short_line.find("one" + std::string(29 + 2, ' ') + "#2") != std::string::npos);
}
