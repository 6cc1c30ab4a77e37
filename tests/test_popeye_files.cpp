// Popeye's own files, read unchanged (tests/data/popeye/files, copied from Popeye's BEISPIEL/):
// every word means what it means to Popeye.
#include "helpers.h"
#include "problem_helpers.h"

#include "format/base/notation.h"
#include "format/input/problem_reader.h"
#include "format/input/reader/words.h"

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

// The pieces of a problem read from `forsyth` (in the file's language), as "wKa4 bKa6".
std::string forsyth_pieces(const std::string& begin, const std::string& fors) {
    ReadResult r = read_problems(begin + "\nstip #2\nfors " + fors + "\nend\n", "t.inp");
    if (!r.errors.empty()) return "error: " + r.errors.front().text();
    std::string out;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = r.problems.at(0).pieces.piece_on(Square(s)))
            out += (out.empty() ? "" : " ") + reader::piece_text(p, Square(s));
    return out;
}

} // namespace

// BEISPIEL/castling.inp writes `opti inte` (German file) for Intelligent: an abbreviation is
// Popeye's word, never one of ours (docs/format.md, Abbreviations).
TEST_CASE("Popeye's files: 'inte' is Intelligent", "[popeye-files][reader]") {
    ReadResult r = read_problem_file(test_data("popeye/files/castling.inp"));
    for (int index : {6, 26, 27}) {
        const Problem& p = problem(r, index);
        INFO("problem " << index);
        CHECK(p.ok());
        CHECK(notes_say(p, "Intelligent"));
        CHECK(p.options.intended == 0);
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
TEST_CASE("Popeye's files: a LaTeX line is read and noted, not acted on", "[popeye-files][reader]") {
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
    CHECK(forsyth_pieces("begin", "16/k7/8/1P6/K7/16") == "wKa4 wPb5 bKa6");
    CHECK(forsyth_pieces("begin", "8/k7/16/1P6/K7/16") == "wKa4 wPb5 bKa7");
    // short ranks run on; the last squares may be left out
    CHECK(forsyth_pieces("begin", "56/K6k/") == "wKa1 bKh1");
    CHECK(forsyth_pieces("begin", "Kk") == "wKa8 bKb8");
    CHECK(forsyth_pieces("begin", "k7/K1S/") == "wKa7 wSc7 bKa8");
    CHECK(forsyth_pieces("begin", "k7/K1s") == "wKa7 bKa8 bSc7");
    CHECK(forsyth_pieces("begin", "k7/K+s-Q") == "wKa7 wSb7 bKa8 bQc7");
    // German letters: D Dame, T Turm, L Läufer, S Springer, B Bauer
    CHECK(forsyth_pieces("AnfangProblem", "56/LK4lk/") == "wBa1 wKb1 bBg1 bKh1");
    CHECK(forsyth_pieces("AnfangProblem", "k1K1dtsb") == "wKc8 bKa8 bQe8 bRf8 bSg8 bPh8");
    // fairy and neutral pieces are refused with the reason
    CHECK(forsyth_pieces("begin", "k1K1G") ==
          "error: t.inp:3:6: error: expected a piece letter K, Q, R, B, S or P, found 'G' (fairy "
          "pieces are not supported)");
    CHECK(forsyth_pieces("begin", "k1K1.cp").find("fairy pieces are not supported") !=
          std::string::npos);
    CHECK(forsyth_pieces("begin", "k1K1=b").find("neutral pieces are not supported") !=
          std::string::npos);
}
