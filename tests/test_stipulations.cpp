// The stipulations beyond #N, s#N and h#N: =N, s=N, r#N, h=N (h=N.5), ser-h#N, hs#N. Orthodox
// problems against Popeye's outputs (tests/data/popeye/stipulations), compared as structures; the
// same searches under Dynamo rules against a brute force written here without the table or the tree
// builder; the readers; the command line.
#include "cli_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"
#include "random_placement.h"

#include "format/base/fen.h"
#include "format/base/stipulation_text.h"
#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <random>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Problem read_one(const std::string& path) {
    ReadResult read = read_problem_file(path);
    REQUIRE(read.problems.size() == 1);
    REQUIRE(read.problems[0].ok());
    return read.problems[0];
}

Solution solve(const Problem& problem, Position& diagram, int threads = 2) {
    diagram = problem_position(problem.pieces, problem.stipulation, problem.rules, problem.options);
    AnalysisOptions options = analysis_options_for(problem.options);
    options.threads = threads;
    return analyse(diagram, problem.stipulation, options);
}

Stipulation stip_of(const std::string& text) {
    Stipulation s;
    std::string error;
    if (!parse_stipulation(text, s, &error)) FAIL(error);
    return s;
}

// Brute force, straight from the definitions (Popeye's meaning), no table: battle play with the
// attacker (White) to move and n moves left.
bool goal(const Position& pos, Stipulation::Goal g) {
    return g == Stipulation::Goal::Mate ? is_checkmate(pos) : is_stalemate(pos);
}
bool bf_defend(Position& pos, const Stipulation& s, int n);
bool bf_attack(Position& pos, const Stipulation& s, int n) {
    if (n <= 0) return false;
    MoveList list;
    generate_legal(pos, list);
    bool win = false, must_mate = false;
    for (Move m : list) {
        pos.make(m);
        must_mate |= s.kind == Stipulation::Kind::Reflex && is_checkmate(pos);
        win = win || bf_defend(pos, s, n);
        pos.unmake();
    }
    return win && !must_mate; // r#: an attacker that can mate must
}
bool bf_defend(Position& pos, const Stipulation& s, int n) {
    const bool direct = s.kind == Stipulation::Kind::Direct;
    if ((direct || s.quodlibet) && goal(pos, s.goal)) return true; // Quodlibet: White's own too
    MoveList list;
    generate_legal(pos, list);
    if (list.empty()) return false;
    int reaching = 0;
    std::vector<bool> reaches;
    for (Move r : list) {
        pos.make(r);
        reaches.push_back(!direct && goal(pos, s.goal));
        pos.unmake();
        reaching += reaches.back();
    }
    if (s.kind == Stipulation::Kind::Reflex && reaching > 0) return true;
    if (!direct && reaching == list.size()) return true;
    if (n <= 1) return false;
    for (int i = 0; i < list.size(); ++i) {
        if (reaches[size_t(i)]) continue; // s=: the defender avoids it
        pos.make(list[i]);
        bool win = bf_attack(pos, s, n - 1);
        pos.unmake();
        if (!win) return false;
    }
    return true;
}
// The keys by brute force: first moves after which the attacker wins within n.
std::set<Move> bf_keys(const Position& diagram, const Stipulation& s) {
    std::set<Move> keys;
    Position pos = diagram;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        if (s.kind == Stipulation::Kind::Reflex && is_checkmate(pos)) {
            pos.unmake();
            return {};
        }
        if (bf_defend(pos, s, s.moves)) keys.insert(m);
        pos.unmake();
    }
    return keys;
}
std::set<Move> keys_of(const Solution& sol) {
    std::set<Move> keys;
    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key) keys.insert(r.play.move);
    return keys;
}

// Help play by brute force: the number of lines of `plies` half-moves whose last one reaches the
// goal; series: k moves of the side to move, no check before the last, then the mate.
int bf_help(Position& pos, int plies, Stipulation::Goal g) {
    if (plies == 0) return goal(pos, g);
    MoveList list;
    generate_legal(pos, list);
    int count = 0;
    for (Move m : list) {
        pos.make(m);
        count += bf_help(pos, plies - 1, g);
        pos.unmake();
    }
    return count;
}
int bf_series(Position& pos, int k) {
    MoveList list;
    generate_legal(pos, list);
    int count = 0;
    for (Move m : list) {
        pos.make(m);
        if (k == 0)
            count += is_checkmate(pos);
        else if (k == 1)
            count += bf_series(pos, 0);
        else if (!pos.in_check()) {
            pos.make_null();
            count += bf_series(pos, k - 1);
            pos.unmake_null();
        }
        pos.unmake();
    }
    return count;
}

} // namespace

TEST_CASE("Stipulations: read as Popeye writes them", "[stipulation]") {
    using Kind = Stipulation::Kind;
    using Goal = Stipulation::Goal;
    struct Case {
        const char* text;
        Kind kind;
        Goal goal;
        int moves;
        const char* normal;
    };
    for (const Case& c : {Case{"=2", Kind::Direct, Goal::Stalemate, 2, "=2"},
                          Case{"S=3", Kind::Self, Goal::Stalemate, 3, "s=3"},
                          Case{"h=2", Kind::Help, Goal::Stalemate, 2, "h=2"},
                          Case{"R#2", Kind::Reflex, Goal::Mate, 2, "r#2"},
                          Case{"ser-h#4", Kind::SeriesHelp, Goal::Mate, 4, "ser-h#4"},
                          Case{"HS#2", Kind::HelpSelf, Goal::Mate, 2, "hs#2"}}) {
        Stipulation s = stip_of(c.text);
        CHECK(s.kind == c.kind);
        CHECK(s.goal == c.goal);
        CHECK(s.moves == c.moves);
        CHECK(s.text == c.normal);
    }
    CHECK(stip_of("ser-h#3").first_mover() == BLACK);
    CHECK(stip_of("r#2").first_mover() == WHITE);
    CHECK(stip_of("h=2").help_play());
    // Not ours: reflex stalemate, series help-stalemate.
    Stipulation s;
    CHECK_FALSE(parse_stipulation("r=2", s, nullptr));
    CHECK_FALSE(parse_stipulation("ser-h=2", s, nullptr));
}

// WhiteToPlay turns h#1 into h#0.5, which was printed but could not be read back.
TEST_CASE("Stipulations: h#0.5, as WhiteToPlay writes h#1, reads back", "[stipulation]") {
    Stipulation h1 = stip_of("h#1");
    Stipulation half = with_length(h1, 0, true);
    CHECK(half.text == "h#0.5");
    Stipulation back = stip_of(half.text);
    CHECK(back == half);
    CHECK_FALSE(parse_stipulation("h#0", back, nullptr));
    CHECK_FALSE(parse_stipulation("#0", back, nullptr));
    // The file reader too.
    ReadResult read =
        read_problems("stipulation h#0.5\npieces white ka1 qb2 black kh8\nendproblem\n", "text");
    REQUIRE(read.problems.size() == 1);
    CHECK(read.problems[0].ok());
    CHECK(read.problems[0].stipulation.text == "h#0.5");
    CHECK(read.problems[0].stipulation.first_mover() == WHITE);
}

// halfduplex_2: a #2 with HalfDuplex, Black plays White's part (Popeye's 19 keys, 3 tries).
TEST_CASE("Stipulations: =N, s=N, r#N, h=N, ser-h#N, hs#N, HalfDuplex agree with Popeye",
          "[stipulation][popeye]") {
    namespace fs = std::filesystem;
    int compared = 0;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(test_data("popeye/stipulations")))
        if (e.path().extension() == ".inp") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        Problem problem = read_one(path.string());
        Position diagram;
        Solution sol = solve(problem, diagram);
        std::string ours = text_solution(diagram, sol, {}), ours_second;
        if (problem.options.duplex) { // the second half: the other side starting, as solve does
            Problem other = problem;
            other.options.half_duplex = true;
            Position second;
            ours_second = text_solution(second, solve(other, second), {});
        }
        std::string expected =
            read_file(path.parent_path().string() + "/" + path.stem().string() + ".out");
        auto stip_line = expected.find("\n  " + problem.stipulation.text);
        REQUIRE(stip_line != std::string::npos);
        expected = expected.substr(expected.find('\n', stip_line + 1));
        INFO(path.stem().string() << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        if (expected.find("?!?") != std::string::npos && sol.keys() == 0) {
            // r#: White can mate, so it must (Popeye writes the move with "?!?"): no solution.
            CHECK(sol.verdict == Verdict::NoSolution);
            CHECK(parse_solution(ours) == parse_solution(expected));
            CHECK(ours.find("# ?!?") != std::string::npos);
        } else if (problem.stipulation.help_play()) {
            auto lines = parse_help_lines(ours), second = parse_help_lines(ours_second);
            CHECK_FALSE(lines.empty());
            CHECK(problem.options.duplex == !second.empty()); // Duplex: both halves solve
            lines.insert(second.begin(), second.end());
            CHECK(lines == parse_help_lines(expected));
        } else {
            CHECK(parse_solution(ours) == parse_solution(expected));
            CHECK(sol.keys() > 0);
        }
        ++compared;
    }
    CHECK(compared ==
          18); // series_helpmate_short_3 added with its short notes test (test_popeye_order)
}

// r#2 with Try (reflexmate_tries_2): tries "?" with their refutations under "but", the key "!",
// as for #N. With Defence 2 (reflexmate_refuted_2) two tries are refuted by a move after which
// White can mate, so must: Popeye writes that mate under the refutation, "2.Qe3-e8 # ?!?".
TEST_CASE("Stipulations: r#N tries and refutations as Popeye writes them",
          "[stipulation][popeye]") {
    for (const char* name : {"reflexmate_tries_2", "reflexmate_refuted_2"}) {
        const std::string path = test_data(std::string("popeye/stipulations/") + name + ".inp");
        Problem problem = read_one(path);
        Position diagram;
        Solution sol = solve(problem, diagram);
        std::string ours = text_solution(diagram, sol, {});
        std::string expected =
            read_file(test_data(std::string("popeye/stipulations/") + name + ".out"));
        INFO(name << "\nours:\n" << ours);
        CHECK(parse_solution(ours) == parse_solution(expected.substr(expected.find("\n  r#2"))));
        CHECK(sol.keys() == 1);
        CHECK(ours.find("   1.Qc5-c8 + !\n") != std::string::npos);
        CHECK(ours.find("   1.Qc5-e7 + ?\n    but\n      1...Ke6-f5 !\n") != std::string::npos);
    }
    Problem refuted = read_one(test_data("popeye/stipulations/reflexmate_refuted_2.inp"));
    Position diagram;
    Solution sol = solve(refuted, diagram);
    CHECK(sol.tries() == 5);
    CHECK(text_solution(diagram, sol, {}).find("      1...Ke6-d7 !\n          2.Qe3-e8 # ?!?\n") !=
          std::string::npos);
}

// Popeye's options under =N, s=N and r#N (tests/data/popeye/stipulation_options): Try, Variation,
// SetPlay, NoThreat and Threat N agree with Popeye (Threat 1 leaves the s=2 without a solution,
// as Popeye: see test_goal_restrictions.cpp), and nothing is said to be not applicable.
TEST_CASE("Stipulations: Popeye's options under =N, s=N, r#N", "[stipulation][popeye]") {
    namespace fs = std::filesystem;
    int compared = 0;
    for (const auto& e : fs::directory_iterator(test_data("popeye/stipulation_options"))) {
        if (e.path().extension() != ".inp") continue;
        Problem problem = read_one(e.path().string());
        Position diagram;
        Solution sol = solve(problem, diagram);
        std::string ours = text_solution(diagram, sol, {});
        std::string expected =
            read_file(e.path().parent_path().string() + "/" + e.path().stem().string() + ".out");
        expected = expected.substr(expected.find("\n  " + problem.stipulation.text));
        INFO(e.path().stem().string() << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        CHECK(parse_solution(ours) == parse_solution(expected));
        CHECK(ours.find("not applicable") == std::string::npos);
        ++compared;
    }
    CHECK(compared == 7);
}

// The brute force agrees with Popeye on the orthodox problems, so that it can judge the Dynamo
// ones below.
TEST_CASE("Stipulations: the brute force finds Popeye's keys", "[stipulation]") {
    for (const char* name : {"stalemate_2", "selfstalemate_1", "selfstalemate_2", "reflexmate_2",
                             "reflexmate_bound"}) {
        Problem problem = read_one(test_data(std::string("popeye/stipulations/") + name + ".inp"));
        Position diagram;
        Solution sol = solve(problem, diagram);
        INFO(name);
        CHECK(keys_of(sol) == bf_keys(diagram, problem.stipulation));
    }
}

// Dynamo: each family on a position where the rules matter, against the brute force.
TEST_CASE("Stipulations under Dynamo rules: the search agrees with the brute force",
          "[stipulation][dynamo]") {
    struct Case {
        const char* fen;
        const char* stip;
        int keys; // how many
    };
    // Each checked against the brute force; the number of keys pins the result down.
    // =2, White Kb6 Qd1, Black Ka8 (orthodox stalemate_2, 12 keys there): in Dynamo 4 are left
    // (1.Qd5+, 1.Qd7, 1.Qf3+, 1.Qh1+). With pawns f4/f3 added, one: 1.Qf3 pushing the pawn off the
    // board (f3E), check. s=2 and s=1 (orthodox selfstalemate_2 and _1): the orthodox solutions end
    // in 2...Kxc2= or 1...Kxc2=, a capture, which Dynamo does not have: no key, and the brute force
    // agrees that nothing else works (the king is never forced to stalemate White). r#2: the
    // orthodox reflexmate_2 starts 1.Qxb7+, a capture: no key in Dynamo. Second r#2: White Ka1 Bd1
    // Rh6, Black Ka3 Pa2 Pd2 Pf4; 1.Rb6! threatens 2.Rb1, after which Black must mate: 2...a2-b1=Q
    // pushing the rook off the board is mate (the only key, 1 try 1.Bc2?).
    const std::vector<Case> cases = {
        {"k7/8/1K6/8/8/8/8/3Q4 w - - 0 1", "=2", 4},
        {"k7/8/1K6/8/5P2/5p2/8/3Q4 w - - 0 1", "=2", 1},
        {"8/8/8/3Q4/8/p7/P7/K1k5 w - - 0 1", "s=2", 0},
        {"8/7Q/8/8/8/p7/P7/K1k5 w - - 0 1", "s=1", 0},
        {"k2r4/pp6/8/8/8/5Q2/6PP/6RK w - - 0 1", "r#2", 0},
        {"8/8/7R/8/5p2/k7/p2p4/K2B4 w - - 0 1", "r#2", 1},
    };
    for (const Case& c : cases) {
        Position diagram;
        std::string error;
        REQUIRE(parse_fen(c.fen, RuleSet::dynamo_default(), diagram, &error));
        Stipulation s = stip_of(c.stip);
        AnalysisOptions options;
        options.threads = 2;
        Solution sol = analyse(diagram, s, options);
        INFO(c.stip << " " << c.fen << "\n" << text_solution(diagram, sol, {}));
        CHECK(keys_of(sol) == bf_keys(diagram, s));
        CHECK(int(keys_of(sol).size()) == c.keys);
    }
    // Help play: the number of lines. h=2 (orthodox helpstalemate_2, 4 solutions there): in
    // Dynamo 1 (1.g5 Rb4 2.g4 Rb4 pushing the pawn off the board); with the g-pawn on b4 and a
    // rook on e2, 574 (the rooks push the pawn about). ser-h#2: Black's pawns a2 b2 cannot both
    // stay, no solution; with Pb2 White's, one: 1.Ka2 2.Kb2 pushing the pawn to c2, then Kc3-b2
    // pushes the king back to a1, mate.
    struct HelpCase {
        const char* fen;
        const char* stip;
        int lines;
    };
    for (const HelpCase& c : {HelpCase{"k7/p1K5/P5p1/8/8/8/8/1R6 b - - 0 1", "h=2", 1},
                              HelpCase{"k7/p1K5/P7/8/1p6/8/4R3/1R6 b - - 0 1", "h=2", 574},
                              HelpCase{"8/8/8/8/8/2K5/pp6/k6R b - - 0 1", "ser-h#2", 0},
                              HelpCase{"8/4p3/8/8/8/2K5/1P2p3/k6R b - - 0 1", "ser-h#2", 1}}) {
        Position diagram;
        std::string error;
        REQUIRE(parse_fen(c.fen, RuleSet::dynamo_default(), diagram, &error));
        Stipulation s = stip_of(c.stip);
        AnalysisOptions options;
        options.threads = 2;
        Solution sol = analyse(diagram, s, options);
        INFO(c.stip << " " << c.fen << "\n" << text_solution(diagram, sol, {}));
        Position pos = diagram;
        int expected = 0;
        if (s.kind == Stipulation::Kind::SeriesHelp)
            for (int k = 1; k <= s.moves; ++k) expected += bf_series(pos, k);
        else
            expected = bf_help(pos, 2 * s.moves, s.goal);
        CHECK(sol.solutions == expected);
        CHECK(expected == c.lines);
        CHECK(int(sol.help_lines.size()) == expected);
    }
}

// Quodlibet (s#N, s=N won by White's own goal too) on random positions, orthodox and Dynamo: the
// keys are the brute force's, and some of them are no keys without Quodlibet.
TEST_CASE("Quodlibet: the search agrees with the brute force, orthodox and Dynamo",
          "[stipulation][quodlibet][dynamo]") {
    std::mt19937 rng(20261207);
    for (const RuleSet& rules : {RuleSet::orthodox(), RuleSet::dynamo_default()}) {
        int positions = 0, widened = 0;
        while (positions < 24) {
            // Black's king in a corner's 3x3, White's pieces anywhere: mates are near.
            Position pos;
            pos.set_rules(rules);
            RandomPlacer placer(pos, [&](Color c, PieceType pt) {
                if (c == BLACK && pt == KING) return make_square(int(rng() % 3), int(rng() % 3));
                return Square(rng() % SQUARE_NB);
            });
            placer.place(BLACK, KING);
            placer.place(WHITE, KING);
            placer.place(WHITE, std::array{QUEEN, ROOK, BISHOP, KNIGHT}[rng() % 4]);
            placer.place(WHITE, std::array{ROOK, KNIGHT, PAWN}[rng() % 3]);
            placer.place(BLACK, PAWN);
            pos.set_side_to_move(WHITE);
            pos.finish_setup();
            if (illegal_reason(pos) || pos.in_check()) continue;
            ++positions;
            for (const char* text : {"s#1", "s#2", "s=1"}) {
                Stipulation plain = stip_of(text), quod = plain;
                quod.quodlibet = true;
                AnalysisOptions options;
                options.threads = 2;
                options.variations = true;
                Solution sol = analyse(pos, quod, options);
                INFO(rules.name() << " " << text << " Quodlibet " << to_fen(pos) << "\n"
                                  << text_solution(pos, sol, {}));
                const std::set<Move> keys = bf_keys(pos, quod);
                CHECK(keys_of(sol) == keys);
                widened += keys != bf_keys(pos, plain);
            }
        }
        INFO(rules.name());
        CHECK(widened > 0);
    }
}

// Were read but not solved: `solve` exited 2 ("=2 is not supported yet", naming the --fen of
// the command rather than the stipulation) and `check` said "unsupported".
TEST_CASE("Stipulations: =N and s=N solve from a file and from the command line",
          "[stipulation][solve]") {
    Run run = solve_file(test_data("popeye/stipulations/selfstalemate_2.inp"), false);
    CHECK(run.status == 0);
    CHECK(run.err.find("not supported") == std::string::npos);
    CHECK(run.out.find("1.Qd5-d3 !") != std::string::npos);

    cli::CommonOptions common;
    common.threads = 2;
    common.fen = "k7/8/1K6/8/8/8/8/3Q4 w - - 0 1";
    common.rules = "orthodox";
    common.rules_given = true;
    cli::SolveOptions options;
    options.stipulation = "=2";
    options.quiet = true;
    options.json = true;
    options.hash_mb = 16;
    Run mate = captured([&] { return cli::run_mate(common, options); });
    CHECK(mate.status == 0);
    CHECK(mate.err.find("not supported") == std::string::npos);
    CHECK(mate.out.find("\"stipulation\":\"=2\"") != std::string::npos);
}

// Duplex: the problem is solved as set, then with the other side starting; the verdicts of both
// halves make the problem's, the gravest (as for twins). halfduplex_2's position: White (Ka1) has
// no mate in 2 against Kb3 Qd8 as set; with Black starting it has Popeye's 19 keys, one short.
TEST_CASE("Stipulations: Duplex solves both halves, HalfDuplex the other one",
          "[stipulation][solve]") {
    ReadResult read =
        read_problems("stipulation #2\noption Duplex\npieces black kb3 qd8 white ka1\n"
                      "endproblem\n",
                      "duplex");
    REQUIRE(read.problems.size() == 1);
    REQUIRE(read.problems[0].ok());
    CHECK(read.problems[0].options.duplex);
    const std::string path = "/tmp/dynamo_duplex_test.inp";
    {
        std::ofstream out(path);
        out << "beginproblem\nstipulation #2\noption Duplex\npieces black kb3 qd8 white ka1\n"
               "endproblem\n";
    }
    Run run = solve_file(path, false);
    std::filesystem::remove(path);
    CHECK(run.status == 0);
    const size_t second = run.out.find("duplex:");
    REQUIRE(second != std::string::npos);
    CHECK(run.out.substr(0, second).find("verdict: no solution") != std::string::npos);
    CHECK(run.out.substr(second).find("1.Qd8-d1 # !") != std::string::npos);
    CHECK(run.out.substr(second).find("verdict: short") != std::string::npos);
    CHECK(run.out.find("problem verdict: no solution (2 twins)") != std::string::npos);
}

// SetPlay in help play (found missing by a differential run against Popeye): Popeye writes the
// lines with the other side first and a half-move less before the solutions (h#2: "1...White
// 2.Black White #"); so also for hs#N (hs#3: Black first, an hs#2.5). They leave the verdict
// alone, and JSON carries them as "set_play".
TEST_CASE("Stipulations: helpmate set play as Popeye writes it", "[stipulation][popeye]") {
    for (const char* name :
         {"helpmate_setplay_2", "helpstalemate_setplay_2", "helpself_setplay_3"}) {
        const std::string file = test_data(std::string("popeye/fuzz/") + name + ".inp");
        Run text = solve_file(file, false);
        const std::string expected =
            read_file(test_data(std::string("popeye/fuzz/") + name + ".out"));
        INFO(name << "\nours:\n" << text.out << "\nPopeye:\n" << expected);
        // Every line, set play included, in the file's default order.
        CHECK(parse_help_lines(text.out) == parse_help_lines(expected));
        std::multiset<std::string> set_lines;
        for (const std::string& l : parse_help_lines(expected))
            if (l.starts_with("1...")) set_lines.insert(l);
        REQUIRE_FALSE(set_lines.empty());
        // Without SetPlay, the same solutions and no set play.
        Problem problem = read_one(file);
        problem.options.set_play = false;
        Position diagram;
        Solution plain = solve(problem, diagram);
        CHECK(plain.help_set_play.empty());
        auto solution_lines = [](const std::string& text) { // the board's rows left out
            int n = 0;
            for (const std::string& l : parse_help_lines(text)) n += l.starts_with("1.");
            return n;
        };
        CHECK(solution_lines(text_solution(diagram, plain, {})) ==
              solution_lines(expected) - int(set_lines.size()));
        CHECK(text.out.find("verdict: cooked") != std::string::npos); // as without set play
        Run json = solve_file(file, true);
        auto j = nlohmann::json::parse(json.out);
        REQUIRE(j.contains("set_play"));
        CHECK(j["set_play"].size() == set_lines.size());
    }
}

// SetPlay in series helpmates (Popeye writes it, we wrote none): the set play is the series' end
// alone, White's mates in one from the diagram ("1...Ra1-a8 #"), before the solutions, for every
// N (ser-h#1 too). It leaves the verdict alone, and JSON carries it as "set_play".
TEST_CASE("Stipulations: series helpmate set play as Popeye writes it", "[stipulation][popeye]") {
    for (const char* name : {"series_setplay_1", "series_setplay_2", "series_setplay_3"}) {
        const std::string file = test_data(std::string("popeye/fuzz/") + name + ".inp");
        const std::string expected =
            read_file(test_data(std::string("popeye/fuzz/") + name + ".out"));
        Run text = solve_file(file, false);
        INFO(name << "\nours:\n" << text.out << "\nPopeye:\n" << expected);
        CHECK(parse_help_lines(text.out) == parse_help_lines(expected));
        std::multiset<std::string> set_lines;
        for (const std::string& l : parse_help_lines(expected))
            if (l.starts_with("1...")) set_lines.insert(l);
        REQUIRE_FALSE(set_lines.empty());
        // Before the solutions, a blank line between.
        const size_t set_at = text.out.find("  1..."), solution_at = text.out.find("  1.b5-b4");
        CHECK(set_at < solution_at);
        CHECK(text.out.find("\n\n  1.", set_at) != std::string::npos);
        Problem problem = read_one(file);
        Position diagram;
        Solution with_set = solve(problem, diagram);
        CHECK(int(with_set.help_set_play.size()) == int(set_lines.size()));
        problem.options.set_play = false;
        Solution plain = solve(problem, diagram);
        CHECK(plain.help_set_play.empty());
        CHECK(plain.verdict == with_set.verdict);
        CHECK(plain.solutions == with_set.solutions);
        Run json = solve_file(file, true);
        auto j = nlohmann::json::parse(json.out);
        REQUIRE(j.contains("set_play"));
        REQUIRE(j["set_play"].size() == set_lines.size());
        for (const auto& line : j["set_play"])
            CHECK(set_lines.count(line["text"].get<std::string>()) == 1);
    }
}
