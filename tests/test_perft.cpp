// Perft against independent reference counts: dynref (the rules read by a separate program) for
// Dynamo and vchess rules, chess.js / published values for orthodox chess.
#include "helpers.h"

#include "solver/rules/perft.h"

using namespace dynamo;
using namespace dynamo::test;

namespace {

// Rows above this many leaves are left to the slow label, to keep the suite within minutes.
constexpr uint64_t MAX_LEAVES = 20'000'000;

void check_dynref(const std::string& file, RuleSet rules) {
    auto rows = read_tsv(test_data("dynref/" + file));
    REQUIRE(rows.size() > 100);
    int checked = 0;
    for (const auto& row : rows) {
        REQUIRE(row.size() == 5);
        const std::string &id = row[0], &fen = row[1], &prev = row[2];
        int depth = std::stoi(row[3]);
        uint64_t expected = std::stoull(row[4]);
        if (expected > MAX_LEAVES) continue;
        Position pos = position(fen, rules);
        if (prev != "-") {
            Placement placement;
            std::string error;
            REQUIRE(parse_board(prev, placement, &error));
            pos.set_forbidden_placement(placement);
        }
        uint64_t count = 0;
        for (const auto& e : perft_divide(pos, depth)) count += e.count;
        INFO(file << " position " << id << " " << fen << " depth " << depth);
        CHECK(count == expected);
        ++checked;
    }
    CHECK(checked == int(rows.size()));
}

} // namespace

TEST_CASE("Dynamo perft matches dynref (default rules)", "[perft][dynamo]") {
    check_dynref("perft-default.tsv", RuleSet::dynamo_default());
}

TEST_CASE("Dynamo perft matches dynref (vchess rules)", "[perft][dynamo]") {
    check_dynref("perft-vchess.tsv", RuleSet::vchess());
}

namespace {
void check_orthodox(uint64_t min_leaves, uint64_t max_leaves) {
    auto rows = read_tsv(test_data("orthodox-perft.tsv"));
    REQUIRE(rows.size() >= 25);
    int checked = 0;
    for (const auto& row : rows) {
        int depth = std::stoi(row[2]);
        uint64_t expected = std::stoull(row[3]);
        if (expected < min_leaves || expected > max_leaves) continue;
        Position pos = position(row[1], RuleSet::orthodox());
        uint64_t count = 0;
        for (const auto& e : perft_divide(pos, depth)) count += e.count;
        INFO(row[0] << " depth " << depth);
        CHECK(count == expected);
        ++checked;
    }
    CHECK(checked > 0);
}
} // namespace

// Every position to depth 4 at least (5 or 6 where under MAX_LEAVES).
TEST_CASE("Orthodox perft matches the standard values", "[perft][orthodox]") {
    check_orthodox(0, MAX_LEAVES);
}

// The deepest rows (up to 194 million leaves): run with `dynamo_tests "[.slow]"`.
TEST_CASE("Orthodox perft, deepest rows", "[.slow][perft][orthodox]") {
    check_orthodox(MAX_LEAVES + 1, ~uint64_t(0));
}
