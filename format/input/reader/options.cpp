#include "format/input/reader/options.h"

namespace dynamo::reader {

namespace {

using O = ProblemOptions;
using A = OptionArgs;

// Popeye's option table (options/options.c, output/plaintext/language_dependant.c), in its
// order so that abbreviations resolve alike, plus our Intended (read only in full). Numbers run
// from `min` to 999999999.
constexpr OptionDef OPTIONS[] = {
    {{"Defence", "Widerlegung", "Defense"},
     Arg::Number,
     1,
     +[](O& o, const A& a) { o.defence = a.numbers[0], o.try_play = true; }},
    {{"SetPlay", "Satzspiel", "Apparent"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.set_play = true; }},
    {{"WhiteToPlay", "WeissBeginnt", "ApparentSeul"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.white_to_play = true; }},
    {{"Variations", "Varianten", "Variantes"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.variation = true; }},
    {{"MoveNumbers", "Zugnummern", "Trace"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.move_numbers = true; },
     nullptr,
     Phrase::MoveNumbersNote},
    {{"StartMoveNumber", "StartZugnummer", "Enroute"},
     Arg::Number,
     1,
     nullptr,
     nullptr,
     Phrase::StartMoveNumberNote},
    {{"NoWk", "OhneWk", "SansRB"}, Arg::None, 1, +[](O& o, const A&) { o.no_white_king = true; }},
    {{"Duplex", "Duplex", "Duplex"}, Arg::None, 1, +[](O& o, const A&) { o.duplex = true; }},
    {{"NoBk", "OhneSk", "SansRN"}, Arg::None, 1, +[](O& o, const A&) { o.no_black_king = true; }},
    {{"Threat", "Drohung", "Menace"},
     Arg::OptionalNumber,
     0,
     +[](O& o, const A& a) {
         o.threat = true;
         if (!a.numbers.empty()) o.threat_length = a.numbers[0];
     }},
    {{"NoThreat", "OhneDrohung", "SansMenace"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.no_threat = true; }},
    {{"Try", "Verfuehrung", "Essais"}, Arg::None, 1, +[](O& o, const A&) { o.try_play = true; }},
    {{"MaxSolutions", "MaxLoesungen", "MaxSolutions"},
     Arg::Number,
     1,
     +[](O& o, const A& a) { o.max_solutions = a.numbers[0]; }},
    {{"MaxFlightsquares", "MaxFluchtFelder", "MaxCasesFuites"},
     Arg::Number,
     0,
     +[](O& o, const A& a) { o.max_flights = a.numbers[0]; }},
    {{"Search", "Suchen", "Search"}, Arg::None},
    {{"MultiSolutions", "MehrereLoesungen", "MultiSolutions"}, Arg::None},
    {{"NoSymmetry", "KeineSymmetrie", "NonSymetrique"}, Arg::None},
    {{"NonTrivial", "NichtTrivial", "NonTrivial"},
     Arg::TwoNumbers,
     0,
     +[](O& o, const A& a) {
         o.nontrivial_max = a.numbers[0], o.nontrivial_length = a.numbers[1];
     }},
    {{"KeepMatingPiece", "HalteMattsetzendenStein", "RetiensPieceMatante"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.keep_mating_piece = true; }},
    {{"EnPassant", "EnPassant", "EnPassant"},
     Arg::Squares,
     1,
     +[](O& o, const A& a) {
         // The last move was a double step: departure, passed square, arrival.
         if (a.squares.size() >= 2)
             o.en_passant = Square((int(a.squares.front()) + int(a.squares.back())) / 2);
     }},
    {{"NoBoard", "OhneBrett", "SansEchiquier"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.no_board = true; }},
    {{"NoShortVariations", "OhneKurzVarianten", "SansVariantesCourtes"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.no_short_variations = true; }},
    {{"HalfDuplex", "HalbDuplex", "DemiDuplex"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.half_duplex = true; }},
    {{"PostKeyPlay", "NachSchluessel", "ApresCle"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.post_key_play = true; }},
    {{"Intelligent", "Intelligent", "Intelligent"}, Arg::OptionalNumber},
    {{"MaxTime", "MaxZeit", "MaxTemps"}, Arg::Number},
    {{"NoCastling", "KeineRochade", "SansRoquer"},
     Arg::Squares,
     1,
     +[](O& o, const A& a) {
         o.no_castling.insert(o.no_castling.end(), a.squares.begin(), a.squares.end());
     }},
    // A selfmate that White may also win by mating: not solved here, and read-and-ignored it
    // would give another answer than Popeye's.
    {{"Quodlibet", "Quodlibet", "Quodlibet"},
     Arg::None,
     1,
     nullptr,
     "a selfmate or direct mate either way is not solved yet"},
    {{"StopOnShortSolutions", "StopNachKurzloesungen", "FinApresSolutionsCourtes"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.stop_on_short_solutions = true; }},
    {{"Beep", "Pieps", "Bip"}, Arg::OptionalNumber},
    {{"SuppressGrid", "OhneGitter", "SansGrille"}, Arg::None},
    {{"WriteGrid", "ZeichneGitter", "AjouteGrille"}, Arg::None},
    {{"CastlingMutuallyExclusive", "RochadenGegenseitigAusschliessend",
      "RoquesMutuellementExclusifs"},
     Arg::RookPair,
     1,
     +[](O& o, const A& a) {
         // A white rook's square, then a black one's: castling with one takes the other's right.
         auto rook = [](Square s) {
             return file_of(s) == 0 ? CastlingRights::QUEEN_ROOK : CastlingRights::KING_ROOK;
         };
         o.castling_exclusive |=
             CastlingRights::exclusive_bit(rook(a.squares[0]), rook(a.squares[1]));
     }},
    {{"GoalIsEnd", "ZielIstEnde", "ButEstFin"}, Arg::None},
    {{"UpToMoveNumber", "BisZugnummer", "JusquAuCoup"}, Arg::Number},
    {{"MatesIn1", "MattsIn1", "MatsEn1"},
     Arg::None,
     1,
     +[](O& o, const A&) { o.mates_in_1 = true; }},
    {{"TrivialTriesAvoid", "TrivialeFehlversucheUnterdruecken", "TrivialEssaiSupprimer"},
     Arg::None},
    {{"NullMoves", "NullZuege", "CoupsVides"}, Arg::None},
    // Ours: the number of solutions a helpmate's composer intends, written in full. `remark
    // intended: N` says the same in a form Popeye reads (remarks.cpp).
    {{"Intended", "Intended", "Intended"},
     Arg::Number,
     1,
     +[](O& o, const A& a) { o.intended = a.numbers[0]; },
     nullptr,
     Phrase::Verbatim,
     true},
};

} // namespace

Lookup<const OptionDef*> find_option(std::string_view token, InputLanguage lang) {
    Lookup<const OptionDef*> r;
    for (const OptionDef& d : OPTIONS) {
        std::string_view word = d.names.in(lang);
        if (iequal(token, word)) return {Lookup<const OptionDef*>::One, &d, {}};
        if (!d.ours && is_prefix_of(token, word)) r.candidates.push_back(word), r.value = &d;
    }
    if (r.candidates.size() == 1)
        r.kind = Lookup<const OptionDef*>::One;
    else if (r.candidates.size() > 1)
        r.kind = Lookup<const OptionDef*>::Ambiguous;
    return r;
}

} // namespace dynamo::reader
