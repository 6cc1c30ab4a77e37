#include "format/input/reader/keywords.h"

namespace dynamo::reader {

namespace {

template <class E>
struct Row {
    E value;
    Words words;
};

template <class E, size_t N>
Lookup<E> find(const Row<E> (&table)[N], std::string_view token, InputLanguage lang) {
    return lookup_rows<E>(std::span<const Row<E>>(table), token,
                          [lang](const Row<E>& r) { return r.words.in(lang); }, &Row<E>::value);
}

template <class E, size_t N>
std::string_view word_of(const Row<E> (&table)[N], E value, InputLanguage lang) {
    for (const auto& r : table)
        if (r.value == value) return r.words.in(lang);
    return {};
}

// Popeye's tables (output/plaintext/language_dependant.c), in its order, so that abbreviations
// resolve alike.
constexpr Row<Cmd> COMMANDS[] = {
    {Cmd::Remark, {"remark", "Bemerkung", "remarque"}},
    {Cmd::SStipulation, {"sstipulation", "sForderung", "senonce"}},
    {Cmd::Author, {"author", "Autor", "auteur"}},
    {Cmd::Origin, {"origin", "Quelle", "source"}},
    {Cmd::Pieces, {"pieces", "Steine", "pieces"}},
    {Cmd::Condition, {"condition", "Bedingung", "condition"}},
    {Cmd::Option, {"option", "Option", "option"}},
    {Cmd::Stipulation, {"stipulation", "Forderung", "enonce"}},
    {Cmd::Protocol, {"protocol", "Protokoll", "protocol"}},
    {Cmd::Title, {"title", "Titel", "titre"}},
    {Cmd::LaTeX, {"LaTeX", "LaTeX", "LaTeX"}},
    {Cmd::LaTeXPieces, {"LaTeXPieces", "LaTeXSteine", "PiecesLaTeX"}},
    {Cmd::Award, {"award", "Auszeichnung", "prix"}},
    {Cmd::InitialGameArray, {"InitialGameArray", "PartieAnfangsStellung", "PositionInitialePartie"}},
    {Cmd::Forsyth, {"forsyth", "Forsyth", "Forsyth"}},
};
constexpr Row<Cmd> ENDINGS[] = {
    {Cmd::End, {"endproblem", "EndeProblem", "FinProbleme"}},
    {Cmd::Next, {"nextproblem", "WeiteresProblem", "asuivre"}},
    {Cmd::Twin, {"twin", "Zwilling", "jumeau"}},
    {Cmd::ZeroPosition, {"zeroposition", "NullStellung", "zeroposition"}},
};
constexpr Row<Cmd> BEGINNINGS[] = {{Cmd::Begin, {"beginproblem", "AnfangProblem", "DebutProbleme"}}};

constexpr Row<Colour> COLOURS[] = {
    {Colour::White, {"white", "Weiss", "Blanc"}},
    {Colour::Black, {"black", "Schwarz", "Noir"}},
    {Colour::Neutral, {"neutral", "Neutral", "Neutre"}},
};

constexpr Row<TwinKw> TWIN_CHANGES[] = {
    {TwinKw::Move, {"move", "versetze", "deplacement"}},
    {TwinKw::Exchange, {"exchange", "tausche", "echange"}},
    {TwinKw::Stipulation, {"stipulation", "Forderung", "enonce"}},
    {TwinKw::SStipulation, {"sstipulation", "SForderung", "senonce"}},
    {TwinKw::Add, {"add", "hinzufuegen", "ajoute"}},
    {TwinKw::Remove, {"remove", "entferne", "ote"}},
    {TwinKw::Continued, {"continued", "ferner", "enplus"}},
    {TwinKw::Rotate, {"rotate", "Drehung", "rotation"}},
    {TwinKw::Condition, {"condition", "Bedingung", "condition"}},
    {TwinKw::PolishType, {"PolishType", "Farbwechsel", "CouleurEchange"}},
    {TwinKw::Mirror, {"mirror", "Spiegelung", "miroir"}},
    {TwinKw::Shift, {"shift", "Verschiebung", "translation"}},
    {TwinKw::Substitute, {"substitute", "ersetze", "remplace"}},
};

// King, queen, rook, bishop, knight, pawn.
constexpr Words PIECE_LETTERS = {"KQRBSP", "KDTLSB", "RDTFCP"};
constexpr PieceType PIECE_TYPES[] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

} // namespace

Lookup<Cmd> find_command(std::string_view token, InputLanguage lang) {
    if (auto r = find(COMMANDS, token, lang); r.kind != Lookup<Cmd>::None) return r;
    if (auto r = find(ENDINGS, token, lang); r.kind != Lookup<Cmd>::None) return r;
    return find(BEGINNINGS, token, lang);
}

std::optional<InputLanguage> begin_language(std::string_view token) {
    if (token.size() < 3) return std::nullopt;
    for (auto l : {InputLanguage::English, InputLanguage::German, InputLanguage::French})
        if (is_prefix_of(token, BEGINNINGS[0].words.in(l))) return l;
    return std::nullopt;
}

std::string_view command_word(Cmd c, InputLanguage lang) {
    if (auto w = word_of(COMMANDS, c, lang); !w.empty()) return w;
    if (auto w = word_of(ENDINGS, c, lang); !w.empty()) return w;
    return word_of(BEGINNINGS, c, lang);
}

Message expected_keywords(InputLanguage lang) {
    std::vector<std::string_view> words;
    for (Cmd c : {Cmd::Title, Cmd::Author, Cmd::Origin, Cmd::Award, Cmd::Remark, Cmd::Pieces,
                  Cmd::Forsyth, Cmd::Stipulation, Cmd::Condition, Cmd::Option, Cmd::Twin,
                  Cmd::Next, Cmd::End})
        words.push_back(command_word(c, lang));
    return one_of(words);
}

bool is_free_text(Cmd c) {
    return c == Cmd::Remark || c == Cmd::Author || c == Cmd::Origin || c == Cmd::Title ||
           c == Cmd::Award || c == Cmd::Protocol;
}

Lookup<Colour> find_colour(std::string_view token, InputLanguage lang) {
    return find(COLOURS, token, lang);
}
std::string_view colour_word(Colour c, InputLanguage lang) { return word_of(COLOURS, c, lang); }

Lookup<TwinKw> find_twin_change(std::string_view token, InputLanguage lang) {
    return find(TWIN_CHANGES, token, lang);
}
std::string_view twin_change_word(TwinKw k, InputLanguage lang) {
    return word_of(TWIN_CHANGES, k, lang);
}

PieceType piece_type_of(char c, InputLanguage lang) {
    std::string_view letters = PIECE_LETTERS.in(lang);
    char u = c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
    for (size_t i = 0; i < letters.size(); ++i)
        if (letters[i] == u) return PIECE_TYPES[i];
    if (lang == InputLanguage::English && u == 'N') return KNIGHT;
    return NO_PIECE_TYPE;
}

Message piece_letters(InputLanguage lang) {
    std::vector<std::string> letters;
    for (char c : PIECE_LETTERS.in(lang)) letters.emplace_back(1, c);
    return or_list(letters);
}

Message piece_examples(InputLanguage lang) {
    std::string_view l = PIECE_LETTERS.in(lang); // in PIECE_TYPES' order
    std::string king, pawn;
    for (size_t i = 0; i < l.size(); ++i) {
        if (PIECE_TYPES[i] == KING) king = std::string(1, l[i]) + "a1";
        if (PIECE_TYPES[i] == PAWN) pawn = std::string(1, l[i]) + "a2b3";
    }
    return or_list({king, pawn});
}

} // namespace dynamo::reader
