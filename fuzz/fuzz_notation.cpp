// The move reader: any text, in each of the four languages, against fixed positions under each
// rule set. A move it reads is legal, and the move written canonically reads back as the same
// move; the splitter of games never fails.
#include "common.h"

#include "format/base/notation.h"
#include "format/input/move_reader.h"
#include "solver/rules/movegen.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3) return 0;
    RuleSet rules = fuzz::rules_for(data[0]);
    Position pos = fuzz::start_position(data[1], rules);
    Language lang = Language(data[2] % 4);
    std::string_view text(reinterpret_cast<const char*>(data) + 3, size - 3);
    (void)split_moves(text);
    std::string error;
    Move m = parse_move(pos, text, &error, lang);
    if (m.is_none()) {
        FUZZ_CHECK(!error.empty(), std::string(text));
        return 0;
    }
    MoveList list;
    generate_legal(pos, list);
    FUZZ_CHECK(list.contains(m), std::string(text));
    for (Language l : {Language::English, Language::German, Language::French, Language::Italian}) {
        std::string written = move_text(pos, m, l);
        FUZZ_CHECK(parse_move(pos, written, &error, l) == m, written + ": " + error);
    }
    return 0;
}
