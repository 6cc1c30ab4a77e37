#include "format/base/problem.h"

#include "format/base/stipulation_text.h"

#include <algorithm>

namespace dynamo {

std::string Diagnostic::text(Language lang) const {
    std::string where = line > 0 ? ":" + std::to_string(line) + ":" + std::to_string(column) : "";
    std::string label = Message(note ? Phrase::NoteLabel : Phrase::ErrorLabel).text(lang);
    return escaped(file + where + ": " + label + ": " + (said.empty() ? message : said.text(lang)));
}

Diagnostic diagnostic(std::string file, int line, int column, Message said, bool note) {
    std::string english = said.text(Language::English);
    return Diagnostic{std::move(file), line, column, std::move(english), note, std::move(said)};
}

std::string ignored_options_text(const ProblemOptions& o, Language lang) {
    std::string s;
    for (size_t i = 0; i < o.ignored.size(); ++i)
        s += (i ? ", " : "") +
             (i < o.ignored_said.size() ? o.ignored_said[i].text(lang) : o.ignored[i]);
    return s;
}

Position problem_position(const Placement& pieces, const Stipulation& stip, const RuleSet& rules,
                          const ProblemOptions& options) {
    Position pos;
    RuleSet played = rules;
    played.no_white_king = options.no_white_king;
    played.no_black_king = options.no_black_king;
    pos.set_rules(played);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (Piece p = pieces.piece_on(Square(s))) pos.put_piece(p, Square(s));
    Color first = stip.first_mover();
    if (stip.kind == Stipulation::Kind::Help && options.white_to_play) first = WHITE;
    // HalfDuplex (and Duplex's second half): the other side plays the first side's part. The
    // searches take the side to move as the one that starts.
    if (options.half_duplex) first = ~first;
    // PostKeyPlay: the key has been played; the defender is to move.
    if (options.post_key_play && !stip.help_play()) first = ~first;
    pos.set_side_to_move(first);

    auto denied = [&](Square s) {
        return std::find(options.no_castling.begin(), options.no_castling.end(), s) !=
               options.no_castling.end();
    };
    CastlingRights cr;
    for (Color c : {WHITE, BLACK}) {
        Square k = castling_home(c, CastlingRights::KING_INDEX);
        if (pos.piece_on(k) != make_piece(c, KING) || denied(k)) continue;
        for (int idx : {CastlingRights::QUEEN_ROOK, CastlingRights::KING_ROOK}) {
            Square r = castling_home(c, idx);
            if (pos.piece_on(r) == make_piece(c, ROOK) && !denied(r)) {
                cr.sq[c][CastlingRights::KING_INDEX] = k;
                cr.sq[c][idx] = r;
            }
        }
    }
    cr.exclusive = options.castling_exclusive; // normalised by finish_setup()
    pos.set_castling(cr);
    // Orthodox: an en passant capture is possible on the key only after a stated double step.
    Square ep = options.en_passant;
    if (ep != SQ_NONE && !rules.is_dynamo() &&
        (geometry::pawn_captures[~first][ep] & pos.pieces(first, PAWN)))
        pos.set_ep_square(ep);
    pos.finish_setup();
    if (options.previous && rules.is_dynamo()) pos.set_forbidden_placement(*options.previous);
    return pos;
}

bool quodlibet_applies(const Stipulation& stip) { return stip.kind == Stipulation::Kind::Self; }

Stipulation effective_stipulation(const Stipulation& given, const ProblemOptions& options) {
    Stipulation stip = given;
    stip.quodlibet = options.quodlibet && quodlibet_applies(stip);
    if (stip.kind != Stipulation::Kind::Help || !options.white_to_play || stip.half ||
        stip.moves < 1)
        return stip;
    return with_length(stip, stip.moves - 1, true);
}

AnalysisOptions analysis_options_for(const ProblemOptions& options) {
    AnalysisOptions a;
    a.tries = options.try_play;
    a.max_refutations = std::max(1, options.defence);
    a.variations = options.variation;
    a.threats = !options.no_threat;
    a.set_play = options.set_play;
    a.immediate_mates = options.mates_in_1;
    a.intended = options.intended;
    a.max_solutions = options.max_solutions;
    a.max_keys = options.max_solutions;
    a.popeye_max_solutions = options.max_solutions > 0;
    a.stop_on_short = options.stop_on_short_solutions;
    a.restrictions.threat_length = options.threat_length;
    a.restrictions.max_flights = options.max_flights;
    a.restrictions.nontrivial_max = options.nontrivial_max;
    a.restrictions.nontrivial_length = options.nontrivial_length;
    a.restrictions.keep_mating_piece = options.keep_mating_piece;
    a.no_short_variations = options.no_short_variations;
    a.post_key_play = options.post_key_play;
    a.move_numbers = options.move_numbers; // acted on under --order popeye alone
    return a;
}

std::vector<std::string> option_notes(const Problem& problem, Language lang) {
    const ProblemOptions& o = problem.options;
    // The options of each line, then one note per line.
    std::vector<std::pair<int, ProblemOptions>> lines;
    for (size_t i = 0; i < o.ignored.size(); ++i) {
        int at = i < o.ignored_lines.size() ? o.ignored_lines[i] : problem.line;
        if (lines.empty() || lines.back().first != at) lines.push_back({at, {}});
        ProblemOptions& on_line = lines.back().second;
        on_line.ignored.push_back(o.ignored[i]);
        if (i < o.ignored_said.size()) on_line.ignored_said.push_back(o.ignored_said[i]);
    }
    std::vector<std::string> notes;
    for (const auto& [at, on_line] : lines) {
        Message said(Phrase::OptionNotActedOn,
                     {std::to_string(problem.index), ignored_options_text(on_line, lang)});
        notes.push_back(problem.file + ":" + std::to_string(at) + ": " +
                        Message(Phrase::NoteLabel).text(lang) + ": " + said.text(lang));
    }
    return notes;
}

} // namespace dynamo
