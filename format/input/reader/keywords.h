// The words of Popeye's input languages: commands, colours, twin changes and piece letters, in
// English, German and French. A file is read in the language of its first word
// (`beginproblem`, `AnfangProblem`, `DebutProbleme`), English when it has none. One row per word.
#pragma once

#include "format/input/reader/words.h"

#include "solver/board/types.h"

#include <optional>
#include <string>
#include <string_view>

namespace dynamo::reader {

enum class InputLanguage : uint8_t { English, German, French };
constexpr int INPUT_LANGUAGES = 3;

// A word in each input language (same order as InputLanguage); "" when a language has none.
struct Words {
    std::string_view en, de, fr;
    std::string_view in(InputLanguage l) const {
        return l == InputLanguage::German ? de : l == InputLanguage::French ? fr : en;
    }
};

enum class Cmd {
    Remark, SStipulation, Author, Origin, Pieces, Condition, Option, Stipulation, Protocol, Title,
    LaTeX, LaTeXPieces, Award, InitialGameArray, Forsyth,
    End, Next, Twin, ZeroPosition,
    Begin
};

// Popeye looks a word up in three groups one after the other (the problem's commands, the
// endings, `beginproblem`), so `t` is `title` (not `twin`) and `e` is `endproblem`.
Lookup<Cmd> find_command(std::string_view token, InputLanguage lang);
// The language whose `beginproblem` the token is (abbreviations of three letters or more).
std::optional<InputLanguage> begin_language(std::string_view token);
// The command's word in a language, for messages ("endproblem", "EndeProblem").
std::string_view command_word(Cmd c, InputLanguage lang);
// "title, author, ... nextproblem or endproblem" in the language.
Message expected_keywords(InputLanguage lang);

bool is_free_text(Cmd c);

enum class Colour { White, Black, Neutral };
Lookup<Colour> find_colour(std::string_view token, InputLanguage lang);
std::string_view colour_word(Colour c, InputLanguage lang);

enum class TwinKw {
    Move, Exchange, Stipulation, SStipulation, Add, Remove, Continued, Rotate, Condition,
    PolishType, Mirror, Shift, Substitute
};
Lookup<TwinKw> find_twin_change(std::string_view token, InputLanguage lang);
std::string_view twin_change_word(TwinKw k, InputLanguage lang);

// The piece type of a letter of the language (English: K Q R B S P, and N for the knight too,
// Popeye's N being the nightrider, which nobody writing for Dynamo means; German K D T L S B;
// French R D T F C P).
PieceType piece_type_of(char c, InputLanguage lang);
// "K, Q, R, B, S or P" in the language, for messages.
Message piece_letters(InputLanguage lang);
// "Ka1 or Pa2b3" in the language's letters: the pieces a message gives as examples.
Message piece_examples(InputLanguage lang);

} // namespace dynamo::reader
