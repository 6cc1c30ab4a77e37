#include "solver/search/movepick.h"

namespace dynamo {

// Returns where the moves that give no check begin.
int checks_first(const Position& pos, MoveList& list) {
    const CheckHints hints(pos);
    return int(std::partition(list.begin(), list.end(),
                              [&](Move m) { return hints.gives_check(pos, m); }) -
               list.begin());
}

void generate_orthodox_checks(const Position& pos, MoveList& list) {
    CheckHints hints(pos);
    if (hints.valid) return generate_checks(pos, hints, list);
    generate_legal(pos, list);
    int kept = 0;
    for (Move m : list)
        if (pos.gives_check(m)) list[kept++] = m;
    list.truncate(kept);
}

std::vector<Move> selfmate_last_dismissals(Position& pos, Move killer, const MoveList& moves) {
    std::vector<Move> out;
    QuietReplies replies;
    if (!pos.rules().is_dynamo()) replies.init(pos, killer);
    for (Move m : moves) out.push_back(replies.refutation(pos, m));
    return out;
}

} // namespace dynamo
