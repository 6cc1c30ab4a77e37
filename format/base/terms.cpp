#include "format/base/terms.h"

#include <iterator>

namespace dynamo {

namespace {

// In Term's order.
constexpr Words4 TERMS[] = {
    {"threat", "Drohung", "menace", "minaccia"},
    {"zugzwang", "Zugzwang", "zugzwang", "zugzwang"},
    {"but", "aber", "mais", "ma"},
    {"key", "Schlüssel", "clé", "chiave"},
    {"keys", "Schlüssel", "clés", "chiavi"},
    {"try", "Verführung", "essai", "tentativo"},
    {"tries", "Verführungen", "essais", "tentativi"},
    {"variation", "Variante", "variante", "variante"},
    {"variations", "Varianten", "variantes", "varianti"},
    {"dual", "Dual", "dual", "duale"},
    {"duals", "Duale", "duals", "duali"},
    {"no duals", "keine Duale", "pas de duals", "nessun duale"},
    {"cook", "Nebenlösung", "démolition", "demolizione"},
    {"verdict", "Urteil", "verdict", "verdetto"},
    {"solution", "Lösung", "solution", "soluzione"},
    {"solutions", "Lösungen", "solutions", "soluzioni"},
    {"intended", "beabsichtigt", "voulues", "intese"},
    {"problem verdict", "Urteil des Problems", "verdict du problème", "verdetto del problema"},
    {"twins", "Zwillinge", "jumeaux", "gemelli"},
    {"refutes", "Widerlegt", "Refute", "confuta"}, // Popeye's words, but Italian
    {"mate dual", "Mattdual", "dual de mat", "duale di matto"},
    {"continuation dual", "Fortsetzungsdual", "dual de continuation", "duale di continuazione"},
    {"threat dual", "Drohungsdual", "dual de menace", "duale di minaccia"},
    {"threat duals", "Drohungsduale", "duals de menace", "duali di minaccia"},
    {"short mate", "vorzeitiges Matt", "mat prématuré", "matto prematuro"},
    {"short mates", "vorzeitige Matts", "mats prématurés", "matti prematuri"},
    {"after", "nach", "après", "dopo"},
    {"mate", "Matt", "de mat", "di matto"},
    {"continuation", "Fortsetzung", "de continuation", "di continuazione"},
    {"reaches the goal in", "erreicht das Ziel in", "atteint le but en", "raggiunge lo scopo in"},
    {"shorter", "kürzer", "plus courte", "più corta"},
    {"at least", "mindestens", "au moins", "almeno"},
    {"shown", "gezeigt", "montrées", "mostrate"},
    {"no key", "kein Schlüssel", "pas de clé", "nessuna chiave"},
    {"stopped at", "angehalten bei", "arrêté à", "fermato a"},
    {"restricted", "eingeschränkt", "restreint", "limitato"},
    {"solutions outside these limits are not searched",
     "Lösungen außerhalb dieser Grenzen werden nicht gesucht",
     "les solutions hors de ces limites ne sont pas cherchées",
     "le soluzioni fuori da questi limiti non sono cercate"},
    {"move", "Zug", "coup", "mossa"},
    {"moves", "Zügen", "coups", "mosse"},
    {"allowed", "erlaubt", "permis", "consentite"},
    {"in", "in", "en", "in"},
    {"solving time", "Lösungszeit", "temps de résolution", "tempo di soluzione"},
    // Popeye: 'Option "Threat" not applicable or indicated maximum threat length too big'.
    {"not applicable", "nicht anwendbar", "non applicable", "non applicabile"},
    {"too long for", "zu lang für", "trop longue pour", "troppo lunga per"},
    {"which is solved without it", "das ohne sie gelöst wird", "résolu sans elle",
     "che è risolto senza di essa"},
    {"unsupported", "nicht unterstützt", "non pris en charge", "non supportato"},
    {"error", "Fehler", "erreur", "errore"},
    {"errors", "Fehler", "erreurs", "errori"},
    {"problem", "Problem", "problème", "problema"},
    {"problems", "Probleme", "problèmes", "problemi"},
    {"not as certified", "nicht wie bescheinigt", "pas comme certifié", "non come certificato"},
    {"the whole problem", "das ganze Problem", "le problème entier", "il problema intero"},
    {"so far", "bisher", "jusqu'ici", "finora"},
    {"restricted by", "eingeschränkt durch", "restreint par", "limitato da"},
    {"ignored option", "ignorierte Option", "option ignorée", "opzione ignorata"},
    {"DIFFERS from the certified verdict", "WEICHT AB vom bescheinigten Urteil",
     "DIFFÈRE du verdict certifié", "DIFFERISCE dal verdetto certificato"},
    {"intended", "beabsichtigt", "voulue", "intesa"},
    {"after the key", "nach dem Schlüssel", "après la clé", "dopo la chiave"},
    {"refuted by", "widerlegt durch", "réfuté par", "confutato da"},
    {"stopped before the play after the key was known",
     "angehalten, bevor das Spiel nach dem Schlüssel bekannt war",
     "arrêté avant que le jeu après la clé soit connu",
     "fermato prima che il gioco dopo la chiave fosse noto"},
    {"shortest", "kürzeste", "la plus courte", "la più corta"},
    {"none in", "keine in", "aucune en", "nessuna in"},
    {"none from", "keine von", "aucune de", "nessuna da"},
    {"to", "bis", "à", "a"},
    {"stopped before its verdict (what it proved follows)",
     "vor dem Urteil angehalten (es folgt, was bewiesen ist)",
     "arrêté avant son verdict (ce qui est prouvé suit)",
     "fermato prima del verdetto (segue ciò che è provato)"},
    // Popeye's tables write Duplex in every language; German capitalises the noun, French and
    // Italian problemists write "duplex" as English does.
    {"duplex:", "Duplex:", "duplex:", "duplex:"},
    {"first moves", "erste Züge", "premiers coups", "prime mosse"},
    {"now", "jetzt", "en cours", "ora"},
    {"at depth", "in Tiefe", "à la profondeur", "a profondità"},
    {"half-moves deep", "Halbzüge tief", "demi-coups de profondeur", "semimosse di profondità"},
    {"nodes", "Knoten", "nœuds", "nodi"},
    {"ETA", "noch", "reste", "mancano"},
    {"open first moves", "offene erste Züge", "premiers coups ouverts", "prime mosse aperte"},
    {"part", "Teil", "partie", "parte"},
    {"no first move is open (the set play or shorter solutions are)",
     "kein erster Zug ist offen (das Satzspiel oder kürzere Lösungen sind es)",
     "aucun premier coup n'est ouvert (le jeu apparent ou des solutions plus courtes le sont)",
     "nessuna prima mossa è aperta (lo sono il gioco apparente o soluzioni più corte)"},
    {"line", "Zeile", "ligne", "riga"},
};
static_assert(std::size(TERMS) == size_t(Term::Line) + 1, "one entry per Term");

// In Verdict's order.
constexpr Words4 VERDICTS[] = {
    {"sound", "korrekt", "correct", "corretto"},
    {"sound, with duals", "korrekt, mit Dualen", "correct, avec duals", "corretto, con duali"},
    {"cooked", "nebenlösig", "démoli", "demolito"},
    {"short", "Kurzlösung", "solution courte", "soluzione corta"},
    {"no solution", "keine Lösung", "pas de solution", "nessuna soluzione"},
    {"illegal", "illegal", "illégal", "illegale"},
    {"unfinished", "unvollendet", "inachevé", "incompiuto"},
    {"incomplete", "unvollständig", "incomplet", "incompleto"},
};

} // namespace

std::string_view term(Term t, Language lang) { return TERMS[size_t(t)].in(lang); }

std::string_view verdict_term(Verdict v, Language lang) {
    if (lang == Language::English) return verdict_name(v);
    return VERDICTS[size_t(v)].in(lang);
}

std::string first_moves_examined(int done, int total, Language lang) {
    static constexpr Words4 OF = {"of", "von", "sur", "di"};
    static constexpr Words4 EXAMINED = {"first moves examined", "ersten Zügen untersucht",
                                        "premiers coups examinés", "prime mosse esaminate"};
    return std::to_string(done) + " " + std::string(OF.in(lang)) + " " + std::to_string(total) +
           " " + std::string(EXAMINED.in(lang));
}

std::string moves_allowed(int length, int allowed, Language lang) {
    return std::string(term(Term::In, lang)) + " " + std::to_string(length) + " " +
           std::string(term(length == 1 ? Term::Move : Term::Moves, lang)) + ", " +
           std::to_string(allowed) + " " + std::string(term(Term::Allowed, lang));
}

std::string twin_label(std::string_view label, Language lang) {
    // The reader writes a piece as colour, Popeye's English letter, square: "wRh7", "bSc4".
    static constexpr Words4 COLOURS = {"wb", "ws", "bn", "bn"};
    constexpr std::string_view ENGLISH = " PSBRQK";
    std::string out(label);
    auto square = [&](size_t i) {
        return i + 1 < out.size() && out[i] >= 'a' && out[i] <= 'h' && out[i + 1] >= '1' &&
               out[i + 1] <= '8';
    };
    for (size_t i = 0; i + 4 <= out.size(); ++i) {
        bool starts = i == 0 || out[i - 1] == ' ' || out[i - 1] == '-' || out[i - 1] == '+' ||
                      out[i - 1] == '>';
        size_t type = ENGLISH.find(out[i + 1]);
        if (!starts || (out[i] != 'w' && out[i] != 'b') || type == std::string_view::npos ||
            type == 0 || !square(i + 2))
            continue;
        out[i] = COLOURS.in(lang)[out[i] == 'w' ? 0 : 1];
        out[i + 1] = piece_letter(PieceType(type), lang);
        i += 3;
    }
    return out;
}

std::string shown_label(std::string_view label, Language lang) {
    std::string out = twin_label(label, lang);
    constexpr std::string_view DUPLEX = "duplex:";
    if (out.ends_with(DUPLEX))
        out.replace(out.size() - DUPLEX.size(), DUPLEX.size(), term(Term::DuplexHalf, lang));
    return out;
}

std::string padded(std::string_view text, size_t width) {
    size_t chars = 0;
    for (char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    std::string r(text);
    if (chars < width) r.append(width - chars, ' ');
    return r;
}

} // namespace dynamo
