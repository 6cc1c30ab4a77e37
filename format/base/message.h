// The reader's messages as data: a kind of message and its arguments, written in any language of
// `--lang` from the table of phrases (phrases.h). The file's own tokens, numbers and keywords
// are arguments, kept verbatim; only our words are translated. JSON and the Diagnostic's
// `message` keep the English text.
#pragma once

#include "format/base/language.h"
#include "format/base/phrases.h"
#include "solver/rules/legality.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dynamo {

struct Message {
    Phrase kind = Phrase::Verbatim;
    std::string given;         // Verbatim, PieceText: the text
    std::vector<Message> args; // the phrase's {0}, {1} ...

    Message() = default;
    Message(std::string text) : given(std::move(text)) {}
    Message(const char* text) : given(text) {}
    Message(Phrase k, std::vector<Message> a = {}) : kind(k), args(std::move(a)) {}

    std::string text(Language lang = Language::English) const;
    bool empty() const { return kind == Phrase::Verbatim && given.empty(); }
};

// Why a position cannot arise (solver/'s code), as a message.
Message illegal_said(const IllegalCause& cause);

// A piece as the reader names it ("wRh7"), in the letters of the language when written.
Message piece_arg(std::string text);
// "a", "a or b", "a, b or c", the last "or" in the language.
Message or_list(const std::vector<std::string>& words);

} // namespace dynamo
