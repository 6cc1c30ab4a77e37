// The reader's messages as data: a kind of message and its arguments, written in any language of
// `--lang` from one table of phrases per language (message.cpp). The file's own tokens, numbers
// and keywords are arguments, kept verbatim; only our words are translated. JSON and the
// Diagnostic's `message` keep the English text.
#pragma once

#include "format/base/notation.h"
#include "solver/rules/legality.h"
#include "solver/rules/rules.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dynamo {

// The kinds grouped as they are used.
// clang-format off
enum class Msg : uint8_t {
    Verbatim,  // the text as given: a token, a number, a keyword of the file
    PieceText, // "wRh7": in the colour and piece letters of the language (twin_label)
    // Words inside messages.
    EndOfFile, EndOfLine, TheEndOfTheFile, Or, WithNote, NeutralNotSupported, ErrorLabel, NoteLabel,
    NoSuchFile, PermissionDenied, IsADirectory, MoveNumbersNote, StartMoveNumberNote,
    OrthodoxAlone, SwitchesNeedDynamo,
    // The problem's grammar (problem_reader.cpp).
    NoProblem, MissingEnd, ExpectedBeginAfterEnd, MissingStipulation, MissingPieces,
    AmbiguousKeyword, ExpectedTwinChangeAfterTwins, UnknownKeyword, ExpectedEndBeforeBegin,
    StructuredStipulation, KeywordNotSupported, CannotReadFile,
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
    // --rules (RuleSet::Error; OrthodoxAlone and SwitchesNeedDynamo above).
    RuleWordUnknown, RuleWordAmbiguous,
    // Why a position cannot arise (IllegalCause), white's and black's.
    NoWhiteKing, NoBlackKing, WhiteKings, BlackKings, PawnOnPromotionRank, PawnOnFirstRank,
    WhiteMen, BlackMen, WhitePawns, BlackPawns, WhitePromoted, BlackPromoted, WhiteNotToMoveInCheck,
    BlackNotToMoveInCheck,
    // merge: part files refused (part_merge.cpp, part_file.cpp).
    NoPartFiles, PartsOfDifferentSplits, PartGivenTwice, PartsOfDifferentRuns, PartOfAnother,
    ProblemDescribed, AnotherPosition, AnotherStipulation, OtherRules, OtherOptions, SplitOtherwise,
    PartMissing, PartsMissing, FirstMoveNotOnce, PartsWithoutPopeyeOrder, PartFileUnreadable,
    NotAPartFile, PartFileFormat, PartFileNotReadable, PartFileDamaged
};
// clang-format on

struct Message {
    Msg kind = Msg::Verbatim;
    std::string given;         // Verbatim, PieceText: the text
    std::vector<Message> args; // the phrase's {0}, {1} ...

    Message() = default;
    Message(std::string text) : given(std::move(text)) {}
    Message(const char* text) : given(text) {}
    Message(Msg k, std::vector<Message> a = {}) : kind(k), args(std::move(a)) {}

    std::string text(Language lang = Language::English) const;
    bool empty() const { return kind == Msg::Verbatim && given.empty(); }
};

// Why a position cannot arise, and what is wrong with a rule line (solver/'s codes), as messages.
Message illegal_said(const IllegalCause& cause);
Message rules_said(const RuleSet::Error& error);

// A piece as the reader names it ("wRh7"), in the letters of the language when written.
Message piece_arg(std::string text);
// "a", "a or b", "a, b or c", the last "or" in the language.
Message or_list(const std::vector<std::string>& words);

} // namespace dynamo
