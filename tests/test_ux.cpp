// Around a solution: the solving time, the progress line, --export fen|latex|svg,
// replay of SAN and PGN, one writer of check and mate signs, FEN counters, mate --upto's word
// on the shortest length, the verdict wording without a key, and --threads beyond the cores.
#include "cli_helpers.h"
#include "temp_file.h"
#include "helpers.h"

#include "cli/commands.h"
#include "cli/progress_line.h"
#include "format/output/export.h"
#include "format/input/problem_reader.h"
#include "format/input/san.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <thread>

using namespace dynamo;
using namespace dynamo::test;

namespace {

namespace fs = std::filesystem;


Run solve_with(const std::string& file, void (*set)(cli::SolveOptions&)) {
    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions options;
    options.files = {file};
    options.quiet = true;
    options.hash_mb = 16;
    set(options);
    return captured([&] { return cli::run_solve(common, options); });
}

Run mate_run(const std::string& fen, const std::string& stip, const std::string& rules,
             void (*set)(cli::SolveOptions&)) {
    cli::CommonOptions common;
    common.threads = 2;
    common.fen = fen;
    common.rules = rules;
    cli::SolveOptions options;
    options.stipulation = stip;
    options.quiet = true;
    options.hash_mb = 16;
    set(options);
    return captured([&] { return cli::run_mate(common, options); });
}

Run replay_run(const std::string& fen, std::vector<std::string> moves, const std::string& file = "",
               const std::string& rules = "orthodox") {
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = rules;
    cli::ReplayOptions options;
    options.moves = std::move(moves);
    options.file = file;
    return captured([&] { return cli::run_replay(common, options); });
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Well-formed XML, as far as an SVG of ours needs: every tag closed in order, attributes quoted,
// no bare '&' or '<' in text. Returns "" or what is wrong.
std::string xml_error(const std::string& s) {
    std::vector<std::string> open;
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '&') {
            size_t semi = s.find(';', i);
            if (semi == std::string::npos || semi - i > 6) return "bare & at " + std::to_string(i);
            i = semi + 1;
            continue;
        }
        if (s[i] != '<') {
            ++i;
            continue;
        }
        size_t end = s.find('>', i);
        if (end == std::string::npos) return "unclosed <";
        std::string tag = s.substr(i + 1, end - i - 1);
        i = end + 1;
        if (tag.starts_with("?")) continue;
        if (count(tag, "\"") % 2) return "unbalanced quotes in <" + tag + ">";
        if (tag.starts_with("/")) {
            if (open.empty() || open.back() != tag.substr(1))
                return "</" + tag.substr(1) + "> closes nothing";
            open.pop_back();
        } else if (!tag.ends_with("/")) {
            open.push_back(tag.substr(0, tag.find(' ')));
        }
    }
    return open.empty() ? "" : "<" + open.back() + "> not closed";
}

const std::string DYNAMO_2 = "examples/dynamo-2.pop"; // Kd4 Rc7 Rh3 / Kb1, #2, key Rh3-h2

} // namespace

TEST_CASE("solve prints the solving time after each verdict, --no-time leaves it out",
          "[ux][solve]") {
    const std::string file = project_root() + "/" + DYNAMO_2;
    Run timed = solve_with(file, [](cli::SolveOptions&) {});
    REQUIRE(timed.status == 0);
    auto lines = lines_of(timed.out);
    auto verdict =
        std::find_if(lines.begin(), lines.end(), [](auto& l) { return l.starts_with("verdict:"); });
    REQUIRE(verdict != lines.end());
    REQUIRE(verdict + 1 != lines.end());
    CHECK(verdict[1].starts_with("solving time "));
    CHECK(verdict[1].ends_with(" s"));

    Run plain = solve_with(file, [](cli::SolveOptions& o) { o.no_time = true; });
    CHECK(plain.out.find("solving time") == std::string::npos);
    // The same text but for that line: output that must not vary asks for --no-time.
    std::string without = timed.out;
    size_t at = without.find("solving time ");
    without.erase(at, without.find('\n', at) + 1 - at);
    CHECK(without == plain.out);
    // JSON has it as time_s, and no text line.
    Run json = solve_with(file, [](cli::SolveOptions& o) { o.json = true; });
    CHECK(nlohmann::json::parse(json.out).contains("time_s"));
    CHECK(json.out.find("solving time") == std::string::npos);
}

TEST_CASE("The progress line: quiet for a second, then the first move, the depth and the count",
          "[ux][progress]") {
    Position diagram = position("8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1");
    Stipulation stip;
    stip.moves = 2;
    stip.text = "#2";
    Move key = find_move(diagram, "Rh3-h2");
    auto captured_text = [&](double delay, std::vector<Progress> calls, bool end = false) {
        std::FILE* f = std::tmpfile();
        auto print = cli::progress_line(diagram, stip, Language::English, f, delay);
        for (const Progress& p : calls) print(p);
        if (end) cli::end_progress(print);
        std::rewind(f);
        std::string text;
        for (int c; (c = std::fgetc(f)) != EOF;) text.push_back(char(c));
        std::fclose(f);
        return text;
    };
    // Within the first second: nothing, not even the erasing at the end.
    CHECK(captured_text(1.0, {{3, 10, 500, key, 2}, {10, 10, 900, Move::none(), 0}}).empty());
    // After it: the move under way and its depth, the count, the nodes; erased when all are done.
    std::string shown = captured_text(0.0, {{3, 10, 500, key, 1}});
    CHECK(shown.find("#2: first moves 3/10, now 1.Rh3-h2 at depth 1/2, 500 nodes, ") !=
          std::string::npos);
    std::string erased = captured_text(0.0, {{3, 10, 500, key, 1}, {10, 10, 900, Move::none(), 0}});
    CHECK(erased.ends_with("\r\x1b[K"));
    // Stopped by the time limit, the analysis never reports all done: the caller erases it.
    std::string stopped = captured_text(0.0, {{3, 10, 500, key, 1}}, true);
    CHECK(stopped.ends_with("\r\x1b[K"));
    CHECK(stopped.size() > 10);

    // The analysis reports as each first move is done, the last call with all of them done, and
    // a move under way always with a depth within the stipulation.
    std::vector<Progress> seen;
    AnalysisOptions options;
    options.threads = 2;
    options.progress = [&](const Progress& p) { seen.push_back(p); };
    Solution s = analyse(diagram, stip, options);
    REQUIRE_FALSE(seen.empty());
    CHECK(seen.back().done == seen.back().total);
    CHECK(seen.back().total == s.first_moves_total);
    for (const Progress& p : seen)
        if (!p.current.is_none()) CHECK((p.depth >= 1 && p.depth <= 2));
}

TEST_CASE("Export fen: the diagram reads back, with the stipulation and the solution",
          "[ux][export]") {
    const std::string file = project_root() + "/" + DYNAMO_2;
    Run run = solve_with(file, [](cli::SolveOptions& o) { o.export_format = "fen"; });
    REQUIRE(run.status == 0);
    auto lines = lines_of(run.out);
    REQUIRE(lines.size() > 3);
    Position back;
    std::string error;
    REQUIRE(parse_fen(lines[0], RuleSet::dynamo_default(), back, &error));
    ReadResult read = read_problem_file(file);
    REQUIRE(read.problems.size() == 1);
    const Problem& p = read.problems[0];
    Position diagram = problem_position(p.pieces, p.stipulation, p.rules, p.options);
    CHECK(back.placement() == diagram.placement());
    CHECK(back.side_to_move() == WHITE);
    CHECK(lines[0].ends_with(" 0 1"));
    CHECK(lines[1] == "#2 Dynamo");
    CHECK(run.out.find("1.Rh3-h2 ! threat:") != std::string::npos);
    CHECK(run.out.find("verdict: sound") != std::string::npos);
    CHECK(run.out.find("+---a---b") == std::string::npos); // no text diagram

    // mate --fen keeps the FEN's own counters.
    Run mate = mate_run("6k1/5ppp/8/8/8/8/8/R5K1 w - - 12 34", "#1", "orthodox",
                        [](cli::SolveOptions& o) { o.export_format = "fen"; });
    REQUIRE(mate.status == 0);
    CHECK(lines_of(mate.out)[0] == "6k1/5ppp/8/8/8/8/8/R5K1 w - - 12 34");

    Run bad = solve_with(file, [](cli::SolveOptions& o) { o.export_format = "pdf"; });
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--export: expected fen, latex or svg, found 'pdf'") != std::string::npos);
}

TEST_CASE("Export latex: a diagram environment with the right pieces list", "[ux][export]") {
    TempFile file("latex.pop", "beginproblem\nauthor A. Composer\norigin The Problemist 2026\n"
                               "title Mate & more\nstipulation #2\noption Variation\n"
                               "pieces white ke1 qa7 rh1 black kc1\nendproblem\n");
    Run run = solve_with(file.str(), [](cli::SolveOptions& o) { o.export_format = "latex"; });
    REQUIRE(run.status == 0);
    const std::string& t = run.out;
    CHECK(t.starts_with("\\documentclass{article}\n\\usepackage{diagram}\n"));
    CHECK(t.find("\\begin{diagram}%\n") != std::string::npos);
    CHECK(t.find(" \\author{A. Composer}%\n") != std::string::npos);
    CHECK(t.find(" \\source{The Problemist 2026}%\n") != std::string::npos);
    CHECK(t.find(" \\dedication{Mate \\& more}%\n") != std::string::npos);
    // White first, king, queen (D), rook (T); then Black: German letters, w and s.
    CHECK(t.find(" \\pieces{wKe1, wDa7, wTh1, sKc1}%\n") != std::string::npos);
    CHECK(t.find(" \\stipulation{\\#2}%\n") != std::string::npos);
    CHECK(t.find("\\condition") == std::string::npos); // orthodox
    CHECK(t.find(" \\solution{1.Qa7-f2 ! threat:\n  2.0-0 \\#") != std::string::npos);
    CHECK(t.find("\\end{diagram}\n") != std::string::npos);
    CHECK(t.find("verdict:") == std::string::npos); // the play only
    CHECK(t.ends_with("\\putsol\n\\end{document}\n"));
    CHECK(count(t, "{") == count(t, "}") + count(t, "\\{") - count(t, "\\}"));
}

TEST_CASE("Export svg: well-formed, 64 squares, one glyph per piece", "[ux][export]") {
    const std::string file = project_root() + "/" + DYNAMO_2;
    Run run = solve_with(file, [](cli::SolveOptions& o) { o.export_format = "svg"; });
    REQUIRE(run.status == 0);
    const std::string& svg = run.out;
    CHECK(xml_error(svg) == "");
    CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
    CHECK(count(svg, "<rect class=\"square ") == 64);
    CHECK(count(svg, "<text class=\"piece\"") == 4); // Kd4 Rc7 Rh3, Kb1
    CHECK(count(svg, "\u2654") == 1);                // the white king
    CHECK(count(svg, "\u2656") == 2);                // two white rooks
    CHECK(count(svg, "\u265A") == 1);                // the black king
    CHECK(svg.find("#2  Dynamo") != std::string::npos);
    CHECK(svg.find("1.Rh3-h2 ! threat:") != std::string::npos);
    CHECK(svg.find("href") == std::string::npos); // nothing from outside

    // Two problems: one document, two boards.
    TempFile two("two.pop",
                 "beginproblem\nstipulation #1\npieces white kg1 ra1 black kg8 pf7 pg7 "
                 "ph7\nnext\nstipulation #1\npieces white kb6 qc1 black ka8\nendproblem\n");
    Run both = solve_with(two.str(), [](cli::SolveOptions& o) { o.export_format = "svg"; });
    CHECK(xml_error(both.out) == "");
    CHECK(count(both.out, "<rect class=\"square ") == 128);
    CHECK(count(both.out, "<text class=\"piece\"") == 9);
    CHECK(count(both.out, "<?xml") == 1);
}

TEST_CASE("SAN: short algebraic read for orthodox moves", "[ux][san]") {
    Position start = position(std::string(START_FEN), RuleSet::orthodox());
    auto san = [](const Position& pos, const std::string& text) {
        std::string error;
        Move m = parse_san(pos, text, &error);
        return m.is_none() ? "error: " + error : move_text(pos, m);
    };
    CHECK(san(start, "Nf3") == "Sg1-f3");
    CHECK(san(start, "e4") == "e2-e4");
    CHECK(san(start, "e3+") == "e2-e3");
    CHECK(san(start, "Ke2").starts_with("error: illegal move 'Ke2'"));
    CHECK(san(start, "Nd2").starts_with("error: illegal"));
    CHECK(san(start, "N9f3").starts_with("error: cannot read"));

    Position pawns = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                              RuleSet::orthodox());
    CHECK(san(pawns, "exd5") == "e4*d5");
    CHECK(san(pawns, "exd5!?") == "e4*d5");
    CHECK(san(pawns, "xd5").starts_with("error: cannot read")); // a pawn capture names its file

    // Two knights reach d2, two rooks e1: disambiguation by file, by rank.
    Position twins = position("4k3/8/8/8/8/4R3/8/1N2KN1R w - - 0 1", RuleSet::orthodox());
    CHECK(san(twins, "Nd2").starts_with("error: ambiguous move 'Nd2'"));
    CHECK(san(twins, "Nd2").find("matches Sb1-d2, Sf1-d2") != std::string::npos);
    CHECK(san(twins, "Nbd2") == "Sb1-d2");
    CHECK(san(twins, "Nfd2") == "Sf1-d2");
    CHECK(san(twins, "R3e2") == "Re3-e2");
    CHECK(san(twins, "Rh2") == "Rh1-h2");

    Position promotion = position("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", RuleSet::orthodox());
    CHECK(san(promotion, "e8=Q+") == "e7-e8=Q");
    CHECK(san(promotion, "e8N") == "e7-e8=S");
    CHECK(san(promotion, "exd8=R") == "e7*d8=R");
    CHECK(san(promotion, "exd8") == "e7*d8=Q"); // left out: the queen, as PGN readers take it

    Position castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", RuleSet::orthodox());
    CHECK(san(castle, "O-O") == "0-0");
    CHECK(san(castle, "0-0-0+") == "0-0-0");
    CHECK(san(position("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "Rh2").starts_with("error: cannot read"));
}

TEST_CASE("replay: a PGN game in short algebraic, with the real counters", "[ux][replay]") {
    TempFile game("game.pgn",
                  "[Event \"Casual game\"]\n[White \"Morphy\"]\n[Black \"Duke and Count\"]\n"
                  "[Result \"1-0\"]\n\n"
                  "1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5\n"
                  "6. Bc4 Nf6 (6... Qf6 7. Qb3) 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5\n"
                  "11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7\n"
                  "16. Qb8+ Nxb8 17. Rd8# 1-0\n");
    Run run = replay_run("", {}, game.str());
    INFO(run.err);
    REQUIRE(run.status == 0);
    auto lines = lines_of(run.out);
    REQUIRE(lines.size() == 33);
    CHECK(lines[0].starts_with("1.      e2-e4  "));
    CHECK(lines[0].ends_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    CHECK(lines[1].ends_with("w KQkq - 0 2"));
    CHECK(lines[2].ends_with("b KQkq - 1 2")); // 2.Nf3: no pawn moved, nothing taken
    CHECK(lines[22].starts_with("12.     0-0-0 "));
    CHECK(lines[32].starts_with("17.     Rd1-d8 #"));
    CHECK(lines[32].ends_with(" b k - 1 17"));

    // A FEN tag starts the game there; the counters go on from its own.
    TempFile from_fen("fen.pgn",
                      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 7 40\"]\n\n40. Kd2 Kd7 41. e4 *\n");
    Run fen_run = replay_run("", {}, from_fen.str());
    INFO(fen_run.err);
    REQUIRE(fen_run.status == 0);
    auto fl = lines_of(fen_run.out);
    REQUIRE(fl.size() == 3);
    CHECK(fl[0].ends_with(" b - - 8 40"));
    CHECK(fl[1].ends_with(" w - - 9 41"));
    CHECK(fl[2].ends_with(" b - - 0 41"));

    // Not in orthodox chess, SAN says why it cannot be read: Dynamo moves need their way.
    Run dynamo = replay_run("", {"Nf3"}, "", "Dynamo");
    CHECK(dynamo.status == 2);
    // An illegal SAN move is named as illegal, with the FEN's real counters.
    Run illegal = replay_run("4k3/8/8/8/8/8/4P3/4K3 w - - 7 40", {"Kd2", "Ke9"});
    CHECK(illegal.status == 2);
    CHECK(illegal.err.find("move 40 (black)") != std::string::npos);
    Run wrong = replay_run("4k3/8/8/8/8/8/4P3/4K3 w - - 7 40", {"Kd2", "Kd1"});
    CHECK(wrong.err.find("illegal move 'Kd1' in position 4k3/8/8/8/8/8/3KP3/8 b - - 8 40") !=
          std::string::npos);
}

TEST_CASE("to_fen writes the counters given, counters_after keeps them as a game does",
          "[ux][fen]") {
    Position pos;
    MoveCounters c;
    std::string error;
    REQUIRE(parse_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 7 40", RuleSet::orthodox(), pos, &error, &c));
    CHECK(c == MoveCounters{7, 40});
    CHECK(to_fen(pos, c) == "4k3/8/8/8/8/8/4P3/4K2R w K - 7 40");
    CHECK(to_fen(pos) == "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"); // a diagram has none of its own
    Position bare;
    MoveCounters none;
    REQUIRE(parse_fen("4k3/8/8/8/8/8/4P3/4K2R", RuleSet::orthodox(), bare, &error, &none));
    CHECK(none == MoveCounters{0, 1});
    CHECK(counters_after(pos, find_move(pos, "Rh1-h2"), {7, 40}) == MoveCounters{8, 40});
    CHECK(counters_after(pos, find_move(pos, "e2-e4"), {7, 40}) == MoveCounters{0, 40});
    CHECK(counters_after(pos, find_move(pos, "0-0"), {7, 40}) == MoveCounters{8, 40});
    // Dynamo: a pawn pushed, or a piece pushed off the board, starts the clock again.
    Position dyn = position("4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1");
    CHECK(counters_after(dyn, find_move(dyn, "Re1-e2/e2-e3"), {5, 9}) == MoveCounters{0, 9});
    CHECK(counters_after(dyn, find_move(dyn, "Re1-a1"), {5, 9}) == MoveCounters{6, 9});
    CHECK_FALSE(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1", RuleSet::orthodox(), pos, &error));
    REQUIRE(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 3 123456789012", RuleSet::orthodox(), pos, &error,
                      &c));
    CHECK(c == MoveCounters{3, 999999999});
}

TEST_CASE("moves, replay and solve write check and mate signs alike: ' #'", "[ux][notation]") {
    const std::string fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = "orthodox";
    Run moves = captured([&] { return cli::run_moves(common, cli::MovesOptions{}); });
    CHECK(moves.out.find("\nRa1-a8 #\n") != std::string::npos);
    Run replay = replay_run(fen, {"Ra8#"});
    CHECK(replay.out.starts_with("1.      Ra1-a8 #  "));
    Run mate = mate_run(fen, "#1", "orthodox", [](cli::SolveOptions& o) { o.no_time = true; });
    CHECK(mate.out.find("1.Ra1-a8 # !") != std::string::npos);
    Position pos = position(fen, RuleSet::orthodox());
    CHECK(move_suffix(pos, find_move(pos, "Ra1-a8")) == mark_text(MoveMark::Mate));
    CHECK(move_suffix(pos, find_move(pos, "Ra1-b1")) == "");
}

TEST_CASE("mate --upto says which length was the shortest, and how far it got", "[ux][upto]") {
    // Orthodox: Kb6 Qc1 / Ka8 is #1 (Qc1-c8); Kc6 Qc1 / Ka8 is not, but #2.
    Run one =
        mate_run("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "#3", "orthodox", [](cli::SolveOptions& o) {
            o.upto = true;
            o.no_time = true;
        });
    CHECK(one.out.starts_with("shortest: #1\n"));
    Run two =
        mate_run("k7/8/2K5/8/8/8/8/2Q5 w - - 0 1", "#3", "orthodox", [](cli::SolveOptions& o) {
            o.upto = true;
            o.no_time = true;
        });
    CHECK(two.out.starts_with("shortest: #2 (none in #1)\n"));
    Run json =
        mate_run("k7/8/2K5/8/8/8/8/2Q5 w - - 0 1", "#3", "orthodox", [](cli::SolveOptions& o) {
            o.upto = true;
            o.json = true;
        });
    auto j = nlohmann::json::parse(json.out);
    CHECK(j["upto"]["shortest"] == "#2");
    CHECK(j["upto"]["from"] == "#1");
    CHECK(j["upto"]["to"] == "#3");
    Run none = mate_run("k7/8/8/8/8/8/8/K7 w - - 0 1", "#2", "orthodox", [](cli::SolveOptions& o) {
        o.upto = true;
        o.no_time = true;
    });
    CHECK(none.out.starts_with("shortest: none from #1 to #2\n"));

    // Stopped by the time limit: what #N proved, and the line says so (before, nothing).
    Run stopped = mate_run("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
                           "#12", "Dynamo", [](cli::SolveOptions& o) {
                               o.upto = true;
                               o.no_time = true;
                               o.max_seconds = 0.3;
                           });
    CHECK(stopped.status == 3);
    CHECK(stopped.out.starts_with("unfinished: "));
    CHECK(stopped.out.find(" stopped before its verdict (what it proved follows)\n") !=
          std::string::npos);
    CHECK(stopped.out.find("verdict: unfinished") != std::string::npos);
}

TEST_CASE("Verdict wording: no key says so, a helpmate without solutions says how many were meant",
          "[ux][verdict]") {
    TempFile file("nosol.pop",
                  "beginproblem\nstipulation #1\npieces white ka1 rb2 black kh8\nnext\n"
                  "stipulation h#2\noption Intended 2\npieces white ka1 rb2 black kh8\n"
                  "endproblem\n");
    Run run = solve_with(file.str(), [](cli::SolveOptions&) {});
    CHECK(run.out.find("verdict: no solution    no key; 0 tries\n") != std::string::npos);
    CHECK(run.out.find("no duals") == std::string::npos);
    CHECK(run.out.find("verdict: no solution    0 solutions, 2 intended\n") != std::string::npos);

    cli::CommonOptions common;
    common.threads = 2;
    cli::SolveOptions options;
    options.quiet = true;
    cli::CheckOptions check;
    check.paths = {file.str()};
    Run table = captured([&] { return cli::run_check(common, options, check); });
    auto lines = lines_of(table.out);
    REQUIRE(lines.size() >= 2);
    CHECK(lines[1].find("no solution") != std::string::npos);
    CHECK(lines[1].ends_with("0 solutions, 2 intended"));
}

TEST_CASE("Threads beyond the cores (--threads): used as the cores, without TBB's warning",
          "[ux][threads]") {
    std::string command = std::string("'") + DYNAMO_EXE +
                          "' mate --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --stip '#1' --rules "
                          "orthodox --json --threads 1024 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    for (int c; (c = std::fgetc(pipe)) != EOF;) out.push_back(char(c));
    int status = pclose(pipe);
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(out.find("TBB Warning") == std::string::npos);
    auto j = nlohmann::json::parse(out);
    CHECK(j["threads"].get<int>() <= int(std::max(1u, std::thread::hardware_concurrency())));
}

// --export under --order popeye: the exported solution is the text report's, in the order asked
// for. castling_05's keys and variations come in another order in Popeye's output than in ours
// (test_popeye_order.cpp), so the two exports differ, each as the text of its own order.
TEST_CASE("Export follows --order: the solution in Popeye's order under --order popeye",
          "[ux][export][order]") {
    const std::string file = test_data("popeye/problems/castling_05.inp");
    auto run = [&](const std::string& order, const std::string& format) {
        cli::CommonOptions common;
        common.threads = 2;
        common.order = order;
        cli::SolveOptions options;
        options.files = {file};
        options.quiet = true;
        options.no_time = true;
        options.hash_mb = 16;
        options.export_format = format;
        return captured([&] { return cli::run_solve(common, options); });
    };
    std::vector<std::string> exported[2];
    int k = 0;
    for (const std::string order : {"ours", "popeye"}) {
        Run text = run(order, ""), fen = run(order, "fen");
        REQUIRE(fen.status == 0);
        std::vector<std::string> lines = lines_of(fen.out);
        REQUIRE(lines.size() > 3);
        lines.erase(lines.begin(), lines.begin() + 2); // the FEN and the stipulation
        // The text's lines from the first of the solution on, without blank ones.
        std::vector<std::string> shown;
        for (const std::string& l : lines_of(text.out))
            if (!shown.empty() || l == lines[0])
                if (l.find_first_not_of(' ') != std::string::npos) shown.push_back(l);
        INFO("--order " << order << "\n" << fen.out << "\n" << text.out);
        CHECK(shown == lines);
        exported[k++] = lines;
        // LaTeX's solution too: its first move line is the text's.
        Run latex = run(order, "latex");
        CHECK(latex.out.find(lines[0].substr(lines[0].find_first_not_of(' '))) != std::string::npos);
    }
    CHECK(exported[0] != exported[1]);
    std::vector<std::string> a = exported[0], b = exported[1];
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b); // the same solution, in another order
}
