// The reader of problem files, shared by its parts: the problem's grammar
// (problem_reader.cpp), pieces, stipulation, condition, options, remarks and twins (one file
// each here). A problem stops at its first error: the error is recorded and reading resumes at
// the problem's `nextproblem` / `endproblem`, so the other problems are still read.
#pragma once

#include "format/input/reader/keywords.h"
#include "format/input/reader/lexer.h"
#include "format/input/reader/options.h"
#include "format/input/reader/words.h"

#include "format/input/reader/result.h"

#include <functional>
#include <optional>
#include <string>

namespace dynamo::reader {

struct ParseError {
    Diagnostic diagnostic;
};

enum class Ending { Next, End, Begin, Eof };

// Twin changes, applied alike while reading (to check them and name them) and afterwards.
void apply_change(ProblemInstance& inst, const TwinChange& c);
ProblemInstance diagram_of(const Problem& p);
// Popeye's twin letters: a) ... z), then z1), z2) ...
std::string twin_letter(size_t index);

class Reader {
  public:
    Reader(std::string_view text, const std::string& name) : lex_(text), name_(name) {}
    ReadResult run();

  private:
    Diagnostic diagnostic(const Token& at, Message message) const {
        return dynamo::diagnostic(name_, at.line, at.column, std::move(message));
    }
    [[noreturn]] void fail(const Token& at, Message message) const {
        throw ParseError{diagnostic(at, std::move(message))};
    }
    void report(Problem* p, const Diagnostic& d) {
        if (p) p->errors.push_back(d);
        result_.errors.push_back(d);
    }
    void report(Problem* p, const Token& at, Message message) {
        report(p, diagnostic(at, std::move(message)));
    }
    void note(const Token& at, Message message) {
        result_.notes.push_back(
            dynamo::diagnostic(name_, at.line, at.column, std::move(message), true));
    }
    static Message found(const Token& t) {
        return t.eof() ? Message(Phrase::EndOfFile) : Message(quoted(t.text));
    }
    // What follows `after` on its line: the next token, or "end of line".
    Message found_on_line(const Token& after) {
        const Token& t = lex_.peek();
        return t.eof() || t.line == after.line ? found(t) : Message(Phrase::EndOfLine);
    }
    std::string word(Cmd c) const { return std::string(command_word(c, lang_)); }
    std::string change_word(TwinKw k) const { return std::string(twin_change_word(k, lang_)); }
    Message supported_changes(bool or_last) const;

    // problem_reader.cpp
    Ending read_problem(Problem& p, Token& begin);
    Ending resync(Problem& p, Token& begin);
    void skip_latex(const Token& keyword, Cmd cmd);
    void after_end(Token& begin);
    void check_complete(Problem& p, const Token& at, const Message& before);
    bool is_keyword(const Token& t, bool in_twin) const;
    Lookup<Cmd> command(std::string_view token) const { return find_command(token, lang_); }

    // remarks.cpp
    void read_remark(Problem& p, const Token& at, const std::string& remark);
    void read_verdict_remark(Problem& p, const Token& at, std::string_view given) const;
    void read_intended_remark(Problem& p, const Token& at, std::string_view given) const;
    void read_prev_remark(Problem& p, const Token& at, std::string_view given) const;

    // pieces.cpp
    void read_pieces(Problem& p);
    using AddPiece = std::function<void(Piece, Square, const Token&)>;
    void read_piece_groups(std::string_view name, bool in_twin, const AddPiece& add);
    std::pair<PieceType, std::vector<Square>> read_piece(const Token& t);
    void read_forsyth(Problem& p);

    // stipulation.cpp
    Stipulation read_stipulation();
    Stipulation parse_stipulation(const Token& t) const;

    // conditions.cpp
    std::vector<std::string_view> read_condition_words(const Token& keyword, bool in_twin);
    void read_condition(const Token& keyword, bool in_twin, RuleSet& rules, std::string& text);

    // option_reader.cpp
    void read_options(Problem& p, const Token& keyword);
    OptionArgs read_option_args(const OptionDef& def, std::string_view name, int line);
    int read_number(std::string_view option, int min);
    std::string read_squares(std::string_view option, std::vector<Square>* out);

    // twins.cpp
    Square read_square();
    void read_twin(Problem& p, const Token& keyword);

    Lexer lex_;
    const std::string& name_;
    InputLanguage lang_ = InputLanguage::English;
    ReadResult result_;
    std::optional<ProblemInstance> previous_; // the last twin read, for `twin continued`
};

} // namespace dynamo::reader
