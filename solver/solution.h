// The solution tree: the contract between the analysis (which knows the search) and the report
// writers (which know text). Moves are engine moves; a writer replays them from the diagram
// position to write them in notation.
#pragma once

#include "stipulation.h"
#include "types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dynamo {

// What a move does to the side that has to answer it.
enum class MoveMark : uint8_t { None, Check, Mate, Stalemate };

struct PlayNode;

// A defender move and the attacker's answers to it (its continuations; for a selfmate's last
// move, nothing: the defender move itself is the mate).
struct DefenceNode {
    Move move;
    MoveMark mark = MoveMark::None;
    std::vector<PlayNode> continuations; // attacker moves reaching the goal in the fewest moves
    bool refutes = false;                // the attacker has no answer (a refutation)
};

// An attacker move, with what the defender can do about it.
struct PlayNode {
    Move move;
    MoveMark mark = MoveMark::None;
    int length = 0;                    // moves to the goal, this one included
    bool zugzwang = false;             // no threat: the defender must move
    std::vector<PlayNode> threats;     // what would follow a defender pass
    std::vector<DefenceNode> defences; // shown defences (those that parry a threat), or all
};

// A first move of the attacker: a key (reaches the goal) or a try (refuted).
struct RootMove {
    enum class Kind : uint8_t { Key, Try } kind = Kind::Key;
    PlayNode play;
    std::vector<DefenceNode> refutations; // a try's refutations
};

enum class Verdict : uint8_t {
    Sound, SoundWithDuals, Cooked, Short, NoSolution, Illegal, Unfinished, Incomplete
};
const char* verdict_name(Verdict v);

// A dual: a defence (or a point in a line) answered by more than one attacker continuation.
struct Dual {
    std::vector<Move> line; // from the first move down to the defence
    std::vector<Move> continuations;
};

struct Solution {
    Stipulation stipulation;
    std::vector<DefenceNode> set_play; // defender moves in the diagram and the attacker's answers
    std::vector<RootMove> root;        // keys and tries, in generation order
    std::vector<Dual> duals;
    Verdict verdict = Verdict::NoSolution;
    std::string illegal_reason;        // for Verdict::Illegal
    bool finished = true;              // false: stopped by the time limit; what is here holds
    int first_moves_done = 0;          // root moves fully analysed (progress, unfinished runs)
    int first_moves_total = 0;
    uint64_t nodes = 0;
    double seconds = 0;
    int threads = 1;

    int keys() const;
    int tries() const;
    int variations() const; // defences shown after the keys
};

} // namespace dynamo
