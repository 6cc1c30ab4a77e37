// pieces and forsyth: `white|black` then pieces (in the file's language), or a FEN board.

#include "format/input/reader/reader.h"

#include "format/base/fen.h"
#include "format/base/notation.h"

#include <optional>

namespace dynamo::reader {

namespace {

Message given_twice(Square s, Piece old, Piece piece) {
    return Message(Phrase::SquareGivenTwice, {square_name(s), piece_arg(piece_text(old, s)),
                                              piece_arg(piece_text(piece, s))});
}

} // namespace

void Reader::read_pieces(Problem& p) {
    read_piece_groups(word(Cmd::Pieces), false, [&](Piece piece, Square s, const Token& at) {
        if (Piece old = p.pieces.piece_on(s)) fail(at, given_twice(s, old, piece));
        p.pieces.put(piece, s);
    });
    p.has_pieces = true;
}

// `white|black` then pieces, as often as wanted; ends at a word that is neither.
void Reader::read_piece_groups(std::string_view name, bool in_twin, const AddPiece& add) {
    auto colour_of = [this](const Token& t) { return find_colour(t.text, lang_); };
    const Message white_or_black =
        or_list({"'" + std::string(colour_word(Colour::White, lang_)) + "'",
                 "'" + std::string(colour_word(Colour::Black, lang_)) + "'"});
    Token c = lex_.next();
    auto colour = colour_of(c);
    if (colour.kind != Lookup<Colour>::One || colour.value == Colour::Neutral)
        fail(c, Message(Phrase::ExpectedColourAfter,
                        {white_or_black, std::string(name), found(c),
                         colour.value == Colour::Neutral && colour.kind == Lookup<Colour>::One
                             ? Message(Phrase::NeutralNotSupported)
                             : Message()}));
    for (;;) {
        Color side = colour.value == Colour::White ? WHITE : BLACK;
        int count = 0, line = c.line;
        for (;;) {
            const Token& t = lex_.peek();
            if (t.eof() || colour_of(t).kind == Lookup<Colour>::One) break;
            // A lone letter is a piece when squares follow ("K a1"), otherwise maybe a keyword.
            bool piece_then_squares = false;
            if (t.text.size() == 1 && piece_type_of(t.text[0], lang_) != NO_PIECE_TYPE) {
                Lexer ahead = lex_;
                ahead.next();
                piece_then_squares = is_square_list(ahead.peek().text);
            }
            if (!piece_then_squares && is_keyword(t, in_twin)) break;
            // On a later line only piece-shaped words go on the list: anything else is the next
            // command, misspelt or not, and is better reported as such.
            if (t.line != line && !piece_then_squares && !is_piece_shaped(t.text)) break;
            Token pt = lex_.next();
            line = pt.line;
            auto [type, squares] = read_piece(pt);
            for (Square s : squares) add(make_piece(side, type), s, pt);
            ++count;
        }
        if (count == 0)
            fail(lex_.peek(), Message(Phrase::ExpectedPieceAfter,
                                      {piece_examples(lang_), quoted(c.text), found(lex_.peek())}));
        const Token& t = lex_.peek();
        if (t.eof() || colour_of(t).kind != Lookup<Colour>::One) break;
        c = lex_.next();
        colour = colour_of(c);
        if (colour.value == Colour::Neutral)
            fail(c, Message(Phrase::ExpectedColour, {white_or_black, quoted(c.text),
                                                     Message(Phrase::NeutralNotSupported)}));
    }
}

// One piece word: a letter and squares ("Pa2b3c4"), or a lone letter with the squares in the
// next word. Popeye's piece codes have one or two characters, so "nra1" is a two-letter
// (fairy) code; an unknown code followed by good squares is a fairy piece.
std::pair<PieceType, std::vector<Square>> Reader::read_piece(const Token& t) {
    std::string_view s = t.text;
    auto fairy = [&](std::string_view code) {
        fail(t, Message(Phrase::FairyPiece, {piece_letters(lang_), quoted(code)}));
    };
    auto not_a_piece = [&](std::string_view s) {
        return Message(Phrase::ExpectedPiece, {piece_examples(lang_), quoted(s)});
    };
    std::vector<Square> squares;
    PieceType type = piece_type_of(s[0], lang_);
    if (s.size() == 1) {
        if (type == NO_PIECE_TYPE) {
            if (is_alpha(s[0])) fairy(s);
            fail(t, not_a_piece(s));
        }
        Token sq = lex_.next();
        if (!parse_squares(sq.text, squares))
            fail(sq, Message(Phrase::ExpectedSquaresAfter, {quoted(s), found(sq)}));
        return {type, squares};
    }
    bool two_letter_code = s.size() >= 4 && s.size() % 2 == 0 && is_alnum(s[0]) && is_alnum(s[1]) &&
                           is_square_list(s.substr(2));
    if (type != NO_PIECE_TYPE) {
        size_t bad = 0;
        if (parse_squares(s.substr(1), squares, &bad)) return {type, squares};
        if (two_letter_code) fairy(s.substr(0, 2));
        // A miswritten square ("Ki9", "Ka1b"), or no squares at all ("royal").
        std::string_view pair = s.substr(1 + bad, 2);
        if (bad > 0 || (pair.size() == 2 && is_alpha(pair[0]) && is_digit(pair[1])))
            fail(t, Message(Phrase::ExpectedSquare, {quoted(pair)}));
        fail(t, not_a_piece(s));
    }
    if (s.size() % 2 == 1 && is_alpha(s[0]) && is_square_list(s.substr(1))) fairy(s.substr(0, 1));
    if (two_letter_code) fairy(s.substr(0, 2));
    fail(t, not_a_piece(s));
}

// Popeye's Forsyth: the squares from a8 to h8, then a7 ... h1, one run; a number (one or two
// digits) skips that many squares, '/' is only a separator (a short rank goes on in the next),
// the letters are the file's language's (upper case White, lower case Black; '+' or '-' before
// a letter sets the colour), and the squares not reached stay empty.
void Reader::read_forsyth(Problem& p) {
    Token t = lex_.next();
    if (t.eof()) fail(t, Message(Phrase::ExpectedFen, {Message(Phrase::EndOfFile), "forsyth"}));
    std::string_view s = t.text;
    int index = 0; // 0 is a8, 63 is h1
    for (size_t i = 0; i < s.size() && index < SQUARE_NB;) {
        char c = s[i];
        if (is_digit(c)) {
            int skip = c - '0';
            if (++i < s.size() && is_digit(s[i])) skip = 10 * skip + (s[i++] - '0');
            index += skip;
            continue;
        }
        if (c == '/') {
            ++i;
            continue;
        }
        std::optional<Color> colour;
        if (c == '=')
            fail(t, Message(Phrase::ExpectedColour, {"'+' or '-'", quoted(s.substr(i, 2)),
                                                     Message(Phrase::NeutralNotSupported)}));
        if (c == '+' || c == '-') colour = c == '+' ? WHITE : BLACK, ++i;
        if (i < s.size() && s[i] == '.')
            fail(t, Message(Phrase::FairyPiece, {piece_letters(lang_), quoted(s.substr(i + 1, 2))}));
        if (i == s.size()) fail(t, Message(Phrase::ExpectedPiece, {piece_examples(lang_), quoted(s)}));
        char letter = s[i++];
        PieceType type = piece_type_of(letter, lang_);
        if (type == NO_PIECE_TYPE) {
            if (is_alpha(letter))
                fail(t, Message(Phrase::FairyPiece, {piece_letters(lang_), quoted({&s[i - 1], 1})}));
            fail(t, Message(Phrase::ExpectedPiece, {piece_examples(lang_), quoted({&s[i - 1], 1})}));
        }
        Color side = colour ? *colour : letter >= 'a' && letter <= 'z' ? BLACK : WHITE;
        Square sq = make_square(index % 8, 7 - index / 8);
        Piece piece = make_piece(side, type);
        if (Piece old = p.pieces.piece_on(sq)) fail(t, given_twice(sq, old, piece));
        p.pieces.put(piece, sq);
        ++index;
    }
    p.has_pieces = true;
}

} // namespace dynamo::reader
