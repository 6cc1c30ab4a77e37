#include "usage.h"

#include "format/base/text_input.h"

#include <iostream>

namespace dynamo::cli {

void print_error(const std::string& message) {
    std::cerr << "dynamo: error: " << escaped(message) << "\n";
}

void print_error(const Message& message, Language lang) {
    std::cerr << "dynamo: " << Message(Phrase::ErrorLabel).text(lang) << ": "
              << escaped(message.text(lang)) << "\n";
}

void print_error(const UsageError& e, Language lang) {
    if (e.said.empty())
        print_error(e.what());
    else if (e.every_language) // the language is what is wrong: said in each
        for (Language l :
             {Language::English, Language::German, Language::French, Language::Italian})
            print_error(e.said, l);
    else
        print_error(e.said, lang);
}

Message option_said(const std::string& option, Message what) {
    return Message(Phrase::OptionValue, {option, std::move(what)});
}

Message illegal_position_said(const IllegalCause& cause) {
    return Message(Phrase::IllegalPosition, {illegal_said(cause)});
}

Language error_language(const CommonOptions& common) {
    Language lang = Language::English;
    parse_language(common.lang, lang);
    return lang;
}

} // namespace dynamo::cli
