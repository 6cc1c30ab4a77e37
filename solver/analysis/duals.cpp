#include "solver/analysis/duals.h"

namespace dynamo {

namespace {

void walk(const PlayNode& node, std::vector<Move>& line, std::vector<Dual>& duals) {
    line.push_back(node.move);
    if (node.threats.size() > 1) {
        Dual threat{DualKind::Threat, line, {}, node.threats[0].length, node.length - 1};
        for (const PlayNode& t : node.threats) threat.continuations.push_back(t.move);
        duals.push_back(std::move(threat));
    }
    for (const DefenceNode& d : node.defences) {
        // After a move that leaves a threat working, the attacker's moves are the threat's
        // (several are no dual), and what follows is the threat's play, not a defence's.
        if (d.refutes || d.continuations.empty() || !d.defends) continue;
        line.push_back(d.move);
        const std::vector<PlayNode>& answers = d.continuations; // all of one length, the fewest
        DualKind kind = answers[0].length < node.length - 1 ? DualKind::Short
                        : answers[0].length == 1            ? DualKind::Mate
                                                            : DualKind::Continuation;
        if (kind == DualKind::Short || answers.size() > 1) {
            Dual dual{kind, line, {}, answers[0].length, node.length - 1};
            for (const PlayNode& c : answers) dual.continuations.push_back(c.move);
            duals.push_back(std::move(dual));
        }
        // Below a dual, the first continuation's play only: the others are the dual already, and
        // counting their own doubles again would multiply one flaw by the size of its branch.
        walk(answers[0], line, duals);
        line.pop_back();
    }
    line.pop_back();
}

} // namespace

void collect_duals(const PlayNode& key, std::vector<Dual>& duals) {
    std::vector<Move> line;
    walk(key, line, duals);
}

} // namespace dynamo
