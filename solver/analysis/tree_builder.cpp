#include "solver/analysis/tree_builder.h"

#include "solver/analysis/analysis_common.h"
#include "solver/rules/movegen.h"

#include <algorithm>

namespace dynamo {

TreeBuilder::TreeBuilder(BattleSearch& search, const AnalysisQuestion& question)
    : search_(search), question_(question), self_(search.stipulation().self_play()),
      goal_(search.stipulation().goal == Stipulation::Goal::Mate ? MoveMark::Mate
                                                                 : MoveMark::Stalemate) {}

std::optional<PlayNode> TreeBuilder::play(Position& pos, Move m, int length, bool tree) {
    PlayNode node;
    node.move = m;
    node.mark = mark_of(pos);
    node.length = length;
    if (!tree || (!self_ && node.mark == goal_)) return node;

    // NonTrivial: the defences' subtrees get what this node leaves of the budget, as in the
    // search (the node wins, so it passes the guard).
    KeepNontrivialBudget keep(search_);
    if (search_.nontrivial_applies(length)) {
        const int budget = search_.nontrivial_budget();
        int count = search_.nontrivial_defences(pos, budget + 2);
        if (count < 0) return std::nullopt;
        search_.set_nontrivial_budget(std::max(budget + 1 - count, 0));
    }

    // r#: a defender that can mate must: its mating moves are all it has, and nothing is
    // threatened.
    const bool forced = search_.defender_must_mate(pos);
    int threat_length = 0;
    if (!forced && question_.threats && node.mark == MoveMark::None && length >= 2 &&
        !add_threats(pos, length, node, threat_length))
        return std::nullopt;

    MoveList defences;
    generate_legal(pos, defences);
    for (Move r : defences) {
        if (forced) {
            if (search_.defender_move_mates(pos, r)) node.defences.push_back({r, goal_, {}, false});
            continue;
        }
        if (self_ && length == 1) { // every defender move mates: the selfmate's last move
            // In a try, a move that does not mate refutes it (listed once, under "but").
            if (search_.stipulation().kind == Stipulation::Kind::Self)
                node.defences.push_back({r, goal_, {}, !search_.defender_move_mates(pos, r)});
            continue;
        }
        // A defender move that mates at once is avoided by the defender; shown only on request
        // (Popeye's MatesIn1), where every defence is shown (no threat).
        if (self_ && search_.defender_move_mates(pos, r)) {
            if (question_.immediate_mates && node.threats.empty())
                node.defences.push_back({r, goal_, {}, false});
            continue;
        }
        if (!add_defence(pos, r, length, threat_length, node)) return std::nullopt;
    }
    return node;
}

std::optional<std::vector<PlayNode>> TreeBuilder::answers(Position& pos, int length) {
    std::vector<PlayNode> result;
    MoveList moves;
    generate_legal(pos, moves);
    // With threads free, every move's outcome first, the moves shared out among them; else
    // one move after another, each winning one's tree built before the next is searched, so
    // that one thread does the same work, node for node, as a serial search.
    std::vector<Outcome> outcomes;
    if (search_.shares_moves()) outcomes = search_.defend_each(pos, moves, length);
    for (int i = 0; i < moves.size(); ++i) {
        Outcome o;
        if (!outcomes.empty()) {
            o = outcomes[size_t(i)];
        } else {
            pos.make(moves[i]);
            o = search_.defend(pos, length);
            pos.unmake();
        }
        if (o == Outcome::Unknown) return std::nullopt;
        if (o != Outcome::Win) continue;
        pos.make(moves[i]);
        std::optional<PlayNode> node = play(pos, moves[i], length, true);
        pos.unmake();
        if (!node) return std::nullopt;
        result.push_back(std::move(*node));
    }
    return result;
}

// The threat of the node's move: what would follow a defender pass, and its length (0: none, the
// defender in zugzwang).
bool TreeBuilder::add_threats(Position& pos, int length, PlayNode& node, int& threat_length) {
    pos.make_null();
    threat_length = search_.attack_length(pos, length - 1);
    bool decided = threat_length >= 0;
    if (threat_length > 0) {
        ++in_threat_;
        std::optional<std::vector<PlayNode>> threats = answers(pos, threat_length);
        --in_threat_;
        if (threats)
            node.threats = std::move(*threats);
        else
            decided = false;
    }
    pos.unmake_null();
    node.zugzwang = threat_length == 0;
    return decided;
}

// The defender's move r after the node's move: added to the node's defences if it is shown, with
// the attacker's answers (a refutation: none).
bool TreeBuilder::add_defence(Position& pos, Move r, int length, int threat_length,
                              PlayNode& node) {
    pos.make(r);
    DefenceNode d{r, mark_of(pos), {}, false};
    const int answer = search_.attack_length(pos, length - 1);
    bool decided = answer >= 0;
    if (answer == 0) {
        d.refutes = true;
        node.defences.push_back(std::move(d));
    } else if (answer > 0 &&
               !(question_.no_short_variations && in_threat_ == 0 && answer < length - 1)) {
        // (NoShortVariations: a variation shorter than the line is not shown; Popeye solves
        // threats without this filter.)
        std::optional<bool> show = shown(pos, node.threats, threat_length, answer, d.defends);
        if (!show) {
            decided = false;
        } else if (*show) {
            std::optional<std::vector<PlayNode>> continuations = answers(pos, answer);
            if (continuations) {
                d.continuations = std::move(*continuations);
                node.defences.push_back(std::move(d));
            } else {
                decided = false;
            }
        }
    }
    pos.unmake();
    return decided;
}

// Popeye's rule for a defence after a threat: not shown when the attacker then wins faster
// than the threat, nor when every threat still works; shown otherwise (it defeats a threat,
// or the attacker needs longer). Without a threat (zugzwang, or check) every defence is.
// `defends`: the move stops the whole threat (no threat move still works), so that several
// continuations after it are a dual; one that stops some threats only is shown but is no
// defence.
std::optional<bool> TreeBuilder::shown(Position& pos, const std::vector<PlayNode>& threats,
                                       int threat_length, int answer, bool& defends) {
    defends = true;
    if (threats.empty()) return true;
    if (answer < threat_length) return false;
    if (answer > threat_length) return true;
    std::optional<int> working = threats_working(pos, threats, threat_length);
    if (!working) return std::nullopt;
    defends = *working == 0;
    return *working < int(threats.size());
}

// How many of the threats still reach the goal in their length.
std::optional<int> TreeBuilder::threats_working(Position& pos, const std::vector<PlayNode>& threats,
                                                int length) {
    MoveList moves;
    generate_legal(pos, moves);
    int working = 0;
    for (const PlayNode& t : threats) {
        // The same threat move, as Popeye compares them: in orthodox chess by its squares
        // and promotion, so that a capture on the threat's square is the threat move.
        bool orthodox = !pos.rules().is_dynamo();
        const Move* same = std::find_if(moves.begin(), moves.end(), [&](Move m) {
            return orthodox ? m.active_from() == t.move.active_from() &&
                                  m.active_to() == t.move.active_to() &&
                                  m.promotion() == t.move.promotion()
                            : m == t.move;
        });
        if (same == moves.end()) continue;
        pos.make(*same);
        Outcome o = search_.defend(pos, length);
        pos.unmake();
        if (o == Outcome::Unknown) return std::nullopt;
        working += o == Outcome::Win;
    }
    return working;
}

} // namespace dynamo
