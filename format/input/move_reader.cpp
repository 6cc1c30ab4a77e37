#include "format/input/move_reader.h"

#include "format/base/fen.h"
#include "format/base/language.h"
#include "format/base/notation.h"
#include "solver/rules/movegen.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

namespace dynamo {

namespace {

// A move as written, before it is looked for among the legal moves. Squares as in Move: `to`
// equal to `from` means the piece stays, SQ_OUT that it leaves the board.
struct WrittenPart {
    char letter = 0; // the piece letter, 0 when none is written
    Square from = SQ_NONE;
    Square to = SQ_NONE;
};

struct WrittenMove {
    enum Kind { NORMAL, SHORT_CASTLING, LONG_CASTLING } kind = NORMAL;
    WrittenPart active;
    bool has_passive = false;
    WrittenPart passive;
    char promotion = 0;   // the letter after '=', written after either part
    bool capture = false; // orthodox '*', 'x' or ':'
    bool en_passant = false;
};

bool is_piece_letter(char c) { return c >= 'A' && c <= 'Z' && c != 'E'; } // E: "out"

// Drops what only annotates a move: spaces, the check, mate and stalemate signs, "!" and "?",
// "ep."; reads an en dash as '-'. A '=' stays only before a letter: there it is a promotion.
std::string normalise(std::string_view text, bool& en_passant) {
    std::string s;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i, 3) == "\xE2\x80\x93") {
            s += '-';
            i += 2;
        } else if (!std::isspace(static_cast<unsigned char>(text[i])) &&
                   !std::strchr("+#!?", text[i])) {
            s += text[i];
        }
    }
    en_passant = false;
    for (std::string_view ep : {"e.p.", "ep.", "ep"})
        if (s.size() > ep.size() && s.ends_with(ep)) {
            s.erase(s.size() - ep.size());
            en_passant = true;
            break;
        }
    std::string kept;
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] != '=' || (i + 1 < s.size() && is_piece_letter(s[i + 1]))) kept += s[i];
    return kept;
}

// Reads a normalised move; each error says what was expected where.
class MoveReader {
  public:
    explicit MoveReader(std::string_view s) : s_(s) {}

    std::string read(WrittenMove& w) {
        std::string castling(s_);
        std::replace(castling.begin(), castling.end(), 'O', '0');
        std::replace(castling.begin(), castling.end(), 'o', '0');
        if (castling == "0-0" || castling == "0-0-0") {
            w.kind = castling == "0-0" ? WrittenMove::SHORT_CASTLING : WrittenMove::LONG_CASTLING;
            return "";
        }

        if (auto e = part(w.active, false, w); !e.empty()) return e;
        if (peek() == '/') {
            ++i_;
            w.has_passive = true;
            if (auto e = part(w.passive, true, w); !e.empty()) return e;
        } else if (w.active.to == w.active.from) {
            return expected("'-' and a square, 'E' or '/'");
        }
        if (i_ < s_.size()) return expected("the end of the move");
        return "";
    }

  private:
    char peek(size_t ahead = 0) const { return i_ + ahead < s_.size() ? s_[i_ + ahead] : '\0'; }
    bool accept(char c) {
        if (peek() != c || !c) return false;
        ++i_;
        return true;
    }
    bool square_ahead() const {
        return peek() >= 'a' && peek() <= 'h' && peek(1) >= '1' && peek(1) <= '8';
    }
    Square square() {
        Square s = make_square(peek() - 'a', peek(1) - '1');
        i_ += 2;
        return s;
    }
    std::string expected(const std::string& what) const {
        if (i_ >= s_.size()) return "expected " + what + " at the end";
        return "expected " + what + " at '" + std::string(s_.substr(i_)) + "'";
    }

    // [letter] square, then '-' square | 'E' | '*' square (orthodox) | nothing (stays), then
    // an optional promotion. A passive piece must move.
    std::string part(WrittenPart& p, bool passive, WrittenMove& w) {
        if (is_piece_letter(peek())) p.letter = s_[i_++];
        if (!square_ahead()) return expected("a square");
        p.from = p.to = square();
        bool dash = accept('-');
        if (accept('E')) {
            p.to = SQ_OUT;
        } else if (!dash && !passive && (accept('*') || accept('x') || accept(':'))) {
            w.capture = true;
            if (!square_ahead()) return expected("a square");
            p.to = square();
        } else if (square_ahead()) { // the '-' may be left out
            p.to = square();
        } else if (dash) {
            return expected("a square or 'E'");
        } else if (passive) {
            return expected("'-' and a square, or 'E'");
        }
        accept('='); // normalise() kept it only before a letter
        if (is_piece_letter(peek())) {
            if (w.promotion) return expected("one promotion only");
            w.promotion = s_[i_++];
        }
        return "";
    }

    std::string_view s_;
    size_t i_ = 0;
};

bool letter_fits(char letter, Piece p, Language lang) {
    return !letter || letter == piece_letter(type_of(p), lang) ||
           (letter == 'N' && type_of(p) == KNIGHT);
}

PieceType promotion_type(char letter, Language lang) {
    if (letter == 'N') return KNIGHT;
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
        if (piece_letter(pt, lang) == letter) return pt;
    return NO_PIECE_TYPE;
}

// What a move does (docs/rules.md, "3.5 A move is what it does"): the placement and the castling
// eligibility after it.
struct Result {
    Placement placement;
    CastlingRights castling;
    bool operator==(const Result&) const = default;
};

Result result_of(const Position& pos, Move m) {
    Result r{pos.placement(), pos.castling_after(m)};
    r.placement.remove(pos.piece_on(m.active_from()), m.active_from());
    if (m.has_passive()) {
        r.placement.remove(pos.piece_on(m.passive_from()), m.passive_from());
        if (m.passive_to() != SQ_OUT) r.placement.put(pos.passive_after(m), m.passive_to());
    }
    if (m.active_to() != SQ_OUT) r.placement.put(pos.active_after(m), m.active_to());
    return r;
}

// Whether the legal move m is written by w, field by field. `promo` is w's promotion read in
// the language tried; a promotion left out matches every choice (the text is then ambiguous).
bool fields_match(const Position& pos, Move m, const WrittenMove& w, PieceType promo) {
    if (m.active_from() != w.active.from || (w.promotion && m.promotion() != promo)) return false;
    if (m.is_castling()) // also written as the king's two-square step
        return w.active.to == m.active_to() && !w.capture &&
               (!w.has_passive ||
                (w.passive.from == m.passive_from() && w.passive.to == m.passive_to()));
    if (!pos.rules().is_dynamo()) // from and to decide an orthodox move; 'x' may be left out
        return !w.has_passive && w.active.to == m.active_to() && (!w.capture || m.has_passive()) &&
               (!w.en_passant || m.is_en_passant());
    if (w.capture || w.en_passant || w.active.to != m.active_to() ||
        w.has_passive != m.has_passive())
        return false;
    return !w.has_passive || (w.passive.from == m.passive_from() && w.passive.to == m.passive_to());
}

// The legal moves w names when its letters are read in `lang`: written as our writer writes
// them, or failing that (Dynamo) written as another way with the same result (docs/rules.md, "3.5 A
// move is what it does").
std::vector<Move> matches(const Position& pos, const MoveList& legal, const WrittenMove& w,
                          Language lang) {
    std::vector<Move> found;
    if (w.kind != WrittenMove::NORMAL) {
        int file = w.kind == WrittenMove::SHORT_CASTLING ? 6 : 2;
        for (Move m : legal)
            if (m.is_castling() && file_of(m.active_to()) == file) found.push_back(m);
        return found;
    }
    PieceType promo = NO_PIECE_TYPE;
    if (w.promotion && !(promo = promotion_type(w.promotion, lang))) return found;
    Piece a = pos.piece_on(w.active.from);
    if (!a || color_of(a) != pos.side_to_move() || !letter_fits(w.active.letter, a, lang))
        return found;
    Piece p = w.has_passive ? pos.piece_on(w.passive.from) : NO_PIECE;
    if (w.has_passive &&
        (!p || w.passive.from == w.active.from || !letter_fits(w.passive.letter, p, lang)))
        return found;

    for (Move m : legal)
        if (fields_match(pos, m, w, promo)) found.push_back(m);
    if (!found.empty() || !pos.rules().is_dynamo() || !w.has_passive || w.capture || w.en_passant)
        return found;

    auto ways = dynamo_ways(pos, w.active.from);
    Move way = Move::dynamo(w.active.from, w.active.to, w.passive.from, w.passive.to);
    if (std::find(ways.begin(), ways.end(), way) == ways.end()) return found;
    bool promotes =
        (type_of(a) == PAWN && w.active.to != w.active.from && promotes_on(a, w.active.to)) ||
        (type_of(p) == PAWN && promotes_on(p, w.passive.to));
    if (w.promotion && !promotes) return found;
    std::vector<PieceType> choices{promo};
    if (promotes && !w.promotion) choices = {QUEEN, ROOK, BISHOP, KNIGHT};
    for (PieceType choice : choices) {
        Result r = result_of(pos, Move(way.active_from(), way.active_to(), way.passive_from(),
                                       way.passive_to(), choice, Move::NORMAL));
        for (Move m : legal)
            if (result_of(pos, m) == r) found.push_back(m);
    }
    return found;
}

} // namespace

Move parse_move(const Position& pos, std::string_view text, std::string* error, Language lang) {
    auto fail = [&](const std::string& what, const std::string& detail = "") {
        if (error)
            *error = what + " move '" + std::string(text) + "' in position " + to_fen(pos) +
                     (detail.empty() ? "" : ": " + detail);
        return Move::none();
    };

    WrittenMove w;
    std::string normal = normalise(text, w.en_passant);
    if (normal.empty()) return fail("cannot read", "no move written");
    if (auto e = MoveReader(normal).read(w); !e.empty()) return fail("cannot read", e);

    MoveList legal;
    generate_legal(pos, legal);
    // The language asked for first; then any reading of the letters that names one move.
    std::vector<Move> found = matches(pos, legal, w, lang);
    if (found.empty())
        for (Language other :
             {Language::English, Language::German, Language::French, Language::Italian})
            if (other != lang)
                for (Move m : matches(pos, legal, w, other))
                    if (std::find(found.begin(), found.end(), m) == found.end()) found.push_back(m);

    if (found.size() == 1) {
        if (error) error->clear();
        return found[0];
    }
    if (found.empty()) return fail("illegal");
    std::vector<std::string> texts;
    for (Move m : found) texts.push_back(move_text(pos, m, lang));
    std::sort(texts.begin(), texts.end());
    std::string list;
    for (const auto& t : texts) list += (list.empty() ? "" : ", ") + t;
    return fail("ambiguous", "matches " + list);
}

namespace {
bool is_result(const std::string& token) {
    return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "\xC2\xBD-\xC2\xBD" ||
           token == "*";
}
} // namespace

std::vector<std::string> split_moves(std::string_view text) {
    std::string plain;
    int braces = 0, variations = 0;
    bool line_comment = false, tag = false;
    for (char c : text) { // comments and PGN's variations "( ... )" become spaces
        bool skip = line_comment || braces || tag || variations;
        if (line_comment)
            line_comment = c != '\n';
        else if (braces)
            braces += c == '{' ? 1 : c == '}' ? -1 : 0;
        else if (tag)
            tag = c != ']';
        else if (variations)
            variations += c == '(' ? 1 : c == ')' ? -1 : 0;
        else if (c == '{')
            braces = 1, skip = true;
        else if (c == '(')
            variations = 1, skip = true;
        else if (c == ';')
            line_comment = true, skip = true;
        else if (c == '[')
            tag = true, skip = true;
        plain += skip ? ' ' : c;
    }

    std::vector<std::string> moves;
    std::istringstream in(plain);
    for (std::string token; in >> token;) {
        size_t digits = 0;
        while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
            ++digits;
        if (digits && digits < token.size() && token[digits] == '.') // a move number
            token.erase(0, token.find_first_not_of('.', digits));
        if (token.empty() || is_result(token) || token[0] == '$' ||
            token.find_first_not_of("+#!?=.") == std::string::npos) // an annotation written apart
            continue;
        if ((token == "ep." || token == "e.p.") && !moves.empty())
            moves.back() += " " + token;
        else
            moves.push_back(token);
    }
    return moves;
}

} // namespace dynamo
