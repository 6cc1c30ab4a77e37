// The problem's grammar: keywords in any order up to `nextproblem` / `endproblem`, several
// problems in a file. The parts a keyword reads are in format/reader/.

#include "format/input/problem_reader.h"
#include "format/base/text_input.h"

#include "format/input/reader/reader.h"

namespace dynamo {

namespace reader {

ReadResult Reader::run() {
    if (lex_.peek().eof()) {
        report(nullptr, Token{}, Phrase::NoProblem);
        return std::move(result_);
    }
    Token first = lex_.peek();
    Token begin{};
    if (auto lang = begin_language(first.text)) {
        lang_ = *lang;
        begin = lex_.next();
    } else if (auto c = command(first.text); c.kind == Lookup<Cmd>::One && c.value == Cmd::Begin) {
        begin = lex_.next();
    }

    for (int index = 1;; ++index) {
        if (lex_.peek().eof()) { // after `nextproblem`, or a file that is only `beginproblem`
            Message missing(Phrase::MissingEnd, {word(Cmd::End)});
            Token at = lex_.peek();
            // After `nextproblem` the problems read are whole: a note.
            if (index > 1)
                note(at, missing);
            else
                report(nullptr, at, missing);
            break;
        }
        Problem p;
        p.file = name_;
        p.index = index;
        p.line = begin.eof() ? lex_.peek().line : begin.line;
        begin = Token{};
        Ending ending = read_problem(p, begin);
        result_.problems.push_back(std::move(p));
        if (ending == Ending::Eof) break;
        if (ending == Ending::End) {
            after_end(begin);
            if (begin.eof()) break;
        }
    }
    return std::move(result_);
}

// After `endproblem`: the end of the file, or (concatenated files) another `beginproblem`.
void Reader::after_end(Token& begin) {
    bool reported = false;
    while (!lex_.peek().eof()) {
        Token t = lex_.next();
        auto c = command(t.text);
        if (c.kind == Lookup<Cmd>::One && c.value == Cmd::Begin) {
            begin = t;
            return;
        }
        if (!reported)
            report(nullptr, t,
                   Message(Phrase::ExpectedBeginAfterEnd,
                           {word(Cmd::Begin), word(Cmd::End), quoted(t.text)}));
        reported = true;
    }
}

void Reader::check_complete(Problem& p, const Token& at, const Message& before) {
    if (!p.errors.empty()) return;
    if (!p.has_stipulation)
        report(&p, at, Message(Phrase::MissingStipulation, {word(Cmd::Stipulation), before}));
    if (!p.has_pieces)
        report(&p, at, Message(Phrase::MissingPieces, {word(Cmd::Pieces), before, "forsyth"}));
}

Ending Reader::read_problem(Problem& p, Token& begin) {
    previous_.reset();
    bool in_twins = false, empty = true;
    try {
        for (;;) {
            if (lex_.peek().eof()) {
                // A complete problem without its `endproblem` is still solved (as Popeye does);
                // the missing word is a note.
                Token at = lex_.peek();
                check_complete(p, at, Phrase::TheEndOfTheFile);
                Message missing(Phrase::MissingEnd, {word(Cmd::End)});
                if (p.ok())
                    note(at, missing);
                else
                    report(&p, at, missing);
                return Ending::Eof;
            }
            Token t = lex_.next();
            auto found_cmd = command(t.text);
            if (found_cmd.kind == Lookup<Cmd>::Ambiguous)
                fail(t, Message(Phrase::AmbiguousKeyword,
                                {quoted(t.text), one_of(found_cmd.candidates)}));
            Cmd cmd = found_cmd.value;
            // After the first twin only twins follow (Popeye), and remarks.
            if (in_twins && (found_cmd.kind == Lookup<Cmd>::None ||
                             (cmd != Cmd::Remark && cmd != Cmd::Twin && cmd != Cmd::End &&
                              cmd != Cmd::Next && cmd != Cmd::Begin)))
                fail(t,
                     Message(Phrase::ExpectedTwinChangeAfterTwins,
                             {word(Cmd::Twin), word(Cmd::Next), word(Cmd::End), quoted(t.text)}));
            if (found_cmd.kind == Lookup<Cmd>::None)
                fail(t,
                     Message(Phrase::UnknownKeyword, {quoted(t.text), expected_keywords(lang_)}));
            switch (cmd) {
            case Cmd::Title:
            case Cmd::Author:
            case Cmd::Origin:
            case Cmd::Award:
            case Cmd::Remark: {
                // Printed and written to JSON: UTF-8, with no control characters (text_input.h).
                std::string text = free_text(lex_.rest_of_line());
                if (text.empty()) break; // as Popeye: nothing to keep
                auto& list = cmd == Cmd::Title    ? p.titles
                             : cmd == Cmd::Author ? p.authors
                             : cmd == Cmd::Origin ? p.origins
                             : cmd == Cmd::Award  ? p.awards
                                                  : p.remarks;
                if (cmd == Cmd::Remark) read_remark(p, t, text);
                list.push_back(std::move(text));
                break;
            }
            case Cmd::Protocol: // Popeye's copy of its output in a file
                lex_.rest_of_line();
                note(t, Message(Phrase::ProtocolNotActedOn, {word(cmd)}));
                break;
            case Cmd::Pieces: read_pieces(p); break;
            case Cmd::Forsyth: read_forsyth(p); break;
            case Cmd::Stipulation:
                p.stipulation = read_stipulation();
                p.has_stipulation = true;
                break;
            case Cmd::Condition: read_condition(t, false, p.rules, p.condition_text); break;
            case Cmd::Option: read_options(p, t); break;
            case Cmd::Twin:
                in_twins = true;
                read_twin(p, t);
                break;
            case Cmd::End:
            case Cmd::Next:
                check_complete(p, t, "'" + word(cmd) + "'");
                return cmd == Cmd::End ? Ending::End : Ending::Next;
            case Cmd::Begin:
                if (empty) break; // `nextproblem` then `beginproblem`
                begin = t;
                report(&p, t,
                       Message(Phrase::ExpectedEndBeforeBegin,
                               {word(Cmd::Next), word(Cmd::End), word(Cmd::Begin)}));
                return Ending::Begin;
            case Cmd::SStipulation:
                fail(t,
                     Message(Phrase::StructuredStipulation, {word(cmd), word(Cmd::Stipulation)}));
            case Cmd::LaTeX:
            case Cmd::LaTeXPieces: skip_latex(t, cmd); break;
            case Cmd::ZeroPosition:
            case Cmd::InitialGameArray: fail(t, Message(Phrase::KeywordNotSupported, {word(cmd)}));
            }
            empty = false;
        }
    } catch (const ParseError& e) {
        report(&p, e.diagnostic);
        return resync(p, begin);
    }
}

// LaTeX: Popeye writes a LaTeX file of the problem, named on the rest of the line, with the
// piece names that follow (LaTeXPieces too), one a line: a fairy piece's code of one or two
// letters, its LaTeX abbreviation, its name. Read and noted, not acted on.
void Reader::skip_latex(const Token& keyword, Cmd cmd) {
    if (cmd == Cmd::LaTeX) lex_.rest_of_line();
    for (;;) {
        const Token& code = lex_.peek();
        if (code.eof() || code.text.size() > 2 || !is_alpha(code.text[0]) ||
            (code.text.size() == 2 && !is_alpha(code.text[1])))
            break;
        // "e" alone on its line is the command, not a piece.
        if (Token abbr = lex_.peek_second(); abbr.eof() || abbr.line != code.line) break;
        lex_.next(), lex_.next();
        lex_.rest_of_line();
    }
    note(keyword, Message(Phrase::LaTeXNotActedOn, {word(cmd)}));
}

// Skips to the problem's end: `nextproblem`, `endproblem`, a new `beginproblem` or the end of
// the file. Free text is skipped by lines, so that a title saying "the end" is no ending. A
// keyword of one or two letters ("e", "ne") counts only as the first word of its line, so that
// the rest of a bad pieces line ("b", "n") is not taken for `beginproblem` or `nextproblem`.
Ending Reader::resync(Problem& p, Token& begin) {
    for (;;) {
        if (lex_.peek().eof()) {
            report(&p, lex_.peek(), Message(Phrase::MissingEnd, {word(Cmd::End)}));
            return Ending::Eof;
        }
        Token t = lex_.next();
        auto c = command(t.text);
        if (c.kind != Lookup<Cmd>::One) continue;
        bool free_text = is_free_text(c.value);
        if (t.text.size() < 3 && !t.starts_line) continue;
        if (t.text.size() < 3 && !free_text) {
            // "e" alone on its line ends the problem; "b a1" is a piece left over.
            const Token& after = lex_.peek();
            if (!after.eof() && after.line == t.line) continue;
        }
        if (c.value == Cmd::End) return Ending::End;
        if (c.value == Cmd::Next) return Ending::Next;
        if (c.value == Cmd::Begin) {
            begin = t;
            return Ending::Begin;
        }
        if (free_text) lex_.rest_of_line();
    }
}

bool Reader::is_keyword(const Token& t, bool in_twin) const {
    if (in_twin && find_twin_change(t.text, lang_).kind != Lookup<TwinKw>::None) return true;
    return command(t.text).kind != Lookup<Cmd>::None;
}

} // namespace reader

ReadResult read_problems(std::string_view text, const std::string& name) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3); // UTF-8 byte order mark
    return reader::Reader(text, name).run();
}

ReadResult read_problem_file(const std::string& path) {
    std::string text, reason;
    if (!read_text_file(path, text, reason)) {
        ReadResult r;
        // The reasons read_text_file gives, in the language; another (the system's) as it is.
        Message why = reason == "no such file"        ? Message(Phrase::NoSuchFile)
                      : reason == "permission denied" ? Message(Phrase::PermissionDenied)
                      : reason == "is a directory"    ? Message(Phrase::IsADirectory)
                                                      : Message(reason);
        r.errors.push_back(diagnostic(path, 0, 0, Message(Phrase::CannotReadFile, {why})));
        return r;
    }
    return read_problems(text, path);
}

} // namespace dynamo
