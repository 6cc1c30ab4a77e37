// Four languages all the way: problem files in Popeye's German and French are read as
// their English twin (Popeye 4.104 reads all three and solves them alike, tests/data/README.md),
// and `--lang` gives the output's words, not only its piece letters. Also the twins' layout.
#include "helpers.h"
#include "cli_helpers.h"

#include "batch/report.h"
#include "cli/commands.h"
#include "cli/progress_line.h"
#include "format/input/problem_reader.h"
#include "format/base/phrases.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Problem only_problem(const std::string& name) {
    ReadResult r = read_problem_file(project_root() + "/tests/data/languages/" + name);
    INFO(name);
    for (const auto& e : r.errors) INFO(e.text());
    REQUIRE(r.errors.empty());
    REQUIRE(r.problems.size() == 1);
    return r.problems[0];
}

// solve (with its solving-time line) and check on the same files, in `lang`.
struct Runs {
    Run solve, check;
};
Runs runs_in(const std::vector<std::string>& files, const std::string& lang) {
    cli::CommonOptions common;
    common.threads = 2;
    common.lang = lang;
    cli::SolveOptions options;
    options.files = files;
    options.quiet = true;
    options.hash_mb = 16;
    Runs r;
    r.solve = captured([&] { return cli::run_solve(common, options); });
    cli::CheckOptions check{files, "", {}};
    r.check = captured([&] { return cli::run_check(common, options, check); });
    return r;
}

// A twinned #2 (cooked, short, threat and mate duals), r#2 with tries whose refutations leave
// White bound to mate (?!?), r#2 with a mate dual, s=2 that Threat 1 leaves unsolved, and a
// HalfDuplex h#2 (cooked): between them every word of the text output.
std::vector<std::string> word_files() {
    const std::string d = project_root() + "/tests/data/";
    return {d + "languages/english.pop", d + "popeye/stipulations/reflexmate_refuted_2.inp",
            d + "popeye/stipulations/reflexmate_tries_2.inp",
            d + "popeye/stipulation_options/selfstalemate_2_Threat_1.inp",
            d + "popeye/stipulations/helpmate_halfduplex_2.inp"};
}

void check_words(const std::string& text, const std::vector<std::string>& present,
                 const std::vector<std::string>& absent) {
    INFO(text);
    for (const auto& w : present) {
        INFO("expected: " << w);
        CHECK(text.find(w) != std::string::npos);
    }
    for (const auto& w : absent) {
        INFO("English left: " << w);
        CHECK(text.find(w) == std::string::npos);
    }
}

// What English leaves in the text of solve and check when a language translates all.
const std::vector<std::string> ENGLISH_SOLVE = {
    "threat", "    but\n", "verdict:", "solving time", "twins", "mate dual", "after 1.", "key 1.",
    "keys 1.", "tries", "cook:", "no duals", "variation", "wRh7", "not applicable",
    "too long for", "solved without", "intended", "short:", "reaches the goal", "problem verdict",
    "continuation)"};
const std::vector<std::string> ENGLISH_CHECK = {
    " sound", " cooked", " problems", "key ", "the whole problem", "twins", "not applicable",
    "intended", " short "};

Run solve_in(const std::string& file, const std::string& lang) {
    cli::CommonOptions common;
    common.threads = 2;
    common.lang = lang;
    cli::SolveOptions options;
    options.files = {file};
    options.quiet = true;
    options.hash_mb = 16;
    return captured([&] { return cli::run_solve(common, options); });
}

} // namespace

TEST_CASE("Reader: German and French problem files read as the English one", "[reader][lang]") {
    Problem en = only_problem("english.pop");
    for (const char* name : {"german.pop", "french.pop"}) {
        INFO(name);
        Problem p = only_problem(name);
        CHECK(p.pieces == en.pieces); // Lf1 / Ff1 is the bishop, Bh2 / Ph2 the pawn, ...
        CHECK(p.stipulation.text == en.stipulation.text);
        CHECK(p.options.try_play);
        CHECK(p.options.variation);
        REQUIRE(p.twins.size() == 1);
        CHECK(p.twins[0].label == en.twins[0].label); // "wRh7-->g7"
        CHECK(p.authors == en.authors);
    }
    // The pieces differ from what English letters would make of them: B is the German pawn.
    Problem de = only_problem("german.pop");
    CHECK(de.pieces.piece_on(SQ_H2) == W_PAWN);
    CHECK(de.pieces.piece_on(SQ_F1) == W_BISHOP);
}

TEST_CASE("Reader: the file's language is that of its first word", "[reader][lang]") {
    // German words in an English file are unknown keywords, in English words.
    ReadResult r = read_problems("beginproblem\nForderung #2\nendproblem\n", "t.pop");
    REQUIRE(!r.errors.empty());
    CHECK(r.errors[0].message.starts_with("unknown keyword 'Forderung'"));
    // Abbreviated as Popeye allows: anfang, forder, steine weiss ... ende.
    ReadResult de = read_problems("anfang\nforder #1\nsteine weiss Kb6 Dc1 schwarz Ka8\nende\n", "t.pop");
    CHECK(de.errors.empty());
    REQUIRE(de.problems.size() == 1);
    CHECK(de.problems[0].pieces.piece_on(SQ_C1) == W_QUEEN);
    // French: the king is R, the rook T.
    ReadResult fr = read_problems("debut\nenonce #1\npieces blanc Rb6 Tc1 noir Ra8\nfin\n", "t.pop");
    CHECK(fr.errors.empty());
    REQUIRE(fr.problems.size() == 1);
    CHECK(fr.problems[0].pieces.piece_on(SQ_B6) == W_KING);
    CHECK(fr.problems[0].pieces.piece_on(SQ_C1) == W_ROOK);
    // Errors name the words of the file's language.
    ReadResult bad = read_problems("AnfangProblem\nForderung #2\nSteine Weiss Kb6 Rc1\nEndeProblem\n", "t.pop");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].message ==
          "expected a piece letter K, D, T, L, S or B, found 'R' (fairy pieces are not supported)");
}

TEST_CASE("solve --lang: the output's words in the language", "[solve][lang]") {
    const std::string file = project_root() + "/examples/dynamo-2.pop";
    Run en = solve_in(file, "en");
    CHECK(en.out.find(" threat:") != std::string::npos);
    CHECK(en.out.find("    but\n") != std::string::npos);
    CHECK(en.out.find("zugzwang.") != std::string::npos);
    CHECK(en.out.find("verdict: sound          key 1.Rh3-h2; 0 variations; 4 tries; no duals") !=
          std::string::npos);
    Run de = solve_in(file, "de");
    CHECK(de.out.find(" Drohung:") != std::string::npos);
    CHECK(de.out.find("    Aber\n") != std::string::npos);
    CHECK(de.out.find("Zugzwang.") != std::string::npos);
    CHECK(de.out.find("Urteil: korrekt        Schlüssel 1.Th3-h2; 0 Varianten; 4 Verführungen; "
                      "keine Duale") != std::string::npos);
    CHECK(de.out.find("threat") == std::string::npos);
    Run fr = solve_in(file, "fr");
    CHECK(fr.out.find(" menace:") != std::string::npos);
    CHECK(fr.out.find("    mais\n") != std::string::npos);
    CHECK(fr.out.find("verdict: correct        clé 1.Th3-h2; 0 variantes; 4 essais; pas de duals") !=
          std::string::npos);
    Run it = solve_in(file, "it");
    CHECK(it.out.find(" minaccia:") != std::string::npos);
    CHECK(it.out.find("    ma\n") != std::string::npos);
    CHECK(it.out.find("verdetto: corretto       chiave 1.Th3-h2; 0 varianti; 4 tentativi; "
                      "nessun duale") != std::string::npos);
    // The verdicts, each language a word for each.
    for (Language l : {Language::German, Language::French, Language::Italian})
        for (Verdict v : {Verdict::Sound, Verdict::Cooked, Verdict::NoSolution, Verdict::Incomplete})
            CHECK(verdict_term(v, l) != verdict_name(v));
}

TEST_CASE("solve: twins as Popeye lays them out, the diagram once", "[solve][twins]") {
    Run run = solve_in(project_root() + "/examples/helpmate-twins.pop", "en");
    auto count = [&](const std::string& s) {
        size_t n = 0;
        for (size_t at = run.out.find(s); at != std::string::npos; at = run.out.find(s, at + 1)) ++n;
        return n;
    };
    CHECK(count("+---a---b---c---d---e---f---g---h---+") == 2); // one diagram: its top and bottom
    size_t a = run.out.find("\na)\n"), b = run.out.find("\nb) wRf4-->f5\n");
    size_t board = run.out.find("+---a"), stip = run.out.find("  h#2 ");
    REQUIRE(a != std::string::npos);
    REQUIRE(b != std::string::npos);
    CHECK(board < a); // a) under the diagram and the stipulation, as Popeye's "a) "
    CHECK(stip < a);
    CHECK(a < b);
    CHECK(count("A Dynamo helpmate with a twin") == 1); // the title once
}

// Everything solve and check write in words, in German: Popeye's twin line "b) wTh7-->g7" (its
// German output, tests/data/popeye/languages/german.out), the dual notes, the verdicts and their
// details, the solving time, check's verdict column and total.
TEST_CASE("solve and check --lang de: no English word left", "[solve][check][lang]") {
    Runs r = runs_in(word_files(), "de");
    check_words(r.solve.out,
                {"\nb) wTh7-->g7\n", "Lösungszeit ",
                 "Urteil des Problems: Kurzlösung (2 Zwillinge)",
                 "Nebenlösung: 1.", "Drohungsdual: nach 1.", "Mattdual: nach 1.Dc5-c8 Ke6-f6: 2.",
                 "Kurzlösung: 1.Dc2-c8 erreicht das Ziel in 1", "    Aber\n", "2.De3-e8 # ?!?",
                 "Urteil: keine Lösung   kein Schlüssel",
                 "Urteil: korrekt, mit Dualen Schlüssel 1.Dc5-c8; 1 Variante; 2 Verführungen; "
                 "1 Dual (1 Matt, 0 Fortsetzung)",
                 "Urteil: nebenlösig     21 Lösungen, 1 beabsichtigt"},
                ENGLISH_SOLVE);
    check_words(r.check.out,
                {"english.pop:1 b) wTh7-->g7", " Kurzlösung ", " nebenlösig ", " korrekt ",
                 "das ganze Problem, 2 Zwillinge", "Schlüssel Dc5-c8",
                 "eingeschränkt durch Threat 1", "mindestens 3 Lösungen, 1 beabsichtigt",
                 "5 Probleme: 1 korrekt, 1 korrekt, mit Dualen, 1 nebenlösig, 1 Kurzlösung, "
                 "1 keine Lösung in "},
                ENGLISH_CHECK);
}

TEST_CASE("solve and check --lang fr: no English word left", "[solve][check][lang]") {
    Runs r = runs_in(word_files(), "fr");
    std::vector<std::string> english = ENGLISH_SOLVE; // but "verdict", "continuation" are French
    std::erase(english, std::string("verdict:"));
    std::erase(english, std::string("continuation)"));
    CHECK(r.solve.out.find("\nverdict: ") != std::string::npos);
    check_words(r.solve.out,
                {"\nb) bTh7-->g7\n", "temps de résolution ",
                 "verdict du problème: solution courte (2 jumeaux)", "démolition: 1.",
                 "dual de menace: après 1.", "dual de mat: après 1.Dc5-c8 Re6-f6: 2.",
                 "solution courte: 1.Dc2-c8 atteint le but en 1", "    mais\n", "2.De3-e8 # ?!?",
                 "verdict: pas de solution pas de clé",
                 "verdict: correct, avec duals clé 1.Dc5-c8; 1 variante; 2 essais; "
                 "1 dual (1 de mat, 0 de continuation)",
                 "verdict: démoli         21 solutions, 1 voulue"},
                english);
    check_words(r.check.out,
                {"english.pop:1 b) bTh7-->g7", " solution courte ", " démoli ", " correct ",
                 "le problème entier, 2 jumeaux", "clé Dc5-c8", "restreint par Threat 1",
                 "5 problèmes: 1 correct, 1 correct, avec duals, 1 démoli, "
                 "1 solution courte, 1 pas de solution en "},
                ENGLISH_CHECK);
}

// Italian after the AISE usage (minaccia, ma, chiave, tentativo, demolizione, duale); Popeye has
// no Italian output: the twin line takes the Italian letters, "b" for bianco as French "blanc".
TEST_CASE("solve and check --lang it: no English word left", "[solve][check][lang]") {
    Runs r = runs_in(word_files(), "it");
    check_words(r.solve.out,
                {"\nb) bTh7-->g7\n", "tempo di soluzione ",
                 "verdetto del problema: soluzione corta (2 gemelli)", "demolizione: 1.",
                 "duale di minaccia: dopo 1.", "duale di matto: dopo 1.Dc5-c8 Re6-f6: 2.",
                 "soluzione corta: 1.Dc2-c8 raggiunge lo scopo in 1", "    ma\n", "2.De3-e8 # ?!?",
                 "verdetto: nessuna soluzione nessuna chiave",
                 "verdetto: corretto, con duali chiave 1.Dc5-c8; 1 variante; 2 tentativi; "
                 "1 duale (1 di matto, 0 di continuazione)",
                 "verdetto: demolito       21 soluzioni, 1 intesa"},
                ENGLISH_SOLVE);
    check_words(r.check.out,
                {"english.pop:1 b) bTh7-->g7", " soluzione corta ", " demolito ", " corretto ",
                 "il problema intero, 2 gemelli", "chiave Dc5-c8", "limitato da Threat 1",
                 "5 problemi: 1 corretto, 1 corretto, con duali, 1 demolito, "
                 "1 soluzione corta, 1 nessuna soluzione in "},
                ENGLISH_CHECK);
}

// Twin lines as Popeye 4.104 writes them in German and French (its output for `versetze h7 b7`,
// `tausche c2 b6`, `hinzufuegen schwarz Sd4`, `entferne h2` and the French equivalents), from
// the reader's English labels; a stipulation or condition change stays as it is.
TEST_CASE("twin_label: the language's colour and piece letters, as Popeye writes them",
          "[lang][twins]") {
    CHECK(twin_label("b) -bPb7  wRh7-->b7", Language::German) == "b) -sBb7  wTh7-->b7");
    CHECK(twin_label("b) -bPb7  wRh7-->b7", Language::French) == "b) -nPb7  bTh7-->b7");
    CHECK(twin_label("b) wQc2<-->wKb6", Language::German) == "b) wDc2<-->wKb6");
    CHECK(twin_label("b) wQc2<-->wKb6", Language::French) == "b) bDc2<-->bRb6");
    CHECK(twin_label("b) +bSd4", Language::German) == "b) +sSd4");
    CHECK(twin_label("b) +bSd4", Language::French) == "b) +nCd4");
    CHECK(twin_label("b) -wPh2", Language::German) == "b) -wBh2");
    CHECK(twin_label("c) wBf1-->c4", Language::Italian) == "c) bAf1-->c4");
    CHECK(twin_label("b) #3", Language::German) == "b) #3");
    CHECK(twin_label("b) wRh7-->g7", Language::English) == "b) wRh7-->g7");
}

namespace {

Run upto_in(const std::string& fen, const std::string& stip, const std::string& lang) {
    cli::CommonOptions common;
    common.threads = 2;
    common.fen = fen;
    common.rules = "orthodox";
    common.lang = lang;
    cli::SolveOptions options;
    options.stipulation = stip;
    options.quiet = true;
    options.hash_mb = 16;
    options.upto = true;
    return captured([&] { return cli::run_mate(common, options); });
}

std::string progress_text(const std::string& fen, Language lang, Progress p) {
    Position diagram = position(fen);
    Stipulation stip;
    stip.moves = 2;
    stip.text = "#2";
    std::FILE* f = std::tmpfile();
    cli::progress_line(diagram, stip, lang, f, 0.0)(p);
    std::rewind(f);
    std::string text;
    for (int c; (c = std::fgetc(f)) != EOF;) text.push_back(char(c));
    std::fclose(f);
    return text;
}

struct Rest {
    const char* lang;
    Language language;
    std::vector<std::string> upto, duplex_solve, duplex_check, progress, remaining;
};

// The rest in the language of --lang: mate --upto's line, the Duplex half's label (solve and
// check), the progress line and check's progress bar. Duplex is Popeye's word in its three
// languages: German capitalises it, French and Italian problemists write it as English does.
const Rest REST[] = {
    {"de", Language::German,
     {"kürzeste: #2 (keine in #1)\n", "kürzeste: keine von #1 bis #2\n", "Lösungszeit"},
     {"\nDuplex:\n", "Urteil des Problems: "},
     {"helpmate_duplex_2.inp:1 Duplex:", "das ganze Problem, 2 Zwillinge"},
     {"#2: erste Züge 3/10, jetzt 1.Th3-h2 in Tiefe 1/2, 500 Knoten, ", "4 Halbzüge tief"},
     {"] 1/4  ", "  noch "}},
    {"fr", Language::French,
     {"la plus courte: #2 (aucune en #1)\n", "la plus courte: aucune de #1 à #2\n",
      "temps de résolution"},
     {"\nduplex:\n", "verdict du problème: "},
     {"helpmate_duplex_2.inp:1 duplex:", "le problème entier, 2 jumeaux"},
     {"#2: premiers coups 3/10, en cours 1.Th3-h2 à la profondeur 1/2, 500 nœuds, ",
      "4 demi-coups de profondeur"},
     {"] 1/4  ", "  reste "}},
    {"it", Language::Italian,
     {"la più corta: #2 (nessuna in #1)\n", "la più corta: nessuna da #1 a #2\n",
      "tempo di soluzione"},
     {"\nduplex:\n", "verdetto del problema: "},
     {"helpmate_duplex_2.inp:1 duplex:", "il problema intero, 2 gemelli"},
     {"#2: prime mosse 3/10, ora 1.Th3-h2 a profondità 1/2, 500 nodi, ",
      "4 semimosse di profondità"},
     {"] 1/4  ", "  mancano "}},
};

} // namespace

TEST_CASE("Languages: mate --upto, the Duplex label, check and progress in de, fr, it",
          "[solve][check][lang][upto]") {
    const std::string duplex = test_data("popeye/stipulations/helpmate_duplex_2.inp");
    const std::string rook = "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1";
    for (const Rest& r : REST) {
        INFO("--lang " << r.lang);
        // --upto: Kc6 Qc1 / Ka8 is not #1 but #2; a lone king mates in no N.
        Run two = upto_in("k7/8/2K5/8/8/8/8/2Q5 w - - 0 1", "#3", r.lang);
        Run none = upto_in("k7/8/8/8/8/8/8/K7 w - - 0 1", "#2", r.lang);
        CHECK(two.out.starts_with(r.upto[0]));
        CHECK(none.out.starts_with(r.upto[1]));
        check_words(two.out + none.out, {r.upto[2]},
                    {"shortest", "none in", "none from", "solving time", "threat", "key ",
                     " to #"});
        if (std::string(r.lang) != "fr") check_words(two.out, {}, {"verdict"});

        // Duplex: the second half's label, solve and check.
        Runs d = runs_in({duplex}, r.lang);
        check_words(d.solve.out, r.duplex_solve,
                    {"problem verdict", "twins", "solving time"});
        check_words(d.check.out, r.duplex_check, ENGLISH_CHECK);
        if (r.language == Language::German) {
            CHECK(d.solve.out.find("duplex:") == std::string::npos);
            CHECK(d.check.out.find("duplex:") == std::string::npos);
        }

        // The progress line (stderr), a first move under way, then only a depth.
        std::string shown = progress_text(rook, r.language,
                                          {3, 10, 500, find_move(position(rook), "Rh3-h2"), 1});
        std::string deep = progress_text(rook, r.language, {3, 10, 500, Move::none(), 4});
        check_words(shown + deep, {r.progress[0], r.progress[1]},
                    {"first moves", " now ", "at depth", "nodes", "half-moves"});
        // check's progress bar.
        std::ostringstream bar_out;
        batch::ProgressBar bar(true, bar_out, r.language);
        bar.draw(1, 4, 2.0);
        check_words(bar_out.str(), {r.remaining[0], r.remaining[1]}, {"ETA"});
    }
    // English as before.
    Run en = upto_in("k7/8/2K5/8/8/8/8/2Q5 w - - 0 1", "#3", "en");
    CHECK(en.out.starts_with("shortest: #2 (none in #1)\n"));
    CHECK(runs_in({duplex}, "en").solve.out.find("\nduplex:\n") != std::string::npos);
}

// The command line's errors and notes in the language of --lang, through the reader's
// phrase table: the option's name and the user's own tokens as given, "dynamo: error:" laid out
// as the reader's FILE:LINE:COL: messages; English without --lang.
TEST_CASE("solve, mate and check --lang: the command line's errors in the language",
          "[cli][lang]") {
    auto mate = [](const std::string& lang, const std::string& fen, const std::string& stip) {
        cli::CommonOptions common;
        common.lang = lang;
        common.fen = fen;
        common.rules = "orthodox";
        cli::SolveOptions options;
        options.stipulation = stip;
        options.quiet = true;
        options.no_time = true;
        return captured([&] { return cli::run_mate(common, options); });
    };
    auto solve = [](const std::string& lang, const std::string& order, const std::string& part) {
        cli::CommonOptions common;
        common.lang = lang;
        common.order = order;
        cli::SolveOptions options;
        options.files = {"never-read.pop"};
        options.part = part;
        options.quiet = true;
        return captured([&] { return cli::run_solve(common, options); });
    };
    auto check = [](const std::string& lang, const std::string& shard) {
        cli::CommonOptions common;
        common.lang = lang;
        cli::SolveOptions options;
        cli::CheckOptions check;
        check.paths = {"never-read.pop"};
        check.shard = shard;
        return captured([&] { return cli::run_check(common, options, check); });
    };
    const std::string fen = "7k/8/8/8/8/8/8/K7 w";
    struct Expected {
        const char *lang, *bad_side, *bad_stip, *order, *part, *shard, *note;
    };
    for (const Expected& e : std::vector<Expected>{
             {"en", "dynamo: error: --fen: FEN side to move: expected 'w' or 'b', found 'x'\n",
              "dynamo: error: --stip: unexpected 'x' after the stipulation '#2'\n",
              "dynamo: error: --order: expected ours or popeye, found 'Popeye!'\n",
              "dynamo: error: --part: expected I/N with 0 <= I < N (e.g. 0/16 .. 15/16), found "
              "'3/2'\n",
              "dynamo: error: --shard: expected I/N with 0 <= I < N (e.g. 0/4), found '4/4'\n",
              "dynamo: note: in h#1 Black moves first; the FEN's side to move is not used\n"},
             {"de", "dynamo: Fehler: --fen: FEN-Zugrecht: 'w' oder 'b' erwartet, gefunden: 'x'\n",
              "dynamo: Fehler: --stip: unerwartetes 'x' nach der Forderung '#2'\n",
              "dynamo: Fehler: --order: ours oder popeye erwartet, gefunden: 'Popeye!'\n",
              "dynamo: Fehler: --part: I/N mit 0 <= I < N erwartet (z. B. 0/16 .. 15/16), "
              "gefunden: '3/2'\n",
              "dynamo: Fehler: --shard: I/N mit 0 <= I < N erwartet (z. B. 0/4), gefunden: '4/4'\n",
              "dynamo: Hinweis: in h#1 zieht Schwarz zuerst; die Zugseite der FEN wird nicht "
              "verwendet\n"},
             {"fr", "dynamo: erreur: --fen: FEN trait : 'w' ou 'b' attendu, trouvé : 'x'\n",
              "dynamo: erreur: --stip: 'x' inattendu après l'énoncé '#2'\n",
              "dynamo: erreur: --order: ours ou popeye attendu, trouvé : 'Popeye!'\n",
              "dynamo: erreur: --part: I/N avec 0 <= I < N attendu (p. ex. 0/16 .. 15/16), trouvé "
              ": '3/2'\n",
              "dynamo: erreur: --shard: I/N avec 0 <= I < N attendu (p. ex. 0/4), trouvé : '4/4'\n",
              "dynamo: remarque: en h#1 les Noirs jouent en premier ; le trait de la FEN n'est pas "
              "utilisé\n"},
             {"it", "dynamo: errore: --fen: FEN tratto: atteso 'w' o 'b', trovato 'x'\n",
              "dynamo: errore: --stip: 'x' inatteso dopo l'enunciato '#2'\n",
              "dynamo: errore: --order: atteso ours o popeye, trovato 'Popeye!'\n",
              "dynamo: errore: --part: atteso I/N con 0 <= I < N (p. es. 0/16 .. 15/16), trovato "
              "'3/2'\n",
              "dynamo: errore: --shard: atteso I/N con 0 <= I < N (p. es. 0/4), trovato '4/4'\n",
              "dynamo: nota: in h#1 muove per primo il Nero; il tratto della FEN non è usato\n"}}) {
        INFO("--lang " << e.lang);
        Run bad_side = mate(e.lang, "7k/8/8/8/8/8/8/K7 x", "#2");
        CHECK(bad_side.status == 2);
        CHECK(bad_side.err == e.bad_side);
        Run bad_stip = mate(e.lang, fen, "#2x");
        CHECK(bad_stip.status == 2);
        CHECK(bad_stip.err == e.bad_stip);
        CHECK(solve(e.lang, "Popeye!", "").err == e.order);
        CHECK(solve(e.lang, "ours", "3/2").err == e.part);
        CHECK(check(e.lang, "4/4").err == e.shard);
        Run help = mate(e.lang, fen, "h#1");
        CHECK(help.err == e.note);
    }
    // A FEN's own errors keep the board's messages (message.h), in the language too.
    CHECK(mate("de", "7k/8/8/8/8/8/8/K6X w", "#1").err ==
          "dynamo: Fehler: --fen: FEN-Brett: unerwartetes Zeichen 'X' (erwartet: Steinbuchstabe "
          "PNBRQK/pnbrqk, Ziffer 1-8 oder /)\n");
    // Eight ranks, the first rank short: the rank and its squares are named, in each language.
    for (const auto& [lang, said] : std::vector<std::pair<std::string, std::string>>{
             {"en", "dynamo: error: --fen: FEN board: rank 1 has 7 squares, expected 8\n"},
             {"de", "dynamo: Fehler: --fen: FEN-Brett: Reihe 1 hat 7 Felder, erwartet: 8\n"},
             {"fr", "dynamo: erreur: --fen: échiquier FEN : la rangée 1 a 7 cases, 8 attendues\n"},
             {"it", "dynamo: errore: --fen: scacchiera FEN: la traversa 1 ha 7 case, attese 8\n"}})
        CHECK(mate(lang, "7k/8/8/8/8/8/8/K6 w", "#1").err == said);
}

// In the language of --lang: a wrong --lang,
// --rules' errors, the reason of an illegal position (after "illegal position:" and in the
// verdict; JSON keeps the English), in every command that reads them. The user's tokens as typed.
TEST_CASE("Command line errors in the language: a wrong --lang and --rules and illegal positions",
          "[cli][lang]") {
    auto common_with = [](const std::string& lang, const std::string& fen,
                          const std::string& rules) {
        cli::CommonOptions common;
        common.lang = lang;
        common.fen = fen;
        common.rules = rules;
        return common;
    };
    auto mate = [&](const std::string& lang, const std::string& fen, const std::string& rules,
                    const std::string& prev = "", bool json = false) {
        cli::CommonOptions common = common_with(lang, fen, rules);
        cli::SolveOptions options;
        options.stipulation = "#1";
        options.quiet = true;
        options.no_time = true;
        options.prev = prev;
        options.json = json;
        return captured([&] { return cli::run_mate(common, options); });
    };
    const std::string fen = "7k/8/8/8/8/8/8/K7 w";
    // A language we do not know: said in each of ours, the value as typed.
    Run xx = mate("Klingon", fen, "orthodox");
    CHECK(xx.status == 2);
    CHECK(xx.err == "dynamo: error: --lang: expected en, de, fr or it, found 'Klingon'\n"
                    "dynamo: Fehler: --lang: en, de, fr oder it erwartet, gefunden: 'Klingon'\n"
                    "dynamo: erreur: --lang: en, de, fr ou it attendu, trouvé : 'Klingon'\n"
                    "dynamo: errore: --lang: atteso en, de, fr o it, trovato 'Klingon'\n");
    cli::PerftOptions perft;
    perft.depth = 1;
    Run perft_xx =
        captured([&] { return cli::run_perft(common_with("xx", fen, "orthodox"), perft); });
    CHECK(perft_xx.status == 2);
    CHECK_THAT(perft_xx.err, Catch::Contains("dynamo: Fehler: --lang: en, de, fr oder it erwartet, "
                                             "gefunden: 'xx'\n"));
    // --rules: the word as typed.
    CHECK(mate("de", fen, "Dynamo Bogus").err ==
          "dynamo: Fehler: --rules: unbekanntes Regelwort 'Bogus' (erwartet: Dynamo, "
          "NoStationaryPull, StrictCastling, UndoDynamoOnly, KingThroughCheck, vchess oder "
          "orthodox)\n");
    CHECK(mate("fr", fen, "orthodox Dynamo").err ==
          "dynamo: erreur: --rules: 'orthodox' s'emploie seul : il ne se combine avec aucun autre "
          "mot de règle\n");
    CHECK(mate("it", fen, "StrictCastling").err ==
          "dynamo: errore: --rules: le opzioni di regola richiedono la condizione Dynamo\n");
    CHECK(mate("en", fen, "Dynamo Bogus").err ==
          "dynamo: error: --rules: unknown rule word 'Bogus' (expected Dynamo, NoStationaryPull, "
          "StrictCastling, UndoDynamoOnly, KingThroughCheck, vchess or orthodox)\n");
    // The reason after "illegal position:" (--prev) and in the verdict.
    CHECK(mate("de", fen, "orthodox", "7k/8/8/8/8/8/8/K6P").err ==
          "dynamo: Fehler: --prev: illegale Stellung: ein Bauer auf seiner eigenen Grundreihe\n");
    Run verdict = mate("it", "8/8/8/8/8/8/8/K7 w", "orthodox");
    CHECK_THAT(verdict.out, Catch::Contains("nessun re nero"));
    Run json = mate("it", "8/8/8/8/8/8/8/K7 w", "orthodox", "", true);
    CHECK(nlohmann::json::parse(json.out)["illegal"] == "no black king");
    cli::MovesOptions moves;
    Run moves_fr = captured([&] {
        return cli::run_moves(common_with("fr", "k7/8/8/8/8/8/8/K6q b", "orthodox"), moves);
    });
    CHECK(moves_fr.err == "dynamo: erreur: --fen: position illégale : le camp qui n'a pas le trait "
                          "(les Blancs) est en échec\n");
    cli::ReplayOptions replay;
    replay.moves = {"Ka2"};
    Run replay_de = captured([&] {
        return cli::run_replay(common_with("de", "7k/8/8/8/8/8/8/K6P w", "orthodox"), replay);
    });
    CHECK(replay_de.err ==
          "dynamo: Fehler: --fen: illegale Stellung: ein Bauer auf seiner eigenen Grundreihe\n");
    // Each reason in each language differs from the English but for its numbers (none is left
    // untranslated); the English is as before.
    using K = IllegalCause::Kind;
    for (K kind : {K::NoKing, K::Kings, K::PawnOnPromotionRank, K::PawnOnFirstRank, K::Men,
                   K::Pawns, K::Promoted, K::NotToMoveInCheck})
        for (Color side : {WHITE, BLACK}) {
            const IllegalCause cause{kind, side, 3, 5};
            INFO(cause.text());
            CHECK(illegal_said(cause).text() == cause.text());
            for (Language l : {Language::German, Language::French, Language::Italian})
                CHECK(illegal_said(cause).text(l) != cause.text());
        }
}
