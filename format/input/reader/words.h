// The reader's small pieces of text: case-insensitive words, squares, quoting for messages, and
// Popeye's keyword lookup (case-insensitive, an exact match wins, otherwise a unique prefix).
#pragma once

#include "format/base/message.h"
#include "solver/board/types.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dynamo::reader {

inline char lower_char(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }
std::string lower(std::string_view s);
bool iequal(std::string_view a, std::string_view b);
// True when `token` is a (case-insensitive) prefix of `word`; bounded by the word's length, so
// a huge token costs nothing.
bool is_prefix_of(std::string_view token, std::string_view word);

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_alnum(char c) { return is_digit(c) || is_alpha(c); }
bool all_digits(std::string_view s);

// A token or text quoted for a message: unprintable bytes escaped, long texts cut, so that a
// message stays one readable line whatever the input holds.
std::string quoted(std::string_view s);
// "a", "a or b", "a, b or c" (the "or" in the language of the message).
Message one_of(const std::vector<std::string_view>& words);

std::optional<Square> square_at(std::string_view s, size_t i);
// Reads a run of squares ("a1h1"); on failure returns false and sets `bad` to the offset of
// the first unreadable pair.
bool parse_squares(std::string_view s, std::vector<Square>& out, size_t* bad = nullptr);
bool is_square_list(std::string_view s);
// Shaped like a Popeye piece word: a one- or two-character code then squares ("ka1", "caa1b2"),
// whether or not the code is one we know.
bool is_piece_shaped(std::string_view s);

// Popeye's way of naming a piece in twin labels: "wRh2".
std::string piece_text(Piece p, Square s);

// ---------------------------------------------------------------------------------------------
// Keyword tables.

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

// `name(row)` is the row's word in the file's language ("" when that language has none).
template <class E, class Row, class Name>
Lookup<E> lookup_rows(std::span<const Row> table, std::string_view token, Name name, E Row::*value) {
    Lookup<E> r;
    for (const Row& row : table) {
        std::string_view word = name(row);
        if (word.empty()) continue;
        if (iequal(token, word)) return {Lookup<E>::One, row.*value, {}};
        if (is_prefix_of(token, word)) r.candidates.push_back(word), r.value = row.*value;
    }
    if (r.candidates.size() == 1) r.kind = Lookup<E>::One;
    else if (r.candidates.size() > 1) r.kind = Lookup<E>::Ambiguous;
    return r;
}

template <class E>
Lookup<E> lookup(std::span<const Entry<E>> table, std::string_view token) {
    return lookup_rows<E>(table, token, [](const Entry<E>& e) { return e.name; }, &Entry<E>::value);
}

} // namespace dynamo::reader
