#include "solver/analysis/solution.h"

#include <algorithm>

namespace dynamo {

const char* verdict_name(Verdict v) {
    switch (v) {
    case Verdict::Sound: return "sound";
    case Verdict::SoundWithDuals: return "sound, with duals";
    case Verdict::Cooked: return "cooked";
    case Verdict::Short: return "short";
    case Verdict::NoSolution: return "no solution";
    case Verdict::Illegal: return "illegal";
    case Verdict::Unfinished: return "unfinished";
    case Verdict::Incomplete: return "incomplete";
    }
    return "?";
}

const char* dual_kind_name(DualKind k) {
    switch (k) {
    case DualKind::Mate: return "mate";
    case DualKind::Continuation: return "continuation";
    case DualKind::Threat: return "threat";
    case DualKind::Short: return "short";
    }
    return "?";
}

Verdict combined_verdict(const std::vector<Verdict>& twins) {
    static constexpr Verdict gravity[] = {Verdict::Illegal,    Verdict::Unfinished,
                                          Verdict::NoSolution, Verdict::Cooked,
                                          Verdict::Short,      Verdict::Incomplete,
                                          Verdict::SoundWithDuals};
    for (Verdict v : gravity)
        if (std::find(twins.begin(), twins.end(), v) != twins.end()) return v;
    return twins.empty() ? Verdict::NoSolution : Verdict::Sound;
}

int Solution::keys() const {
    int n = 0;
    for (const auto& r : root) n += r.kind == RootMove::Kind::Key;
    return n;
}

int Solution::tries() const {
    int n = 0;
    for (const auto& r : root) n += r.kind == RootMove::Kind::Try;
    return n;
}

int Solution::variations() const {
    int n = 0;
    for (const auto& r : root)
        if (r.kind == RootMove::Kind::Key) n += int(r.play.defences.size());
    if (post_key) n += int(post_key->defences.size());
    return n;
}

Position help_set_play_position(const Position& diagram) {
    Position set = diagram;
    set.set_side_to_move(~diagram.side_to_move());
    return set;
}

Stipulation help_set_play_stipulation(const Stipulation& stip) {
    Stipulation set = stip;
    if (stip.half) set.half = false;
    else set.moves -= 1, set.half = true;
    return set;
}

int Solution::duals_of(DualKind k) const {
    return int(std::count_if(duals.begin(), duals.end(), [k](const Dual& d) { return d.kind == k; }));
}

} // namespace dynamo
