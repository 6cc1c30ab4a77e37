// The transposition table: round trips, merging of bounds, no hits for other keys, replacement
// that keeps the entries with more work behind them, and facts that stay whole under threads.
#include "helpers.h"

#include "solver/search/tt.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include <unistd.h>

using namespace dynamo;

namespace {

using TT = TranspositionTable;

bool empty(TT::Bounds b) { return b.win == TT::NO_WIN && b.fail == 0; }

// Keys that share their bucket (the same low bits) in a table of any size up to 2^40 buckets.
Key same_bucket(Key base, int i) { return base ^ (Key(i + 1) << 44); }

} // namespace

TEST_CASE("Transposition table: what is stored is found", "[tt]") {
    TT tt(1);
    CHECK(tt.entries() >= (size_t(1) << 16));
    std::mt19937_64 rng(7);
    std::vector<Key> keys;
    for (int i = 0; i < 200; ++i) keys.push_back(rng());
    for (size_t i = 0; i < keys.size(); ++i)
        tt.store(keys[i], i % 2 ? TT::Bounds{int(1 + i % 20), 0} : TT::Bounds{TT::NO_WIN, int(1 + i % 30)});
    for (size_t i = 0; i < keys.size(); ++i) {
        TT::Bounds b = tt.probe(keys[i]);
        if (i % 2) {
            CHECK(b.win == int(1 + i % 20));
            CHECK(b.fail == 0);
        } else {
            CHECK(b.win == TT::NO_WIN);
            CHECK(b.fail == int(1 + i % 30));
        }
    }
    // Key 0 and a key whose high bits are 0: not confused with an empty entry.
    CHECK(empty(tt.probe(0)));
    tt.store(0, {2, 0});
    CHECK(tt.probe(0).win == 2);
    CHECK(empty(tt.probe(1)));
    tt.clear();
    CHECK(empty(tt.probe(0)));
    CHECK(empty(tt.probe(keys[1])));
}

TEST_CASE("Transposition table: bounds for one key are merged", "[tt]") {
    TT tt(1);
    const Key k = 0x123456789ABCDEFull;
    tt.store(k, {TT::NO_WIN, 2});
    tt.store(k, {5, 0});
    CHECK(tt.probe(k).win == 5);
    CHECK(tt.probe(k).fail == 2);
    tt.store(k, {TT::NO_WIN, 1}); // weaker: changes nothing
    tt.store(k, {7, 0});
    CHECK(tt.probe(k).win == 5);
    CHECK(tt.probe(k).fail == 2);
    tt.store(k, {TT::NO_WIN, 4});
    tt.store(k, {3, 0});
    CHECK(tt.probe(k).win == 3);
    CHECK(tt.probe(k).fail == 4);
    // Only one entry for the key: a full bucket of others later leaves at most it, merged.
    tt.store(k, {TT::NO_WIN, 4});
    CHECK(tt.probe(k).fail == 4);
}

TEST_CASE("Transposition table: bounds too large are kept weakened, never wrong", "[tt]") {
    TT tt(1);
    tt.store(11, {200, 0}); // a win within 200: not representable, nothing kept
    CHECK(tt.probe(11).win >= 200);
    tt.store(12, {TT::NO_WIN, 200}); // a failure within 200: kept as a failure within fewer
    TT::Bounds b = tt.probe(12);
    CHECK(b.fail <= 200);
    CHECK(b.fail >= TT::MAX_MOVES);
    CHECK(b.win == TT::NO_WIN);
    tt.store(13, {TT::MAX_MOVES, TT::MAX_MOVES - 1});
    CHECK(tt.probe(13).win == TT::MAX_MOVES);
    CHECK(tt.probe(13).fail == TT::MAX_MOVES - 1);
}

TEST_CASE("Transposition table: no hit for another key, even in a full bucket", "[tt]") {
    TT tt(1);
    const Key base = 0xDEADBEEF12345678ull;
    std::vector<Key> stored;
    for (int i = 0; i < 8; ++i) {
        stored.push_back(same_bucket(base, i));
        tt.store(stored.back(), {1 + i, 0});
    }
    for (int i = 0; i < 8; ++i) CHECK(tt.probe(stored[size_t(i)]).win == 1 + i);
    // Others in the same bucket, and each stored key with any one bit flipped.
    for (int i = 8; i < 200; ++i) CHECK(empty(tt.probe(same_bucket(base, i))));
    for (Key k : stored)
        for (int bit = 0; bit < 64; ++bit) {
            Key other = k ^ (Key(1) << bit);
            if (std::find(stored.begin(), stored.end(), other) != stored.end()) continue;
            INFO("bit " << bit);
            CHECK(empty(tt.probe(other)));
        }
}

TEST_CASE("Transposition table: replacement keeps the valuable entry", "[tt]") {
    TT tt(1);
    const Key base = 0x0F0F1234ABCD0042ull;
    const Key deep = same_bucket(base, 0), deep2 = same_bucket(base, 1);
    tt.store(deep, {TT::NO_WIN, 6});
    tt.store(deep2, {5, 0});
    // Many cheap facts in the same bucket: each new one goes in, the deep ones stay.
    for (int i = 2; i < 100; ++i) {
        Key k = same_bucket(base, i);
        tt.store(k, {1, 0});
        CHECK(tt.probe(k).win == 1); // the newest is always kept
        CHECK(tt.probe(deep).fail == 6);
        CHECK(tt.probe(deep2).win == 5);
    }
    // Of the cheap ones, the bucket holds the rest of its room.
    int found = 0;
    for (int i = 2; i < 100; ++i) found += tt.probe(same_bucket(base, i)).win == 1;
    CHECK(found == 6);
    // A deeper fact than every entry: the cheapest one goes, the deep ones stay.
    const Key deeper = same_bucket(base, 100);
    tt.store(deeper, {TT::NO_WIN, 9});
    CHECK(tt.probe(deeper).fail == 9);
    CHECK(tt.probe(deep).fail == 6);
    CHECK(tt.probe(deep2).win == 5);
}

TEST_CASE("Transposition table: threads see whole facts or none", "[tt]") {
    TT tt(1);
    // Each key has one fact of its own; stores of it race with stores of others in few buckets.
    auto fact = [](Key k) {
        return k % 3 ? TT::Bounds{int(1 + k % 50), 0} : TT::Bounds{TT::NO_WIN, int(1 + k % 60)};
    };
    auto key = [](uint64_t i) { return (i % 64) | (i * 0x9E3779B97F4A7C15ull & ~uint64_t(0xFFFFF)); };
    std::atomic<int> wrong{0}, hits{0};
    auto work = [&](uint64_t seed) {
        std::mt19937_64 rng(seed);
        for (int i = 0; i < 200000; ++i) {
            Key k = key(rng() % 4096);
            if (rng() % 2) {
                tt.store(k, fact(k));
            } else {
                TT::Bounds b = tt.probe(k), f = fact(k);
                if (!empty(b)) {
                    ++hits;
                    if (b.win != f.win || b.fail != f.fail) ++wrong;
                }
            }
        }
    };
    std::thread a(work, 1), b(work, 2);
    a.join();
    b.join();
    CHECK(wrong.load() == 0);
    CHECK(hits.load() > 0);
}

TEST_CASE("Transposition table: it grows as it fills, and keeps what it holds", "[tt]") {
    TT tt(64);
    const size_t first = tt.entries();
    CHECK(first == (size_t(2) << 20) / 64 * 8); // 2 MB in use at first
    CHECK(tt.max_entries() == (size_t(64) << 20) / 64 * 8);
    auto bounds_of = [](Key k) {
        return k % 2 ? TT::Bounds{int(1 + k % 20), 0} : TT::Bounds{TT::NO_WIN, int(1 + k % 30)};
    };
    std::mt19937_64 rng(11);
    std::vector<Key> keys(first); // as many keys as the first table has entries
    for (Key& k : keys) k = rng();
    for (Key k : keys) tt.store(k, bounds_of(k));
    CHECK(tt.entries() > first);
    CHECK(tt.entries() <= tt.max_entries());
    // The entries stored before it grew were moved to their buckets: found, with their bounds.
    size_t found = 0;
    for (Key k : keys) {
        TT::Bounds b = tt.probe(k);
        if (empty(b)) continue;
        ++found;
        CHECK(b.win == bounds_of(k).win);
        CHECK(b.fail == bounds_of(k).fail);
    }
    CHECK(found >= keys.size() * 99 / 100); // a few replaced in full buckets before it grew
    for (int i = 0; i < 1000; ++i) CHECK(empty(tt.probe(rng()))); // never stored
}

// The search threads all store into the first part from their first nodes: it is taken from the
// system when the table is made, on one thread, not by the threads meeting it at once.
TEST_CASE("Transposition table: its first part is in memory once made, the rest is not", "[tt]") {
    auto resident_bytes = [] {
        std::ifstream statm("/proc/self/statm");
        size_t size = 0, resident = 0;
        statm >> size >> resident;
        return resident * size_t(sysconf(_SC_PAGESIZE));
    };
    const size_t before = resident_bytes();
    TT tt(64);
    const size_t taken = resident_bytes() - before;
    CHECK(taken >= (size_t(2) << 20)); // the 2 MB in use at first
    CHECK(taken < (size_t(16) << 20)); // not the 64 MB the table may grow to
}

TEST_CASE("Transposition table: growing while threads store, no fact is wrong", "[tt]") {
    TT tt(32);
    auto bounds_of = [](Key k) { return TT::Bounds{int(1 + k % 50), int(k % 40 + 50)}; };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&tt, &bounds_of, t] {
            std::mt19937_64 rng(100 + uint64_t(t));
            for (int i = 0; i < 600000; ++i) {
                Key k = rng();
                tt.store(k, bounds_of(k));
                if (i % 7 == 0) tt.probe(rng());
            }
        });
    for (auto& th : threads) th.join();
    CHECK(tt.entries() == tt.max_entries());
    size_t found = 0, wrong = 0;
    for (int t = 0; t < 4; ++t) {
        std::mt19937_64 rng(100 + uint64_t(t));
        for (int i = 0; i < 600000; ++i) {
            Key k = rng();
            TT::Bounds b = tt.probe(k);
            if (!empty(b)) {
                ++found;
                wrong += b.win != bounds_of(k).win || b.fail != bounds_of(k).fail;
            }
            if (i % 7 == 0) rng();
        }
    }
    CHECK(wrong == 0);
    CHECK(found > 1000000); // most of the 2.4 million in 4 million entries
}

// NonTrivial's counts beside the bounds (nontrivial_counts.h): a count comes back for its key
// only, a slot's new key takes the place of the old, counts it cannot hold are not kept, and
// clear() (the table's too) forgets them.
TEST_CASE("NonTrivial counts: what is stored is found, for its key only", "[tt][nontrivial]") {
    NonTrivialCounts counts(10);
    CHECK(counts.slots() == 1024);
    std::mt19937_64 rng(11);
    std::vector<Key> keys;
    for (int i = 0; i < 300; ++i) keys.push_back(rng());
    for (size_t i = 0; i < keys.size(); ++i) CHECK(counts.probe(keys[i]) == -1);
    for (size_t i = 0; i < keys.size(); ++i) counts.store(keys[i], int(i % 15));
    size_t found = 0;
    for (size_t i = 0; i < keys.size(); ++i) {
        const int c = counts.probe(keys[i]);
        if (c < 0) continue; // its slot taken by a later key
        ++found;
        CHECK(c == int(i % 15));
    }
    CHECK(found > 200); // 300 keys in 1024 slots: few collide
    // A key in the same slot (the same index bits) but with other bits is not taken for it.
    const Key a = keys[0];
    const Key b = a ^ (Key(1) << 50);
    counts.store(a, 3);
    CHECK(counts.probe(b) == -1);
    counts.store(b, 5);
    CHECK(counts.probe(b) == 5);
    CHECK(counts.probe(a) == -1);
    // Zero is a count like any other; too large a count, or none (-1: stopped), is not kept.
    counts.store(a, 0);
    CHECK(counts.probe(a) == 0);
    counts.store(a, NonTrivialCounts::MAX_COUNT + 1);
    CHECK(counts.probe(a) == 0);
    counts.store(a, -1);
    CHECK(counts.probe(a) == 0);
    counts.clear();
    CHECK(counts.probe(a) == -1);
    CHECK(counts.probe(b) == -1);

    TT tt(1);
    tt.nontrivial_counts().store(a, 7);
    CHECK(tt.nontrivial_counts().probe(a) == 7);
    tt.clear();
    CHECK(tt.nontrivial_counts().probe(a) == -1);
}

// The tables' memory (mapped_memory.h): zeroed when mapped, and populating it, in part or past
// its end, keeps what was stored.
TEST_CASE("MappedMemory: zeroed, and populate() keeps what is stored", "[tt]") {
    const size_t bytes = size_t(3) << 20;
    MappedMemory memory(bytes);
    REQUIRE(memory.data() != nullptr);
    CHECK(reinterpret_cast<uintptr_t>(memory.data()) % (size_t(2) << 20) == 0);
    auto* words = static_cast<uint64_t*>(memory.data());
    const size_t count = bytes / sizeof(uint64_t);
    words[0] = 1;
    words[count / 2] = 2;
    memory.populate(100, bytes); // an unaligned start, and more than is left
    memory.populate(bytes, 10);  // nothing
    CHECK(words[0] == 1);
    CHECK(words[count / 2] == 2);
    size_t nonzero = 0;
    for (size_t i = 0; i < count; ++i) nonzero += words[i] != 0;
    CHECK(nonzero == 2);
    MappedMemory moved = std::move(memory);
    CHECK(memory.data() == nullptr);
    CHECK(static_cast<uint64_t*>(moved.data())[count / 2] == 2);
}
