// The words of the text output in the four languages of `--lang`: threat, but, zugzwang, key,
// try, the verdicts ... as problemists of each language write them (German: Drohung, aber,
// Verführung, Schlüssel; French: menace, mais, essai, clé; Italian, after the AISE usage:
// minaccia, ma, tentativo, chiave). One table (terms.cpp); the writers look words up here.
// JSON keeps its English field values whatever the language.
#pragma once

#include "format/base/notation.h"

#include "solver/analysis/solution.h"

#include <string>
#include <string_view>

namespace dynamo {

// A word or phrase in English, German, French and Italian (the tables of terms.cpp and
// message.cpp).
struct Words4 {
    std::string_view en, de, fr, it;
    constexpr std::string_view in(Language l) const {
        switch (l) {
        case Language::German: return de;
        case Language::French: return fr;
        case Language::Italian: return it;
        default: return en;
        }
    }
};

enum class Term {
    Threat, Zugzwang, But, Key, Keys, Try, Tries, Variation, Variations, Dual, Duals, NoDuals,
    Cook, Verdict, Solution, Solutions, Intended, ProblemVerdict, Twins, Refutes,
    // The dual notes and the verdict line's details.
    MateDual, ContinuationDual, ThreatDual, ThreatDuals, ShortMate, ShortMates, After, OfMate,
    OfContinuation, ReachesGoalIn, Shorter, AtLeast, Shown, NoKey, StoppedAt, Restricted,
    NotSearched, Move, Moves, Allowed, In, SolvingTime, NotApplicable, TooLongFor, SolvedWithout,
    // `check`'s lines and total.
    Unsupported, Error, Errors, Problem, Problems, NotAsCertified, WholeProblem, SoFar,
    RestrictedBy, IgnoredOption, Differs,
    IntendedOne, // "1 intended": French and Italian agree in number
    // PostKeyPlay's verdict line.
    AfterTheKey, RefutedBy, StoppedBeforePostKey,
    // `mate --upto`'s line.
    Shortest, NoneIn, NoneFrom, To, StoppedBeforeVerdict,
    // Duplex: the label of the second half (the other side starting).
    DuplexHalf,
    // The progress line on stderr (solve, mate) and check's progress bar.
    FirstMoves, Now, AtDepth, HalfMovesDeep, Nodes, Remaining,
    // merge's note on an unfinished problem (stderr).
    OpenFirstMoves, Part, NoFirstMoveOpen,
    // check's detail for a problem that could not be read: "line 10: ...".
    Line
};

std::string_view term(Term t, Language lang);
std::string_view verdict_term(Verdict v, Language lang);
// "3 of 20 first moves examined", in `lang`.
std::string first_moves_examined(int done, int total, Language lang);
// "in 1 move, 2 allowed", in `lang`.
std::string moves_allowed(int length, int allowed, Language lang);
// A twin's label as the reader writes it ("b) wRh7-->g7  -bPb7"), with the colour and piece
// letters of `lang` as Popeye writes them in its languages (German "wTh7", French "bTh7").
std::string twin_label(std::string_view label, Language lang);
// The label of a twin or Duplex half as the text shows it: twin_label(), and the word "duplex:"
// that marks a Duplex problem's second half (batch/items.cpp, cli/solve.cpp) in `lang`.
std::string shown_label(std::string_view label, Language lang);
// `text` then blanks up to `width` characters (UTF-8 characters, not bytes).
std::string padded(std::string_view text, size_t width);

} // namespace dynamo
