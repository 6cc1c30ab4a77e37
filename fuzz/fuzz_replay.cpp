// The reader of `replay`: any text as a game, PGN or a list of moves, as `replay` reads it (the FEN
// tag, the moves split apart, each in the language's notation or, orthodox, short algebraic).
// Every move read is legal where it stands and, written canonically, reads back as itself; the
// game is played until the first move that is not read, and unmade back to its start.
#include "common.h"

#include "format/base/notation.h"
#include "format/input/move_reader.h"
#include "format/input/san.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    // Half the inputs orthodox, where short algebraic is read.
    RuleSet rules = data[0] & 1 ? RuleSet::orthodox() : fuzz::rules_for(data[0] >> 1);
    Language lang = Language(data[1] % 4);
    std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
    std::string fen = pgn_tag(text, "FEN");
    if (fen.empty()) fen = START_FEN;
    Position pos;
    MoveCounters counters;
    std::string error;
    if (!parse_fen(fen, rules, pos, &error, &counters)) {
        FUZZ_CHECK(!error.empty(), fen);
        return 0;
    }
    if (illegal_cause(pos)) return 0; // refused
    const std::string start = to_fen(pos);
    int played = 0;
    for (const std::string& written : split_moves(text)) {
        Move m = parse_move(pos, written, &error, lang);
        if (m.is_none() && !rules.is_dynamo()) m = parse_san(pos, written, &error);
        if (m.is_none()) {
            FUZZ_CHECK(!error.empty(), written);
            break;
        }
        MoveList list;
        generate_legal(pos, list);
        FUZZ_CHECK(list.contains(m), to_fen(pos) + " " + written);
        const std::string canonical = move_text(pos, m, lang);
        FUZZ_CHECK(parse_move(pos, canonical, &error, lang) == m, canonical + ": " + error);
        (void)move_suffix(pos, m);
        counters = counters_after(pos, m, counters);
        pos.make(m);
        (void)to_fen(pos, counters);
        ++played;
    }
    for (; played > 0; --played) pos.unmake();
    FUZZ_CHECK(to_fen(pos) == start, start);
    return 0;
}
