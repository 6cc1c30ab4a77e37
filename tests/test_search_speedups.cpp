// The mate search's shortcuts (solver/search/search.cpp, solver/rules/lazy_movegen.h) against plain,
// exhaustive references written here: the lazy orthodox generator must give the same moves as
// generate_legal, and MateSearch::attack / defend the same outcomes as a naive AND/OR search
// without table, killers or shortcuts, on positions reached from the Popeye problems (both
// along their solutions and at random) and on Dynamo problems.
#include "helpers.h"
#include "problem_helpers.h"
#include "random_placement.h"

#include "format/base/problem.h"
#include "format/input/problem_reader.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/legality.h"
#include "solver/rules/check_hints.h"
#include "solver/rules/lazy_movegen.h"
#include "solver/search/mate_flights.h"
#include "solver/search/search.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// The naive reference: full legal generation everywhere, nothing remembered.
struct Naive {
    bool self;

    static bool mated(const Position& pos) {
        MoveList list;
        generate_legal(pos, list);
        return list.empty() && pos.in_check();
    }
    bool attack(Position& pos, int n) const {
        if (n <= 0) return false;
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) {
            pos.make(m);
            bool win = defend(pos, n);
            pos.unmake();
            if (win) return true;
        }
        return false;
    }
    // Defender to move after an attacker move; true: the attacker wins.
    bool defend(Position& pos, int n) const {
        MoveList list;
        generate_legal(pos, list);
        if (!self) {
            if (list.empty()) return pos.in_check();
            if (n <= 1) return false;
            for (Move r : list) {
                pos.make(r);
                bool win = attack(pos, n - 1);
                pos.unmake();
                if (!win) return false;
            }
            return true;
        }
        if (list.empty()) return false;
        for (Move r : list) {
            pos.make(r);
            bool mates = mated(pos);
            bool win = mates || (n > 1 && attack(pos, n - 1));
            pos.unmake();
            if (!win) return false;
        }
        return true;
    }
};

std::set<uint32_t> raw_moves(const MoveList& list) {
    std::set<uint32_t> s;
    for (Move m : list) s.insert(m.raw());
    return s;
}

// The lazy generator lists every legal move once, and stops when asked.
void check_lazy_generator(const Position& pos) {
    if (pos.rules().is_dynamo()) return;
    MoveList full;
    generate_legal(pos, full);
    std::vector<uint32_t> lazy_moves;
    bool stopped = lazy::visit_orthodox(pos, [&](Move m) {
        lazy_moves.push_back(m.raw());
        return false;
    });
    CHECK_FALSE(stopped);
    CHECK(lazy_moves.size() == size_t(full.size()));
    CHECK(std::set<uint32_t>(lazy_moves.begin(), lazy_moves.end()) == raw_moves(full));
    CHECK(lazy::orthodox_has_move(pos) == !full.empty());
    MoveList checks, expected_checks;
    generate_orthodox_checks(pos, checks);
    for (Move m : full)
        if (pos.gives_check(m)) expected_checks.push_back(m);
    CHECK(checks.size() == expected_checks.size());
    CHECK(raw_moves(checks) == raw_moves(expected_checks));
    CHECK(MateSearch::checkmated(pos) == (full.empty() && pos.in_check()));
    if (!full.empty()) {
        int seen = 0;
        CHECK(lazy::visit_orthodox(pos, [&](Move) { return ++seen == 2 || full.size() == 1; }));
    }
}

struct FlightDismissals {
    int flights = 0, answered = 0, mates = 0;
};
void check_flight_dismissals(Position& pos, FlightDismissals& counts);

struct Counts {
    int compared = 0, wins = 0;
    FlightDismissals last_moves; // the direct mate's last-move shortcuts, at each attacker node
};

// attack(n) and, after each attacker move, defend(n), against the naive search.
void compare_node(MateSearch& search, const Naive& naive, Position& pos, int n, Counts& counts) {
    check_lazy_generator(pos);
    bool expected = naive.attack(pos, n);
    INFO("FEN " << to_fen(pos) << " n " << n << (naive.self ? " self" : " direct"));
    Outcome got = search.attack(pos, n);
    CHECK(got == (expected ? Outcome::Win : Outcome::Fail));
    ++counts.compared;
    counts.wins += expected;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        check_lazy_generator(pos);
        bool e = naive.defend(pos, n);
        Outcome o = search.defend(pos, n);
        pos.unmake();
        INFO("after " << move_text(pos, m));
        CHECK(o == (e ? Outcome::Win : Outcome::Fail));
        ++counts.compared;
        counts.wins += e;
    }
}

// From the diagram, `walks` times: the attacker plays a winning move when one is known (so that
// the walk follows solutions down to their last moves), else a random one; the defender a random
// move. Positions with up to `small_n` moves left are compared with the naive search.
void walk_and_compare(const Position& diagram, const Stipulation& stip, int small_n, int walks,
                      std::mt19937& rng, Counts& counts) {
    TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    MateSearch search(stip, tt, stop);
    Naive naive{stip.kind == Stipulation::Kind::Self};
    auto random_move = [&](const MoveList& list) {
        return list[int(std::uniform_int_distribution<int>(0, list.size() - 1)(rng))];
    };
    for (int w = 0; w < walks; ++w) {
        Position pos = diagram;
        for (int n = stip.moves; n >= 1; --n) {
            if (n <= small_n) compare_node(search, naive, pos, n, counts);
            if (!pos.rules().is_dynamo()) check_flight_dismissals(pos, counts.last_moves);
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            Move chosen = random_move(list);
            if (rng() % 4 != 0)
                for (Move m : list) {
                    pos.make(m);
                    Outcome o = search.defend(pos, n);
                    pos.unmake();
                    if (o == Outcome::Win) {
                        chosen = m;
                        break;
                    }
                }
            pos.make(chosen);
            MoveList replies;
            generate_legal(pos, replies);
            if (replies.empty() || n == 1) break;
            pos.make(random_move(replies));
        }
    }
}

std::vector<std::pair<Position, Stipulation>> popeye_battle_problems(int max_moves) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(test_data("popeye/problems")))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<std::pair<Position, Stipulation>> out;
    for (const auto& path : files) {
        ReadResult read = read_problem_file(path.string());
        if (read.problems.size() != 1 || !read.problems[0].ok()) continue;
        const Problem& p = read.problems[0];
        if (p.stipulation.kind == Stipulation::Kind::Help || p.stipulation.moves > max_moves) continue;
        if (p.stipulation.goal != Stipulation::Goal::Mate) continue;
        out.emplace_back(problem_position(p.pieces, p.stipulation, p.rules, p.options), p.stipulation);
    }
    return out;
}

// A random legal orthodox position, White to move: both kings, a few white pieces, a few black
// ones (the defender, so that a selfmate's last move is often close to winning).
// The black king is put in a corner region, so that White's pieces often leave it few moves.
Position random_position(std::mt19937& rng, int white_pieces, int black_pieces) {
    const PieceType types[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    for (;;) {
        Position pos;
        pos.set_rules(RuleSet::orthodox());
        RandomPlacer placer(pos, [&](Color c, PieceType pt) {
            Square s = Square(rng() % 64);
            return c == BLACK && pt == KING ? make_square(int(rng() % 3), 5 + int(rng() % 3)) : s;
        });
        placer.place(WHITE, KING);
        placer.place(BLACK, KING);
        for (int i = 0; i < white_pieces; ++i) placer.place(WHITE, types[rng() % 6]);
        for (int i = 0; i < black_pieces; ++i) placer.place(BLACK, types[rng() % 6]);
        pos.set_side_to_move(WHITE);
        pos.finish_setup();
        if (!illegal_reason(pos)) return pos;
    }
}

// After every attacker move the selfmate shortcut dismisses, the defender move it names is legal
// and gives no check (so the attacker's move fails), whichever defender move is remembered;
// returns how many were dismissed.
int check_dismissed(Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    std::vector<Move> killers{Move::none()};
    pos.make_null();
    MoveList defences;
    generate_legal(pos, defences);
    pos.unmake_null();
    for (Move r : defences) killers.push_back(r);
    int dismissed = 0;
    for (Move killer : killers) {
        std::vector<Move> d = selfmate_last_dismissals(pos, killer, moves);
        REQUIRE(d.size() == size_t(moves.size()));
        for (int i = 0; i < moves.size(); ++i) {
            Move r = d[size_t(i)];
            if (r.is_none()) continue;
            ++dismissed;
            INFO("FEN " << to_fen(pos) << " dismissed " << move_text(pos, moves[i]));
            pos.make(moves[i]);
            MoveList replies;
            generate_legal(pos, replies);
            bool legal = replies.contains(r);
            CHECK(legal);
            if (legal) {
                INFO("by " << move_text(pos, r));
                CHECK_FALSE(pos.gives_check(r));
            }
            pos.unmake();
        }
    }
    return dismissed;
}

// Every check that MateFlights says leaves the king a flight, or says is answered by taking or
// stepping between, is no mate: after it, the defender has a legal move. Every mate is a plain
// move that narrow() lets through, or a special move (which the generator always tries).
void check_flight_dismissals(Position& pos, FlightDismissals& counts) {
    MateFlights flights(pos);
    MoveList moves;
    generate_legal(pos, moves);
    const CheckHints hints(pos);
    for (Move m : moves) {
        INFO("FEN " << to_fen(pos) << " move " << move_text(pos, m));
        CHECK(hints.gives_check(pos, m) == pos.gives_check(m));
    }
    const MatingCheckSources sources(pos, hints, flights);
    for (Move m : moves) {
        if (!pos.gives_check(m)) continue;
        const bool leaves = flights.leaves_flight(pos, m);
        const bool answered = flights.check_answered(pos, m);
        counts.flights += leaves;
        counts.answered += answered && !leaves;
        INFO("FEN " << to_fen(pos) << " check " << move_text(pos, m)
                    << (leaves ? " leaves a flight" : "") << (answered ? " is answered" : ""));
        pos.make(m);
        MoveList replies;
        generate_legal(pos, replies);
        pos.unmake();
        if (leaves || answered) CHECK_FALSE(replies.empty());
        if (!replies.empty()) continue;
        ++counts.mates;
        if (m.special() == Move::NORMAL && !m.promotion())
            CHECK((
                (sources.only[type_of(pos.piece_on(m.active_from()))] & square_bb(m.active_to())) ||
                (sources.free_from & square_bb(m.active_from()))));
    }
}

} // namespace

TEST_CASE("Search shortcuts: a direct mate's last move, checks that leave a flight, and the cheap check test",
          "[search][speedups]") {
    std::mt19937 rng(4711);
    Naive naive{false};
    Stipulation stip;
    stip.kind = Stipulation::Kind::Direct;
    stip.moves = 1;
    TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    MateSearch search(stip, tt, stop);
    Counts counts;
    FlightDismissals dismissed;
    for (int i = 0; i < 3000; ++i) {
        Position pos = random_position(rng, 2 + int(rng() % 6), 1 + int(rng() % 4));
        check_flight_dismissals(pos, dismissed);
        compare_node(search, naive, pos, 1, counts);
    }
    WARN("direct mate last move: " << counts.compared << " nodes, " << counts.wins
                                   << " wins; checks " << dismissed.flights << " leaving a flight, "
                                   << dismissed.answered << " answered, " << dismissed.mates
                                   << " mates checked");
    CHECK(dismissed.flights > 1000);
    CHECK(dismissed.answered > 300);
    CHECK(dismissed.mates > 50);
    CHECK(counts.wins > 50);
}

TEST_CASE("Search shortcuts: the selfmate's last move on random positions", "[search][speedups]") {
    std::mt19937 rng(31337);
    Naive naive{true};
    Stipulation stip;
    stip.kind = Stipulation::Kind::Self;
    stip.moves = 1;
    TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    MateSearch search(stip, tt, stop);
    Counts counts;
    int dismissed = 0;
    for (int i = 0; i < 1500; ++i) {
        Position pos = random_position(rng, 2 + int(rng() % 6), 1 + int(rng() % 3));
        dismissed += check_dismissed(pos);
        check_lazy_generator(pos);
        compare_node(search, naive, pos, 1, counts);
    }
    WARN("selfmate last move: " << counts.compared << " nodes, " << counts.wins << " wins, "
                                << dismissed << " dismissed moves checked");
    CHECK(dismissed > 1000);
}

TEST_CASE("Search shortcuts: orthodox positions from the Popeye problems", "[search][speedups]") {
    std::mt19937 rng(20240611);
    Counts counts;
    auto problems = popeye_battle_problems(4);
    REQUIRE(problems.size() >= 10);
    for (auto& [diagram, stip] : problems) {
        INFO("problem " << to_fen(diagram) << " " << stip.text);
        walk_and_compare(diagram, stip, 2, 6, rng, counts);
        // The same positions under the other stipulation: selfmates where direct mates are
        // composed and the other way round.
        Stipulation other = stip;
        other.kind = stip.kind == Stipulation::Kind::Self ? Stipulation::Kind::Direct
                                                          : Stipulation::Kind::Self;
        walk_and_compare(diagram, other, 1, 4, rng, counts);
    }
    WARN("compared " << counts.compared << " nodes, " << counts.wins << " wins; last-move checks "
                     << counts.last_moves.flights << " leaving a flight, "
                     << counts.last_moves.answered << " answered, " << counts.last_moves.mates
                     << " mates checked");
    CHECK(counts.last_moves.answered > 100);
    CHECK(counts.wins > 20);
}

// attack_length / defend_length: in #N and s#N without restrictions a failure at the longest
// length answers 0 for every length at once (a win within n is a win within every longer one);
// a win is then narrowed down length by length. Against the naive search's least length.
TEST_CASE("Search shortcuts: least lengths, the full length first", "[search][speedups]") {
    std::mt19937 rng(7919);
    int compared = 0, wins = 0, fails = 0;
    auto problems = popeye_battle_problems(4);
    REQUIRE(problems.size() >= 10);
    for (auto& [diagram, composed] : problems) {
        for (auto kind : {Stipulation::Kind::Direct, Stipulation::Kind::Self}) {
            Stipulation stip = composed;
            stip.kind = kind;
            TranspositionTable tt(1);
            std::atomic<bool> stop{false};
            MateSearch search(stip, tt, stop);
            REQUIRE(search.wins_at_every_longer_length());
            Naive naive{kind == Stipulation::Kind::Self};
            auto least = [](auto wins_within, int max_n) {
                for (int n = 1; n <= max_n; ++n)
                    if (wins_within(n)) return n;
                return 0;
            };
            for (int w = 0; w < 3; ++w) {
                Position pos = diagram;
                // Two random moves in, so that the positions differ from walk to walk.
                for (int ply = 0; ply < 2; ++ply) {
                    MoveList list;
                    generate_legal(pos, list);
                    if (list.empty()) break;
                    pos.make(list[int(rng() % unsigned(list.size()))]);
                }
                if (pos.side_to_move() != diagram.side_to_move()) continue;
                INFO("FEN " << to_fen(pos) << (naive.self ? " self" : " direct"));
                const int expected = least([&](int n) { return naive.attack(pos, n); }, 2);
                CHECK(search.attack_length(pos, 2) == expected);
                ++compared, (expected ? wins : fails) += 1;
                MoveList list;
                generate_legal(pos, list);
                for (Move m : list) {
                    pos.make(m);
                    const int e = least([&](int n) { return naive.defend(pos, n); }, 2);
                    const int got = search.defend_length(pos, 2);
                    pos.unmake();
                    INFO("after " << move_text(pos, m));
                    CHECK(got == e);
                    ++compared, (e ? wins : fails) += 1;
                }
            }
        }
    }
    WARN("least lengths: " << compared << " nodes, " << wins << " won, " << fails << " failed");
    CHECK(wins > 20);
    CHECK(fails > 20);
}

TEST_CASE("Search shortcuts: selfmate and mate positions built for the last moves",
          "[search][speedups]") {
    // Short positions where the attacker's last move must leave only mating defences, with
    // pins, discovered checks, promotions, castling and en passant about.
    const char* fens[] = {
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        "k7/8/1K6/8/8/8/8/1R6 w - - 0 1",
        "8/8/8/8/8/5k2/4p3/4K2R w K - 0 1",
        "4k3/8/8/8/8/8/3p4/R3K2R w KQ - 0 1",
        "8/2p5/3k4/8/1P6/8/8/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "8/8/8/2k5/3pP3/8/8/4K2Q b - e3 0 1",
        "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
        "7k/7P/6PK/8/8/8/8/8 w - - 0 1",
        "1k6/1P6/1K6/8/8/8/8/7q w - - 0 1",
        "8/8/8/8/8/1q6/k7/K1B5 w - - 0 1",
        "8/8/8/8/8/2b5/kr6/1K6 w - - 0 1",
        "5b1k/6pp/8/8/8/8/8/RQ4K1 w - - 0 1",
        "3rk3/3p4/8/8/8/8/2Q5/4K1R1 w - - 0 1",
        "7r/1p4p1/p1k5/2P5/1K6/8/8/3Q4 w - - 0 1",
        "8/8/1p6/kP6/8/1K6/8/3Q4 w - - 0 1",
    };
    std::mt19937 rng(7);
    Counts counts;
    for (const char* fen : fens) {
        Position pos = position(fen, RuleSet::orthodox());
        for (auto kind : {Stipulation::Kind::Self, Stipulation::Kind::Direct}) {
            Stipulation stip;
            stip.kind = kind;
            stip.moves = 2;
            INFO(fen);
            walk_and_compare(pos, stip, 2, 3, rng, counts);
        }
    }
    CHECK(counts.compared > 100);
}

TEST_CASE("Search shortcuts: Dynamo problems", "[search][speedups]") {
    auto rows = read_tsv(test_data("dynref/problems.tsv"));
    REQUIRE(rows.size() >= 20);
    std::mt19937 rng(99);
    Counts counts;
    int used = 0;
    for (const auto& row : rows) {
        if (row[2] != "#1" && row[2] != "#2") continue;
        if (++used > 12) break;
        Position pos = position(row[1]);
        for (auto kind : {Stipulation::Kind::Direct, Stipulation::Kind::Self}) {
            Stipulation stip;
            stip.kind = kind;
            stip.moves = 1;
            INFO(row[0]);
            walk_and_compare(pos, stip, 1, 2, rng, counts);
        }
    }
    CHECK(counts.compared > 50);
}

TEST_CASE("Search shortcuts: Dynamo two-movers against the naive search", "[search][speedups]") {
    // At n = 2 the search tries the defender's killer before making the list (a legal way of
    // this position, dynamo_is_legal_way) and finds the mate in one from the checking ways alone
    // (dynamo_visit_legal); the naive search makes full lists everywhere.
    auto rows = read_tsv(test_data("dynref/problems.tsv"));
    std::mt19937 rng(2026);
    Counts counts;
    int used = 0;
    for (const auto& row : rows) {
        if (row[2] != "#2" || ++used > 4) continue;
        Position pos = position(row[1]);
        for (auto kind : {Stipulation::Kind::Direct, Stipulation::Kind::Self}) {
            Stipulation stip;
            stip.kind = kind;
            stip.moves = 2;
            INFO(row[0] << (kind == Stipulation::Kind::Self ? " s#2" : " #2"));
            walk_and_compare(pos, stip, 2, 1, rng, counts);
        }
    }
    CHECK(counts.compared > 50);
}

// Far from the end a defence that gives check is tried before the killer: a refutation by check
// is proved by the smallest tree (the attacker's answers are few). The search's node counts, one
// thread, with a bound between the counts of the killer-first order and of this one (measured
// when it came in: castling_11 as #5 1,712,496 then 870,193; ep_11 (s#6) 1,752,685 then 57,924).
// The verdicts come from Popeye's outputs (tests/data/popeye/expected/): ep_11 has one key and no
// other solution; castling_11 as #6 has one key, 1.Sg3-h5, whose variation 1...Bd1*h5 needs all six
// moves, and a first move that mated in five would be a key of the #6 too: so no #5 exists.
TEST_CASE("Search shortcuts: checks before the killer far from the end", "[search][speedups]") {
    struct Case {
        std::string file, stipulation;
        uint64_t at_most;
        Verdict verdict;
    };
    const Case cases[] = {{"castling_11_nothreatlimit.inp", "#5", 1'200'000, Verdict::NoSolution},
                          {"ep_11.inp", "", 300'000, Verdict::Sound}};
    for (const Case& c : cases) {
        INFO(c.file << " " << c.stipulation);
        std::ifstream in(test_data("popeye/problems/" + c.file));
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!c.stipulation.empty()) {
            const size_t at = text.find("stipulation ");
            REQUIRE(at != std::string::npos);
            text.replace(at, text.find('\n', at) - at, "stipulation " + c.stipulation);
        }
        Loaded l = load_text(text);
        AnalysisOptions options = analysis_options_for(l.problem.options);
        options.threads = 1;
        Solution s = analyse(l.diagram, l.problem.stipulation, options);
        CHECK(s.verdict == c.verdict);
        CHECK(s.nodes > 0);
        CHECK(s.nodes <= c.at_most);
    }
}
