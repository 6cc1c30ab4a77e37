// The base layer of format/: languages and the one phrase table, messages, move notation as
// written, FEN, stipulation text, rule words, text from outside, and the problem itself (here).
// It includes the engine (solver/) and nothing above it: not format/input, format/output or
// format/parts.
// A chess problem as a plain value: what a problem file says (docs/format.md, "1. Problem
// files"), with no text left for the solver to read. The reader (problem_reader.h) builds it;
// the solver and the report writers take it.
#pragma once

#include "format/base/message.h"
#include "format/base/text_input.h"
#include "solver/analysis/analysis.h"
#include "solver/board/position.h"
#include "solver/rules/legality.h"
#include "solver/board/rule_set.h"
#include "solver/search/stipulation.h"

#include <optional>
#include <string>
#include <vector>

namespace dynamo {

// FILE:LINE:COL: error: MESSAGE (docs/format.md, "Error messages"); FILE: error: MESSAGE for the
// file as a whole (line 0). Bytes of the input quoted in it are escaped (text_input.h). Under
// --lang the same in German, French or Italian (`said`, message.h); the prefix FILE:LINE:COL stays
// as it is.
struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message; // English (JSON, logs)
    bool note = false;   // a note: said, and the problem is still read
    Message said;        // the message as data; empty: `message` in every language

    std::string text(Language lang = Language::English) const;
};
// A diagnostic with its message as data (`message` is its English text).
Diagnostic diagnostic(std::string file, int line, int column, Message said, bool note = false);

struct ProblemOptions {
    bool try_play = false;            // Try: show tries
    int defence = 1;                  // Defence N: tries with up to N refutations (implies Try)
    bool variation = false;           // Variation: threats and variations
    bool threat = false;              // Threat (accepted; threats are shown with Variation)
    int threat_length = -1;           // Threat N: Popeye's threat-length limit, -1 none
    int max_flights = -1;             // MaxFlightsquares N: Popeye's flight limit, -1 none
    bool no_threat = false;           // NoThreat
    bool set_play = false;            // SetPlay
    std::vector<Square> no_castling;  // NoCastling SQUARES: king/rook squares without the right
    uint8_t castling_exclusive = 0;   // CastlingMutuallyExclusive pairs (CastlingRights::exclusive)
    int max_solutions = 0;            // MaxSolutions N, 0 = no limit
    int nontrivial_max = -1;          // NonTrivial M T: M, -1 = none
    int nontrivial_length = -1;       //   and T
    bool keep_mating_piece = false;   // KeepMatingPiece
    bool no_short_variations = false; // NoShortVariations
    bool white_to_play = false;       // WhiteToPlay (helpmates)
    bool duplex = false;              // Duplex: solved also with the colours' roles swapped
    bool half_duplex = false;         // HalfDuplex: solved only so (the other side starts)
    bool move_numbers = false;        // MoveNumbers (progress output)
    bool no_board = false;            // NoBoard: no diagram in the text output
    bool stop_on_short_solutions = false; // StopOnShortSolutions (help play)
    bool no_white_king = false;           // NoWk: White plays without a king
    bool no_black_king = false;           // NoBk: Black plays without a king
    int intended = 1;            // Intended N / `remark intended: N` (our extension, helpmates)
    bool mates_in_1 = false;     // MatesIn1: show the defender's immediate mates in s# play
    bool post_key_play = false;  // PostKeyPlay: the diagram is the position after the key
    Square en_passant = SQ_NONE; // EnPassant: the square the last double step passed (orthodox)
    // `remark prev: BOARD` (or `mate --prev`): the board before the opponent's last move, which
    // the no-undo rule forbids the side to move to return to (Dynamo only).
    std::optional<Placement> previous;
    std::vector<std::string> ignored;  // options read but not acted on (e.g. Popeye's Intelligent)
    std::vector<int> ignored_lines;    //   and the line each was read on
    std::vector<Message> ignored_said; //   and each as said in any language (its note translated)
};

// One change of a Popeye twin (`twin move a1 a2`, `twin add white Pb2`, ...).
struct TwinChange {
    enum class Kind : uint8_t { Move, Exchange, Add, Remove, Stipulation, Condition };
    Kind kind = Kind::Move;
    Square from = SQ_NONE, to = SQ_NONE; // Move, Exchange; Remove uses `from`; Add uses `to`
    Piece piece = NO_PIECE;              // Add
    dynamo::Stipulation stipulation;     // Stipulation
    RuleSet rules;                       // Condition
    std::string condition_text;          // Condition, as written
};

struct Twin {
    bool continued = false; // `twin continued ...`: applies to the previous twin, not the diagram
    std::vector<TwinChange> changes;
    std::string label; // Popeye's description, e.g. "wRh2-->g2", "h#2"
};

struct Problem {
    std::string file; // where it was read from
    int index = 0;    // 1-based position in the file
    int line = 0;     // line of its first keyword

    std::vector<std::string> titles, authors, origins, awards, remarks;
    // `remark verdict: sound`: the verdict the file certifies (for a problem with twins, the
    // verdict of the whole problem). `check` compares the verdict it finds with it.
    std::optional<Verdict> expected_verdict;
    bool intended_given = false; // `remark intended: N` was read

    Placement pieces;        // the diagram
    bool has_pieces = false; // a `pieces` or `forsyth` line was given
    Stipulation stipulation;
    bool has_stipulation = false;
    RuleSet rules = RuleSet::orthodox(); // no condition: orthodox, as in Popeye
    std::string condition_text;          // the condition line as written ("" if none)
    ProblemOptions options;
    std::vector<Twin> twins;

    std::vector<Diagnostic> errors; // non-empty: the problem is not to be solved

    bool ok() const { return errors.empty(); }
    std::string title() const { return titles.empty() ? "" : titles.front(); }
    std::string author() const { return authors.empty() ? "" : authors.front(); }
};

// The diagram position of a problem (or of one of its twins, see problem_reader.h):
// side to move from the stipulation and options, castling allowed where king and rook stand on
// their original squares unless NoCastling names one of them.
Position problem_position(const Placement& pieces, const Stipulation& stip, const RuleSet& rules,
                          const ProblemOptions& options);

// The stipulation as solved: Popeye's WhiteToPlay turns a helpmate h#N into h#(N-1).5, White
// playing the first half-move (its text then says so: "h#3.5").
Stipulation effective_stipulation(const Stipulation& stip, const ProblemOptions& options);

// What the problem's options ask of the analysis: tries (Try, Defence N), variations, threats
// (NoThreat), set play, the defender's immediate mates (MatesIn1). Threads, hash and time limits
// are left at their defaults for the caller to set.
AnalysisOptions analysis_options_for(const ProblemOptions& options);

// The notes on options read but not acted on (or only in part), one per line of the file they
// stand on: "FILE:LINE: note: problem N: option not acted on: Intelligent 3, MaxTime 5".
std::vector<std::string> option_notes(const Problem& problem, Language lang = Language::English);
// The options not acted on, "Intelligent 3, MaxTime 5", their notes in `lang`.
std::string ignored_options_text(const ProblemOptions& options, Language lang = Language::English);

} // namespace dynamo
