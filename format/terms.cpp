#include "terms.h"

namespace dynamo {

namespace {

struct Words4 {
    std::string_view en, de, fr, it;
    std::string_view in(Language l) const {
        switch (l) {
        case Language::German: return de;
        case Language::French: return fr;
        case Language::Italian: return it;
        default: return en;
        }
    }
};

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
};

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

std::string padded(std::string_view text, size_t width) {
    size_t chars = 0;
    for (char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    std::string r(text);
    if (chars < width) r.append(width - chars, ' ');
    return r;
}

} // namespace dynamo
