// Help-selfmates (hs#N, hs#N.5): help play, White first (Black in hs#N.5), ending in a White move
// after which every Black move mates White. As Popeye, every such line of N moves or fewer is a
// solution, one line per Black mating move, the fewest moves first. Orthodox problems against
// Popeye's outputs (tests/data/popeye/stipulations/helpself_*), Dynamo against a brute force
// written here, and the commands (solve, check, JSON).
#include "cli_helpers.h"
#include "helpers.h"
#include "popeye_compare.h"

#include "format/base/fen.h"
#include "format/input/problem_reader.h"
#include "format/output/report_text.h"
#include "format/base/stipulation_text.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/movegen.h"

#include <nlohmann/json.hpp>

#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Stipulation stip_of(const std::string& text) {
    Stipulation s;
    std::string error;
    if (!parse_stipulation(text, s, &error)) FAIL(error);
    return s;
}

Solution solve_file_problem(const std::string& name, Position& diagram) {
    ReadResult read = read_problem_file(test_data("popeye/stipulations/" + name + ".inp"));
    REQUIRE(read.problems.size() == 1);
    const Problem& p = read.problems[0];
    REQUIRE(p.ok());
    diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
    AnalysisOptions options = analysis_options_for(p.options);
    options.threads = 2;
    return analyse(diagram, p.stipulation, options);
}

// Straight from the definition: after `plies` help moves, the side to move has a move and every
// one of its moves mates; each such move ends a line. Every length down to 0 or 1 help moves.
bool forced_to_mate(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    if (list.empty()) return false;
    for (Move m : list) {
        pos.make(m);
        bool mates = is_checkmate(pos);
        pos.unmake();
        if (!mates) return false;
    }
    return true;
}
int bf_lines(Position& pos, int plies) {
    if (plies == 0) {
        if (!forced_to_mate(pos)) return 0;
        MoveList list;
        generate_legal(pos, list);
        return list.size();
    }
    MoveList list;
    generate_legal(pos, list);
    int count = 0;
    for (Move m : list) {
        pos.make(m);
        count += bf_lines(pos, plies - 1);
        pos.unmake();
    }
    return count;
}
int bf_help_self(const Position& diagram, const Stipulation& s) {
    Position pos = diagram;
    int plies = 2 * s.moves - 1 + (s.half ? 1 : 0), count = 0;
    for (int p = plies % 2; p <= plies; p += 2) count += bf_lines(pos, p);
    return count;
}

} // namespace

TEST_CASE("Help-selfmates: read, with N.5 and who starts", "[helpself]") {
    Stipulation s = stip_of("hs#2");
    CHECK(s.kind == Stipulation::Kind::HelpSelf);
    CHECK(s.first_mover() == WHITE);
    CHECK(s.help_play());
    Stipulation half = stip_of("HS#1.5");
    CHECK(half.half);
    CHECK(half.text == "hs#1.5");
    CHECK(half.first_mover() == BLACK);
    CHECK(stip_of("hs#0.5").first_mover() == BLACK);
    CHECK_FALSE(parse_stipulation("s#1.5", s, nullptr)); // only help play has half-moves
    ReadResult read = read_problems("stipulation hs#1.5\npieces white ka5 black ka8\nendproblem\n", "t");
    REQUIRE(read.problems.size() == 1);
    REQUIRE(read.problems[0].ok());
    CHECK(read.problems[0].stipulation.text == "hs#1.5");
}

// helpself_1: 1.Sc7+ and both captures mate (two lines, as Popeye). helpself_2: 1.Se3-d5 and a
// tempo by the h-pawn, 2.Sc7+ Bxc7#. helpself_1_5: Black first. helpself_3: Popeye's 70 lines,
// the hs#1 1.Sc7+ Bxc7# among them (the shorter lines are solutions, listed first).
TEST_CASE("Help-selfmates agree with Popeye, shorter lines first", "[helpself][popeye]") {
    for (const char* name : {"helpself_1", "helpself_2", "helpself_1_5", "helpself_3"}) {
        Position diagram;
        Solution sol = solve_file_problem(name, diagram);
        std::string ours = text_solution(diagram, sol, {});
        std::string expected = read_file(test_data(std::string("popeye/stipulations/") + name + ".out"));
        expected = expected.substr(expected.find("\n  hs#"));
        expected = expected.substr(expected.find('\n', 1));
        INFO(name << "\nours:\n" << ours << "\nPopeye:\n" << expected);
        auto lines = parse_help_lines(expected);
        CHECK(parse_help_lines(ours) == lines);
        CHECK(sol.solutions == int(lines.size()));
        CHECK(sol.verdict == (lines.size() == 1 ? Verdict::Sound : Verdict::Cooked));
        for (size_t i = 1; i < sol.help_lines.size(); ++i)
            CHECK(sol.help_lines[i - 1].moves.size() <= sol.help_lines[i].moves.size());
    }
    Position diagram;
    Solution three = solve_file_problem("helpself_3", diagram);
    REQUIRE(three.help_lines.size() == 70);
    CHECK(help_line_text(diagram, three.help_lines[0], Language::English) == "1.Sd5-c7 + Bb8*c7 #");
    CHECK(three.short_lines.empty()); // not "short": Popeye's hs#N has them as solutions
    Solution half = solve_file_problem("helpself_1_5", diagram);
    REQUIRE_FALSE(half.help_lines.empty());
    CHECK(help_line_text(diagram, half.help_lines[0], Language::English) ==
          "1...Bd6-b8   2.Sd5-c7 + Bb8*c7 #");
}

// The brute force agrees with Popeye on the orthodox problems, so that it can judge Dynamo's.
TEST_CASE("Help-selfmates: the brute force counts Popeye's lines", "[helpself]") {
    for (const char* name : {"helpself_1", "helpself_2", "helpself_1_5", "helpself_3"}) {
        Position diagram;
        Solution sol = solve_file_problem(name, diagram);
        INFO(name);
        CHECK(bf_help_self(diagram, sol.stipulation) == sol.solutions);
    }
}

// Dynamo hs#2: White Ka5 Bb6 Pa4 Pb4, Black Ka8 Bb8 Pa6 Pb7 (White to move).
// The mate: White's king on a7 beside Black's on a8 checks it (a7->a8->off the board). Black's
// only answer is Ka8-b7 pushing its pawn to c6 (Kb8 would stay beside the White king, the bishop
// cannot push or pull a king that is on none of its lines): the Black king on b7 now threatens to
// push White's off the a-file (b7->a7->off), and White's king has no flight: a8, b8 stay beside
// the Black king, a6 is Black's pawn, b6 is guarded by Black's bishop on c7 (it could pull a king
// on b6 off the board via d8). So the bishop must stand on c7 (on b8 it would push a king on a7
// off: Ka7 would be illegal), and White's king must go a5-b6-a7, which needs White's bishop off
// b6 in the first move. Two ways: the king pushes it to c7 (1.Ka5-b6/Bb6-c7), and Black's bishop
// pushes it on along the diagonal, to d6, e5, f4, g3, h2 or off, landing on c7 with check (6
// lines); or White's bishop leaves pulling the king (1.Bb6-d8/Ka5-b6, 1.Bb6E/Ka5-b6), and Black
// plays Bb8-c7+ (2 lines). 8 solutions, each 2.Kb6-a7+ Ka8-b7/b7-c6#; none in one move (White's
// king is not next to a7). The brute force agrees.
TEST_CASE("Help-selfmates under Dynamo rules", "[helpself][dynamo]") {
    Position diagram;
    std::string error;
    REQUIRE(parse_fen("kb6/1p6/pB6/K7/PP6/8/8/8 w - - 0 1", RuleSet::dynamo_default(), diagram, &error));
    Stipulation s = stip_of("hs#2");
    AnalysisOptions options;
    options.threads = 2;
    Solution sol = analyse(diagram, s, options);
    INFO(text_solution(diagram, sol, {}));
    CHECK(sol.solutions == 8);
    CHECK(bf_help_self(diagram, s) == 8);
    REQUIRE(sol.help_lines.size() == 8);
    for (const HelpLine& line : sol.help_lines) {
        std::string text = help_line_text(diagram, line, Language::English);
        CHECK(text.ends_with("2.Kb6-a7 + Ka8-b7/b7-c6 #"));
        // After White's last move Black has that one move.
        Position pos = diagram;
        for (size_t i = 0; i + 1 < line.moves.size(); ++i) pos.make(line.moves[i]);
        MoveList black;
        generate_legal(pos, black);
        CHECK(black.size() == 1);
    }
    CHECK(help_line_text(diagram, sol.help_lines[0], Language::English).starts_with("1.Ka5-b6/Bb6-c7 Bb8-c7/Bc7-"));

    // The same mate as hs#1, from the position before 2.Kb6-a7 (White in check from Bc7), and as
    // hs#0.5 after it: Black's one move.
    REQUIRE(parse_fen("k7/1pb5/pK6/8/PP6/8/8/8 w - - 0 1", RuleSet::dynamo_default(), diagram, &error));
    sol = analyse(diagram, stip_of("hs#1"), options);
    REQUIRE(sol.help_lines.size() == 1);
    CHECK(help_line_text(diagram, sol.help_lines[0], Language::English) == "1.Kb6-a7 + Ka8-b7/b7-c6 #");
    REQUIRE(parse_fen("k7/Kpb5/p7/8/PP6/8/8/8 b - - 0 1", RuleSet::dynamo_default(), diagram, &error));
    sol = analyse(diagram, stip_of("hs#0.5"), options);
    REQUIRE(sol.help_lines.size() == 1);
    CHECK(help_line_text(diagram, sol.help_lines[0], Language::English) == "1...Ka8-b7/b7-c6 #");
}

TEST_CASE("Help-selfmates: solve, check and JSON", "[helpself][solve]") {
    Run run = solve_file(test_data("popeye/stipulations/helpself_1.inp"), false);
    CHECK(run.status == 0);
    CHECK(run.out.find("  1.Sd5-c7 + Bb8*c7 #\n") != std::string::npos);
    CHECK(run.out.find("  1.Sd5-c7 + Qc8*c7 #\n") != std::string::npos);
    CHECK(run.out.find("2 solutions, 1 intended") != std::string::npos);

    Run json_run = solve_file(test_data("popeye/stipulations/helpself_2.inp"), true);
    CHECK(json_run.status == 0);
    auto j = nlohmann::json::parse(json_run.out.substr(0, json_run.out.find('\n')));
    CHECK(j["stipulation"] == "hs#2");
    REQUIRE(j["solutions"].size() == 2);
    std::set<std::string> texts{j["solutions"][0]["text"], j["solutions"][1]["text"]};
    CHECK(texts == std::set<std::string>{"1.Se3-d5 h7-h5   2.Sd5-c7 + Bb8*c7 #",
                                         "1.Se3-d5 h7-h6   2.Sd5-c7 + Bb8*c7 #"});
    CHECK(j["solutions"][0]["moves"].size() == 4);
    CHECK(j["solutions"][0]["moves"][3]["mark"] == "#");
    CHECK(j["solutions_found"] == 2);

    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions solve;
    solve.quiet = true;
    solve.hash_mb = 16;
    cli::CheckOptions options{{test_data("popeye/stipulations/helpself_2.inp")}, "", {}};
    Run checked = captured([&] { return cli::run_check(common, solve, options); });
    INFO(checked.out << checked.err);
    CHECK(checked.out.find("hs#2") != std::string::npos);
    CHECK(checked.out.find("cooked") != std::string::npos); // two lines, one intended
    CHECK(checked.out.find("unsupported") == std::string::npos);
}
