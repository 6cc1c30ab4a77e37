// Popeye's own files, read unchanged (tests/data/popeye/files, copied from Popeye's BEISPIEL/,
// REGRESSIONS/ and TESTS/, with his outputs): every word means what it means to Popeye.
#include "cli_helpers.h"
#include "popeye_compare.h"
#include "problem_helpers.h"
#include "temp_file.h"

#include "format/base/language.h"
#include "format/base/notation.h"
#include "format/input/problem_reader.h"
#include "solver/analysis/analysis.h"

#include <map>
#include <sstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

const Problem& problem(const ReadResult& r, int index) {
    REQUIRE(int(r.problems.size()) >= index);
    return r.problems[size_t(index - 1)];
}

bool notes_say(const Problem& p, const std::string& what) {
    for (const std::string& n : option_notes(p))
        if (n.find(what) != std::string::npos) return true;
    return false;
}

// The pieces of a problem read from `forsyth` (in the file's language), from a1 to h8, as
// "wKa4 bKa6".
std::string forsyth_pieces(const std::string& begin, const std::string& fors) {
    const bool german = begin.starts_with("Anfang");
    ReadResult r = read_problems(begin + (german ? "\nForderung #2\nfors " : "\nstip #2\nfors ") +
                                     fors + (german ? "\nEndeProblem\n" : "\nend\n"),
                                 "t.inp");
    if (!r.errors.empty()) return "error: " + r.errors.front().text();
    std::string out;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = r.problems.at(0).pieces.piece_on(Square(s)))
            out += std::string(out.empty() ? "" : " ") + (color_of(p) == WHITE ? "w" : "b") +
                   piece_letter(type_of(p), Language::English) + square_name(Square(s));
    return out;
}

// Problem `index` of a Popeye file solved alone with --order popeye in `lang`: our text and
// Popeye's (from his -regression output beside it), in the shared layout (popeye_compare.h).
struct Compared {
    std::string ours, theirs;
    std::string out, popeye; // the whole texts
};
Compared compared(const std::string& input, const std::string& output, int index,
                  const std::string& lang = "en", int max_seconds = 0) {
    std::string text = nth_problem(read_file(test_data(input)), index);
    REQUIRE(!text.empty());
    TempFile file("popeye_problem.inp", text);
    cli::CommonOptions common;
    common.threads = 2;
    common.order = "popeye";
    common.lang = lang;
    cli::SolveOptions options;
    options.files = {file.str()};
    options.quiet = true;
    options.no_time = true;
    options.hash_mb = 16;
    if (max_seconds > 0) options.max_seconds = max_seconds;
    Run run = captured([&] { return cli::run_solve(common, options); });
    std::string popeye = nth_output(read_file(test_data(output)), index);
    return {shared_part(run.out, false), shared_part(popeye, true), run.out, popeye};
}

} // namespace

// BEISPIEL/castling.inp writes `opti inte` (German file) for Intelligent: an abbreviation is
// Popeye's word, never one of ours (docs/format.md, Abbreviations).
TEST_CASE("Popeye's files: 'inte' is Intelligent", "[popeye-files][reader]") {
    ReadResult r = read_problem_file(test_data("popeye/files/castling.inp"));
    for (const Diagnostic& e : r.errors) CHECK(e.text().find("ambiguous") == std::string::npos);
    for (int index : {6, 26, 27}) {
        const Problem& p = problem(r, index);
        INFO("problem " << index);
        // 26 has a mirror twin, which we refuse for itself.
        if (index != 26) CHECK(p.ok());
        CHECK(notes_say(p, "Intelligent"));
        CHECK(p.options.intended == 1);
    }
    // Ours only in full: Intended is read, its abbreviation is not ours to take.
    ReadResult full = read_problems(
        "begin\nstip h#2\noption Intended 2\npieces white ka1 black kh8\nend\n", "t.inp");
    CHECK(full.errors.empty());
    CHECK(full.problems.at(0).options.intended == 2);
    ReadResult abbreviated = read_problems(
        "begin\nstip h#2\noption Intende 2\npieces white ka1 black kh8\nend\n", "t.inp");
    REQUIRE(abbreviated.errors.size() == 1);
    CHECK(abbreviated.errors[0].text().find("unknown option 'Intende'") != std::string::npos);
}

// BEISPIEL/twin.inp problem 1: `latex twin.tex` then two lines of fairy piece names for LaTeX.
TEST_CASE("Popeye's files: a LaTeX line is read and noted, not acted on",
          "[popeye-files][reader]") {
    ReadResult r = read_problem_file(test_data("popeye/files/twin.inp"));
    const Problem& p = problem(r, 1);
    CHECK(p.ok());
    CHECK(p.has_stipulation);
    CHECK(p.authors.size() == 1);
    CHECK(p.options.duplex);
    bool noted = false;
    for (const Diagnostic& d : r.notes)
        noted |= d.line == 4 && d.text().find("'LaTeX' read, not acted on") != std::string::npos;
    CHECK(noted);
    // Alone on its line, and LaTeXPieces: the same; "e" after them is endproblem.
    ReadResult alone = read_problems(
        "begin\nLaTeX\nLaTeXPieces n NR Nightrider\nstip #2\npieces white ka1 qb2 black kh8\ne\n",
        "t.inp");
    CHECK(alone.errors.empty());
    CHECK(alone.notes.size() == 2);
}

// Popeye reads Forsyth as one run of squares from a8 to h1: numbers of one or two digits skip
// squares, '/' only separates, the letters are the language's (S the knight in English),
// '+'/'-' set a colour (REGRESSIONS/4_47_to_4_49.inp problem 6, BEISPIEL/annan.inp).
TEST_CASE("Popeye's files: Forsyth as Popeye reads it", "[popeye-files][reader]") {
    CHECK(forsyth_pieces("begin", "16/k7/8/1P6/K7/16") == "wKa3 wPb4 bKa6");
    CHECK(forsyth_pieces("begin", "8/k7/16/1P6/K7/16") == "wKa3 wPb4 bKa7");
    // short ranks run on; the last squares may be left out
    CHECK(forsyth_pieces("begin", "56/K6k/") == "wKa1 bKh1");
    CHECK(forsyth_pieces("begin", "Kk") == "wKa8 bKb8");
    CHECK(forsyth_pieces("begin", "k7/K1S/") == "wKa7 wSc7 bKa8");
    CHECK(forsyth_pieces("begin", "k7/K1s") == "wKa7 bSc7 bKa8");
    CHECK(forsyth_pieces("begin", "k7/K+s-Q") == "wKa7 wSb7 bQc7 bKa8");
    // German letters: D Dame, T Turm, L Läufer, S Springer, B Bauer
    CHECK(forsyth_pieces("AnfangProblem", "56/LK4lk/") == "wBa1 wKb1 bBg1 bKh1");
    CHECK(forsyth_pieces("AnfangProblem", "k1K1dtsb") == "bKa8 wKc8 bQe8 bRf8 bSg8 bPh8");
    // fairy and neutral pieces are refused with the reason
    CHECK(forsyth_pieces("begin", "k1K1G") ==
          "error: t.inp:3:6: error: expected a piece letter K, Q, R, B, S or P, found 'G' (fairy "
          "pieces are not supported)");
    CHECK(forsyth_pieces("begin", "k1K1.cp").find("fairy pieces are not supported") !=
          std::string::npos);
    CHECK(forsyth_pieces("begin", "k1K1=b").find("neutral pieces are not supported") !=
          std::string::npos);
}

// REGRESSIONS/4_47_to_4_49.inp problem 1: an r#2 without a black king (NoBk). Black is never in
// check and never mated; White's king may be, and Black must mate when able.
TEST_CASE("Popeye's files: NoBk, NoWk solve without that king", "[popeye-files][options]") {
    Compared c = compared("popeye/files/4_47_to_4_49.inp", "popeye/files/4_47_to_4_49.reg", 1);
    INFO("ours:\n" << c.ours << "Popeye:\n" << c.theirs);
    CHECK(c.theirs.find("1.a3-a4 !") != std::string::npos);
    CHECK(c.ours == c.theirs);
    // Without the option the position has no black king: illegal, as before.
    Loaded without = load_text("begin\nstip r#2\npieces white ka1 pa2a3 black pc2\nend\n");
    CHECK(analyse(without.diagram, without.problem.stipulation, {}).verdict == Verdict::Illegal);
    // NoWk: an h#1 that White mates without a king of his own (1.f7-f6 Rb1-b8 #).
    Loaded nowk =
        load_text("begin\nstip h#1\noption NoWk\npieces white rb1 black kh8 pf7g7h7\nend\n");
    Solution s = analyse(nowk.diagram, nowk.problem.stipulation, {});
    CHECK(s.verdict != Verdict::Illegal);
    CHECK(s.solutions > 0);
}

// REGRESSIONS/4_47_to_4_49.inp problems 9 and 10: an h#2 with SetPlay, and StopOnShortSolutions
// or MaxSolutions 3. Set play and play are phases of their own: each stops at its first length
// with a solution, or after 3 lines, the shorter first; then Popeye writes "Partial solution".
TEST_CASE("Popeye's files: StopOnShortSolutions and MaxSolutions with set play",
          "[popeye-files][options][maxsolutions]") {
    for (int index : {9, 10}) {
        Compared c =
            compared("popeye/files/4_47_to_4_49.inp", "popeye/files/4_47_to_4_49.reg", index);
        INFO("problem " << index << "\nours:\n" << c.out << "Popeye:\n" << c.theirs);
        CHECK(c.popeye.find("\nPartial solution") != std::string::npos);
        CHECK(c.ours == c.theirs);
        CHECK(c.out.find("#\nPartial solution\n") != std::string::npos);
    }
}

// BEISPIEL/quod.inp problem 3 (s#2 Quodlibet, German): Popeye's key 1.Dh5*h6! threatens a
// selfmate, and some variations end in White's own mate (1...c4-c3 2.Dh6-f4 #). Problems 1 and 2
// (s#=2) and 4 and 5 (semi-r#2) are refused for their stipulations.
TEST_CASE("Popeye's files: Quodlibet as Popeye", "[popeye-files][options][quodlibet]") {
    Compared c = compared("popeye/files/quod.inp", "popeye/files/quod.out", 3, "de");
    INFO("ours:\n" << c.out << "Popeye:\n" << c.theirs);
    CHECK(c.theirs.find("1.Dh5*h6 ! Drohung:") != std::string::npos);
    CHECK(c.ours == c.theirs);
    CHECK(c.out.find("              Quodlibet\n") != std::string::npos); // under the stipulation
    ReadResult r = read_problem_file(test_data("popeye/files/quod.inp"));
    for (int index : {1, 2, 4, 5}) {
        INFO("problem " << index);
        REQUIRE(problem(r, index).errors.size() == 1);
        CHECK(problem(r, index).errors[0].text().find("is not supported") != std::string::npos);
    }
}

// Quodlibet on each kind of stipulation (tests/data/popeye/quodlibet, made here, with Popeye's
// output): s#N and s=N won by White's own goal too (keys, threats, variations, set play), r#N
// unchanged (White's own mate is one it must play, "?!?"), #N and hs#N unchanged and noted.
TEST_CASE("Quodlibet: each stipulation as Popeye", "[popeye-files][options][quodlibet]") {
    const std::string input = "popeye/quodlibet/quodlibet.inp";
    const std::string text = read_file(test_data(input));
    int count = 0;
    for (int index = 1; !nth_problem(text, index).empty(); ++index, ++count) {
        Compared c = compared(input, "popeye/quodlibet/quodlibet.out", index);
        INFO("problem " << index << "\nours:\n" << c.out << "Popeye:\n" << c.theirs);
        CHECK(!c.theirs.empty());
        CHECK(c.ours == c.theirs);
    }
    CHECK(count == 8);
    // Noted where it changes nothing: r#2, #2, hs#1 (not in s#, s=).
    ReadResult r = read_problem_file(test_data(input));
    for (int index = 1; index <= count; ++index) {
        INFO("problem " << index);
        const Problem& p = problem(r, index);
        CHECK(p.options.quodlibet);
        CHECK(notes_say(p, "Quodlibet (no effect on") == (index >= 4 && index <= 7));
        CHECK(effective_stipulation(p.stipulation, p.options).quodlibet ==
              (p.stipulation.kind == Stipulation::Kind::Self));
    }
    // JSON says so where it is acted on (s#2), not where it changes nothing (r#2).
    for (int index : {1, 4}) {
        TempFile file("quodlibet.inp", nth_problem(text, index));
        Run run = solve_file(file.str(), true);
        INFO(run.out);
        CHECK((run.out.find("\"quodlibet\":true") != std::string::npos) == (index == 1));
    }
    // A twin's s#2 takes it: no note.
    ReadResult twin = read_problems("begin\nstip #2\noption Quodlibet\npieces white kb6 qh2 "
                                    "black ka8\ntwin stipulation s#2\nend\n",
                                    "t.inp");
    REQUIRE(twin.problems.size() == 1);
    CHECK(!notes_say(twin.problems[0], "Quodlibet"));
}

// The twins' part of a text as written, blank lines and all: from the line "a)" up to the first
// line that is neither blank, nor indented, nor a twin's label (Popeye's "solution finished.",
// our verdict blocks), trailing spaces left out.
namespace {
std::string twins_text(const std::string& text) {
    std::istringstream in(text);
    std::string out;
    bool started = false;
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        started |= line == "a)";
        if (!started) continue;
        if (!line.empty() && line[0] != ' ' && !is_twin_label(line)) break;
        out += line + "\n";
    }
    return out;
}
} // namespace

// REGRESSIONS/4_51_to_4_53.inp problem 9: 132 twins of an h#2 (MaxSolutions 1), some of which
// cannot arise (k): a white king in check with Black to move). Popeye writes one blank line under
// such a twin's label, two under the others'; so do we, line for line.
TEST_CASE("Popeye's files: a twin that cannot arise gets one blank line, as in Popeye",
          "[popeye-files][twins]") {
    Compared c = compared("popeye/files/4_51_to_4_53.inp", "popeye/files/4_51_to_4_53.out", 9);
    const std::string ours = twins_text(c.out), theirs = twins_text(c.popeye);
    INFO("ours:\n" << ours << "Popeye:\n" << theirs);
    CHECK(theirs.find("k) +wSa7  +bBb2\n\nl) +wSa7  +bBc7\n\n\nm)") != std::string::npos);
    CHECK(ours == theirs);
    CHECK(c.ours == c.theirs);
}

// docs/format.md, "Popeye's words": each row's example fares as the row says.
TEST_CASE("Popeye's words: every row of the table is what the reader does",
          "[popeye-files][docs]") {
    std::istringstream doc(read_file(project_root() + "/docs/format.md"));
    bool in_section = false;
    int rows = 0;
    for (std::string line; std::getline(doc, line);) {
        if (line.starts_with("### ")) in_section = line == "### Popeye's words";
        if (!in_section || !line.starts_with("| `")) continue;
        std::vector<std::string> cells;
        std::istringstream cols(line.substr(1));
        for (std::string cell; std::getline(cols, cell, '|');) {
            while (!cell.empty() && cell.front() == ' ') cell.erase(0, 1);
            while (!cell.empty() && cell.back() == ' ') cell.pop_back();
            cells.push_back(cell);
        }
        REQUIRE(cells.size() >= 3);
        std::string example = cells[1], we = cells[2];
        REQUIRE(example.size() > 2);
        example = example.substr(1, example.size() - 2); // without the backticks
        ReadResult r =
            read_problems("beginproblem\nstipulation #2\npieces white kb6 qc1 black ka8\n" +
                              example + "\nendproblem\n",
                          "t.inp");
        bool noted = !r.notes.empty();
        for (const Problem& p : r.problems) noted |= !option_notes(p).empty();
        INFO(cells[0] << ": " << example << " (" << we << ")"
                      << (r.errors.empty() ? "" : "; error: " + r.errors[0].text()));
        if (we == "acted on") {
            CHECK(r.errors.empty());
            CHECK(!noted);
        } else if (we == "noted") {
            CHECK(r.errors.empty());
            CHECK(noted);
        } else {
            CHECK(we == "refused");
            CHECK(!r.errors.empty());
        }
        ++rows;
    }
    CHECK(rows > 80);
}

// TESTS/battle_play.inp: s#1, s#2, r#1 and r#2 with SetPlay (18, 27, 31, 36) and an r#2 with
// PostKeyPlay (34). In an r# the defender that can mate must, and nothing is threatened; the
// set play of an s# or r# shows the defender's immediate mates, and only when every defender
// move is answered (17: an s#1 whose set play Popeye does not give).
TEST_CASE("Popeye's files: set play and post-key play of r# and s#", "[popeye-files][setplay]") {
    for (int index : {15, 17, 18, 26, 27, 29, 31, 33, 34, 35, 36}) {
        Compared c =
            compared("popeye/files/battle_play.inp", "popeye/files/battle_play.out", index);
        INFO("problem " << index << "\nours:\n" << c.ours << "Popeye:\n" << c.theirs);
        CHECK(!c.theirs.empty());
        CHECK(c.ours == c.theirs);
    }
}

// Popeye's own files with his output beside each (tests/data/popeye/files): every problem we
// read is solved alone with --order popeye in the file's language and compared line for line
// (popeye_compare.h); the problems we refuse (fairy) are counted apart. The known differences
// are listed with the reason; an entry that no longer differs fails, so that the list stays
// true.
TEST_CASE("Popeye's files: line for line with Popeye's own output", "[popeye-files][regression]") {
    struct File {
        std::string input, output, lang;
    };
    const std::vector<File> files = {
        {"popeye/files/battle_play.inp", "popeye/files/battle_play.out", "en"},
        {"popeye/files/4_47_to_4_49.inp", "popeye/files/4_47_to_4_49.reg", "en"},
        {"popeye/files/quod.inp", "popeye/files/quod.out", "de"},
        {"popeye/files/twin.inp", "popeye/files/twin.out", "de"},
    };
    const std::map<std::string, std::string> known = {
        {"popeye/files/4_47_to_4_49.inp 13",
         "Intelligent: Popeye writes the solutions in the order its intelligent mode finds them "
         "(the same lines, another order)"},
    };
    int compared_count = 0, equal = 0, refused = 0, unfinished = 0;
    std::set<std::string> differing;
    for (const File& f : files) {
        const std::string text = read_file(test_data(f.input));
        for (int index = 1;; ++index) {
            std::string problem_text = nth_problem(text, index);
            if (problem_text.empty()) break;
            ReadResult r = read_problems(problem_text, "t.inp");
            if (!r.errors.empty()) {
                ++refused;
                continue;
            }
            const std::string name = f.input + " " + std::to_string(index);
            // A time limit keeps the test short: a problem not finished in it is counted apart.
            Compared c = compared(f.input, f.output, index, f.lang, 5);
            if (c.out.find("verdict: unfinished") != std::string::npos) {
                ++unfinished;
                continue;
            }
            ++compared_count;
            INFO(name << "\nours:\n" << c.ours << "Popeye:\n" << c.theirs);
            CHECK(!c.theirs.empty());
            if (c.ours == c.theirs)
                ++equal;
            else
                differing.insert(name);
            if (known.count(name) == 0) CHECK(c.ours == c.theirs);
        }
    }
    WARN("Popeye's files: " << equal << " of " << compared_count
                            << " problems line for line as Popeye's; " << refused << " refused, "
                            << unfinished << " not finished within 5 s");
    for (const auto& [name, why] : known) {
        INFO(name << " (" << why << ") matches now: take it off the list");
        CHECK(differing.count(name) == 1);
    }
}

// REGRESSIONS/4_55_to_4_57.inp problem 21: an hs#3 with StopOnShortSolutions (and NoBk): Popeye
// stops at the hs#2.
TEST_CASE("Popeye's files: StopOnShortSolutions in help-self play", "[popeye-files][options]") {
    Compared c = compared("popeye/files/4_55_to_4_57.inp", "popeye/files/4_55_to_4_57.reg", 21);
    INFO("ours:\n" << c.out << "Popeye:\n" << c.theirs);
    CHECK(c.ours == c.theirs);
}
