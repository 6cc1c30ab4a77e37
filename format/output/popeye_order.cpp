#include "format/output/popeye_order.h"

#include "solver/analysis/popeye_moves.h"

#include <algorithm>
#include <cstdlib>

namespace dynamo {

namespace {

struct Orderer {
    Stipulation stip;

    // An attacker move that mates at once comes from Popeye's mating-move generator.
    bool mating(int length) const {
        return stip.kind == Stipulation::Kind::Direct && stip.goal == Stipulation::Goal::Mate &&
               length == 1;
    }

    template <class Node, class MatingOf>
    void sort(const Position& pos, std::vector<Node>& nodes, MatingOf mating_of) const {
        std::stable_sort(nodes.begin(), nodes.end(), [&](const Node& a, const Node& b) {
            return popeye_rank(pos, a.move, mating_of(a)) < popeye_rank(pos, b.move, mating_of(b));
        });
    }

    void attacker_moves(Position& pos, std::vector<PlayNode>& nodes) const {
        sort(pos, nodes, [&](const PlayNode& n) { return mating(n.length); });
        for (PlayNode& n : nodes) play(pos, n);
    }

    // r#: a defender that can mate must, and Popeye finds those mates with its mating-move
    // generator (found by fuzzing against Popeye).
    bool defender_mating(const DefenceNode& d) const {
        return stip.kind == Stipulation::Kind::Reflex && stip.goal == Stipulation::Goal::Mate &&
               d.mark == MoveMark::Mate;
    }

    void defender_moves(Position& pos, std::vector<DefenceNode>& nodes) const {
        sort(pos, nodes, [&](const DefenceNode& d) { return defender_mating(d); });
        for (DefenceNode& d : nodes) {
            pos.make(d.move);
            attacker_moves(pos, d.continuations);
            pos.unmake();
        }
    }

    // An attacker move made from pos, and what follows it.
    void play(Position& pos, PlayNode& node) const {
        pos.make(node.move);
        if (!node.threats.empty()) {
            pos.make_null();
            attacker_moves(pos, node.threats);
            pos.unmake_null();
        }
        defender_moves(pos, node.defences);
        pos.unmake();
    }
};

// Helpmate lines played from `from` under `stip`, in Popeye's order.
void sort_lines(const Position& from, const Stipulation& stip, std::vector<HelpLine>& lines) {
    std::vector<std::pair<std::vector<uint32_t>, HelpLine>> keyed;
    for (const HelpLine& l : lines) keyed.emplace_back(popeye_line_ranks(from, stip, l.moves, l.series), l);
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return popeye_line_before(a.first, b.first); });
    for (size_t i = 0; i < lines.size(); ++i) lines[i] = std::move(keyed[i].second);
}

} // namespace


Solution popeye_ordered(const Position& diagram, const Solution& solution) {
    Solution s = solution;
    Orderer o{s.stipulation};
    Position pos = diagram;
    if (!s.set_play.empty()) {
        pos.make_null();
        o.defender_moves(pos, s.set_play);
        pos.unmake_null();
    }
    std::stable_sort(s.root.begin(), s.root.end(), [&](const RootMove& a, const RootMove& b) {
        return popeye_rank(diagram, a.play.move, o.mating(s.stipulation.moves)) <
               popeye_rank(diagram, b.play.move, o.mating(s.stipulation.moves));
    });
    if (s.post_key) { // PostKeyPlay: the diagram is the position after the key
        if (!s.post_key->threats.empty()) {
            pos.make_null();
            o.attacker_moves(pos, s.post_key->threats);
            pos.unmake_null();
        }
        o.defender_moves(pos, s.post_key->defences);
    }
    for (RootMove& r : s.root) {
        o.play(pos, r.play);
        pos.make(r.play.move);
        o.defender_moves(pos, r.refutations);
        pos.unmake();
    }
    sort_lines(diagram, s.stipulation, s.help_lines);
    sort_lines(diagram, s.stipulation, s.short_lines);
    if (!s.help_set_play.empty()) // from its own position, under its own stipulation
        sort_lines(help_set_play_position(diagram), help_set_play_stipulation(s.stipulation),
                   s.help_set_play);
    return s;
}

} // namespace dynamo
