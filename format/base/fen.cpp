#include "format/base/fen.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace dynamo {

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

Piece piece_from_char(char c) {
    auto i = PIECE_CHARS.find(c);
    return (i == std::string_view::npos || c == ' ') ? NO_PIECE : Piece(i);
}

bool fail(std::string* error, std::string msg) {
    if (error) *error = std::move(msg);
    return false;
}

bool fail(Message* error, Message msg) {
    if (error) *error = std::move(msg);
    return false;
}

} // namespace

bool parse_board(std::string_view board, Placement& placement, std::string* error) {
    Message said;
    if (parse_board_said(board, placement, &said)) return true;
    return fail(error, said.text());
}

bool parse_board_said(std::string_view board, Placement& placement, Message* error) {
    placement = Placement{};
    int rank = 7, file = 0;
    for (size_t i = 0; i < board.size(); ++i) {
        char c = board[i];
        if (c == '/') {
            if (file != 8)
                return fail(error, Message(Phrase::FenRankSquares,
                                           {std::to_string(rank + 1), std::to_string(file)}));
            if (--rank < 0) return fail(error, Message(Phrase::FenMoreRanks));
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail(error, Message(Phrase::FenRankTooLong, {std::to_string(rank + 1)}));
        } else if (Piece p = piece_from_char(c)) {
            if (file >= 8)
                return fail(error, Message(Phrase::FenRankTooLong, {std::to_string(rank + 1)}));
            placement.put(p, make_square(file++, rank));
        } else {
            return fail(error, Message(Phrase::FenCharacter, {std::string(1, c)}));
        }
    }
    if (rank != 0) return fail(error, Message(Phrase::FenRanks, {std::to_string(8 - rank)}));
    // Eight ranks, the last one short: name it, as for the others.
    if (file != 8) return fail(error, Message(Phrase::FenRankSquares, {"1", std::to_string(file)}));
    return true;
}

bool parse_fen(std::string_view fen, const RuleSet& rules, Position& pos, std::string* error,
               MoveCounters* counters) {
    Message said;
    if (parse_fen_said(fen, rules, pos, &said, counters)) return true;
    return fail(error, said.text());
}

bool parse_fen_said(std::string_view fen, const RuleSet& rules, Position& pos, Message* error,
                    MoveCounters* counters) {
    std::istringstream in{std::string(fen)};
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    if (fields.empty()) return fail(error, Message(Phrase::FenEmpty));
    if (fields.size() > 6)
        return fail(error, Message(Phrase::FenFields, {std::to_string(fields.size())}));

    Placement placement;
    if (!parse_board_said(fields[0], placement, error)) return false;
    pos.clear();
    pos.set_rules(rules);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = placement.piece_on(Square(s))) pos.put_piece(p, Square(s));

    std::string side = fields.size() > 1 ? fields[1] : "w";
    if (side != "w" && side != "b") return fail(error, Message(Phrase::FenSide, {side}));
    pos.set_side_to_move(side == "w" ? WHITE : BLACK);

    CastlingRights cr;
    std::string castling = fields.size() > 2 ? fields[2] : "-";
    if (castling != "-") {
        for (char c : castling) {
            Color color = (c >= 'a') ? BLACK : WHITE;
            int idx;
            switch (c) {
            case 'K':
            case 'k': idx = CastlingRights::KING_ROOK; break;
            case 'Q':
            case 'q': idx = CastlingRights::QUEEN_ROOK; break;
            default: return fail(error, Message(Phrase::FenCastlingCharacter, {std::string(1, c)}));
            }
            Square k = castling_home(color, CastlingRights::KING_INDEX);
            Square r = castling_home(color, idx);
            if (pos.piece_on(k) != make_piece(color, KING) ||
                pos.piece_on(r) != make_piece(color, ROOK))
                return fail(error, Message(Phrase::FenCastlingRight, {std::string(1, c)}));
            cr.sq[color][CastlingRights::KING_INDEX] = k;
            cr.sq[color][idx] = r;
        }
    }
    pos.set_castling(cr);

    std::string ep = fields.size() > 3 ? fields[3] : "-";
    if (ep != "-") {
        if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6'))
            return fail(error, Message(Phrase::FenEnPassant, {ep}));
        Square s = make_square(ep[0] - 'a', ep[1] - '1');
        Color us = side == "w" ? WHITE : BLACK;
        // Kept only when a pawn can take: the key then depends on real possibilities alone.
        if (!rules.is_dynamo() && (geometry::pawn_captures[~us][s] & pos.pieces(us, PAWN)))
            pos.set_ep_square(s);
    }
    MoveCounters read;
    for (size_t i = 4; i < fields.size(); ++i) {
        if (fields[i].find_first_not_of("0123456789") != std::string::npos)
            return fail(error, Message(Phrase::FenMoveCounter, {fields[i]}));
        // Any number of digits is a number; past nine they say no more than 999999999.
        (i == 4 ? read.halfmove : read.fullmove) =
            fields[i].size() > 9 ? 999999999 : std::stoi(fields[i]);
    }
    read.fullmove = std::max(read.fullmove, 1); // "0" is read as the first move
    if (counters) *counters = read;
    pos.finish_setup();
    return true;
}

std::string board_field(const Placement& placement) {
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = placement.piece_on(make_square(file, rank));
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty), empty = 0;
            s += PIECE_CHARS[p];
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    return s;
}

std::string to_fen(const Position& pos, const MoveCounters& counters) {
    std::string s = board_field(pos.placement());
    s += pos.side_to_move() == WHITE ? " w " : " b ";
    std::string castling;
    const CastlingRights& cr = pos.castling();
    for (Color c : {WHITE, BLACK}) {
        if (cr.sq[c][CastlingRights::KING_INDEX] != castling_home(c, CastlingRights::KING_INDEX))
            continue;
        if (cr.sq[c][CastlingRights::KING_ROOK] == castling_home(c, CastlingRights::KING_ROOK))
            castling += c == WHITE ? 'K' : 'k';
        if (cr.sq[c][CastlingRights::QUEEN_ROOK] == castling_home(c, CastlingRights::QUEEN_ROOK))
            castling += c == WHITE ? 'Q' : 'q';
    }
    s += castling.empty() ? "-" : castling;
    Square ep = pos.state().ep_square;
    s +=
        ep == SQ_NONE ? " -" : std::string(" ") + char('a' + file_of(ep)) + char('1' + rank_of(ep));
    s += " " + std::to_string(counters.halfmove) + " " + std::to_string(counters.fullmove);
    return s;
}

MoveCounters counters_after(const Position& before, Move m, MoveCounters c) {
    auto is_pawn = [&](Square s) { return type_of(before.piece_on(s)) == PAWN; };
    bool reset = !m.is_castling() &&
                 (is_pawn(m.active_from()) || m.active_to() == SQ_OUT ||
                  (m.has_passive() && (!before.rules().is_dynamo() || is_pawn(m.passive_from()) ||
                                       m.passive_to() == SQ_OUT)));
    c.halfmove = reset ? 0 : c.halfmove + 1;
    if (before.side_to_move() == BLACK) ++c.fullmove;
    return c;
}

} // namespace dynamo
