// Tokens of a problem file: separated by blanks, tabs, line ends, ';' and ',' (Popeye). A line
// ends at "\n", "\r\n" or a lone "\r". Tokens know their line and column for the messages.
#pragma once

#include <string_view>

namespace dynamo::reader {

struct Token {
    std::string_view text; // empty: the end of the input
    int line = 1, column = 1;
    bool starts_line = false; // the first word of its line
    bool eof() const { return text.empty(); }
};

inline bool is_separator(char c) {
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
    // The token after the next one.
    Token peek_second() {
        peek();
        State s = ahead_;
        return scan(s);
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
        bool starts_line = s.pos == 0;
        while (s.pos < src_.size() && is_separator(src_[s.pos])) {
            char c = src_[s.pos++];
            bool crlf = c == '\r' && s.pos < src_.size() && src_[s.pos] == '\n';
            bool newline = c == '\n' || (c == '\r' && !crlf); // "\r\n" counts at its "\n"
            if (newline) ++s.line, s.line_start = s.pos, starts_line = true;
        }
        if (s.pos == src_.size()) return Token{{}, s.end_line, s.end_column};
        size_t start = s.pos;
        while (s.pos < src_.size() && !is_separator(src_[s.pos])) ++s.pos;
        Token t{src_.substr(start, s.pos - start), s.line, int(start - s.line_start) + 1,
                starts_line};
        s.end_line = s.line;
        s.end_column = int(s.pos - s.line_start) + 1;
        return t;
    }

    std::string_view src_;
    State at_, ahead_;
    Token next_;
    bool peeked_ = false;
};

} // namespace dynamo::reader
