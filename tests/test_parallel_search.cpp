// The defences searched in parallel below the root (solver/search/search.cpp, Young Brothers Wait),
// and the twins of defend_length's shorter lengths: with the split on, in arenas of 2 and 4
// threads, every outcome equals the serial search's, for every first move of orthodox and Dynamo
// problems; the split is really made, helpers' refutations cut siblings short, twins are run (and
// a twin's answer, when it comes first, is the node's), and the global stop still gives Unknown.
#include "helpers.h"

#include "format/base/problem.h"
#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"
#include "solver/search/search.h"
#include "solver/search/thread.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <thread>

using namespace dynamo;
using namespace dynamo::test;

namespace {

struct Totals {
    int compared = 0;
    uint64_t splits = 0, refuted_splits = 0, split_nodes = 0, attacker_splits = 0;
    uint64_t each_splits = 0; // made by defend_each (at its root or below)
    uint64_t twins = 0;       // defend_length's, below the full length
    uint64_t twin_answers = 0; // those twins that had the node's answer first
};

// For every first move: defend(n) and defend_length(n); then attack_length(n) from the diagram;
// then the table the parallel searches shared (as in analyse()) is read back after every defence;
// then defend_each(n) over all the first moves.
void compare(const Position& diagram, const Stipulation& stip, int threads, int split_depth,
             Totals& totals) {
    const int n = stip.moves;
    TranspositionTable serial_tt(4), parallel_tt(4);
    std::atomic<bool> stop{false};
    HelperPool pool(stip, parallel_tt, stop);
    pool.split_depth = split_depth; // both kinds of node split from the same depth
    pool.attack_split_depth = split_depth;
    tbb::task_arena arena(threads);
    arena.execute([&] {
        MateSearch serial(stip, serial_tt, stop);
        MateSearch parallel(stip, parallel_tt, stop, &pool);
        MoveList moves;
        generate_legal(diagram, moves);
        for (Move m : moves) {
            Position pos = diagram;
            INFO("first move " << move_text(pos, m));
            pos.make(m);
            Outcome expected = serial.defend(pos, n);
            REQUIRE(expected != Outcome::Unknown);
            CHECK(parallel.defend(pos, n) == expected);
            CHECK(parallel.defend_length(pos, n) == serial.defend_length(pos, n));
            totals.compared += 2;
        }
        Position pos = diagram;
        CHECK(parallel.attack_length(pos, n) == serial.attack_length(pos, n));
        ++totals.compared;
        // The nodes searched in the moves shared out are counted in the searcher that split.
        CHECK(parallel.nodes() >= pool.split_nodes());

        // What the helpers left in the table is true, those cut short included: read back by a
        // serial search after every defence (the children of the nodes that split).
        if (n < 2) return;
        MateSearch reader(stip, parallel_tt, stop);
        for (Move m : moves) {
            pos.make(m);
            MoveList replies;
            generate_legal(pos, replies);
            for (Move r : replies) {
                pos.make(r);
                INFO("after " << move_text(diagram, m) << " and a defence: " << to_fen(pos));
                CHECK(reader.attack(pos, n - 1) == serial.attack(pos, n - 1));
                ++totals.compared;
                pos.unmake();
            }
            pos.unmake();
        }
    });
    // Every first move's outcome at once, none cut short by a win (the solution tree's), by a
    // search of its own: a search counts its splits in the pool's when it ends.
    const uint64_t splits_before = pool.splits();
    arena.execute([&] {
        MateSearch serial(stip, serial_tt, stop);
        std::vector<Outcome> each;
        Position pos = diagram;
        MoveList moves;
        generate_legal(pos, moves);
        {
            MateSearch parallel(stip, parallel_tt, stop, &pool);
            each = parallel.defend_each(pos, moves, n);
        }
        REQUIRE(each.size() == size_t(moves.size()));
        for (int i = 0; i < moves.size(); ++i) {
            INFO("defend_each, first move " << move_text(pos, moves[i]));
            pos.make(moves[i]);
            CHECK(each[size_t(i)] == serial.defend(pos, n));
            pos.unmake();
            ++totals.compared;
        }
    });
    totals.each_splits += pool.splits() - splits_before;
    totals.splits += pool.splits();
    totals.refuted_splits += pool.refuted_splits();
    totals.split_nodes += pool.split_nodes();
    totals.attacker_splits += pool.attacker_splits();
    totals.twins += pool.twins();
    totals.twin_answers += pool.twin_answers();
}

struct Case {
    Position diagram;
    Stipulation stip;
    std::string name;
};

std::vector<Case> read_cases(const std::string& path) {
    ReadResult read = read_problem_file(path);
    std::vector<Case> out;
    for (const Problem& p : read.problems) {
        REQUIRE(p.ok());
        out.push_back({problem_position(p.pieces, p.stipulation, p.rules, p.options), p.stipulation,
                       path + " #" + std::to_string(p.index)});
    }
    return out;
}

} // namespace

TEST_CASE("Parallel search: the same outcomes as the serial search, orthodox problems",
          "[search][parallel]") {
    const std::string bench = project_root() + "/problems/bench-orthodox/";
    // #3, #4, s#3 and s#4.
    const char* files[] = {"castling_03.inp", "castling_05.inp", "castling_13.inp",
                           "castling_17.inp", "ep_10.inp",       "selfref_01.inp",
                           "selfref_02.inp",  "selfref_05.inp"};
    Totals totals;
    for (const char* file : files)
        for (const Case& c : read_cases(bench + file))
            for (int threads : {2, 4})
                for (int depth : {2, 3}) {
                    INFO(c.name << " " << c.stip.text << ", " << threads
                                << " threads, split from n = " << depth);
                    compare(c.diagram, c.stip, threads, depth, totals);
                }
    WARN("orthodox: " << totals.compared << " outcomes, " << totals.splits << " splits ("
                      << totals.refuted_splits << " decided), " << totals.attacker_splits
                      << " at attacker nodes, " << totals.split_nodes << " nodes in split moves, "
                      << totals.each_splits << " in defend_each, " << totals.twins << " twins ("
                      << totals.twin_answers << " answered first)");
    CHECK(totals.splits > 1000);
    CHECK(totals.refuted_splits > 100); // siblings cut short
    CHECK(totals.split_nodes > 100000);
    CHECK(totals.attacker_splits > 100);
    CHECK(totals.each_splits > 10);
    CHECK(totals.twins > 10); // the keys' shorter lengths
}

TEST_CASE("Parallel search: the same outcomes as the serial search, Dynamo problems",
          "[search][parallel]") {
    Totals totals;
    // #1 to s#2: only the defences at n = 2 can split.
    for (const Case& c : read_cases(project_root() + "/problems/dynref-bench.pop")) {
        if (c.stip.moves < 2) continue;
        INFO(c.name << " " << c.stip.text);
        compare(c.diagram, c.stip, 2, 2, totals);
    }
    // Longer than composed: #3 and s#3.
    const char* fens[][2] = {
        {"8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1", "#3"},       // dynref P13
        {"8/3N4/1r6/5R2/2R5/8/6k1/4K2R w K - 0 1", "#3"}, // dynref P18
        {"8/8/5R2/5R2/7k/8/5pR1/7K w - - 0 1", "s#3"},    // dynref P38
    };
    for (const auto& f : fens) {
        Stipulation stip;
        stip.kind = f[1][0] == 's' ? Stipulation::Kind::Self : Stipulation::Kind::Direct;
        stip.moves = 3;
        stip.text = f[1];
        INFO(f[0] << " " << f[1]);
        compare(position(f[0]), stip, 4, 3, totals);
    }
    // No mate in 3, split from n = 2 on: the defences' subtrees are one Dynamo mate test each,
    // and the killer, tried before the list is made, mostly refutes.
    Stipulation three;
    three.kind = Stipulation::Kind::Direct;
    three.moves = 3;
    three.text = "#3";
    compare(position("2K5/4P3/8/5Q1R/8/6q1/4r3/2k5 w - - 0 1"), three, 2, 2, totals);
    WARN("Dynamo: " << totals.compared << " outcomes, " << totals.splits << " splits ("
                    << totals.refuted_splits << " decided), " << totals.attacker_splits
                    << " at attacker nodes, " << totals.split_nodes << " nodes in split moves, "
                    << totals.twins << " twins");
    // About 100 splits (110 when the thread that split searched its share in a helper, with
    // the killers as they were at the split; its own search, which learns as it goes, needs
    // fewer): enough that any split at all is seen.
    CHECK(totals.splits > 50);
    CHECK(totals.refuted_splits > 10);
    CHECK(totals.attacker_splits > 10);
    CHECK(totals.split_nodes > 1000); // Dynamo last moves: one node each, costly ones
}

TEST_CASE("Parallel search: the stop flag still gives Unknown", "[search][parallel]") {
    // castling_11 (#6): 26 s of serial search, split throughout. Stopped once splits are made.
    auto cases = read_cases(test_data("popeye/problems/castling_11_nothreatlimit.inp"));
    REQUIRE(cases.size() == 1);
    Position pos = cases[0].diagram;
    const Stipulation& stip = cases[0].stip;
    TranspositionTable tt(16);
    std::atomic<bool> stop{false}, done{false};
    HelperPool pool(stip, tt, stop);
    pool.split_depth = 3; // splits from the first milliseconds on
    std::thread watcher([&] {
        while (!done.load() && pool.splits() < 10)
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        stop.store(true);
    });
    tbb::task_arena arena(2);
    Outcome o = Outcome::Fail;
    auto start = std::chrono::steady_clock::now();
    arena.execute([&] {
        MateSearch search(stip, tt, stop, &pool);
        o = search.attack(pos, stip.moves);
    });
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    done.store(true);
    watcher.join();
    CHECK(pool.splits() >= 10);
    CHECK(o == Outcome::Unknown);
    CHECK(seconds < 5);
}

TEST_CASE("Parallel search: no split below one whose helper task no thread has begun",
          "[search][parallel]") {
    // The other thread of the arena is held busy, so that no helper task is ever taken (the
    // thread that split runs its own at the end): every split is then made with none of its
    // thread's open, whereas each would have nested splits of its own below it.
    auto cases = read_cases(test_data("popeye/problems/ep_11.inp"));
    REQUIRE(cases.size() == 1);
    Position pos = cases[0].diagram;
    const Stipulation& stip = cases[0].stip;
    TranspositionTable tt(16);
    std::atomic<bool> stop{false};
    HelperPool pool(stip, tt, stop);
    tbb::task_arena arena(2);
    bool held = false;
    Outcome o = Outcome::Unknown;
    arena.execute([&] {
        std::atomic<bool> started{false}, release{false};
        tbb::task_group busy;
        busy.run([&] {
            started.store(true);
            while (!release.load()) std::this_thread::yield();
        });
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!started.load() && std::chrono::steady_clock::now() < give_up)
            std::this_thread::yield();
        held = started.load();
        if (held) {
            MateSearch search(stip, tt, stop, &pool);
            o = search.attack(pos, stip.moves);
        }
        release.store(true);
        busy.wait();
    });
    REQUIRE(held); // the other thread took the busy task
    CHECK(o == Outcome::Win);
    CHECK(pool.splits() > 10);
    CHECK(pool.nested_splits() == 0);
}

TEST_CASE("Parallel search: the solution text is the same for 1, 2 and 4 threads",
          "[search][parallel][determinism]") {
    // Splits are made once threads are left without a first move: at the end, and all along in
    // the position with a checking queen (three first moves).
    const std::string bench = project_root() + "/problems/bench-orthodox/";
    std::vector<Case> cases = read_cases(bench + "castling_13.inp");
    for (const auto& c : read_cases(bench + "selfref_05.inp")) cases.push_back(c);
    Stipulation six;
    six.kind = Stipulation::Kind::Direct;
    six.moves = 6;
    six.text = "#6";
    cases.push_back({position("r3k3/2Qp3R/1p6/1b2K3/3qp3/8/5p2/8 w q - 0 1", RuleSet::orthodox()),
                     six, "castling_13 with a checking queen"});
    for (const Case& c : cases) {
        AnalysisOptions options;
        options.tries = options.variations = true;
        options.max_refutations = 3;
        std::string texts[3];
        int i = 0;
        for (int t : {1, 2, 4}) {
            options.threads = t;
            texts[i++] = text_solution(c.diagram, analyse(c.diagram, c.stip, options), {});
        }
        INFO(c.name);
        CHECK(texts[0].find("verdict:") != std::string::npos);
        CHECK(texts[1] == texts[0]);
        CHECK(texts[2] == texts[0]);
    }
}

TEST_CASE("Parallel search: under NonTrivial the solution text is the same for 1, 2 and 4 threads",
          "[search][parallel][determinism][nontrivial]") {
    // Most attacker moves are refused at once by the guard, and the splits share them out by a
    // counter; the budget each searcher carries must be the one of the node that split. Lengths
    // below the full one are searched with a twin, which starts from the same budget.
    const std::string bench = project_root() + "/problems/bench-orthodox/";
    for (const char* file : {"nontriv_06.inp", "nontriv_07.inp"}) {
        ReadResult read = read_problem_file(bench + file);
        REQUIRE(read.problems.size() == 1);
        const Problem& p = read.problems[0];
        REQUIRE(p.ok());
        Position diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
        AnalysisOptions options = analysis_options_for(p.options);
        REQUIRE(options.restrictions.nontrivial());
        std::string texts[3];
        int i = 0;
        for (int t : {1, 2, 4}) {
            options.threads = t;
            texts[i++] = text_solution(diagram, analyse(diagram, p.stipulation, options), {});
        }
        INFO(file);
        CHECK(texts[0].find("verdict: sound") != std::string::npos);
        CHECK(texts[1] == texts[0]);
        CHECK(texts[2] == texts[0]);
    }
}

TEST_CASE("Parallel search: a twin that has the answer first decides the node, alike",
          "[search][parallel][twin]") {
    // nontriv_07's key, 1.a3-a4 (#15 under NonTrivial): at its failing length 8 the twin, from
    // the other end of the attacker's moves, meets the refutation long before the search it
    // twins, which it then stops. Every length's outcome is the serial search's, and the least
    // winning length too, whichever of the two answered.
    const std::string bench = project_root() + "/problems/bench-orthodox/";
    ReadResult read = read_problem_file(bench + "nontriv_07.inp");
    REQUIRE(read.problems.size() == 1);
    const Problem& p = read.problems[0];
    REQUIRE(p.ok());
    const Position diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
    const Stipulation& stip = p.stipulation;
    const SearchRestrictions restrictions = analysis_options_for(p.options).restrictions;
    MoveList first_moves;
    generate_legal(diagram, first_moves);
    auto key = std::find_if(first_moves.begin(), first_moves.end(),
                            [&](Move m) { return move_text(diagram, m) == "a3-a4"; });
    REQUIRE(key != first_moves.end());
    std::atomic<bool> stop{false};

    TranspositionTable serial_tt(16);
    MateSearch serial(stip, serial_tt, stop, nullptr, restrictions);
    Position pos = diagram;
    pos.make(*key);
    // Popeye's solution (tests/data/popeye/expected/nontriv_07.out) has the key's play end in
    // mate on the 15th move and no short solution: the least length is the full one, and every
    // shorter length fails. Each length, the full one too, is twinned.
    const int least = serial.defend_length(pos, stip.moves, {});
    CHECK(least == stip.moves);

    // Which of the two answers first depends on when the other thread begins: until the twin
    // has answered once (a round is about 0.03 s; under load a thread may begin too late).
    uint64_t answers = 0;
    for (int round = 0; round < 40 && answers == 0; ++round) {
        TranspositionTable tt(16);
        HelperPool pool(stip, tt, stop, restrictions);
        tbb::task_arena arena(2);
        int parallel_least = -2;
        arena.execute([&] {
            MateSearch search(stip, tt, stop, &pool, restrictions);
            Position p2 = diagram;
            p2.make(*key);
            parallel_least = search.defend_length(p2, stip.moves, {});
        });
        INFO("round " << round);
        CHECK(parallel_least == least);
        CHECK(pool.twins() == uint64_t(stip.moves)); // one per length searched
        answers += pool.twin_answers();
    }
    CHECK(answers > 0);
}

TEST_CASE("Parallel search: with threads, the forcing first moves go first, the others in "
          "generation order",
          "[search][parallel][order]") {
    const std::string bench = project_root() + "/problems/bench-orthodox/";
    for (const char* file : {"nontriv_07.inp", "ep_02_noflightlimit.inp"}) {
        INFO(file);
        ReadResult read = read_problem_file(bench + file);
        REQUIRE(read.problems.size() == 1);
        const Problem& p = read.problems[0];
        Position diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
        MoveList first_moves;
        generate_legal(diagram, first_moves);

        std::vector<int> serial = first_move_turns(diagram, first_moves, false);
        for (int i = 0; i < first_moves.size(); ++i) CHECK(serial[size_t(i)] == i);

        std::vector<int> turns = first_move_turns(diagram, first_moves, true);
        REQUIRE(turns.size() == size_t(first_moves.size()));
        std::vector<int> seen = turns;
        std::sort(seen.begin(), seen.end());
        CHECK(seen == serial); // every first move, once
        auto replies = [&](int i) {
            Position pos = diagram;
            pos.make(first_moves[i]);
            MoveList defences;
            generate_legal(pos, defences);
            return defences.size();
        };
        auto forcing = [&](int i) { return replies(i) <= FORCING_REPLIES; };
        int forcing_count = 0;
        for (int i = 0; i < first_moves.size(); ++i) forcing_count += forcing(i);
        CHECK(forcing_count > 0);
        CHECK(forcing_count < first_moves.size());
        for (size_t k = 1; k < turns.size(); ++k) {
            const int a = turns[k - 1], b = turns[k];
            if (int(k) < forcing_count) { // the forcing ones, fewest replies first
                CHECK(forcing(a));
                CHECK(forcing(b));
                CHECK(replies(a) <= replies(b));
                if (replies(a) == replies(b)) CHECK(a < b);
            } else if (int(k) > forcing_count) { // then the others, in generation order
                CHECK_FALSE(forcing(b));
                CHECK(a < b);
            }
        }
        if (std::string(file) == "nontriv_07.inp") {
            // The key (1.a3-a4, Popeye's output tests/data/popeye/expected/nontriv_07.out),
            // last in generation order, is among the first two taken (the threads start on it).
            REQUIRE(first_moves.size() == 27);
            int key = int(std::find_if(first_moves.begin(), first_moves.end(),
                                       [&](Move m) { return move_text(diagram, m) == "a3-a4"; }) -
                          first_moves.begin());
            REQUIRE(key == first_moves.size() - 1);
            CHECK((turns[0] == key || turns[1] == key));
        }
    }
}
