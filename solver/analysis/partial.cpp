#include "solver/analysis/partial.h"

#include <algorithm>

namespace dynamo {

using State = FirstMoveFindings::State;

bool partial_finished(const PartialAnalysis& partial) {
    for (const FirstMoveFindings& f : partial.first_moves)
        if (f.state == FirstMoveFindings::State::Open) return false;
    if (partial.set_play_searched && !partial.set_play_done) return false;
    for (const ShortRound& r : partial.short_rounds)
        if (!r.done) return false;
    for (const PartialAnalysis& s : partial.help_set_play)
        if (!partial_finished(s)) return false;
    return true;
}

int merge_partials(const std::vector<const PartialAnalysis*>& parts, PartialAnalysis& merged) {
    merged = PartialAnalysis{};
    if (parts.empty()) return -1;
    const PartialAnalysis& first = *parts.front();
    merged.illegal_reason = first.illegal_reason;
    merged.first_moves.resize(first.first_moves.size());
    merged.threads = 0;
    for (size_t i = 0; i < first.first_moves.size(); ++i)
        merged.first_moves[i].move = first.first_moves[i].move;
    for (const PartialAnalysis* p : parts) {
        merged.nodes += p->nodes;
        merged.seconds += p->seconds;
        merged.threads += p->threads;
        for (size_t i = 0; i < p->first_moves.size() && i < merged.first_moves.size(); ++i) {
            const FirstMoveFindings& f = p->first_moves[i];
            if (f.state == State::Elsewhere) continue;
            if (merged.first_moves[i].state != State::Elsewhere) return int(i); // owned twice
            merged.first_moves[i] = f;
        }
        if (p->set_play_searched) {
            merged.set_play_searched = true;
            merged.set_play_done = p->set_play_done;
            merged.set_play = p->set_play;
        }
        if (!p->forced.empty()) merged.forced = p->forced;
        if (!p->help_set_play.empty()) merged.help_set_play = p->help_set_play;
    }
    for (size_t i = 0; i < merged.first_moves.size(); ++i)
        if (merged.first_moves[i].state == State::Elsewhere) return int(i);

    // Shorter helpmates: a round is done when every part finished it (a part that found one at a
    // shorter length stopped before it: the merged rounds stop there too).
    int max_plies = 0;
    for (const PartialAnalysis* p : parts)
        for (const ShortRound& r : p->short_rounds) max_plies = std::max(max_plies, r.plies);
    for (int plies = 1; plies <= max_plies; ++plies) {
        ShortRound round{plies, true,
                         std::vector<std::vector<std::vector<Move>>>(merged.first_moves.size())};
        bool any = false;
        for (const PartialAnalysis* p : parts) {
            auto it = std::find_if(p->short_rounds.begin(), p->short_rounds.end(),
                                   [&](const ShortRound& r) { return r.plies == plies; });
            if (it == p->short_rounds.end()) {
                round.done = false;
                continue;
            }
            any = true;
            round.done &= it->done;
            for (size_t i = 0; i < it->lines.size() && i < round.lines.size(); ++i)
                if (!it->lines[i].empty()) round.lines[i] = it->lines[i];
        }
        if (any) merged.short_rounds.push_back(std::move(round));
    }
    return -1;
}

} // namespace dynamo
