// option: Popeye reads options until a word that is none, across lines. On the option's own
// line an unknown word is an error; on a later line it ends the options (it is the next
// command). What each option does is its row in options.cpp.

#include "format/input/reader/options.h"
#include "format/input/reader/reader.h"

namespace dynamo::reader {

namespace {

constexpr int NUMBER_MAX = 999999999;

} // namespace

int Reader::read_number(std::string_view option, int min) {
    Token t = lex_.next();
    if (!all_digits(t.text))
        fail(t, Message(Phrase::ExpectedNumber, {std::string(option), found(t)}));
    std::string_view digits = t.text;
    while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
    long long value = digits.size() > 10 ? NUMBER_MAX + 1LL : std::stoll(std::string(digits));
    if (value < min || value > NUMBER_MAX)
        fail(t,
             Message(Phrase::ExpectedNumberFromTo, {std::to_string(min), std::to_string(NUMBER_MAX),
                                                    std::string(option), quoted(t.text)}));
    return int(value);
}

// One or more words of squares ("a1h1" or "a1 h1"); returns them as written.
std::string Reader::read_squares(std::string_view option, std::vector<Square>* out) {
    std::vector<Square> squares;
    std::string written;
    Token t = lex_.next();
    if (!parse_squares(t.text, squares))
        fail(t, Message(Phrase::ExpectedSquaresAfter, {"'" + std::string(option) + "'", found(t)}));
    written = t.text;
    while (!lex_.peek().eof() && is_square_list(lex_.peek().text)) {
        Token more = lex_.next();
        parse_squares(more.text, squares);
        written += " " + std::string(more.text);
    }
    if (out) out->insert(out->end(), squares.begin(), squares.end());
    return written;
}

// The words after an option, as its row says.
OptionArgs Reader::read_option_args(const OptionDef& def, std::string_view name, int line) {
    OptionArgs a;
    a.line = line;
    auto number = [&] {
        a.numbers.push_back(read_number(name, def.min));
        a.written += (a.written.empty() ? "" : " ") + std::to_string(a.numbers.back());
    };
    switch (def.arg) {
    case Arg::None: break;
    case Arg::Number: number(); break;
    case Arg::OptionalNumber:
        if (all_digits(lex_.peek().text)) number();
        break;
    case Arg::TwoNumbers: number(), number(); break;
    case Arg::Squares: a.written = read_squares(name, &a.squares); break;
    case Arg::RookPair: {
        Token sq = lex_.next();
        std::string pair(sq.text);
        // "a1h8", or "a1 h8"
        if (sq.text.size() == 2 && lex_.peek().text.size() == 2 && is_square_list(sq.text) &&
            is_square_list(lex_.peek().text))
            pair += lex_.next().text;
        if (pair.size() != 4 || !is_square_list(pair))
            fail(sq, Message(Phrase::ExpectedTwoSquares, {std::string(name), found(sq)}));
        parse_squares(pair, a.squares);
        // Popeye takes the rooks of the game array: White's first, then Black's.
        auto on = [&](Square s, Square q, Square k) { return s == q || s == k; };
        if (!on(a.squares[0], SQ_A1, SQ_H1) || !on(a.squares[1], SQ_A8, SQ_H8))
            fail(sq, "expected a white rook's square (a1 or h1) and then a black one's (a8 or "
                     "h8) after '" +
                         std::string(name) + "', found " + quoted(pair));
        a.written = pair;
        break;
    }
    }
    return a;
}

void Reader::read_options(Problem& p, const Token& keyword) {
    ProblemOptions& o = p.options;
    int line = keyword.line, count = 0;
    for (;;) {
        const Token& t = lex_.peek();
        if (t.eof()) break;
        bool same_line = t.line == line;
        auto found_opt = find_option(t.text, lang_);
        if (found_opt.kind != Lookup<const OptionDef*>::One) {
            if (!same_line || is_keyword(t, false)) break;
            if (found_opt.kind == Lookup<const OptionDef*>::Ambiguous)
                fail(t, Message(Phrase::AmbiguousOption,
                                {quoted(t.text), one_of(found_opt.candidates)}));
            fail(t, Message(Phrase::UnknownOption, {quoted(t.text)}));
        }
        if (!same_line && is_keyword(t, false)) break;
        Token word = lex_.next();
        const OptionDef& def = *found_opt.value;
        std::string_view name = def.names.in(lang_);
        if (def.refused)
            fail(word, Message(Phrase::OptionNotSupported, {quoted(name), def.refused}));
        OptionArgs args = read_option_args(def, name, word.line);
        if (def.apply) def.apply(o, args);
        if (!def.apply || def.note != Phrase::Verbatim) {
            // Said at the option's own line: read, not acted on (or only in part).
            std::string text(name);
            if (!args.written.empty()) text += " " + args.written;
            Message said = text;
            if (def.note != Phrase::Verbatim) said = Message(Phrase::WithNote, {text, def.note});
            o.ignored.push_back(said.text());
            o.ignored_lines.push_back(word.line);
            o.ignored_said.push_back(std::move(said));
        }
        ++count;
        line = word.line; // options may go on over lines: "same line" is the last option's
    }
    if (count == 0)
        fail(keyword, Message(Phrase::ExpectedOption, {word(Cmd::Option), found_on_line(keyword)}));
}

} // namespace dynamo::reader
