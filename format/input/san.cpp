#include "format/input/san.h"

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "solver/rules/movegen.h"

#include <algorithm>
#include <cstring>

namespace dynamo {

namespace {

PieceType san_piece(char c) {
    switch (c) {
    case 'K': return KING;
    case 'Q': return QUEEN;
    case 'R': return ROOK;
    case 'B': return BISHOP;
    case 'N':
    case 'S': return KNIGHT;
    default: return NO_PIECE_TYPE;
    }
}

// A SAN move taken apart: piece, what is known of the starting square, the square reached.
struct San {
    PieceType piece = PAWN;
    int from_file = -1, from_rank = -1;
    Square to = SQ_NONE;
    bool capture = false;
    PieceType promotion = NO_PIECE_TYPE;
    int castling = 0; // 1 short, 2 long
};

// Empty on success, else what was expected.
std::string read_san(std::string s, San& san) {
    // Signs that annotate only: check, mate, "!", "?", and an "e.p." after the square.
    std::erase_if(s, [](char c) { return std::strchr("+#!? ", c) != nullptr; });
    for (std::string_view ep : {"e.p.", "ep."})
        if (s.ends_with(ep)) s.erase(s.size() - ep.size());
    std::string castling = s;
    std::replace(castling.begin(), castling.end(), '0', 'O');
    if (castling == "O-O" || castling == "O-O-O") {
        san.castling = castling == "O-O" ? 1 : 2;
        return "";
    }
    size_t i = 0;
    if (i < s.size() && san_piece(s[i]) != NO_PIECE_TYPE) san.piece = san_piece(s[i++]);
    // What is left: [file][rank][x]square[=promotion]. The square reached is the last square
    // written; before it, the starting square's file and/or rank.
    size_t promo = s.size();
    if (promo > 0 && san_piece(s[promo - 1]) != NO_PIECE_TYPE && s[promo - 1] != 'K') {
        san.promotion = san_piece(s[--promo]);
        if (promo > 0 && s[promo - 1] == '=') --promo;
    }
    if (promo < i + 2) return "a square";
    char f = s[promo - 2], r = s[promo - 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return "a square at the end";
    san.to = make_square(f - 'a', r - '1');
    std::string head = s.substr(i, promo - 2 - i);
    if (!head.empty() && (head.back() == 'x' || head.back() == ':')) {
        san.capture = true;
        head.pop_back();
    }
    if (head.size() > 2) return "at most a file and a rank before the square";
    for (char c : head) {
        if (c >= 'a' && c <= 'h' && san.from_file < 0 && san.from_rank < 0)
            san.from_file = c - 'a';
        else if (c >= '1' && c <= '8' && san.from_rank < 0)
            san.from_rank = c - '1';
        else
            return "a file or a rank before the square, found '" + head + "'";
    }
    if (san.promotion != NO_PIECE_TYPE && san.piece != PAWN) return "a pawn to promote";
    if (san.piece == PAWN && san.capture && san.from_file < 0) return "the capturing pawn's file";
    return "";
}

bool fits(const Position& pos, Move m, const San& san) {
    if (san.castling)
        return m.is_castling() && file_of(m.active_to()) == (san.castling == 1 ? 6 : 2);
    if (m.is_castling() || type_of(pos.piece_on(m.active_from())) != san.piece) return false;
    if (m.active_to() != san.to) return false;
    if (san.from_file >= 0 && file_of(m.active_from()) != san.from_file) return false;
    if (san.from_rank >= 0 && rank_of(m.active_from()) != san.from_rank) return false;
    if (san.capture && !m.has_passive()) return false;
    if (san.promotion != NO_PIECE_TYPE && m.promotion() != san.promotion) return false;
    // A promotion left out would name four moves: taken as the queen's, as PGN readers do.
    if (san.promotion == NO_PIECE_TYPE && pos.active_after(m) != pos.piece_on(m.active_from()) &&
        m.promotion() != QUEEN)
        return false;
    return true;
}

} // namespace

Move parse_san(const Position& pos, std::string_view text, std::string* error) {
    auto fail = [&](const std::string& what, const std::string& detail = "") {
        if (error)
            *error = what + " move '" + std::string(text) + "' in position " + to_fen(pos) +
                     (detail.empty() ? "" : ": " + detail);
        return Move::none();
    };
    if (pos.rules().is_dynamo())
        return fail("cannot read", "short algebraic is for orthodox games");
    San san;
    if (auto e = read_san(std::string(text), san); !e.empty())
        return fail("cannot read", "expected " + e + " (short algebraic)");
    MoveList legal;
    generate_legal(pos, legal);
    std::vector<Move> found;
    for (Move m : legal)
        if (fits(pos, m, san)) found.push_back(m);
    if (found.size() == 1) {
        if (error) error->clear();
        return found[0];
    }
    if (found.empty()) return fail("illegal");
    std::string list;
    for (Move m : found) list += (list.empty() ? "" : ", ") + move_text(pos, m);
    return fail("ambiguous", "matches " + list);
}

std::string pgn_tag(std::string_view text, std::string_view name) {
    for (size_t at = text.find('['); at != std::string_view::npos; at = text.find('[', at + 1)) {
        size_t i = at + 1;
        while (i < text.size() && text[i] == ' ') ++i;
        if (text.substr(i, name.size()) != name) continue;
        i += name.size();
        if (i >= text.size() || (text[i] != ' ' && text[i] != '"')) continue;
        size_t open = text.find('"', i),
               close = open == std::string_view::npos ? open : text.find('"', open + 1);
        size_t end = text.find(']', i);
        if (close == std::string_view::npos || end < close) continue;
        return std::string(text.substr(open + 1, close - open - 1));
    }
    return "";
}

} // namespace dynamo
