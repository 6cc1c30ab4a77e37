// Helpmates: orthodox helpmates against Popeye's outputs (as sets of lines), hand-made
// Dynamo helpmates (problems/helpmate, solution sets worked out by hand from docs/rules.md and
// written beside each problem), the verdicts and options (Intended, MaxSolutions, WhiteToPlay,
// twins), and the same text whatever the number of threads.
#include "helpers.h"

#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

#include <cctype>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) FAIL("cannot read " << path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string helpmate_file(const std::string& name) { return project_root() + "/problems/helpmate/" + name; }

Problem one_problem(const ReadResult& read) {
    for (const auto& e : read.errors) FAIL_CHECK(e.text());
    REQUIRE(read.problems.size() == 1);
    REQUIRE(read.problems[0].ok());
    return read.problems[0];
}

Problem parse_problem(const std::string& text) { return one_problem(read_problems(text, "test")); }
Problem load_problem(const std::string& path) { return one_problem(read_problem_file(path)); }

// One line of a helpmate written in Popeye's layout ("1.c4-c3 Be2-f3 +   2.Ke4-d3 ..."), as its
// moves alone: move numbers dropped, a mark (+ # =) joined to the move it follows.
std::string normalise_line(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> moves;
    for (std::string tok; in >> tok;) {
        if (tok == "+" || tok == "#" || tok == "=") {
            if (moves.empty()) FAIL("a mark before any move in: " << text);
            moves.back() += tok;
            continue;
        }
        size_t i = 0;
        while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i]))) ++i;
        if (i > 0 && i < tok.size() && tok[i] == '.') {
            while (i < tok.size() && tok[i] == '.') ++i;
            tok = tok.substr(i);
        }
        if (!tok.empty()) moves.push_back(tok);
    }
    std::string out;
    for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
    return out;
}

// The solution lines of a solution text (Popeye's or ours): after the stipulation line, every
// line starting with a move number, up to "solution finished." or our verdict block.
// Our text_solution() has no header: stip_text "" reads from the start.
std::multiset<std::string> solution_lines(const std::string& text, const std::string& stip_text) {
    size_t from = 0;
    if (!stip_text.empty()) {
        auto at = text.find("\n  " + stip_text);
        if (at == std::string::npos) FAIL("no stipulation line '" << stip_text << "' in:\n" << text);
        from = text.find('\n', at + 1);
    }
    std::istringstream in(text.substr(from));
    std::multiset<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("solution finished") || line.starts_with("verdict:")) break;
        auto first = line.find_first_not_of(' ');
        if (first == std::string::npos || !std::isdigit(static_cast<unsigned char>(line[first]))) continue;
        out.insert(normalise_line(line));
    }
    return out;
}

std::set<std::string> as_set(const std::multiset<std::string>& m) { return {m.begin(), m.end()}; }

struct Solved {
    Position diagram;
    Solution sol;
    std::string label;

    // The solutions as normalised lines (a multiset: a line found twice would be a bug).
    std::multiset<std::string> lines() const {
        std::multiset<std::string> out;
        for (const HelpLine& l : sol.help_lines) out.insert(normalise_line(help_line_text(diagram, l, Language::English)));
        return out;
    }
    std::multiset<std::string> short_lines() const {
        std::multiset<std::string> out;
        for (const HelpLine& l : sol.short_lines) out.insert(normalise_line(help_line_text(diagram, l, Language::English)));
        return out;
    }
    std::string text() const { return text_solution(diagram, sol, {}); }
};

// Every instance (the diagram, then each twin) of a problem, solved with the problem's options.
std::vector<Solved> solve_problem(const Problem& problem, int threads = 2) {
    std::vector<Solved> out;
    for (const ProblemInstance& inst : problem_instances(problem)) {
        Position diagram = problem_position(inst.pieces, inst.stipulation, inst.rules, problem.options);
        AnalysisOptions options = analysis_options_for(problem.options);
        options.threads = threads;
        out.push_back({diagram, analyse(diagram, inst.stipulation, options), inst.label});
    }
    return out;
}

Solved solve_single(const Problem& problem, int threads = 2) {
    auto all = solve_problem(problem, threads);
    REQUIRE(all.size() == 1);
    return all[0];
}

std::multiset<std::string> ms(std::initializer_list<std::string> lines) { return {lines.begin(), lines.end()}; }

// ---- 1. Orthodox helpmates against Popeye --------------------------------------------------

struct PopeyeRun {
    Problem problem;
    Solved ours;
    std::set<std::string> popeye;
};

PopeyeRun against_popeye(const std::string& name) {
    Problem problem = load_problem(test_data("popeye/problems/" + name + ".inp"));
    REQUIRE(problem.stipulation.kind == Stipulation::Kind::Help);
    Solved ours = solve_single(problem, 2);
    REQUIRE(ours.sol.finished);
    std::string expected = file_text(test_data("popeye/expected/" + name + ".out"));
    const std::string stip = problem_instances(problem)[0].stipulation.text;
    auto popeye = solution_lines(expected, stip);
    REQUIRE_FALSE(popeye.empty());
    CHECK(popeye.size() == as_set(popeye).size());
    // Our text has the same lines as our Solution.
    CHECK(solution_lines(ours.text(), "") == ours.lines());
    return {problem, ours, as_set(popeye)};
}

void same_as_popeye(const std::string& name, Verdict verdict) {
    PopeyeRun run = against_popeye(name);
    INFO(name << "\nours:\n" << run.ours.text());
    auto ours = run.ours.lines();
    CHECK(ours.size() == as_set(ours).size()); // no line twice
    CHECK(as_set(ours) == run.popeye);
    CHECK(run.ours.sol.verdict == verdict);
    CHECK(run.ours.sol.short_lines.empty());
    CHECK_FALSE(run.ours.sol.solutions_capped);
}

} // namespace

TEST_CASE("Helpmate vs Popeye: castling_02 (h#2, castling)", "[helpmate][popeye]") {
    same_as_popeye("castling_02", Verdict::Sound);
}

TEST_CASE("Helpmate vs Popeye: intell_101 (h#4)", "[helpmate][popeye]") {
    same_as_popeye("intell_101", Verdict::Sound);
}

TEST_CASE("Helpmate vs Popeye: intell_103 (h#9, promotion)", "[helpmate][popeye]") {
    same_as_popeye("intell_103", Verdict::Sound);
}

// Three solutions: cooked under the default Intended 1 (correct for our verdict; Popeye gives
// no verdict).
TEST_CASE("Helpmate vs Popeye: intell_39 (h#3, three solutions)", "[helpmate][popeye]") {
    same_as_popeye("intell_39", Verdict::Cooked);
}

// WhiteToPlay: h#4 is solved as h#3.5, White's half-move first, written "1...".
TEST_CASE("Helpmate vs Popeye: intell_12 (WhiteToPlay, h#3.5)", "[helpmate][popeye][.slow]") {
    PopeyeRun run = against_popeye("intell_12");
    CHECK(run.problem.options.white_to_play);
    auto inst = problem_instances(run.problem);
    REQUIRE(inst.size() == 1);
    CHECK(inst[0].stipulation.text == "h#3.5");
    CHECK(run.ours.diagram.side_to_move() == WHITE);
    CHECK(as_set(run.ours.lines()) == run.popeye);
    CHECK(run.ours.sol.verdict == Verdict::Cooked); // two solutions, one intended
    for (const HelpLine& l : run.ours.sol.help_lines) {
        CHECK(l.moves.size() == 7);
        CHECK(help_line_text(run.ours.diagram, l, Language::English).starts_with("1..."));
    }
    CHECK(run.ours.text().find("\n  1...Rh4*d4   2.Qb4-c4 Rd4-h4") != std::string::npos);
}

// CastlingMutuallyExclusive h1h8: after one of the h-rooks castles, the other may not. Without
// the option a third solution castles with both (1.0-0 0-0 ...); with it, Popeye's two alone.
TEST_CASE("Helpmate vs Popeye: castling_45 (CastlingMutuallyExclusive h1h8)",
          "[helpmate][popeye]") {
    PopeyeRun run = against_popeye("castling_45");
    CHECK(run.problem.options.ignored == std::vector<std::string>{"Intelligent"});
    CHECK(run.problem.options.castling_exclusive ==
          CastlingRights::exclusive_bit(CastlingRights::KING_ROOK, CastlingRights::KING_ROOK));
    INFO("ours:\n" << run.ours.text());
    CHECK(as_set(run.ours.lines()) == run.popeye);
    CHECK(run.popeye.size() == 2);
    for (const auto& line : run.popeye) { // each castles once, Black's 0-0 or White's
        size_t first = line.find("0-0");
        CHECK(first != std::string::npos);
        CHECK(line.find("0-0", first + 1) == std::string::npos);
    }
    CHECK(run.ours.sol.verdict == Verdict::Cooked); // two solutions, one intended
}

// The _brute files are the same problems without Popeye's option Intelligent: same positions,
// same solutions in Popeye's output. (Not solved again.)
TEST_CASE("Helpmate vs Popeye: the _brute twins are the same problems", "[helpmate][popeye]") {
    for (const std::string name : {"intell_39", "intell_101", "intell_103", "intell_12", "castling_45"}) {
        INFO(name);
        Problem a = load_problem(test_data("popeye/problems/" + name + ".inp"));
        Problem b = load_problem(test_data("popeye/problems/" + name + "_brute.inp"));
        CHECK(a.pieces == b.pieces);
        CHECK(a.stipulation == b.stipulation);
        CHECK(a.options.white_to_play == b.options.white_to_play);
        std::string stip = problem_instances(a)[0].stipulation.text;
        CHECK(as_set(solution_lines(file_text(test_data("popeye/expected/" + name + ".out")), stip)) ==
              as_set(solution_lines(file_text(test_data("popeye/expected/" + name + "_brute.out")), stip)));
    }
}

// ---- 2. Hand-made Dynamo helpmates (problems/helpmate; the reasoning is in their remarks) ------

// (b) Promotion by push: the pusher chooses the piece; only the queen and rook mate, pushed by
// the king (which follows) or played by the pawn itself. With it, Rg1-g8 and the no-undo mate
// Kf6-g7 of noundo.pop.
TEST_CASE("Helpmate Dynamo: promotion choices that mate", "[helpmate][dynamo]") {
    Problem problem = load_problem(helpmate_file("promotion.pop"));
    Solved s = solve_single(problem);
    INFO(s.text());
    CHECK(s.lines() == ms({"a4-a3 f7-f8=Q#", "a4-a3 f7-f8=R#", "a4-a3 Kf6-f7/f7-f8=Q#",
                           "a4-a3 Kf6-f7/f7-f8=R#", "a4-a3 Rg1-g8#", "a4-a3 Kf6-g7#"}));
    CHECK(s.sol.verdict == Verdict::Sound); // Intended 6
    for (const HelpLine& l : s.sol.help_lines) {
        REQUIRE(l.marks.size() == 2);
        CHECK(l.marks[0] == MoveMark::None);
        CHECK(l.marks[1] == MoveMark::Mate);
    }
}

// (d) The only parry of Kf6-g7 is the push back Kh8/Kg7-f6, an undo (docs/rules.md, No undoing).
TEST_CASE("Helpmate Dynamo: a mate made by the no-undo rule", "[helpmate][dynamo]") {
    Problem problem = load_problem(helpmate_file("noundo.pop"));
    Solved s = solve_single(problem);
    INFO(s.text());
    CHECK(s.lines() == ms({"a4-a3 Rg1-g8#", "a4-a3 Kf6-g7#"}));
    CHECK(s.sol.verdict == Verdict::Sound); // Intended 2

    // The parry exists where the no-undo rule does not bind it (the diagram after Kf6-g7, the
    // last move unknown), and not after the line.
    Position after = position("7k/6K1/8/8/8/p7/8/1B4R1 b - -");
    CHECK(has_move(after, "Kh8/Kg7-f6"));
    Position played = s.diagram;
    played.make(find_move(played, "a4-a3"));
    played.make(find_move(played, "Kf6-g7"));
    CHECK(move_texts(played).empty());
    CHECK(mark_of(played) == MoveMark::Mate);

    // Under UndoDynamoOnly the push back is still a dynamo move: the same two solutions.
    Problem undo_dynamo = parse_problem(
        "begin\npieces white Kf6 Rg1 Bb1 black Kh8 Pa4\nstipulation h#1\n"
        "condition Dynamo UndoDynamoOnly\nend\n");
    CHECK(solve_single(undo_dynamo).lines() == ms({"a4-a3 Rg1-g8#", "a4-a3 Kf6-g7#"}));
}

// (a) Two solutions, the second only by a stationary pull (Rc4/Be4-d4: the rook stays, the bishop
// comes one square towards it onto the long diagonal); without stationary pulls only the first.
TEST_CASE("Helpmate Dynamo: a second solution by a stationary pull", "[helpmate][dynamo]") {
    Problem problem = load_problem(helpmate_file("stationary.pop"));
    Solved s = solve_single(problem);
    INFO(s.text());
    CHECK(s.lines() == ms({"a4-a3 Rg1-g8#", "a4-a3 Rc4/Be4-d4#"}));
    CHECK(s.sol.verdict == Verdict::Sound); // Intended 2

    problem.rules.no_stationary_pull = true;
    Solved vchessish = solve_single(problem);
    INFO(vchessish.text());
    CHECK(vchessish.lines() == ms({"a4-a3 Rg1-g8#"}));
    CHECK(vchessish.sol.verdict == Verdict::Incomplete);
}

// (c) The mating move pushes the black king: the knight drives it from f7 into the corner and
// follows to f7, threatening to push it off the board. WhiteToPlay makes the h#1 an h#0.5.
TEST_CASE("Helpmate Dynamo: the knight pushes the king into the mate", "[helpmate][dynamo]") {
    Problem problem = load_problem(helpmate_file("pushmate.pop"));
    Solved s = solve_single(problem);
    INFO(s.text());
    CHECK(s.sol.stipulation.text == "h#0.5");
    CHECK(s.lines() == ms({"Sd6-f7/Kf7-h8#"}));
    CHECK(s.sol.verdict == Verdict::Sound);
    CHECK(s.text().find("\n  1...Sd6-f7/Kf7-h8 #\n") != std::string::npos);
    // The knight staying is stalemate, not mate.
    Position after = s.diagram;
    after.make(find_move(after, "Sd6/Kf7-h8"));
    CHECK(mark_of(after) == MoveMark::Stalemate);
}

// ---- 3. Verdicts and options (orthodox h#1s small enough to see at a glance) -----------------
//
// White Kg6 and a rook on a1 against Kh8: Black's only move is Kh8-g8 (Kg6 guards g7 and h7);
// then a rook reaching rank 8 mates (Kg6 guards f7, g7, h7; the rook f8 and h8), any other check
// (a rook on the g-file) lets the king out to f8 or h8. One solution per rook on a1-d1.

namespace {

std::string kg6(const std::string& rooks, const std::string& stip, const std::string& options = "") {
    return "begin\npieces white Kg6 " + rooks + " black Kh8\nstipulation " + stip + "\n" +
           (options.empty() ? "" : "option " + options + "\n") + "end\n";
}

} // namespace

TEST_CASE("Helpmate verdicts: sound, cooked, incomplete, no solution", "[helpmate][verdict]") {
    SECTION("sound") {
        Solved s = solve_single(parse_problem(kg6("Ra1", "h#1")));
        CHECK(s.lines() == ms({"Kh8-g8 Ra1-a8#"}));
        CHECK(s.sol.verdict == Verdict::Sound);
        CHECK(s.sol.intended == 1);
        CHECK(s.text().find("\n  1.Kh8-g8 Ra1-a8 #\n") != std::string::npos);
        CHECK(s.text().find("verdict: sound") != std::string::npos);
    }
    SECTION("cooked, and sound when both are intended") {
        Solved s = solve_single(parse_problem(kg6("Ra1 Rb1", "h#1")));
        CHECK(s.lines() == ms({"Kh8-g8 Ra1-a8#", "Kh8-g8 Rb1-b8#"}));
        CHECK(s.sol.verdict == Verdict::Cooked);
        CHECK(s.text().find("verdict: cooked") != std::string::npos);
        Solved two = solve_single(parse_problem(kg6("Ra1 Rb1", "h#1", "Intended 2")));
        CHECK(two.sol.intended == 2);
        CHECK(two.sol.verdict == Verdict::Sound);
        Solved three = solve_single(parse_problem(kg6("Ra1 Rb1", "h#1", "Intended 3")));
        CHECK(three.sol.verdict == Verdict::Incomplete);
    }
    SECTION("incomplete") {
        Solved s = solve_single(parse_problem(kg6("Ra1", "h#1", "Intended 2")));
        CHECK(s.lines() == ms({"Kh8-g8 Ra1-a8#"}));
        CHECK(s.sol.verdict == Verdict::Incomplete);
        CHECK(s.text().find("verdict: incomplete") != std::string::npos);
    }
    SECTION("no solution") {
        // Bare kings; and with the rook on h1 (Black in check, Kg8 is its only move, no mate).
        Solved bare = solve_single(parse_problem(kg6("", "h#1")));
        CHECK(bare.sol.help_lines.empty());
        CHECK(bare.sol.verdict == Verdict::NoSolution);
        Solved s = solve_single(parse_problem(kg6("Rh1", "h#1")));
        CHECK(s.sol.help_lines.empty());
        CHECK(s.sol.verdict == Verdict::NoSolution);
        CHECK(s.text().find("verdict: no solution") != std::string::npos);
    }
}

// An h#2 with an h#1: short, whatever the h#2 solutions; the short lines are the h#1 ones.
TEST_CASE("Helpmate verdicts: short", "[helpmate][verdict]") {
    Solved s = solve_single(parse_problem(kg6("Ra1", "h#2")));
    INFO(s.text());
    CHECK(s.sol.verdict == Verdict::Short);
    CHECK(s.short_lines() == ms({"Kh8-g8 Ra1-a8#"}));
    for (const HelpLine& l : s.sol.help_lines) CHECK(l.moves.size() == 4);
    CHECK(s.text().find("short: h#1: 1.Kh8-g8 Ra1-a8 #") != std::string::npos);
    // The same position as h#1 is not short.
    CHECK(solve_single(parse_problem(kg6("Ra1", "h#1"))).sol.short_lines.empty());
}

// Four rooks: four solutions. MaxSolutions N shows at most N. Under orthodox rules (these
// problems) every solution is searched, so that Popeye's first N can be shown and the count is
// exact; under Dynamo rules the search stops at max(N, Intended + 1) + 1 solutions, enough for
// the verdict, and says "at least" when it stopped there (solutions_capped).
TEST_CASE("Helpmate options: MaxSolutions", "[helpmate][options]") {
    const std::string rooks = "Ra1 Rb1 Rc1 Rd1";
    const auto all = ms({"Kh8-g8 Ra1-a8#", "Kh8-g8 Rb1-b8#", "Kh8-g8 Rc1-c8#", "Kh8-g8 Rd1-d8#"});
    auto subset_of_all = [&](const Solved& s) {
        for (const auto& l : s.lines()) CHECK(all.count(l) == 1);
        CHECK(s.lines().size() == as_set(s.lines()).size());
    };
    SECTION("no limit") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1")));
        CHECK(s.lines() == all);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.sol.verdict == Verdict::Cooked);
    }
    SECTION("MaxSolutions 1: one shown, all four counted") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 1")));
        CHECK(s.sol.help_lines.size() == 1);
        CHECK(s.sol.solutions == 4);
        subset_of_all(s);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.sol.verdict == Verdict::Cooked);
        CHECK(s.text().find("4 solutions") != std::string::npos);
        CHECK(s.text().find("1 shown (MaxSolutions)") != std::string::npos);
    }
    SECTION("MaxSolutions 3: three shown, the fourth counted") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 3")));
        CHECK(s.sol.help_lines.size() == 3);
        CHECK(s.sol.solutions == 4);
        subset_of_all(s);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.sol.verdict == Verdict::Cooked);
    }
    SECTION("MaxSolutions 4: all four shown; the search looked for five, so they are all") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 4")));
        CHECK(s.lines() == all);
        CHECK(s.sol.solutions == 4);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.text().find("at least") == std::string::npos);
    }
    SECTION("MaxSolutions above the number of solutions") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 10")));
        CHECK(s.lines() == all);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.text().find("at least") == std::string::npos);
    }
    SECTION("MaxSolutions 1 with Intended 4: looks for six, finds four: sound") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 1 Intended 4")));
        CHECK(s.sol.help_lines.size() == 1);
        CHECK(s.sol.solutions == 4);
        subset_of_all(s);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.sol.verdict == Verdict::Sound);
    }
    SECTION("MaxSolutions 1 with Intended 2: finds four: cooked") {
        Solved s = solve_single(parse_problem(kg6(rooks, "h#1", "MaxSolutions 1 Intended 2")));
        CHECK(s.sol.help_lines.size() == 1);
        CHECK(s.sol.solutions == 4);
        subset_of_all(s);
        CHECK_FALSE(s.sol.solutions_capped);
        CHECK(s.sol.verdict == Verdict::Cooked);
    }
}

// WhiteToPlay: h#N becomes h#(N-1).5, White's half-move first, numbered "1...".
TEST_CASE("Helpmate options: WhiteToPlay", "[helpmate][options]") {
    SECTION("h#1 -> h#0.5: White mates at once") {
        // Kg6 and Ra1 against Kg8, White to play: only Ra1-a8 mates (Rg1 lets the king to f8/h8).
        Problem p = parse_problem("begin\npieces white Kg6 Ra1 black Kg8\nstipulation h#1\n"
                                  "option WhiteToPlay\nend\n");
        Solved s = solve_single(p);
        CHECK(s.sol.stipulation.text == "h#0.5");
        CHECK(s.diagram.side_to_move() == WHITE);
        CHECK(s.lines() == ms({"Ra1-a8#"}));
        CHECK(s.sol.verdict == Verdict::Sound);
        CHECK(s.text().find("\n  1...Ra1-a8 #\n") != std::string::npos);
    }
    SECTION("h#2 -> h#1.5") {
        Problem p = parse_problem(kg6("Ra2", "h#2", "WhiteToPlay"));
        Solved s = solve_single(p);
        INFO(s.text());
        CHECK(s.sol.stipulation.text == "h#1.5");
        // For instance: the rook steps aside, Kh8-g8 (forced: g7, h7 are guarded), Ra1-a8#.
        CHECK(s.lines().count("Ra2-a1 Kh8-g8 Ra1-a8#") == 1);
        CHECK(s.text().find("\n  1...Ra2-a1   2.Kh8-g8 Ra1-a8 #\n") != std::string::npos);
        for (const HelpLine& l : s.sol.help_lines) {
            CHECK(l.moves.size() == 3);
            CHECK(help_line_text(s.diagram, l, Language::English).starts_with("1..."));
        }
    }
}

// Twins: each twin has its own solutions and verdict (twins apply to the diagram).
TEST_CASE("Helpmate options: twins", "[helpmate][options]") {
    Problem p = parse_problem("begin\npieces white Kg6 Ra1 black Kh8\nstipulation h#1\n"
                              "twin move a1 b1\ntwin remove a1\ntwin add white Rb1\n"
                              "twin stipulation h#2\nend\n");
    auto twins = solve_problem(p);
    REQUIRE(twins.size() == 5);
    std::vector<Verdict> verdicts;
    for (const auto& t : twins) verdicts.push_back(t.sol.verdict);
    CHECK(twins[0].label.starts_with("a)"));
    CHECK(twins[1].label.starts_with("b)"));
    CHECK(twins[4].label.starts_with("e)"));
    // a) the diagram
    CHECK(twins[0].lines() == ms({"Kh8-g8 Ra1-a8#"}));
    CHECK(verdicts[0] == Verdict::Sound);
    // b) the rook on b1
    CHECK(twins[1].lines() == ms({"Kh8-g8 Rb1-b8#"}));
    CHECK(verdicts[1] == Verdict::Sound);
    // c) bare kings
    CHECK(twins[2].lines().empty());
    CHECK(verdicts[2] == Verdict::NoSolution);
    // d) two rooks
    CHECK(twins[3].lines() == ms({"Kh8-g8 Ra1-a8#", "Kh8-g8 Rb1-b8#"}));
    CHECK(verdicts[3] == Verdict::Cooked);
    // e) h#2 with an h#1
    CHECK(twins[4].sol.stipulation.text == "h#2");
    CHECK(verdicts[4] == Verdict::Short);
    CHECK(twins[4].short_lines() == ms({"Kh8-g8 Ra1-a8#"}));
    CHECK(combined_verdict(verdicts) == Verdict::NoSolution);
    CHECK(combined_verdict({Verdict::Sound, Verdict::Sound}) == Verdict::Sound);
}

// ---- 4. Determinism ---------------------------------------------------------------------------

TEST_CASE("Helpmate: the same text with 1, 2 and 4 threads", "[helpmate][threads]") {
    std::vector<Problem> problems = {
        load_problem(helpmate_file("promotion.pop")),
        parse_problem(kg6("Ra1 Rb1 Rc1 Rd1", "h#1", "MaxSolutions 1")),
        parse_problem(kg6("Ra2", "h#2", "WhiteToPlay")),
        // A Dynamo h#2 with many solutions.
        parse_problem("begin\npieces white Kf6 Rg1 Bb1 black Kh8 Pa4\nstipulation h#2\n"
                      "condition Dynamo\nend\n"),
    };
    for (const Problem& p : problems) {
        Solved one = solve_single(p, 1);
        INFO(one.text());
        CHECK(one.sol.solutions >= 2);
        for (int threads : {2, 4}) {
            Solved many = solve_single(p, threads);
            CHECK(many.text() == one.text());
        }
    }
}
