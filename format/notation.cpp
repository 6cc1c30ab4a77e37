#include "notation.h"

#include "solver/movegen.h"

#include <algorithm>
#include <cctype>

namespace dynamo {

namespace {
//                                     -    P    S    B    R    Q    K
constexpr char LETTERS[4][7] = {{' ', 'P', 'S', 'B', 'R', 'Q', 'K'},
                                {' ', 'B', 'S', 'L', 'T', 'D', 'K'},
                                {' ', 'P', 'C', 'F', 'T', 'D', 'R'},
                                {' ', 'P', 'C', 'A', 'T', 'D', 'R'}};
} // namespace

bool parse_language(std::string_view text, Language& lang) {
    std::string t(text);
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
    if (t == "en" || t == "english") lang = Language::English;
    else if (t == "de" || t == "german") lang = Language::German;
    else if (t == "fr" || t == "french") lang = Language::French;
    else if (t == "it" || t == "italian") lang = Language::Italian;
    else return false;
    return true;
}

char piece_letter(PieceType pt, Language lang) { return LETTERS[int(lang)][pt]; }

std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string move_text(const Position& pos, Move m, Language lang) {
    if (m.is_castling()) return file_of(m.active_to()) == 6 ? "0-0" : "0-0-0";
    Piece active = pos.piece_on(m.active_from());
    auto letter = [&](Piece p) {
        return type_of(p) == PAWN ? std::string() : std::string(1, piece_letter(type_of(p), lang));
    };
    auto promotion = [&](Piece before, Piece after) {
        std::string p;
        if (before != after) p.append(1, '=').append(1, piece_letter(type_of(after), lang));
        return p;
    };
    auto destination = [](Square to) {
        std::string d;
        if (to == SQ_OUT) d.append(1, 'E');
        else d.append(1, '-').append(square_name(to));
        return d;
    };

    std::string s = letter(active);
    s.append(square_name(m.active_from()));
    bool capture = !pos.rules().is_dynamo() && m.has_passive();
    if (capture) {
        s.append(1, '*').append(square_name(m.active_to())).append(promotion(active, pos.active_after(m)));
        if (m.is_en_passant()) s += " ep.";
        return s;
    }
    if (!m.active_stays()) s.append(destination(m.active_to()));
    s.append(promotion(active, pos.active_after(m)));
    if (m.has_passive()) {
        Piece passive = pos.piece_on(m.passive_from());
        s.append(1, '/').append(letter(passive)).append(square_name(m.passive_from()));
        s.append(destination(m.passive_to()));
        s.append(promotion(passive, pos.passive_after(m)));
    }
    return s;
}

std::string move_suffix(Position& pos, Move m) {
    pos.make(m);
    MoveList list;
    generate_legal(pos, list);
    bool check = pos.in_check();
    pos.unmake();
    if (list.empty()) return check ? "#" : "=";
    return check ? "+" : "";
}

} // namespace dynamo

namespace dynamo {
// Implemented by the notation-reader work (issue 3).
Move parse_move(const Position&, std::string_view text, std::string* error) {
    if (error) *error = "cannot read move '" + std::string(text) + "' (not implemented)";
    return Move::none();
}
} // namespace dynamo
