#include "problem_reader.h"
#include "text_input.h"

#include "fen.h"
#include "notation.h"
#include "stipulation_text.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>

namespace dynamo {

namespace {

// ---------------------------------------------------------------------------------------------
// Text helpers

char lower_char(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = lower_char(c);
    return r;
}

bool iequal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (lower_char(a[i]) != lower_char(b[i])) return false;
    return true;
}

// True when `token` is a (case-insensitive) prefix of `word`; bounded by the word's length, so
// a huge token costs nothing.
bool is_prefix_of(std::string_view token, std::string_view word) {
    return !token.empty() && token.size() <= word.size() &&
           iequal(token, word.substr(0, token.size()));
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_alnum(char c) { return is_digit(c) || is_alpha(c); }
bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// A token or text quoted for a message: unprintable bytes escaped, long texts cut, so that a
// message stays one readable line whatever the input holds.
std::string quoted(std::string_view s) {
    constexpr size_t MAX = 40;
    std::string r = "'";
    for (size_t i = 0; i < std::min(s.size(), MAX); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f) {
            r += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            r += buf;
        }
    }
    if (s.size() > MAX) r += "...";
    return r + "'";
}

// "a", "a or b", "a, b or c".
std::string one_of(const std::vector<std::string_view>& words) {
    std::string r;
    for (size_t i = 0; i < words.size(); ++i) {
        if (i) r += i + 1 == words.size() ? " or " : ", ";
        r += words[i];
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Squares and pieces

std::optional<Square> square_at(std::string_view s, size_t i) {
    if (i + 2 > s.size()) return std::nullopt;
    char f = lower_char(s[i]), r = s[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    return make_square(f - 'a', r - '1');
}

// Reads a run of squares ("a1h1"); on failure returns false and sets `bad` to the offset of
// the first unreadable pair.
bool parse_squares(std::string_view s, std::vector<Square>& out, size_t* bad = nullptr) {
    if (s.empty()) {
        if (bad) *bad = 0;
        return false;
    }
    std::vector<Square> squares;
    for (size_t i = 0; i < s.size(); i += 2) {
        auto sq = square_at(s, i);
        if (!sq) {
            if (bad) *bad = i;
            return false;
        }
        squares.push_back(*sq);
    }
    out.insert(out.end(), squares.begin(), squares.end());
    return true;
}

bool is_square_list(std::string_view s) {
    if (s.empty() || s.size() % 2) return false;
    for (size_t i = 0; i < s.size(); i += 2)
        if (!square_at(s, i)) return false;
    return true;
}

// Shaped like a Popeye piece word: a one- or two-character code then squares ("ka1", "caa1b2"),
// whether or not the code is one we know.
bool is_piece_shaped(std::string_view s) {
    if (s.size() >= 3 && s.size() % 2 == 1) return is_alpha(s[0]) && is_square_list(s.substr(1));
    return s.size() >= 4 && is_alnum(s[0]) && is_alnum(s[1]) && is_square_list(s.substr(2));
}

// K Q R B S P, and N read as the knight too (Popeye's N is the nightrider, which nobody
// writing for Dynamo means).
PieceType piece_type_of(char c) {
    switch (lower_char(c)) {
    case 'k': return KING;
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 's':
    case 'n': return KNIGHT;
    case 'p': return PAWN;
    default: return NO_PIECE_TYPE;
    }
}

// Popeye's way of naming a piece in twin labels: "wRh2".
std::string piece_text(Piece p, Square s) {
    constexpr std::string_view LETTERS = " PSBRQK";
    return std::string(1, color_of(p) == WHITE ? 'w' : 'b') + LETTERS[type_of(p)] + square_name(s);
}

std::string given_twice(Square s, Piece old, Piece piece) {
    return "square " + square_name(s) + " is given twice (" + piece_text(old, s) + " and " +
           piece_text(piece, s) + ")";
}

// ---------------------------------------------------------------------------------------------
// Keyword tables. Lookup is Popeye's: case-insensitive, an exact match wins, otherwise a
// unique prefix.

template <class E>
struct Entry {
    std::string_view name;
    E value;
};

template <class E>
struct Lookup {
    enum Kind { None, One, Ambiguous } kind = None;
    E value{};
    std::vector<std::string_view> candidates; // Ambiguous: every word the token could abbreviate
};

template <class E>
Lookup<E> lookup(std::span<const Entry<E>> table, std::string_view token) {
    Lookup<E> r;
    for (const auto& e : table) {
        if (iequal(token, e.name)) return {Lookup<E>::One, e.value, {}};
        if (is_prefix_of(token, e.name)) r.candidates.push_back(e.name), r.value = e.value;
    }
    if (r.candidates.size() == 1) r.kind = Lookup<E>::One;
    else if (r.candidates.size() > 1) r.kind = Lookup<E>::Ambiguous;
    return r;
}

enum class Cmd {
    Remark, SStipulation, Author, Origin, Pieces, Condition, Option, Stipulation, Protocol, Title,
    LaTeX, LaTeXPieces, Award, InitialGameArray, Forsyth,
    End, Next, Twin, ZeroPosition,
    Begin
};

// Popeye looks a word up in these groups one after the other, so `t` is `title` (not `twin`)
// and `e` is `endproblem`.
constexpr Entry<Cmd> COMMANDS[] = {
    {"remark", Cmd::Remark}, {"sstipulation", Cmd::SStipulation}, {"author", Cmd::Author},
    {"origin", Cmd::Origin}, {"pieces", Cmd::Pieces}, {"condition", Cmd::Condition},
    {"option", Cmd::Option}, {"stipulation", Cmd::Stipulation}, {"protocol", Cmd::Protocol},
    {"title", Cmd::Title}, {"LaTeX", Cmd::LaTeX}, {"LaTeXPieces", Cmd::LaTeXPieces},
    {"award", Cmd::Award}, {"InitialGameArray", Cmd::InitialGameArray}, {"forsyth", Cmd::Forsyth},
};
constexpr Entry<Cmd> ENDINGS[] = {
    {"endproblem", Cmd::End}, {"nextproblem", Cmd::Next}, {"twin", Cmd::Twin},
    {"zeroposition", Cmd::ZeroPosition},
};
constexpr Entry<Cmd> BEGINNINGS[] = {{"beginproblem", Cmd::Begin}};

Lookup<Cmd> find_command(std::string_view token) {
    for (std::span<const Entry<Cmd>> group : {std::span<const Entry<Cmd>>(COMMANDS),
                                              std::span<const Entry<Cmd>>(ENDINGS),
                                              std::span<const Entry<Cmd>>(BEGINNINGS)}) {
        auto r = lookup(group, token);
        if (r.kind != Lookup<Cmd>::None) return r;
    }
    return {};
}

bool is_free_text(Cmd c) {
    return c == Cmd::Remark || c == Cmd::Author || c == Cmd::Origin || c == Cmd::Title ||
           c == Cmd::Award || c == Cmd::Protocol;
}

enum class TwinKw {
    Move, Exchange, Stipulation, SStipulation, Add, Remove, Continued, Rotate, Condition,
    PolishType, Mirror, Shift, Substitute
};
constexpr Entry<TwinKw> TWIN_CHANGES[] = {
    {"move", TwinKw::Move}, {"exchange", TwinKw::Exchange}, {"stipulation", TwinKw::Stipulation},
    {"sstipulation", TwinKw::SStipulation}, {"add", TwinKw::Add}, {"remove", TwinKw::Remove},
    {"continued", TwinKw::Continued}, {"rotate", TwinKw::Rotate}, {"condition", TwinKw::Condition},
    {"PolishType", TwinKw::PolishType}, {"mirror", TwinKw::Mirror}, {"shift", TwinKw::Shift},
    {"substitute", TwinKw::Substitute},
};

enum class Colour { White, Black, Neutral };
constexpr Entry<Colour> COLOURS[] = {
    {"white", Colour::White}, {"black", Colour::Black}, {"neutral", Colour::Neutral}};

// What an option does with the words after it.
enum class Arg { None, Number, OptionalNumber, TwoNumbers, Squares, SquarePair };
enum class Opt {
    Defence, SetPlay, WhiteToPlay, Variations, MoveNumbers, StartMoveNumber, NoWk, Duplex, NoBk,
    Threat, NoThreat, Try, MaxSolutions, MaxFlightsquares, Search, MultiSolutions, NoSymmetry,
    NonTrivial, KeepMatingPiece, EnPassant, NoBoard, NoShortVariations, HalfDuplex, PostKeyPlay,
    Intelligent, MaxTime, NoCastling, Quodlibet, StopOnShortSolutions, Beep, SuppressGrid,
    WriteGrid, CastlingMutuallyExclusive, GoalIsEnd, UpToMoveNumber, MatesIn1, TrivialTriesAvoid,
    NullMoves, Intended
};
struct OptionInfo {
    Opt opt;
    Arg arg;
    int min = 1; // smallest number accepted
};
// Popeye's English option table (same order, so abbreviations resolve alike), plus Intended.
constexpr Entry<OptionInfo> OPTIONS[] = {
    {"Defence", {Opt::Defence, Arg::Number}},
    {"SetPlay", {Opt::SetPlay, Arg::None}},
    {"WhiteToPlay", {Opt::WhiteToPlay, Arg::None}},
    {"Variations", {Opt::Variations, Arg::None}},
    {"MoveNumbers", {Opt::MoveNumbers, Arg::None}},
    {"StartMoveNumber", {Opt::StartMoveNumber, Arg::Number}},
    {"NoWk", {Opt::NoWk, Arg::None}},
    {"Duplex", {Opt::Duplex, Arg::None}},
    {"NoBk", {Opt::NoBk, Arg::None}},
    {"Threat", {Opt::Threat, Arg::OptionalNumber, 0}},
    {"NoThreat", {Opt::NoThreat, Arg::None}},
    {"Try", {Opt::Try, Arg::None}},
    {"MaxSolutions", {Opt::MaxSolutions, Arg::Number}},
    {"MaxFlightsquares", {Opt::MaxFlightsquares, Arg::Number, 0}},
    {"Search", {Opt::Search, Arg::None}},
    {"MultiSolutions", {Opt::MultiSolutions, Arg::None}},
    {"NoSymmetry", {Opt::NoSymmetry, Arg::None}},
    {"NonTrivial", {Opt::NonTrivial, Arg::TwoNumbers, 0}},
    {"KeepMatingPiece", {Opt::KeepMatingPiece, Arg::None}},
    {"EnPassant", {Opt::EnPassant, Arg::Squares}},
    {"NoBoard", {Opt::NoBoard, Arg::None}},
    {"NoShortVariations", {Opt::NoShortVariations, Arg::None}},
    {"HalfDuplex", {Opt::HalfDuplex, Arg::None}},
    {"PostKeyPlay", {Opt::PostKeyPlay, Arg::None}},
    {"Intelligent", {Opt::Intelligent, Arg::OptionalNumber}},
    {"MaxTime", {Opt::MaxTime, Arg::Number}},
    {"NoCastling", {Opt::NoCastling, Arg::Squares}},
    {"Quodlibet", {Opt::Quodlibet, Arg::None}},
    {"StopOnShortSolutions", {Opt::StopOnShortSolutions, Arg::None}},
    {"Beep", {Opt::Beep, Arg::OptionalNumber}},
    {"SuppressGrid", {Opt::SuppressGrid, Arg::None}},
    {"WriteGrid", {Opt::WriteGrid, Arg::None}},
    {"CastlingMutuallyExclusive", {Opt::CastlingMutuallyExclusive, Arg::SquarePair}},
    {"GoalIsEnd", {Opt::GoalIsEnd, Arg::None}},
    {"UpToMoveNumber", {Opt::UpToMoveNumber, Arg::Number}},
    {"MatesIn1", {Opt::MatesIn1, Arg::None}},
    {"TrivialTriesAvoid", {Opt::TrivialTriesAvoid, Arg::None}},
    {"NullMoves", {Opt::NullMoves, Arg::None}},
    {"Intended", {Opt::Intended, Arg::Number}},
};

constexpr int NUMBER_MAX = 999999999;
constexpr int STIPULATION_MAX = 99;

constexpr std::string_view CONDITION_WORDS = "Dynamo, NoStationaryPull, StrictCastling, "
                                             "UndoDynamoOnly, KingThroughCheck, vchess or orthodox";
constexpr std::string_view KEYWORDS_EXPECTED =
    "title, author, origin, award, remark, pieces, forsyth, stipulation, condition, option, twin, "
    "nextproblem or endproblem";
constexpr std::string_view STIPULATIONS_EXPECTED =
    "#N, =N, s#N, s=N, r#N, h#N, h=N, h#N.5, ser-h#N or hs#N";

// A word of a condition line: one RuleSet::parse takes (alone it may need Dynamo beside it).
bool is_rule_word(std::string_view word) {
    return RuleSet::parse("dynamo " + std::string(word)).has_value();
}

// ---------------------------------------------------------------------------------------------
// Tokens: separated by blanks, tabs, line ends, ';' and ',' (Popeye). A line ends at "\n",
// "\r\n" or a lone "\r".

struct Token {
    std::string_view text; // empty: the end of the input
    int line = 1, column = 1;
    bool eof() const { return text.empty(); }
};

bool is_separator(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == ',' || c == '\v' ||
           c == '\f';
}

class Lexer {
  public:
    explicit Lexer(std::string_view src) : src_(src) {}

    const Token& peek() {
        if (!peeked_) {
            ahead_ = at_;
            next_ = scan(ahead_);
            peeked_ = true;
        }
        return next_;
    }
    Token next() {
        peek();
        at_ = ahead_;
        peeked_ = false;
        return next_;
    }
    // The rest of the current line after the last token taken, blanks trimmed (free text).
    std::string_view rest_of_line() {
        peeked_ = false;
        size_t i = at_.pos;
        while (i < src_.size() && (src_[i] == ' ' || src_[i] == '\t')) ++i;
        size_t end = i;
        while (end < src_.size() && src_[end] != '\n' && src_[end] != '\r') ++end;
        at_.pos = end;
        std::string_view text = src_.substr(i, end - i);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
        if (!text.empty())
            at_.end_line = at_.line, at_.end_column = int(i + text.size() - at_.line_start) + 1;
        return text;
    }

  private:
    struct State {
        size_t pos = 0;
        int line = 1;
        size_t line_start = 0;
        int end_line = 1, end_column = 1; // just after the last token: where "end of file" is
    };

    Token scan(State& s) const {
        while (s.pos < src_.size() && is_separator(src_[s.pos])) {
            char c = src_[s.pos++];
            bool crlf = c == '\r' && s.pos < src_.size() && src_[s.pos] == '\n';
            bool newline = c == '\n' || (c == '\r' && !crlf); // "\r\n" counts at its "\n"
            if (newline) ++s.line, s.line_start = s.pos;
        }
        if (s.pos == src_.size()) return Token{{}, s.end_line, s.end_column};
        size_t start = s.pos;
        while (s.pos < src_.size() && !is_separator(src_[s.pos])) ++s.pos;
        Token t{src_.substr(start, s.pos - start), s.line, int(start - s.line_start) + 1};
        s.end_line = s.line;
        s.end_column = int(s.pos - s.line_start) + 1;
        return t;
    }

    std::string_view src_;
    State at_, ahead_;
    Token next_;
    bool peeked_ = false;
};

// ---------------------------------------------------------------------------------------------
// Twin changes, applied alike while reading (to check them and name them) and afterwards.

void apply_change(ProblemInstance& inst, const TwinChange& c) {
    Placement& b = inst.pieces;
    switch (c.kind) {
    case TwinChange::Kind::Move:
        if (Piece p = b.piece_on(c.from)) {
            if (Piece q = b.piece_on(c.to)) b.remove(q, c.to);
            b.remove(p, c.from);
            b.put(p, c.to);
        }
        break;
    case TwinChange::Kind::Exchange: {
        Piece p = b.piece_on(c.from), q = b.piece_on(c.to);
        if (p && q) {
            b.remove(p, c.from), b.remove(q, c.to);
            b.put(p, c.to), b.put(q, c.from);
        }
        break;
    }
    case TwinChange::Kind::Add:
        if (Piece q = b.piece_on(c.to)) b.remove(q, c.to);
        b.put(c.piece, c.to);
        break;
    case TwinChange::Kind::Remove:
        if (Piece q = b.piece_on(c.from)) b.remove(q, c.from);
        break;
    case TwinChange::Kind::Stipulation: inst.stipulation = c.stipulation; break;
    case TwinChange::Kind::Condition:
        inst.rules = c.rules;
        inst.condition_text = c.condition_text;
        break;
    }
}

ProblemInstance diagram_of(const Problem& p) {
    return ProblemInstance{"", p.pieces, p.stipulation, p.rules, p.condition_text};
}

// Popeye's twin letters: a) ... z), then z1), z2) ...
std::string twin_letter(size_t index) {
    if (index < 26) return std::string(1, char('a' + index)) + ")";
    return "z" + std::to_string(index - 25) + ")";
}

// ---------------------------------------------------------------------------------------------
// The reader. A problem stops at its first error: the error is recorded and reading resumes
// at the problem's `nextproblem` / `endproblem`, so the other problems are still read.

struct ParseError {
    Diagnostic diagnostic;
};

enum class Ending { Next, End, Begin, Eof };

class Reader {
  public:
    Reader(std::string_view text, const std::string& name) : lex_(text), name_(name) {}
    ReadResult run();

  private:
    Diagnostic diagnostic(const Token& at, std::string message) const {
        return Diagnostic{name_, at.line, at.column, std::move(message)};
    }
    [[noreturn]] void fail(const Token& at, std::string message) const {
        throw ParseError{diagnostic(at, std::move(message))};
    }
    void report(Problem* p, const Diagnostic& d) {
        if (p) p->errors.push_back(d);
        result_.errors.push_back(d);
    }
    void report(Problem* p, const Token& at, std::string message) {
        report(p, diagnostic(at, std::move(message)));
    }
    // `remark verdict: X` certifies the problem's verdict X (any verdict but `unfinished`;
    // case, blanks and the comma of "sound, with duals" do not matter). Other remarks are text.
    void read_certified_verdict(Problem& p, const Token& at, const std::string& remark) {
        static constexpr std::string_view prefix = "verdict:";
        auto lowered = [](std::string_view s) {
            std::string out;
            for (char c : s) {
                if (c == ',') continue;
                if (c == ' ' || c == '\t') {
                    if (!out.empty() && out.back() != ' ') out += ' ';
                    continue;
                }
                out += char(std::tolower(static_cast<unsigned char>(c)));
            }
            while (!out.empty() && out.back() == ' ') out.pop_back();
            return out;
        };
        if (remark.size() < prefix.size() ||
            lowered(std::string_view(remark).substr(0, prefix.size())) != prefix)
            return;
        std::string word = lowered(std::string_view(remark).substr(prefix.size()));
        if (p.expected_verdict)
            fail(at, "the verdict is certified twice ('remark verdict: " +
                         std::string(verdict_name(*p.expected_verdict)) + "' before)");
        for (Verdict v : {Verdict::Sound, Verdict::SoundWithDuals, Verdict::Cooked, Verdict::Short,
                          Verdict::NoSolution, Verdict::Illegal, Verdict::Incomplete})
            if (word == lowered(verdict_name(v))) {
                p.expected_verdict = v;
                return;
            }
        std::string_view given = std::string_view(remark).substr(prefix.size());
        while (!given.empty() && (given.front() == ' ' || given.front() == '\t')) given.remove_prefix(1);
        fail(at, "unknown verdict " + quoted(given) +
                     " after 'remark verdict:' (expected sound, sound with duals, cooked, short, "
                     "no solution, illegal or incomplete)");
    }
    static std::string found(const Token& t) { return t.eof() ? "end of file" : quoted(t.text); }
    // What follows `after` on its line: the next token, or "end of line".
    std::string found_on_line(const Token& after) {
        const Token& t = lex_.peek();
        return t.eof() || t.line == after.line ? found(t) : "end of line";
    }

    Ending read_problem(Problem& p, Token& begin);
    Ending resync(Problem& p, Token& begin);
    void after_end(Token& begin);
    void check_complete(Problem& p, const Token& at, const std::string& before);

    bool is_keyword(const Token& t, bool in_twin) const;
    void read_pieces(Problem& p);
    template <class Add>
    void read_piece_groups(std::string_view name, bool in_twin, Add add);
    std::pair<PieceType, std::vector<Square>> read_piece(const Token& t);
    void read_forsyth(Problem& p);
    Stipulation read_stipulation();
    Stipulation parse_stipulation(const Token& t) const;
    std::vector<std::string_view> read_condition_words(const Token& keyword, bool in_twin);
    void read_options(Problem& p, const Token& keyword);
    int read_number(std::string_view option, int min);
    std::string read_squares(std::string_view option, std::vector<Square>* out);
    Square read_square();
    void read_twin(Problem& p, const Token& keyword);

    Lexer lex_;
    const std::string& name_;
    ReadResult result_;
    std::optional<ProblemInstance> previous_; // the last twin read, for `twin continued`
};

ReadResult Reader::run() {
    if (lex_.peek().eof()) {
        report(nullptr, Token{}, "no problem found (the file is empty)");
        return std::move(result_);
    }
    Token first = lex_.peek();
    if (first.text.size() >= 3 &&
        (is_prefix_of(first.text, "AnfangProblem") || is_prefix_of(first.text, "DebutProbleme"))) {
        report(nullptr, first,
               "only English Popeye input is supported: expected 'beginproblem', found " +
                   quoted(first.text));
        return std::move(result_);
    }
    Token begin{};
    if (auto c = find_command(first.text); c.kind == Lookup<Cmd>::One && c.value == Cmd::Begin)
        begin = lex_.next();

    for (int index = 1;; ++index) {
        if (lex_.peek().eof()) { // after `nextproblem`, or a file that is only `beginproblem`
            report(nullptr, lex_.peek(), "missing 'endproblem' at the end of the file");
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
        auto c = find_command(t.text);
        if (c.kind == Lookup<Cmd>::One && c.value == Cmd::Begin) {
            begin = t;
            return;
        }
        if (!reported)
            report(nullptr, t,
                   "expected 'beginproblem' or the end of the file after 'endproblem', found " +
                       quoted(t.text));
        reported = true;
    }
}

void Reader::check_complete(Problem& p, const Token& at, const std::string& before) {
    if (!p.errors.empty()) return;
    if (!p.has_stipulation)
        report(&p, at, "missing stipulation (expected a 'stipulation' line before " + before + ")");
    if (!p.has_pieces)
        report(&p, at,
               "missing pieces (expected a 'pieces' or 'forsyth' line before " + before + ")");
}

Ending Reader::read_problem(Problem& p, Token& begin) {
    previous_.reset();
    bool in_twins = false, empty = true;
    try {
        for (;;) {
            if (lex_.peek().eof()) {
                Token at = lex_.peek();
                check_complete(p, at, "the end of the file");
                report(&p, at, "missing 'endproblem' at the end of the file");
                return Ending::Eof;
            }
            Token t = lex_.next();
            auto found_cmd = find_command(t.text);
            if (found_cmd.kind == Lookup<Cmd>::Ambiguous)
                fail(t, "ambiguous keyword " + quoted(t.text) + " (" +
                            one_of(found_cmd.candidates) + ")");
            Cmd cmd = found_cmd.value;
            // After the first twin only twins follow (Popeye), and remarks.
            if (in_twins && (found_cmd.kind == Lookup<Cmd>::None ||
                             (cmd != Cmd::Remark && cmd != Cmd::Twin && cmd != Cmd::End &&
                              cmd != Cmd::Next && cmd != Cmd::Begin)))
                fail(t, "expected a twin change, 'twin', 'nextproblem' or 'endproblem' after the "
                        "twins, found " + quoted(t.text));
            if (found_cmd.kind == Lookup<Cmd>::None)
                fail(t, "unknown keyword " + quoted(t.text) + " (expected " +
                            std::string(KEYWORDS_EXPECTED) + ")");
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
                if (cmd == Cmd::Remark) read_certified_verdict(p, t, text);
                list.push_back(std::move(text));
                break;
            }
            case Cmd::Protocol: lex_.rest_of_line(); break; // Popeye's output copy: no matter
            case Cmd::Pieces: read_pieces(p); break;
            case Cmd::Forsyth: read_forsyth(p); break;
            case Cmd::Stipulation:
                p.stipulation = read_stipulation();
                p.has_stipulation = true;
                break;
            case Cmd::Condition: {
                auto words = read_condition_words(t, false);
                for (auto w : words) {
                    if (!p.condition_text.empty()) p.condition_text += ' ';
                    p.condition_text += w;
                }
                std::string error;
                auto rules = RuleSet::parse(p.condition_text, &error);
                if (!rules) fail(t, error);
                p.rules = *rules;
                break;
            }
            case Cmd::Option: read_options(p, t); break;
            case Cmd::Twin:
                in_twins = true;
                read_twin(p, t);
                break;
            case Cmd::End:
            case Cmd::Next:
                check_complete(p, t, cmd == Cmd::End ? "'endproblem'" : "'nextproblem'");
                return cmd == Cmd::End ? Ending::End : Ending::Next;
            case Cmd::Begin:
                if (empty) break; // `nextproblem` then `beginproblem`
                begin = t;
                report(&p, t, "expected 'nextproblem' or 'endproblem' before 'beginproblem'");
                return Ending::Begin;
            case Cmd::SStipulation:
                fail(t, "structured stipulations ('sstipulation') are not supported; use "
                        "'stipulation'");
            case Cmd::ZeroPosition: fail(t, "'zeroposition' is not supported");
            case Cmd::LaTeX: fail(t, "'LaTeX' is not supported");
            case Cmd::LaTeXPieces: fail(t, "'LaTeXPieces' is not supported");
            case Cmd::InitialGameArray: fail(t, "'InitialGameArray' is not supported");
            }
            empty = false;
        }
    } catch (const ParseError& e) {
        report(&p, e.diagnostic);
        return resync(p, begin);
    }
}

// Skips to the problem's end: `nextproblem`, `endproblem`, a new `beginproblem` or the end of
// the file. Free text is skipped by lines, so that a title saying "the end" is no ending; and
// a keyword must have three letters here, so that the rest of a bad pieces line ("b", "n") is
// not taken for `beginproblem` or `nextproblem`.
Ending Reader::resync(Problem& p, Token& begin) {
    for (;;) {
        if (lex_.peek().eof()) {
            report(&p, lex_.peek(), "missing 'endproblem' at the end of the file");
            return Ending::Eof;
        }
        Token t = lex_.next();
        auto c = find_command(t.text);
        if (c.kind != Lookup<Cmd>::One || t.text.size() < 3) continue;
        if (c.value == Cmd::End) return Ending::End;
        if (c.value == Cmd::Next) return Ending::Next;
        if (c.value == Cmd::Begin) {
            begin = t;
            return Ending::Begin;
        }
        if (is_free_text(c.value)) lex_.rest_of_line();
    }
}

bool Reader::is_keyword(const Token& t, bool in_twin) const {
    if (in_twin && lookup<TwinKw>(TWIN_CHANGES, t.text).kind != Lookup<TwinKw>::None) return true;
    return find_command(t.text).kind != Lookup<Cmd>::None;
}

// ---------------------------------------------------------------------------------------------
// pieces, forsyth

void Reader::read_pieces(Problem& p) {
    read_piece_groups("pieces", false, [&](Piece piece, Square s, const Token& at) {
        if (Piece old = p.pieces.piece_on(s)) fail(at, given_twice(s, old, piece));
        p.pieces.put(piece, s);
    });
    p.has_pieces = true;
}

// `white|black` then pieces, as often as wanted; ends at a word that is neither.
template <class Add>
void Reader::read_piece_groups(std::string_view name, bool in_twin, Add add) {
    auto colour_of = [](const Token& t) { return lookup<Colour>(COLOURS, t.text); };
    Token c = lex_.next();
    auto colour = colour_of(c);
    if (colour.kind != Lookup<Colour>::One || colour.value == Colour::Neutral)
        fail(c, "expected 'white' or 'black' after '" + std::string(name) + "', found " + found(c) +
                    (colour.value == Colour::Neutral && colour.kind == Lookup<Colour>::One
                         ? " (neutral pieces are not supported)"
                         : ""));
    for (;;) {
        Color side = colour.value == Colour::White ? WHITE : BLACK;
        int count = 0, line = c.line;
        for (;;) {
            const Token& t = lex_.peek();
            if (t.eof() || colour_of(t).kind == Lookup<Colour>::One) break;
            // A lone letter is a piece when squares follow ("K a1"), otherwise maybe a keyword.
            bool piece_then_squares = false;
            if (t.text.size() == 1 && piece_type_of(t.text[0]) != NO_PIECE_TYPE) {
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
            fail(lex_.peek(), "expected a piece (e.g. Ka1 or Pa2b3) after " + quoted(c.text) +
                                  ", found " + found(lex_.peek()));
        const Token& t = lex_.peek();
        if (t.eof() || colour_of(t).kind != Lookup<Colour>::One) break;
        c = lex_.next();
        colour = colour_of(c);
        if (colour.value == Colour::Neutral)
            fail(c, "expected 'white' or 'black', found " + quoted(c.text) +
                        " (neutral pieces are not supported)");
    }
}

// One piece word: a letter and squares ("Pa2b3c4"), or a lone letter with the squares in the
// next word. Popeye's piece codes have one or two characters, so "nra1" is a two-letter
// (fairy) code; an unknown code followed by good squares is a fairy piece.
std::pair<PieceType, std::vector<Square>> Reader::read_piece(const Token& t) {
    std::string_view s = t.text;
    const std::string letters = "expected a piece letter K, Q, R, B, S or P, found ";
    auto fairy = [&](std::string_view code) {
        fail(t, letters + quoted(code) + " (fairy pieces are not supported)");
    };
    std::vector<Square> squares;
    PieceType type = piece_type_of(s[0]);
    if (s.size() == 1) {
        if (type == NO_PIECE_TYPE) {
            if (is_alpha(s[0])) fairy(s);
            fail(t, "expected a piece (e.g. Ka1 or Pa2b3), found " + quoted(s));
        }
        Token sq = lex_.next();
        if (!parse_squares(sq.text, squares))
            fail(sq, "expected squares after " + quoted(s) + ", found " + found(sq));
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
            fail(t, "expected a square (a1-h8), found " + quoted(pair));
        fail(t, "expected a piece (e.g. Ka1 or Pa2b3), found " + quoted(s));
    }
    if (s.size() % 2 == 1 && is_alpha(s[0]) && is_square_list(s.substr(1))) fairy(s.substr(0, 1));
    if (two_letter_code) fairy(s.substr(0, 2));
    fail(t, "expected a piece (e.g. Ka1 or Pa2b3), found " + quoted(s));
}

void Reader::read_forsyth(Problem& p) {
    Token t = lex_.next();
    if (t.eof()) fail(t, "expected a FEN board after 'forsyth', found end of file");
    Placement board;
    std::string error;
    if (!parse_board(t.text, board, &error)) fail(t, error);
    for (int i = 0; i < SQUARE_NB; ++i) {
        Square s = Square(i);
        Piece piece = board.piece_on(s);
        if (!piece) continue;
        if (Piece old = p.pieces.piece_on(s)) fail(t, given_twice(s, old, piece));
        p.pieces.put(piece, s);
    }
    p.has_pieces = true;
}

// ---------------------------------------------------------------------------------------------
// stipulation

Stipulation Reader::read_stipulation() {
    Token t = lex_.next();
    if (t.eof())
        fail(t, "expected a stipulation (" + std::string(STIPULATIONS_EXPECTED) +
                    ") after 'stipulation', found end of file");
    return parse_stipulation(t);
}

Stipulation Reader::parse_stipulation(const Token& t) const {
    const std::string s = lower(t.text);
    const std::string q = quoted(t.text);
    Stipulation st;
    size_t i = parse_stipulation_head(s, st);
    if (i == 0) {
        // Popeye's other forms (ser-#5, r#2, hs#3, #=2, dia3.5 ...) end in a number or hold a goal.
        if (is_digit(s.back()) || s.find_first_of("#=") != std::string::npos)
            fail(t, "stipulation " + q + " is not supported (supported: " +
                        std::string(STIPULATIONS_EXPECTED) + ")");
        fail(t, "expected a stipulation (" + std::string(STIPULATIONS_EXPECTED) + "), found " + q);
    }
    const std::string head = s.substr(0, i);
    std::string_view rest = std::string_view(s).substr(i);
    if (rest.empty())
        fail(t, "missing number of moves in stipulation " + q + " (expected e.g. " + head + "2)");
    if (rest[0] == '-' && all_digits(rest.substr(1)))
        fail(t, "the number of moves must be at least 1, found " + quoted(rest) +
                    " in stipulation " + q);
    size_t digits = 0;
    while (digits < rest.size() && is_digit(rest[digits])) ++digits;
    if (digits == 0) {
        if (is_digit(s.back())) // another goal after the first: #=2, ##2, ...
            fail(t, "stipulation " + q + " is not supported (supported: " +
                        std::string(STIPULATIONS_EXPECTED) + ")");
        fail(t, "expected a number of moves after '" + head + "', found " + quoted(rest) +
                    " in stipulation " + q);
    }
    std::string_view number = rest.substr(0, digits), suffix = rest.substr(digits);
    if (!suffix.empty() && suffix != ".5") {
        if (suffix[0] == '.')
            fail(t, "expected '.5' after the number of moves, found " + quoted(suffix) +
                        " in stipulation " + q);
        fail(t, "expected a number of moves after '" + head + "', found " + quoted(rest) +
                    " in stipulation " + q);
    }
    if (suffix == ".5" && st.kind != Stipulation::Kind::Help)
        fail(t, "'.5' is only for helpmates (h#N.5), found " + q);
    while (number.size() > 1 && number[0] == '0') number.remove_prefix(1);
    if (number.size() > 2 || std::stoi(std::string(number)) > STIPULATION_MAX)
        fail(t, "stipulation " + q + " is too long (at most " + std::to_string(STIPULATION_MAX) +
                    " moves)");
    st.moves = std::stoi(std::string(number));
    if (st.moves == 0 && suffix != ".5") // h#0.5 is White's mating move alone
        fail(t, "the number of moves must be at least 1, found '0' in stipulation " + q);
    st.half = suffix == ".5";
    st.text = head + std::to_string(st.moves) + (st.half ? ".5" : "");
    return st;
}

// ---------------------------------------------------------------------------------------------
// condition: the words of its line, up to a keyword (Popeye reads conditions until a word that
// is none).

std::vector<std::string_view> Reader::read_condition_words(const Token& keyword, bool in_twin) {
    std::vector<std::string_view> words;
    for (;;) {
        const Token& t = lex_.peek();
        if (t.eof() || t.line != keyword.line) break;
        if (is_rule_word(t.text)) {
            words.push_back(lex_.next().text);
            continue;
        }
        if (is_keyword(t, in_twin)) break;
        fail(t, "unknown condition " + quoted(t.text) + " (expected " +
                    std::string(CONDITION_WORDS) + ")");
    }
    if (words.empty())
        fail(keyword, "expected a condition (e.g. Dynamo) after 'condition', found " +
                          found_on_line(keyword));
    return words;
}

// ---------------------------------------------------------------------------------------------
// option: Popeye reads options until a word that is none, across lines. On the option's own
// line an unknown word is an error; on a later line it ends the options (it is the next
// command).

int Reader::read_number(std::string_view option, int min) {
    Token t = lex_.next();
    if (!all_digits(t.text))
        fail(t, "expected a number after '" + std::string(option) + "', found " + found(t));
    std::string_view digits = t.text;
    while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
    long long value = digits.size() > 10 ? NUMBER_MAX + 1LL : std::stoll(std::string(digits));
    if (value < min || value > NUMBER_MAX)
        fail(t, "expected a number from " + std::to_string(min) + " to " +
                    std::to_string(NUMBER_MAX) + " after '" + std::string(option) + "', found " +
                    quoted(t.text));
    return int(value);
}

// One or more words of squares ("a1h1" or "a1 h1"); returns them as written.
std::string Reader::read_squares(std::string_view option, std::vector<Square>* out) {
    std::vector<Square> squares;
    std::string written;
    Token t = lex_.next();
    if (!parse_squares(t.text, squares))
        fail(t, "expected squares after '" + std::string(option) + "', found " + found(t));
    written = t.text;
    while (!lex_.peek().eof() && is_square_list(lex_.peek().text)) {
        Token more = lex_.next();
        parse_squares(more.text, squares);
        written += " " + std::string(more.text);
    }
    if (out) out->insert(out->end(), squares.begin(), squares.end());
    return written;
}

void Reader::read_options(Problem& p, const Token& keyword) {
    ProblemOptions& o = p.options;
    int line = keyword.line, count = 0;
    for (;;) {
        const Token& t = lex_.peek();
        if (t.eof()) break;
        bool same_line = t.line == line;
        auto found_opt = lookup<OptionInfo>(OPTIONS, t.text);
        if (found_opt.kind != Lookup<OptionInfo>::One) {
            if (!same_line || is_keyword(t, false)) break;
            if (found_opt.kind == Lookup<OptionInfo>::Ambiguous)
                fail(t, "ambiguous option " + quoted(t.text) + " (" +
                            one_of(found_opt.candidates) + ")");
            fail(t, "unknown option " + quoted(t.text));
        }
        if (!same_line && is_keyword(t, false)) break;
        Token word = lex_.next();
        const OptionInfo info = found_opt.value;
        std::string_view name;
        for (const auto& e : OPTIONS)
            if (e.value.opt == info.opt) name = e.name;
        std::string ignored(name);
        switch (info.opt) {
        case Opt::Try: o.try_play = true; break;
        case Opt::Defence:
            o.defence = read_number(name, info.min);
            o.try_play = true;
            break;
        case Opt::Variations: o.variation = true; break;
        case Opt::Threat:
            o.threat = true;
            if (all_digits(lex_.peek().text)) o.threat_length = read_number(name, info.min);
            break;
        case Opt::NoThreat: o.no_threat = true; break;
        case Opt::MaxFlightsquares: o.max_flights = read_number(name, info.min); break;
        case Opt::SetPlay: o.set_play = true; break;
        case Opt::NoCastling: read_squares(name, &o.no_castling); break;
        case Opt::MaxSolutions: o.max_solutions = read_number(name, info.min); break;
        case Opt::NonTrivial:
            o.nontrivial_max = read_number(name, info.min);
            o.nontrivial_length = read_number(name, info.min);
            break;
        case Opt::KeepMatingPiece: o.keep_mating_piece = true; break;
        case Opt::NoShortVariations: o.no_short_variations = true; break;
        case Opt::WhiteToPlay: o.white_to_play = true; break;
        case Opt::MoveNumbers: o.move_numbers = true; break;
        case Opt::Intended: o.intended = read_number(name, info.min); break;
        case Opt::MatesIn1: o.mates_in_1 = true; break;
        case Opt::EnPassant: {
            // The last move was a double step: departure, passed square, arrival.
            std::vector<Square> squares;
            read_squares(name, &squares);
            if (squares.size() >= 2)
                o.en_passant = Square((int(squares.front()) + int(squares.back())) / 2);
            break;
        }
        case Opt::Duplex: o.duplex = true; break;
        case Opt::HalfDuplex: o.half_duplex = true; break;
        default: // read, not acted on
            switch (info.arg) {
            case Arg::None: break;
            case Arg::Number: ignored += " " + std::to_string(read_number(name, info.min)); break;
            case Arg::OptionalNumber:
                if (all_digits(lex_.peek().text))
                    ignored += " " + std::to_string(read_number(name, info.min));
                break;
            case Arg::TwoNumbers:
                ignored += " " + std::to_string(read_number(name, info.min));
                ignored += " " + std::to_string(read_number(name, info.min));
                break;
            case Arg::Squares: ignored += " " + read_squares(name, nullptr); break;
            case Arg::SquarePair: {
                Token sq = lex_.next();
                std::string pair(sq.text);
                // "a1h8", or "a1 h8"
                if (sq.text.size() == 2 && lex_.peek().text.size() == 2 &&
                    is_square_list(sq.text) && is_square_list(lex_.peek().text))
                    pair += lex_.next().text;
                if (pair.size() != 4 || !is_square_list(pair))
                    fail(sq, "expected two squares (e.g. a1h8) after '" + std::string(name) +
                                 "', found " + found(sq));
                ignored += " " + pair;
                break;
            }
            }
            o.ignored.push_back(ignored);
        }
        ++count;
        line = word.line; // options may go on over lines: "same line" is the last option's
    }
    if (count == 0)
        fail(keyword, "expected an option after 'option', found " + found_on_line(keyword));
}

// ---------------------------------------------------------------------------------------------
// twin

Square Reader::read_square() {
    Token t = lex_.next();
    auto sq = t.text.size() == 2 ? square_at(t.text, 0) : std::nullopt;
    if (!sq) fail(t, "expected a square (a1-h8), found " + found(t));
    return *sq;
}

void Reader::read_twin(Problem& p, const Token& keyword) {
    Twin twin;
    ProblemInstance state = diagram_of(p);
    std::vector<std::string> labels;
    auto change = [&](TwinChange c, std::string label) {
        apply_change(state, c);
        twin.changes.push_back(std::move(c));
        if (!label.empty()) labels.push_back(std::move(label));
    };
    bool first = true;
    for (;; first = false) {
        const Token& t = lex_.peek();
        if (t.eof()) break;
        auto kw = lookup<TwinKw>(TWIN_CHANGES, t.text);
        if (kw.kind == Lookup<TwinKw>::None) break;
        if (kw.kind == Lookup<TwinKw>::Ambiguous)
            fail(t, "ambiguous twin change " + quoted(t.text) + " (" + one_of(kw.candidates) + ")");
        Token word = lex_.next();
        switch (kw.value) {
        case TwinKw::Continued:
            if (!first) fail(word, "'continued' must come first in a twin");
            twin.continued = true;
            if (previous_) state = *previous_;
            break;
        case TwinKw::Move:
        case TwinKw::Exchange: {
            bool move = kw.value == TwinKw::Move;
            std::string what = move ? "twin move" : "twin exchange";
            Token from_token = lex_.peek();
            Square from = read_square();
            Token to_token = lex_.peek();
            Square to = read_square();
            if (from == to)
                fail(to_token, "expected two different squares after '" +
                                   std::string(move ? "move" : "exchange") + "', found " +
                                   quoted(to_token.text) + " twice");
            Piece p1 = state.pieces.piece_on(from), p2 = state.pieces.piece_on(to);
            if (!p1) fail(from_token, what + ": square " + square_name(from) + " is empty");
            TwinChange c;
            c.kind = move ? TwinChange::Kind::Move : TwinChange::Kind::Exchange;
            c.from = from, c.to = to;
            if (move) {
                // Popeye removes a piece standing on the target first, and says so.
                std::string label = p2 ? "-" + piece_text(p2, to) + "  " : "";
                change(c, label + piece_text(p1, from) + "-->" + square_name(to));
            } else {
                if (!p2) fail(to_token, what + ": square " + square_name(to) + " is empty");
                change(c, piece_text(p1, from) + "<-->" + piece_text(p2, to));
            }
            break;
        }
        case TwinKw::Add: {
            std::vector<std::pair<Piece, Square>> added;
            read_piece_groups("add", true, [&](Piece piece, Square s, const Token&) {
                added.emplace_back(piece, s);
            });
            for (auto [piece, s] : added) {
                TwinChange c;
                c.kind = TwinChange::Kind::Add;
                c.to = s, c.piece = piece;
                // Popeye marks a piece put on an empty square with '+', a replacement without.
                change(c, (state.pieces.piece_on(s) ? "" : "+") + piece_text(piece, s));
            }
            break;
        }
        case TwinKw::Remove: {
            std::vector<Square> squares;
            Token at = lex_.peek();
            read_squares("remove", &squares);
            for (Square s : squares) {
                Piece old = state.pieces.piece_on(s);
                if (!old) fail(at, "twin remove: square " + square_name(s) + " is empty");
                TwinChange c;
                c.kind = TwinChange::Kind::Remove;
                c.from = s;
                change(c, "-" + piece_text(old, s));
            }
            break;
        }
        case TwinKw::Stipulation: {
            TwinChange c;
            c.kind = TwinChange::Kind::Stipulation;
            c.stipulation = read_stipulation();
            change(c, c.stipulation.text);
            break;
        }
        case TwinKw::Condition: {
            TwinChange c;
            c.kind = TwinChange::Kind::Condition;
            for (auto w : read_condition_words(word, true)) {
                if (!c.condition_text.empty()) c.condition_text += ' ';
                c.condition_text += w;
            }
            std::string error;
            auto rules = RuleSet::parse(c.condition_text, &error);
            if (!rules) fail(word, error);
            c.rules = *rules;
            change(c, c.rules.name());
            break;
        }
        case TwinKw::SStipulation:
        case TwinKw::Rotate:
        case TwinKw::PolishType:
        case TwinKw::Mirror:
        case TwinKw::Shift:
        case TwinKw::Substitute:
            fail(word, "twin change " + quoted(word.text) +
                           " is not supported (supported: move, exchange, add, remove, "
                           "stipulation, condition, continued)");
        }
    }
    if (twin.changes.empty())
        fail(lex_.peek().eof() ? keyword : lex_.peek(),
             "expected a twin change (move, exchange, add, remove, stipulation, condition or "
             "continued) after '" + std::string(twin.continued ? "continued" : "twin") +
                 "', found " + found(lex_.peek()));
    for (size_t i = 0; i < labels.size(); ++i) twin.label += (i ? "  " : "") + labels[i];
    p.twins.push_back(std::move(twin));
    previous_ = std::move(state);
}

} // namespace

ReadResult read_problems(std::string_view text, const std::string& name) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3); // UTF-8 byte order mark
    return Reader(text, name).run();
}

ReadResult read_problem_file(const std::string& path) {
    std::string text, reason;
    if (!read_text_file(path, text, reason)) {
        ReadResult r;
        r.errors.push_back(Diagnostic{path, 0, 0, "cannot read file: " + reason});
        return r;
    }
    return read_problems(text, path);
}

// The diagram and its twins, with the stipulations as written.
static std::vector<ProblemInstance> twin_instances(const Problem& problem) {
    std::vector<ProblemInstance> instances{diagram_of(problem)};
    if (problem.twins.empty()) return instances;
    instances[0].label = twin_letter(0);
    for (size_t i = 0; i < problem.twins.size(); ++i) {
        const Twin& twin = problem.twins[i];
        ProblemInstance inst = twin.continued ? instances.back() : instances[0];
        for (const TwinChange& c : twin.changes) apply_change(inst, c);
        inst.label = (twin.continued ? "+" : "") + twin_letter(i + 1) +
                     (twin.label.empty() ? "" : " " + twin.label);
        instances.push_back(std::move(inst));
    }
    return instances;
}

std::vector<ProblemInstance> problem_instances(const Problem& problem) {
    std::vector<ProblemInstance> instances = twin_instances(problem);
    for (ProblemInstance& inst : instances)
        inst.stipulation = effective_stipulation(inst.stipulation, problem.options);
    return instances;
}

} // namespace dynamo
