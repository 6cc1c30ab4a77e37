// The reader's errors and notes under --lang: solve and check write them on stderr in
// German, French or Italian, with the FILE:LINE:COL prefix and the file's own tokens as they are;
// English is unchanged, and JSON stays English.
#include "cli_helpers.h"
#include "temp_file.h"

#include "format/base/message.h"
#include "format/input/problem_reader.h"

#include <filesystem>
#include <fstream>

using namespace dynamo;
using namespace dynamo::test;

namespace {

namespace fs = std::filesystem;


Run solve_in(const TempFile& f, const std::string& lang) {
    cli::CommonOptions common;
    common.threads = 1;
    common.lang = lang;
    cli::SolveOptions options;
    options.files = {f.str()};
    options.quiet = true;
    options.no_time = true;
    options.hash_mb = 16;
    return captured([&] { return cli::run_solve(common, options); });
}

Run check_in(const TempFile& f, const std::string& lang, bool json = false) {
    cli::CommonOptions common;
    common.threads = 1;
    common.lang = lang;
    cli::SolveOptions options;
    options.quiet = true;
    options.json = json;
    options.hash_mb = 16;
    cli::CheckOptions check{{f.str()}, "", {}};
    return captured([&] { return cli::run_check(common, options, check); });
}

bool has(const std::string& text, const std::string& part) {
    INFO("looked for: " << part << "\nin:\n" << text);
    return text.find(part) != std::string::npos;
}

const char* UNKNOWN_KEYWORD = "beginproblem\nstipulation #2\nfoo #2\nendproblem\n";
const char* BAD_SQUARE = "beginproblem\nstipulation #1\npieces white Ki9 black Ka8\nendproblem\n";
const char* TWICE = "beginproblem\nstipulation #1\npieces white Ka1 Qa1 black Ka8\nendproblem\n";
const char* SHORT_FEN = "beginproblem\nstipulation #1\nforsyth 8/8/?7\nendproblem\n";
const char* AT_END = "beginproblem\nstipulation\n";
// A whole #1 without its `endproblem` (a note, after its last word, 4:31), with an option read
// but not acted on (a note at its own line, 3).
const char* NOTES = "beginproblem\nstipulation #1\noption MoveNumbers\n"
                    "pieces white Kb6 Qc1 black Ka8\n";

} // namespace

TEST_CASE("Reader messages: English as before", "[reader][lang]") {
    TempFile f("unknown.pop", UNKNOWN_KEYWORD);
    Run en = solve_in(f, "en");
    CHECK(en.status == 2);
    CHECK(en.err == f.str() +
                        ":3:1: error: unknown keyword 'foo' (expected title, author, origin, "
                        "award, remark, pieces, forsyth, stipulation, condition, option, "
                        "twin, nextproblem or endproblem)\n");
    TempFile n("notes.pop", NOTES);
    Run notes = solve_in(n, "en");
    CHECK(notes.status == 0);
    CHECK(has(notes.err, n.str() + ":4:31: note: missing 'endproblem' at the end of the file\n"));
    CHECK(has(notes.err, n.str() +
                             ":3: note: problem 1: option not acted on: MoveNumbers (progress "
                             "is shown on the terminal's error output, not as Popeye's "
                             "numbered lines)\n"));
    TempFile t("twice.pop", TWICE);
    CHECK(has(solve_in(t, "en").err, ":3:18: error: square a1 is given twice (wKa1 and wQa1)\n"));
}

TEST_CASE("Reader messages: German", "[reader][lang]") {
    TempFile f("unknown.pop", UNKNOWN_KEYWORD);
    Run de = solve_in(f, "de");
    CHECK(de.status == 2);
    // The prefix and the file's words (its keywords, the token) as written; "or" is "oder".
    CHECK(de.err == f.str() + ":3:1: Fehler: unbekanntes Schlüsselwort 'foo' (erwartet: title, "
                               "author, origin, award, remark, pieces, forsyth, stipulation, "
                               "condition, option, twin, nextproblem oder endproblem)\n");
    TempFile b("square.pop", BAD_SQUARE);
    CHECK(has(solve_in(b, "de").err, ":3:14: Fehler: Feld (a1-h8) erwartet, gefunden: 'i9'\n"));
    // The pieces in the German letters, as Popeye's German twin labels write them.
    TempFile t("twice.pop", TWICE);
    CHECK(
        has(solve_in(t, "de").err, ":3:18: Fehler: Feld a1 ist zweimal besetzt (wKa1 und wDa1)\n"));
    TempFile e("end.pop", AT_END);
    CHECK(has(solve_in(e, "de").err,
              "Forderung (#N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N "
              "oder hs#N) nach 'stipulation' erwartet, gefunden: Dateiende"));
    TempFile n("notes.pop", NOTES);
    Run notes = solve_in(n, "de");
    CHECK(notes.status == 0);
    CHECK(has(notes.err, n.str() + ":4:31: Hinweis: 'endproblem' fehlt am Ende der Datei\n"));
    CHECK(has(notes.err, n.str() + ":3: Hinweis: Problem 1: Option nicht angewandt: MoveNumbers "
                                    "(der Fortschritt steht auf der Fehlerausgabe des Terminals"));
    CHECK(!has(notes.err, "note:"));
    // A German file's keywords are named as it writes them.
    TempFile z("twin.pop", "AnfangProblem\nForderung #2\nSteine Weiss Kb6 Dc1 Schwarz Ka8\n"
                           "Zwilling versetze a1 b2\nEndeProblem\n");
    CHECK(has(solve_in(z, "de").err, ":4:19: Fehler: Zwilling versetze: Feld a1 ist leer\n"));
}

TEST_CASE("Reader messages: French", "[reader][lang]") {
    TempFile f("unknown.pop", UNKNOWN_KEYWORD);
    CHECK(has(solve_in(f, "fr").err, ":3:1: erreur: mot-clé inconnu 'foo' (attendu : title, "));
    TempFile b("square.pop", BAD_SQUARE);
    CHECK(has(solve_in(b, "fr").err, ":3:14: erreur: case (a1-h8) attendue, trouvé : 'i9'\n"));
    TempFile t("twice.pop", TWICE);
    CHECK(has(solve_in(t, "fr").err, "la case a1 est donnée deux fois (bRa1 et bDa1)\n"));
    TempFile s("fen.pop", SHORT_FEN);
    CHECK(
        has(solve_in(s, "fr").err,
            ":3:9: erreur: pièce (p. ex. Ka1 ou Pa2b3) attendue, trouvé : '?'\n"));
    TempFile n("notes.pop", NOTES);
    Run notes = solve_in(n, "fr");
    CHECK(has(notes.err, ":4:31: remarque: 'endproblem' manque à la fin du fichier\n"));
    CHECK(has(notes.err, ":3: remarque: problème 1 : option non appliquée : MoveNumbers (la "
                         "progression est affichée"));
}

TEST_CASE("Reader messages: Italian, as the AISE writes", "[reader][lang]") {
    TempFile f("unknown.pop", UNKNOWN_KEYWORD);
    CHECK(has(solve_in(f, "it").err,
              ":3:1: errore: parola chiave sconosciuta 'foo' (attesa: title, "));
    TempFile b("square.pop", BAD_SQUARE);
    CHECK(has(solve_in(b, "it").err, ":3:14: errore: attesa una casa (a1-h8), trovato 'i9'\n"));
    TempFile t("twice.pop", TWICE);
    CHECK(has(solve_in(t, "it").err, "la casa a1 è data due volte (bRa1 e bDa1)\n"));
    TempFile e("end.pop", AT_END);
    CHECK(has(solve_in(e, "it").err,
              "atteso un enunciato (#N, =N, s#N, s=N, r#N, h#N, h=N, "
              "h#N.5, ser-h#N o hs#N) dopo 'stipulation', trovato fine file"));
    TempFile n("notes.pop", NOTES);
    Run notes = solve_in(n, "it");
    CHECK(has(notes.err, ":4:31: nota: manca 'endproblem' alla fine del file\n"));
    CHECK(
        has(notes.err, ":3: nota: problema 1: opzione non applicata: MoveNumbers (l'avanzamento"));
}

TEST_CASE("Reader messages: check in the language, its JSON in English", "[reader][lang][check]") {
    TempFile b("square.pop", BAD_SQUARE);
    Run de = check_in(b, "de");
    CHECK(de.status == 2);
    CHECK(has(de.err, ":3:14: Fehler: Feld (a1-h8) erwartet, gefunden: 'i9'\n"));
    CHECK(has(de.out, "Zeile 3: Feld (a1-h8) erwartet, gefunden: 'i9'"));
    Run en = check_in(b, "en");
    CHECK(has(en.out, "line 3: expected a square (a1-h8), found 'i9'"));
    Run json = check_in(b, "de", true);
    CHECK(has(json.out, ":3:14: error: expected a square (a1-h8), found 'i9'"));
    CHECK(!has(json.out, "Feld"));
    // The option note in check's detail.
    TempFile n("notes.pop", NOTES);
    CHECK(has(check_in(n, "it").out, "MoveNumbers (l'avanzamento è mostrato"));
}

// Every message has its phrase in every language, with the arguments English has.
TEST_CASE("Reader messages: one phrase per language for every message", "[reader][lang]") {
    const std::vector<Message> args = {"<A0>", "<A1>", "<A2>", "<A3>", "<A4>"};
    for (int k = int(Phrase::EndOfFile); k <= int(Phrase::ExpectedTwinChange); ++k) {
        Message m(Phrase(k), args);
        std::string en = m.text(Language::English);
        for (Language lang : {Language::German, Language::French, Language::Italian}) {
            std::string text = m.text(lang);
            INFO("message " << k << ": " << en << " / " << text);
            CHECK(!text.empty());
            CHECK(text.find('{') == std::string::npos);
            for (const Message& a : args)
                CHECK((en.find(a.given) != std::string::npos) ==
                      (text.find(a.given) != std::string::npos));
        }
    }
    // A diagnostic's English text is its message, as before.
    Diagnostic d = diagnostic("f.pop", 2, 3, Message(Phrase::UnknownOption, {"'x'"}));
    CHECK(d.message == "unknown option 'x'");
    CHECK(d.text() == "f.pop:2:3: error: unknown option 'x'");
    CHECK(d.text(Language::German) == "f.pop:2:3: Fehler: unbekannte Option 'x'");
}
