#include "format/base/message.h"

#include <string_view>

namespace dynamo {

std::string Message::text(Language lang) const {
    if (kind == Phrase::Verbatim) return given;
    if (kind == Phrase::PieceText) return twin_label(given, lang);
    std::string_view phrase = dynamo::phrase(kind, lang);
    std::string out;
    for (size_t i = 0; i < phrase.size(); ++i) {
        if (phrase[i] == '{' && i + 2 < phrase.size() && phrase[i + 2] == '}' &&
            phrase[i + 1] >= '0' && phrase[i + 1] <= '9') {
            size_t n = size_t(phrase[i + 1] - '0');
            if (n < args.size()) out += args[n].text(lang);
            i += 2;
        } else {
            out += phrase[i];
        }
    }
    return out;
}

Message illegal_said(const IllegalCause& cause) {
    using K = IllegalCause::Kind;
    const bool white = cause.side == WHITE;
    const std::string n = std::to_string(cause.count);
    switch (cause.kind) {
    case K::NoKing: return white ? Phrase::NoWhiteKing : Phrase::NoBlackKing;
    case K::Kings: return Message(white ? Phrase::WhiteKings : Phrase::BlackKings, {n});
    case K::PawnOnPromotionRank: return Phrase::PawnOnPromotionRank;
    case K::PawnOnFirstRank: return Phrase::PawnOnFirstRank;
    case K::Men: return Message(white ? Phrase::WhiteMen : Phrase::BlackMen, {n});
    case K::Pawns: return Message(white ? Phrase::WhitePawns : Phrase::BlackPawns, {n});
    case K::Promoted:
        return Message(white ? Phrase::WhitePromoted : Phrase::BlackPromoted,
                       {n, std::to_string(cause.pawns), std::to_string(8 - cause.pawns)});
    case K::NotToMoveInCheck:
        return white ? Phrase::WhiteNotToMoveInCheck : Phrase::BlackNotToMoveInCheck;
    }
    return cause.text();
}

Message piece_arg(std::string text) {
    Message m(std::move(text));
    m.kind = Phrase::PieceText;
    return m;
}

Message or_list(const std::vector<std::string>& words) {
    if (words.empty()) return {};
    if (words.size() == 1) return words[0];
    std::string head;
    for (size_t i = 0; i + 1 < words.size(); ++i) head += (i ? ", " : "") + words[i];
    return Message(Phrase::Or, {head, words.back()});
}

} // namespace dynamo
