// A bad command line, or bad input given on it: the message, printed as `dynamo: error: ...`
// (docs/format.md "Error messages"), and the exit status 2.
#pragma once

#include "format/base/message.h"
#include "format/base/notation.h"
#include "options.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace dynamo::cli {

// Its message as data (`said`) is written in the language of --lang.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
    explicit UsageError(Message m) : std::runtime_error(m.text()), said(std::move(m)) {}
    Message said;                // empty: what() in every language
    bool every_language = false; // said in each of the four (--lang itself is wrong)
};

// "dynamo: error: MESSAGE" on stderr, with the bytes of input quoted in it escaped.
void print_error(const std::string& message);
// The same in `lang` ("dynamo: Fehler: ..."): the option and the user's tokens as given.
void print_error(const Message& message, Language lang);
void print_error(const UsageError& e, Language lang);
// "--fen: MESSAGE": an option's name before what is wrong with its value.
Message option_said(const std::string& option, Message what);
// "illegal position: REASON", the reason in the reader's words.
Message illegal_position_said(const IllegalCause& cause);

// The language of --lang, for an error (English if --lang is what is wrong).
Language error_language(const CommonOptions& common);

// Runs a command: a UsageError it throws is printed in the language of --lang, and the status is 2.
template <typename F> int guarded(const CommonOptions& common, F&& f) {
    try {
        return f();
    } catch (const UsageError& e) {
        print_error(e, error_language(common));
        return 2;
    }
}

} // namespace dynamo::cli
