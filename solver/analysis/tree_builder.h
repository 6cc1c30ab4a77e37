// The solution tree below an attacker's move, built from the search's answers: the threat, the
// defences shown (Popeye's rule for which defences after a threat are) and the attacker's answers
// to them, down to the goal. Every method answers nothing (nullopt, false) when the search was
// stopped (time limit, interrupt): the tree, unfinished, is then dropped whole.
#pragma once

#include "solver/analysis/options.h"
#include "solver/analysis/solution.h"
#include "solver/search/battle_search.h"

#include <optional>
#include <vector>

namespace dynamo {

// The search's NonTrivial budget, given back as it was when this goes.
class KeepNontrivialBudget {
  public:
    explicit KeepNontrivialBudget(BattleSearch& search)
        : search_(search), budget_(search.nontrivial_budget()) {}
    ~KeepNontrivialBudget() { search_.set_nontrivial_budget(budget_); }
    KeepNontrivialBudget(const KeepNontrivialBudget&) = delete;
    KeepNontrivialBudget& operator=(const KeepNontrivialBudget&) = delete;

  private:
    BattleSearch& search_;
    int budget_;
};

class TreeBuilder {
  public:
    TreeBuilder(BattleSearch& search, const AnalysisQuestion& question);

    // The attacker has just played m (the defender is to move); it reaches the goal in exactly
    // `length` moves counting m, or length is the full budget for a try. Without `tree`, the
    // move and its mark alone.
    std::optional<PlayNode> play(Position& pos, Move m, int length, bool tree);

    // Attacker to move, winning in exactly `length`: every move that does, with its tree.
    std::optional<std::vector<PlayNode>> answers(Position& pos, int length);

  private:
    bool add_threats(Position& pos, int length, PlayNode& node, int& threat_length);
    bool add_defence(Position& pos, Move r, int length, int threat_length, PlayNode& node);
    std::optional<bool> shown(Position& pos, const std::vector<PlayNode>& threats,
                              int threat_length, int answer, bool& defends);
    std::optional<int> threats_working(Position& pos, const std::vector<PlayNode>& threats,
                                       int length);

    BattleSearch& search_;
    const AnalysisQuestion& question_;
    bool self_;         // s#, s=, r#: the defender is to reach the goal
    MoveMark goal_;     // the mark of a move reaching it
    int in_threat_ = 0; // building a threat's tree
};

} // namespace dynamo
