#include "format/base/notation.h"

#include "format/base/language.h"
#include "solver/rules/movegen.h"

namespace dynamo {

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

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
        if (to == SQ_OUT)
            d.append(1, 'E');
        else
            d.append(1, '-').append(square_name(to));
        return d;
    };

    std::string s = letter(active);
    s.append(square_name(m.active_from()));
    bool capture = !pos.rules().is_dynamo() && m.has_passive();
    if (capture) {
        s.append(1, '*')
            .append(square_name(m.active_to()))
            .append(promotion(active, pos.active_after(m)));
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

std::string mark_text(MoveMark mark) {
    switch (mark) {
    case MoveMark::Check: return " +";
    case MoveMark::Mate: return " #";
    case MoveMark::Stalemate: return " =";
    case MoveMark::None: break;
    }
    return "";
}

std::string move_suffix(Position& pos, Move m) {
    pos.make(m);
    MoveList list;
    generate_legal(pos, list);
    bool check = pos.in_check();
    pos.unmake();
    if (list.empty()) return mark_text(check ? MoveMark::Mate : MoveMark::Stalemate);
    return mark_text(check ? MoveMark::Check : MoveMark::None);
}

} // namespace dynamo
