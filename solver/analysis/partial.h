// A solve in parts: what each first move of the diagram came to, before the verdict. A whole
// solve is one partial analysis that owns every first move, concluded; a distributed solve is N
// partial analyses, each owning the first moves the split gives it, merged and then concluded the
// same way (conclude.h). So the two give one Solution.
#pragma once

#include "solver/analysis/solution.h"
#include "solver/board/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dynamo {

// One first move of the diagram (battle play: the attacker's; helpmates: the first mover's).
struct FirstMoveFindings {
    enum class State : uint8_t {
        Elsewhere, // another part's: not examined here
        Open,      // stopped before it was decided (time limit, interrupt)
        Done,
        Skipped, // battle play, MaxSolutions: that many keys come before it
    };
    Move move;
    State state = State::Elsewhere;
    std::optional<RootMove> root;         // battle play: a key or a try (nothing: neither)
    std::vector<std::vector<Move>> lines; // helpmates: its solutions, at most the search's limit
};

// Helpmates: the helpmates of `plies` half-moves (fewer than the stipulation's), per first move,
// at most SHORT_LINES_SHOWN each; done when every owned first move was searched to the end.
struct ShortRound {
    int plies = 0;
    bool done = false;
    std::vector<std::vector<std::vector<Move>>> lines; // indexed as the first moves
};

struct PartialAnalysis {
    std::string illegal_reason; // non-empty: the diagram cannot arise (nothing else is here)
    std::vector<FirstMoveFindings> first_moves; // every first move, in generation order
    // Battle play, SetPlay: searched by the part that is given it, once its first moves are done.
    bool set_play_searched = false;
    bool set_play_done = false;
    std::vector<DefenceNode> set_play;
    // r#: the diagram's mates the attacker is bound to play (Solution::forced), found by the part
    // given the set play (they are not first moves of any part).
    std::vector<PlayNode> forced;
    // Helpmates: shorter helpmates, fewest plies first, up to the first round with a solution.
    std::vector<ShortRound> short_rounds;
    // Helpmates and help-selfmates, SetPlay: the set play's own analysis (none or one), from its
    // position under its stipulation (help_set_play_position(), help_set_play_stipulation()),
    // searched whole by the part given the set play.
    std::vector<PartialAnalysis> help_set_play;
    uint64_t nodes = 0;
    double seconds = 0;
    int threads = 1; // the threads it ran on (merged parts: all of theirs), for the report
};

// Whether every first move, shorter round and set play of `partial` is done.
bool partial_finished(const PartialAnalysis& partial);

// The parts' findings as one: each first move from the part that owns it. Returns the index of a
// first move no part owns (or that two own), or -1 when the parts cover every move once. The
// parts must be of one diagram (same first moves).
int merge_partials(const std::vector<const PartialAnalysis*>& parts, PartialAnalysis& merged);

} // namespace dynamo
