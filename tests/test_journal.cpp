// The journal of `check --journal` (batch/journal.h): what it keeps comes back the same, a torn
// last line is cut off, a journal of other inputs or options is refused, an edited problem gets
// another identity.

#include <catch2/catch.hpp>

#include "batch/journal.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace dynamo;
using namespace dynamo::batch;
namespace fs = std::filesystem;

namespace {

struct Folder {
    fs::path path = fs::temp_directory_path() / ("dynamo-journal-" + std::to_string(::getpid()));
    Folder() { fs::create_directories(path); }
    ~Folder() { fs::remove_all(path); }
};

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* TWO = "beginproblem\npieces white kc1 qd1 black ka8\nstipulation #1\nnext\n"
                  "pieces white kc1 rd1 black ka8\nstipulation #2\nendproblem\n";

} // namespace

TEST_CASE("Journal: a report kept comes back the same, only for the same identity", "[journal]") {
    Folder dir;
    write(dir.path / "a.pop", TWO);
    Batch batch = read_batch({(dir.path / "a.pop").string()});
    REQUIRE(batch.items.size() == 2);
    const std::string settings = settings_identity(Settings{});
    ItemIdentities ids(batch.items, settings);
    CHECK(ids[0] != ids[1]);
    const std::string path = (dir.path / "j.jsonl").string();
    ItemReport r;
    r.verdict = "cooked";
    r.seconds = 0.1 + 0.2; // not exactly printable in few digits
    r.detail = "1.Qd1-d8# \"quoted\"";
    r.json = "{\"a\":1}";
    r.status = 1;
    r.solution = Verdict::Cooked;
    r.differs = true;
    {
        Journal j(path, batch.files, "0/1", settings);
        CHECK(j.kept() == 0);
        CHECK(j.add(batch.items[0], ids[0], r));
    }
    Journal j(path, batch.files, "0/1", settings);
    CHECK(j.kept() == 1);
    auto back = j.find(batch.items[0], ids[0]);
    REQUIRE(back);
    CHECK(back->verdict == r.verdict);
    CHECK(back->seconds == r.seconds);
    CHECK(back->detail == r.detail);
    CHECK(back->json == r.json);
    CHECK(back->status == r.status);
    CHECK(back->solution == r.solution);
    CHECK(back->differs);
    CHECK_FALSE(j.find(batch.items[1], ids[1]));
    CHECK_FALSE(j.find(batch.items[0], ids[1])); // another identity: solved again
}

TEST_CASE("Journal: an edited problem has another identity, its neighbour the same", "[journal]") {
    Folder dir;
    write(dir.path / "a.pop", TWO);
    const std::string settings = settings_identity(Settings{});
    Batch before = read_batch({(dir.path / "a.pop").string()});
    ItemIdentities a(before.items, settings);
    std::string edited = TWO;
    edited.replace(edited.find("#2"), 2, "#3");
    write(dir.path / "a.pop", edited);
    Batch after = read_batch({(dir.path / "a.pop").string()});
    ItemIdentities b(after.items, settings);
    CHECK(a[0] == b[0]);
    CHECK(a[1] != b[1]);
    Settings tries;
    tries.tries = true;
    ItemIdentities c(after.items, settings_identity(tries));
    CHECK(c[0] != b[0]);
}

TEST_CASE("Journal: a torn last line is cut off; other inputs or options refused", "[journal]") {
    Folder dir;
    write(dir.path / "a.pop", TWO);
    Batch batch = read_batch({(dir.path / "a.pop").string()});
    const std::string settings = settings_identity(Settings{});
    ItemIdentities ids(batch.items, settings);
    const std::string path = (dir.path / "j.jsonl").string();
    ItemReport r;
    r.verdict = "sound";
    {
        Journal j(path, batch.files, "0/1", settings);
        j.add(batch.items[0], ids[0], r);
        j.add(batch.items[1], ids[1], r);
    }
    std::string whole = read(path);
    write(path, whole.substr(0, whole.size() - 10)); // killed while writing the second
    {
        Journal j(path, batch.files, "0/1", settings);
        CHECK(j.kept() == 1);
        CHECK(j.find(batch.items[0], ids[0]));
        CHECK_FALSE(j.find(batch.items[1], ids[1]));
        CHECK(j.add(batch.items[1], ids[1], r));
    }
    CHECK(read(path) == whole); // the torn line cut, the new one whole after it

    Settings tries;
    tries.tries = true;
    try {
        Journal j(path, batch.files, "0/1", settings_identity(tries));
        FAIL("a journal of other options taken");
    } catch (const JournalError& e) {
        CHECK_THAT(e.what(), Catch::Contains(path) && Catch::Contains("tries"));
    }
    try {
        Journal j(path, {"b.pop"}, "0/1", settings);
        FAIL("a journal of other inputs taken");
    } catch (const JournalError& e) {
        CHECK_THAT(e.what(), Catch::Contains("other inputs") && Catch::Contains("b.pop"));
    }
    CHECK_THROWS_AS(Journal(path, batch.files, "1/2", settings), JournalError);
    write(path, "not json\n{}\n");
    CHECK_THROWS_AS(Journal(path, batch.files, "0/1", settings), JournalError);
}
