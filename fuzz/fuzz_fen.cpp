// The FEN reader: any bytes, under each rule set. A position it accepts writes back to a FEN that
// reads as the same position; one that passes illegal_reason can be generated from, and every
// move made and unmade.
#include "common.h"

#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    RuleSet rules = fuzz::rules_for(data[0]);
    std::string_view fen(reinterpret_cast<const char*>(data) + 1, size - 1);
    Position pos;
    std::string error;
    if (!parse_fen(fen, rules, pos, &error)) {
        FUZZ_CHECK(!error.empty(), std::string(fen));
        return 0;
    }
    std::string written = to_fen(pos);
    Position again;
    FUZZ_CHECK(parse_fen(written, rules, again, &error), written + ": " + error);
    FUZZ_CHECK(to_fen(again) == written, written);
    FUZZ_CHECK(again.key() == pos.key(), written);
    FUZZ_CHECK(pos.key() == pos.compute_key(), written);
    Placement board;
    FUZZ_CHECK(parse_board(board_field(pos.placement()), board, &error), written);
    FUZZ_CHECK(board == pos.placement(), written);
    if (illegal_reason(pos)) return 0; // every command refuses it (or calls it illegal)
    MoveList list;
    generate_legal(pos, list);
    FUZZ_CHECK(has_legal_move(pos) == !list.empty(), written);
    for (Move m : list) {
        pos.make(m);
        pos.unmake();
    }
    FUZZ_CHECK(to_fen(pos) == written && pos.key() == again.key(), written);
    return 0;
}
