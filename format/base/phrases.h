// The one table of phrases in the four languages of `--lang` (phrases.cpp): the reader's and the
// command line's messages, with their arguments {0}, {1} ... (message.h), and the words of the
// text output: threat, but, zugzwang, key, try, the verdicts ... as problemists of each language
// write them (German: Drohung, aber, Verführung, Schlüssel; French: menace, mais, essai, clé;
// Italian, after the AISE usage: minaccia, ma, tentativo, chiave). JSON and the Diagnostic's
// `message` keep the English text.
#pragma once

#include "format/base/language.h"

#include "solver/analysis/solution.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace dynamo {

// clang-format off
enum class Phrase : uint16_t {
    // The messages (message.h), grouped as they are used.
    Verbatim,  // the text as given: a token, a number, a keyword of the file
    PieceText, // "wRh7": in the colour and piece letters of the language (twin_label)
    // Words inside messages.
    EndOfFile, EndOfLine, TheEndOfTheFile, Or, WithNote, NeutralNotSupported, NoteLabel,
    NoSuchFile, PermissionDenied, IsADirectory, MoveNumbersNote, StartMoveNumberNote,
    OrthodoxAlone, SwitchesNeedDynamo,
    // The problem's grammar (problem_reader.cpp).
    NoProblem, MissingEnd, ExpectedBeginAfterEnd, MissingStipulation, MissingPieces,
    AmbiguousKeyword, ExpectedTwinChangeAfterTwins, UnknownKeyword, ExpectedEndBeforeBegin,
    StructuredStipulation, KeywordNotSupported, LaTeXNotActedOn, ProtocolNotActedOn, CannotReadFile,
    // condition, option.
    UnknownCondition, ExpectedCondition, ExpectedNumber, ExpectedNumberFromTo, ExpectedSquaresAfter,
    ExpectedTwoSquares, AmbiguousOption, UnknownOption, OptionNotSupported, ExpectedOption,
    OptionNotActedOn,
    // pieces, forsyth and FEN boards.
    SquareGivenTwice, ExpectedColourAfter, ExpectedPieceAfter, ExpectedColour, FairyPiece,
    ExpectedPiece, ExpectedSquare, ExpectedFen, FenRankSquares, FenMoreRanks, FenRankTooLong,
    FenCharacter, FenRanks,
    // stipulation.
    ExpectedStipulationAfter, StipulationNotSupported, ExpectedStipulation, MissingMoveCount,
    MovesAtLeastOne, ExpectedMoveCount, ExpectedHalf, HalfOnlyHelp, StipulationTooLong,
    // remarks.
    VerdictTwice, UnknownVerdict, IntendedTwice, PrevTwice, AfterRemarkPrev,
    // twin.
    AmbiguousTwinChange, ContinuedFirst, TwoDifferentSquares, SquareEmpty, TwinChangeNotSupported,
    ExpectedTwinChange,
    // The command line's values (cli/): --order, --export, --part, --shard, --stip, --fen, --prev.
    OptionValue, ExpectedFound, ExpectedPartOf, ExportAndJson, IllegalPosition, WhiteMovesFirst,
    BlackMovesFirst, ExpectedMovesAfter, UnexpectedAfterStipulation, StipulationNeedsMove,
    FenEmpty, FenFields, FenSide, FenCastlingCharacter, FenCastlingRight, FenEnPassant,
    FenMoveCounter,
    // --rules (rules_text.h; OrthodoxAlone and SwitchesNeedDynamo above).
    RuleWordUnknown, RuleWordAmbiguous,
    // Why a position cannot arise (IllegalCause), white's and black's.
    NoWhiteKing, NoBlackKing, WhiteKings, BlackKings, PawnOnPromotionRank, PawnOnFirstRank,
    WhiteMen, BlackMen, WhitePawns, BlackPawns, WhitePromoted, BlackPromoted, WhiteNotToMoveInCheck,
    BlackNotToMoveInCheck,
    // merge: part files refused (part_merge.cpp, part_file.cpp).
    NoPartFiles, PartsOfDifferentSplits, PartGivenTwice, PartsOfDifferentRuns, PartOfAnother,
    ProblemDescribed, AnotherPosition, AnotherStipulation, OtherRules, OtherOptions, SplitOtherwise,
    PartMissing, PartsMissing, FirstMoveNotOnce, PartsWithoutPopeyeOrder, PartFileUnreadable,
    NotAPartFile, PartFileFormat, PartFileNotReadable, PartFileDamaged,
    // The words of the text output.
    Threat, Zugzwang, But, PartialSolution, Key, Keys, Try, Tries, Variation, Variations, Dual, Duals, NoDuals,
    Cook, Verdict, Solution, Solutions, Intended, ProblemVerdict, Twins, TwinLabel, Refutes,
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
    Line,
    // The verdicts, in Verdict's order.
    VerdictSound, VerdictSoundWithDuals, VerdictCooked, VerdictShort, VerdictNoSolution,
    VerdictIllegal, VerdictUnfinished, VerdictIncomplete,
    // first_moves_examined(): "3 of 20 first moves examined".
    Of, FirstMovesExamined,
    // The label of an error line is the word "error".
    ErrorLabel = Error
};
// clang-format on

std::string_view phrase(Phrase p, Language lang);
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
