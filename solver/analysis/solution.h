// The solution tree: the contract between the analysis (which knows the search) and the report
// writers (which know text). Moves are engine moves; a writer replays them from the diagram
// position to write them in notation.
#pragma once

#include "solver/board/position.h"
#include "solver/rules/move_mark.h"
#include "solver/search/stipulation.h"
#include "solver/board/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dynamo {

struct PlayNode;

// A defender move and the attacker's answers to it (its continuations; for a selfmate's last
// move, nothing: the defender move itself is the mate).
struct DefenceNode {
    Move move;
    MoveMark mark = MoveMark::None;
    std::vector<PlayNode> continuations; // attacker moves reaching the goal in the fewest moves
    bool refutes = false;                // the attacker has no answer (a refutation)
    // It stops the threat: no threat move still reaches the goal in the threat's length. Every
    // defender move does where there is no threat (zugzwang, after a check, threats not
    // searched). Only after a defence are several continuations a dual (docs/duals.md).
    bool defends = true;
};

// An attacker move, with what the defender can do about it.
struct PlayNode {
    Move move;
    MoveMark mark = MoveMark::None;
    int length = 0;                    // moves to the goal, this one included
    bool zugzwang = false;             // no threat: the defender must move
    std::vector<PlayNode> threats;     // what would follow a defender pass
    std::vector<DefenceNode> defences; // shown defences (those that parry a threat), or all
    bool forced = false; // r#: a mate the attacker can play, so must, and fails (Popeye's "?!?")
};

// A first move of the attacker: a key (reaches the goal) or a try (refuted).
struct RootMove {
    enum class Kind : uint8_t { Key, Try } kind = Kind::Key;
    PlayNode play;
    std::vector<DefenceNode> refutations; // a try's refutations
};

// A helpmate solution: the whole line from the diagram, the two sides' moves in turn (in h#N.5
// White's first), with what each move does to the side that answers it.
struct HelpLine {
    std::vector<Move> moves;
    std::vector<MoveMark> marks;
    bool series = false; // ser-h#: Black's moves in a row (White passing), then White's
};

enum class Verdict : uint8_t {
    Sound, SoundWithDuals, Cooked, Short, NoSolution, Illegal, Unfinished, Incomplete
};
const char* verdict_name(Verdict v);

// Doubled play in the solution, as problemists count it (docs/duals.md). Mate and continuation
// duals are duals (they make a sound problem "sound, with duals"); threat doubles and short
// mates are reported apart and do not.
enum class DualKind : uint8_t {
    Mate,         // after a defence, two or more last moves of the attacker reach the goal
    Continuation, // after a defence, two or more earlier attacker moves do
    Threat,       // an attacker move threatens two or more moves (a threat dual)
    Short         // after a defence, the attacker reaches the goal sooner than the line allows
};
const char* dual_kind_name(DualKind k); // "mate", "continuation", "threat", "short"

struct Dual {
    DualKind kind = DualKind::Mate;
    std::vector<Move> line;          // from the first move down to the defence (a threat dual:
                                     // down to the threatening attacker move)
    std::vector<Move> continuations; // the attacker's moves there (the threats); a short mate
                                     // may have one
    int length = 0;                  // moves the continuations take to the goal, theirs included
    int allowed = 0;                 // moves the line leaves the attacker there (more than
                                     // length: short)
};

// A first move as Popeye's MoveNumbers names it: every move of the side to move that Popeye
// tries, legal or not (it numbers a move before its legality is tested), and whether the other
// side is in check after it (Popeye's " +").
struct TriedMove {
    Move move;
    bool check = false;
};

// At most this many shorter helpmates are shown: they are evidence, not the solution.
inline constexpr int SHORT_LINES_SHOWN = 10;

struct Solution {
    Stipulation stipulation;
    SearchRestrictions restrictions;   // battle play searched within these (Popeye's options)
    SearchRestrictions unapplied;      // given, not applicable here (Threat T >= N)
    std::vector<PlayNode> forced;      // r#: the diagram's mates the attacker must play (fails)
    std::vector<DefenceNode> set_play; // defender moves in the diagram and the attacker's answers
    std::vector<RootMove> root;        // keys and tries, in generation order
    // PostKeyPlay: the diagram is the position after a key not named (its move is none); the
    // play after it, as below a key: threat (or zugzwang, or check) and the defender's moves.
    std::optional<PlayNode> post_key;
    std::vector<Dual> duals;
    // Helpmates: the solutions shown (in generation order, at most MaxSolutions); how many the
    // search found (more than shown when MaxSolutions cut the list); whether it stopped at its
    // limit (then there may be still more); solutions in fewer moves (h#: the fewest there are,
    // at most SHORT_LINES_SHOWN; ser-h#: every shorter one, so that either order's first
    // SHORT_LINES_SHOWN can be shown); the solutions the composer intends (Intended N).
    std::vector<HelpLine> help_lines;
    int solutions = 0;
    bool solutions_capped = false;
    // Popeye's "Partial solution": in set play or play, MaxSolutions was reached or
    // StopOnShortSolutions stopped at a shorter length (the lines listed are that phase's first).
    bool partial = false;
    std::vector<HelpLine> short_lines;
    // Helpmates under SetPlay: the lines from the diagram with the other side to move, a
    // half-move shorter (Popeye's set play of help play); see help_set_play_position(). ser-h#N:
    // White's mates in one (the series' end alone, as Popeye).
    std::vector<HelpLine> help_set_play;
    int intended = 1;
    // Popeye's MoveNumbers (AnalysisQuestion::move_numbers): the first moves Popeye tries, in
    // its order; those of the helpmate set play apart (the other side first). Empty otherwise.
    std::vector<TriedMove> tried;
    std::vector<TriedMove> tried_set_play;
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
    int duals_of(DualKind k) const;
    int real_duals() const { return duals_of(DualKind::Mate) + duals_of(DualKind::Continuation); }
    bool helpmate() const { return stipulation.help_play(); } // solutions are lines
};

// Helpmate set play: the diagram with the other side to move, and the stipulation a half-move
// shorter (h#N: h#(N-1).5, White first; h#N.5: h#N).
Position help_set_play_position(const Position& diagram);
Stipulation help_set_play_stipulation(const Stipulation& stip);

// The verdict of a problem with twins: sound when every twin is; otherwise the gravest of the
// twins' verdicts (illegal, unfinished, no solution, cooked, short, incomplete).
Verdict combined_verdict(const std::vector<Verdict>& twins);

} // namespace dynamo
