// The engine under random play: the input picks a rule set, a start position and then, byte by
// byte, a legal move. After every move: make/unmake restores the position and its keys, the
// incremental keys equal keys computed from scratch, both kings stand, the side that moved is
// not in check, no move recreates the placement before the opponent's last move (the no-undo
// rule), the lazy generators agree with the full one (orthodox: the same moves; Dynamo: whether
// there is one), and bulk-counted perft(1) is the number of moves.
#include "common.h"

#include "solver/rules/lazy_movegen.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/rules/perft.h"

#include <algorithm>
#include <vector>

using namespace dynamo;

namespace {

void check_position(Position& pos, const MoveList& list) {
    const std::string fen = to_fen(pos);
    FUZZ_CHECK(pos.key() == pos.compute_key(), fen);
    FUZZ_CHECK(pos.placement_key() == pos.compute_placement_key(), fen);
    FUZZ_CHECK(pos.king_square(WHITE) != SQ_NONE && pos.king_square(BLACK) != SQ_NONE, fen);
    FUZZ_CHECK(!pos.in_check(~pos.side_to_move()), fen);
    FUZZ_CHECK(!illegal_reason(pos), fen + ": " + illegal_reason(pos).value_or(""));
    FUZZ_CHECK(uint64_t(list.size()) == perft(pos, 1), fen);
    FUZZ_CHECK(has_legal_move(pos) == !list.empty(), fen);
    if (pos.rules().is_dynamo()) {
        FUZZ_CHECK(dynamo_has_legal_move(pos) == !list.empty(), fen);
    } else {
        std::vector<Move> lazy;
        lazy::visit_orthodox(pos, [&](Move m) { return lazy.push_back(m), false; });
        FUZZ_CHECK(int(lazy.size()) == list.size(), fen);
        for (Move m : lazy) FUZZ_CHECK(list.contains(m), fen);
    }
    const StateInfo st = pos.state();
    const Placement before = pos.placement();
    for (Move m : list) {
        bool undo_rule = pos.rules().is_dynamo() && st.has_forbidden &&
                         (!pos.rules().undo_dynamo_only || is_dynamo_move(m));
        if (undo_rule) FUZZ_CHECK(pos.placement_after(m) != st.forbidden, fen + " " + std::to_string(m.raw()));
        Placement expected = pos.placement_after(m);
        pos.make(m);
        FUZZ_CHECK(pos.placement() == expected, fen);
        FUZZ_CHECK(pos.key() == pos.compute_key(), fen);
        pos.unmake();
        FUZZ_CHECK(pos.key() == st.key && pos.placement_key() == st.placement_key, fen);
        FUZZ_CHECK(pos.placement() == before, fen);
    }
    FUZZ_CHECK(to_fen(pos) == fen, fen);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    RuleSet rules = fuzz::rules_for(data[0]);
    Position pos = fuzz::start_position(data[1], rules);
    std::vector<std::string> fens{to_fen(pos)};
    for (size_t i = 2; i < size && i < 2 + 200; ++i) {
        MoveList list;
        generate_legal(pos, list);
        check_position(pos, list);
        if (list.empty()) break;
        Move m = list[data[i] % list.size()];
        pos.make(m);
        fens.push_back(to_fen(pos));
    }
    // Unmaking the whole line returns through the same positions.
    while (pos.ply() > 0) {
        fens.pop_back();
        pos.unmake();
        FUZZ_CHECK(to_fen(pos) == fens.back(), fens.back());
    }
    return 0;
}
