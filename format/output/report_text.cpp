#include "format/output/report_text.h"
#include "format/base/phrases.h"

#include "format/base/stipulation_text.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace dynamo {

namespace {

std::string mark_suffix(MoveMark mark) { return mark_text(mark); } // one writer: notation.h

// Popeye's columns: the attacker's k-th move at 8k-6 (the first at 3), the defender's at 8k-2;
// the move number ends there, so from move 10 on it starts a column earlier per extra digit.
size_t number_width(int k) { return std::to_string(k).size() - 1; }
std::string attacker_indent(int k) {
    return std::string(k == 1 ? 3 : size_t(8 * k - 6) - number_width(k), ' ');
}
std::string defender_indent(int k) { return std::string(size_t(8 * k - 2) - number_width(k), ' '); }

class TreeWriter {
  public:
    TreeWriter(const Position& diagram, Language lang) : pos_(diagram), lang_(lang) {}

    // An attacker move (its k-th), made from the current position, and what follows it.
    void play(const PlayNode& node, int k, const char* root_mark = "") {
        out_ << attacker_indent(k) << k << "." << move_text(pos_, node.move, lang_);
        pos_.make(node.move);
        after(node, k, root_mark);
        pos_.unmake();
    }

    // PostKeyPlay: the play after a key not named, the diagram being the position after it.
    // Popeye writes the key's line without the key: " threat:", " zugzwang.", " +"; none when
    // it would be empty (an r# whose defender must mate, an s#1).
    void post_key(const PlayNode& node) {
        after(node, 1, "");
        if (std::string s = out_.str(); s.starts_with("\n"))
            out_.str(s.substr(1)), out_.seekp(0, std::ios_base::end);
    }

    // A defender move (its k-th) and the attacker's continuations; one that refutes (only in
    // post-key play: a key's defences are all answered) says so, as Popeye does.
    void defence(const DefenceNode& d, int k, const char* suffix = "") {
        out_ << defender_indent(k) << k << "..." << move_text(pos_, d.move, lang_)
             << mark_suffix(d.mark) << suffix << "\n";
        if (d.refutes && !*suffix)
            out_ << std::string(defender_indent(k).size() + 2, ' ')
                 << phrase(Phrase::Refutes, lang_) << ".\n";
        pos_.make(d.move);
        for (const PlayNode& c : d.continuations) play(c, k + 1);
        pos_.unmake();
    }

    void root(const RootMove& r) {
        bool key = r.kind == RootMove::Kind::Key;
        play(r.play, 1, key ? " !" : " ?");
        if (!r.refutations.empty()) {
            out_ << "    " << phrase(Phrase::But, lang_) << "\n";
            pos_.make(r.play.move);
            for (const DefenceNode& d : r.refutations) defence(d, 1, " !");
            pos_.unmake();
        }
    }

    // Set play: the defender moves first in the diagram.
    void set_play(const std::vector<DefenceNode>& set) {
        pos_.make_null();
        for (const DefenceNode& d : set) defence(d, 1);
        pos_.unmake_null();
    }

    std::string text() const { return out_.str(); }

  private:
    // The rest of an attacker move's line (the move made): mark, threat or zugzwang; then the
    // threats and the defences.
    void after(const PlayNode& node, int k, const char* root_mark) {
        out_ << mark_suffix(node.mark) << (node.forced ? " ?!?" : root_mark); // r#: a forced mate
        if (!node.threats.empty())
            out_ << " " << phrase(Phrase::Threat, lang_) << ":";
        else if (node.zugzwang)
            out_ << " " << phrase(Phrase::Zugzwang, lang_) << ".";
        out_ << "\n";
        if (!node.threats.empty()) {
            pos_.make_null();
            for (const PlayNode& t : node.threats) play(t, k + 1);
            pos_.unmake_null();
        }
        for (const DefenceNode& d : node.defences) defence(d, k);
    }

    Position pos_;
    Language lang_;
    std::ostringstream out_;
};

std::string centred(const std::string& s, size_t width = 37) {
    if (s.size() >= width) return s;
    return std::string((width - s.size()) / 2, ' ') + s;
}

std::string line_text(const Position& diagram, const std::vector<Move>& line, Language lang) {
    Position pos = diagram;
    std::string s;
    for (size_t i = 0; i < line.size(); ++i) {
        int k = int(i / 2) + 1;
        s += i % 2 == 0 ? std::to_string(k) + "." : (i == 0 ? std::to_string(k) + "..." : " ");
        s += move_text(pos, line[i], lang);
        pos.make(line[i]);
        if (i + 1 < line.size() && i % 2 == 1) s += " ";
    }
    return s;
}

// "mate dual: after 1.Qb3-c2 Bd1-e2: 2.Qc2-c3 / 2.Qc2-d3", "threat dual: after 1.Qb3-c2:
// 2.Qc2-c3 / 2.f7-f8=Q", "short mate: after 1.Qb3-c2 Kd1-e2: 2.Qc2-c1 (in 1 move, 2 allowed)".
std::string dual_text(const Position& diagram, const Dual& d, Language lang) {
    static constexpr Phrase labels[] = {Phrase::MateDual, Phrase::ContinuationDual,
                                        Phrase::ThreatDual, Phrase::ShortMate};
    std::string s = std::string(phrase(labels[int(d.kind)], lang)) + ": " +
                    std::string(phrase(Phrase::After, lang)) + " " +
                    line_text(diagram, d.line, lang) + ":";
    Position pos = diagram;
    for (Move m : d.line) pos.make(m);
    // A defence line ends with the defender's move; a threat line with the attacker's, and the
    // threats are played after a pass.
    bool after_attacker = d.line.size() % 2 == 1;
    if (after_attacker) pos.make_null();
    int k = int(d.line.size() + 1) / 2 + 1;
    for (size_t i = 0; i < d.continuations.size(); ++i) {
        Move m = d.continuations[i];
        s += std::string(i ? " /" : "") + " " + std::to_string(k) + "." + move_text(pos, m, lang);
    }
    if (d.kind == DualKind::Short) s += " (" + moves_allowed(d.length, d.allowed, lang) + ")";
    return s;
}

// "no duals", "3 duals (2 mate, 1 continuation)", then threat duals and short mates apart.
std::string dual_counts(const Solution& solution, Language lang) {
    auto plural = [](int n, std::string_view one, std::string_view many) {
        return std::to_string(n) + " " + std::string(n == 1 ? one : many);
    };
    int mate = solution.duals_of(DualKind::Mate), cont = solution.duals_of(DualKind::Continuation);
    std::string s =
        mate + cont == 0
            ? std::string(phrase(Phrase::NoDuals, lang))
            : plural(mate + cont, phrase(Phrase::Dual, lang), phrase(Phrase::Duals, lang)) + " (" +
                  std::to_string(mate) + " " + std::string(phrase(Phrase::OfMate, lang)) + ", " +
                  std::to_string(cont) + " " + std::string(phrase(Phrase::OfContinuation, lang)) +
                  ")";
    if (int t = solution.duals_of(DualKind::Threat))
        s += "; " + plural(t, phrase(Phrase::ThreatDual, lang), phrase(Phrase::ThreatDuals, lang));
    if (int m = solution.duals_of(DualKind::Short))
        s += "; " + plural(m, phrase(Phrase::ShortMate, lang), phrase(Phrase::ShortMates, lang));
    return s;
}

} // namespace

std::string header_stipulation(const Stipulation& stip, const ProblemOptions& o) {
    // Popeye's WriteOptions (output/plaintext/position.c): "/T" for Threat T, "/F" after it for
    // MaxFlightsquares F ("//F" alone), ";M,L" for NonTrivial M L; written as given, applicable
    // or not.
    std::string s = stip.text;
    if (o.threat_length >= 0) s += "/" + std::to_string(o.threat_length);
    if (o.max_flights >= 0)
        s += (o.threat_length >= 0 ? "/" : "//") + std::to_string(o.max_flights);
    if (o.nontrivial_max >= 0)
        s += ";" + std::to_string(o.nontrivial_max) + "," + std::to_string(o.nontrivial_length);
    return s;
}

std::string text_header(const Problem& problem, const Position& diagram, const Stipulation& stip,
                        const TextReportOptions& options) {
    std::ostringstream out;
    for (const auto& r : problem.remarks) out << r << "\n";
    for (const auto& list : {problem.authors, problem.origins, problem.awards, problem.titles})
        for (const auto& s : list) out << centred(s) << "\n";
    if (options.board) {
        out << "\n+---a---b---c---d---e---f---g---h---+\n|                                   |\n";
        for (int rank = 7; rank >= 0; --rank) {
            out << rank + 1;
            for (int file = 0; file < 8; ++file) {
                Piece p = diagram.piece_on(make_square(file, rank));
                if (!p)
                    out << "   .";
                else
                    out << (color_of(p) == BLACK ? "  -" : "   ")
                        << piece_letter(type_of(p), options.lang);
            }
            out << "   " << rank + 1 << "\n|                                   |\n";
        }
        out << "+---a---b---c---d---e---f---g---h---+\n";
    }
    // Popeye's WritePieceCounts: the counts end in column 35, right after the stipulation if it
    // is too long for that.
    const std::string left = "  " + header_stipulation(stip, problem.options);
    const std::string counts = std::to_string(popcount(diagram.pieces(WHITE))) + " + " +
                               std::to_string(popcount(diagram.pieces(BLACK)));
    out << left << std::string(35 - std::min<size_t>(35, left.size() + counts.size()), ' ')
        << counts << "\n";
    if (diagram.rules().is_dynamo()) out << centred(diagram.rules().name()) << "\n";
    // Popeye's option lines under the stipulation (output/plaintext/position.c).
    if (problem.options.duplex) out << centred("Duplex") << "\n";
    if (problem.options.half_duplex) out << centred("HalfDuplex") << "\n";
    if (problem.options.quodlibet) out << centred("Quodlibet") << "\n";
    return out.str();
}

namespace {

// Popeye's MoveNumbers: "  3  (Ta1-c1 )" before each move Popeye tries first, " +" when it
// leaves the other side in check, the play that starts with it under it. Popeye stops trying
// once MaxSolutions (or StopOnShortSolutions) cut the phase: after the move of the last play
// shown.
class Numbered {
  public:
    Numbered(const Position& pos, const std::vector<TriedMove>& tried, Language lang, int before)
        : pos_(pos), tried_(tried), lang_(lang), number_(before) {}

    // The moves tried up to the one that starts the last play shown, when `cut`.
    size_t count(bool cut, Move last) const {
        if (!cut || last == Move::none()) return tried_.size();
        for (size_t i = 0; i < tried_.size(); ++i)
            if (tried_[i].move == last) return i + 1;
        return tried_.size();
    }

    std::string line(size_t i) {
        char n[16];
        std::snprintf(n, sizeof n, "%3d", ++number_);
        return std::string(n) + "  (" + move_text(pos_, tried_[i].move, lang_) +
               (tried_[i].check ? " +" : "") + " )\n";
    }

    int number() const { return number_; }

  private:
    const Position& pos_;
    const std::vector<TriedMove>& tried_;
    Language lang_;
    int number_;
};

// Battle play: keys, tries and r#'s forced mates each under the number of its first move.
void numbered_battle(std::ostream& out, const Position& diagram, const Solution& solution,
                     const TextReportOptions& options) {
    Numbered numbered(diagram, solution.tried, options.lang, options.move_number);
    Move last = Move::none();
    for (const RootMove& r : solution.root)
        if (r.kind == RootMove::Kind::Key) last = r.play.move;
    const size_t tried = numbered.count(solution.partial, last);
    std::vector<char> shown(solution.root.size(), 0);
    bool play_last = false;
    for (size_t i = 0; i < tried; ++i) {
        out << numbered.line(i);
        play_last = false;
        for (size_t k = 0; k < solution.root.size(); ++k) {
            if (solution.root[k].play.move != solution.tried[i].move) continue;
            TreeWriter w(diagram, options.lang);
            w.root(solution.root[k]);
            out << w.text() << "\n";
            shown[k] = play_last = true;
        }
        for (const PlayNode& m : solution.forced) { // r#: "1.Bh6-f8 # ?!?", as Popeye
            if (m.move != solution.tried[i].move) continue;
            TreeWriter w(diagram, options.lang);
            w.play(m, 1);
            out << w.text() << "\n";
            play_last = true;
        }
    }
    for (size_t k = 0; k < solution.root.size(); ++k) // none: each was tried
        if (!shown[k]) {
            TreeWriter w(diagram, options.lang);
            w.root(solution.root[k]);
            out << w.text() << "\n";
        }
    if (!play_last) out << "\n";
}

// Help play: the lines of each first move under its number.
void numbered_lines(std::ostream& out, const Position& pos, const std::vector<TriedMove>& tried,
                    const std::vector<HelpLine>& lines, bool cut, int before, Language lang,
                    bool after_pass = false) {
    Numbered numbered(pos, tried, lang, before);
    const size_t count =
        numbered.count(cut, lines.empty() ? Move::none() : lines.back().moves.front());
    std::vector<char> shown(lines.size(), 0);
    for (size_t i = 0; i < count; ++i) {
        out << numbered.line(i);
        for (size_t k = 0; k < lines.size(); ++k)
            if (!lines[k].moves.empty() && lines[k].moves.front() == tried[i].move) {
                out << "  " << help_line_text(pos, lines[k], lang, after_pass) << "\n";
                shown[k] = 1;
            }
    }
    for (size_t k = 0; k < lines.size(); ++k) // none: each was tried
        if (!shown[k]) out << "  " << help_line_text(pos, lines[k], lang, after_pass) << "\n";
}

// The solution under Popeye's MoveNumbers (Solution::tried; --order popeye).
std::string numbered_solution(const Position& diagram, const Solution& solution,
                              const TextReportOptions& options) {
    std::ostringstream out;
    out << "\n";
    if (!solution.helpmate()) {
        if (!solution.set_play.empty()) { // Popeye numbers no set play of battle play
            TreeWriter w(diagram, options.lang);
            w.set_play(solution.set_play);
            out << w.text() << "\n";
        }
        numbered_battle(out, diagram, solution, options);
        return out.str();
    }
    int before = options.move_number;
    if (!solution.tried_set_play.empty()) { // SetPlay: numbered first, the count goes on
        numbered_lines(out, help_set_play_position(diagram), solution.tried_set_play,
                       solution.help_set_play, false, before, options.lang,
                       solution.stipulation.half);
        before += int(solution.tried_set_play.size());
        out << "\n";
    }
    if (solution.stipulation.kind == Stipulation::Kind::Help)
        for (const HelpLine& line : solution.short_lines)
            out << "  " << help_line_text(diagram, line, options.lang) << "\n";
    // Shorter lines among the lines (ser-h#): Popeye finds them before the numbered play.
    const Stipulation& stip = solution.stipulation;
    const size_t full = stip.kind == Stipulation::Kind::SeriesHelp
                            ? size_t(stip.moves) + 1
                            : size_t(2 * stip.moves + (stip.half ? 1 : 0));
    std::vector<HelpLine> lines;
    for (const HelpLine& line : solution.help_lines)
        if (line.moves.size() < full)
            out << "  " << help_line_text(diagram, line, options.lang) << "\n";
        else
            lines.push_back(line);
    numbered_lines(out, diagram, solution.tried, lines, solution.partial, before, options.lang);
    if (solution.partial) out << phrase(Phrase::PartialSolution, options.lang) << "\n";
    out << "\n";
    return out.str();
}

} // namespace

std::string text_solution(const Position& diagram, const Solution& solution,
                          const TextReportOptions& options) {
    if (options.order == SolutionOrder::Popeye) {
        TextReportOptions ours = options;
        ours.order = SolutionOrder::Ours;
        ours.short_lines_listed = true;
        return text_solution(diagram, popeye_ordered(diagram, solution), ours);
    }
    if (!solution.tried.empty() && solution.verdict != Verdict::Illegal)
        return numbered_solution(diagram, solution, options) +
               (options.verdict ? text_verdict(diagram, solution, options.lang) : "");
    std::ostringstream out;
    if (solution.verdict != Verdict::Illegal) {
        out << "\n";
        const auto empty_at = out.tellp();
        if (!solution.set_play.empty()) {
            TreeWriter w(diagram, options.lang);
            w.set_play(solution.set_play);
            out << w.text() << "\n";
        }
        for (const RootMove& r : solution.root) {
            TreeWriter w(diagram, options.lang);
            w.root(r);
            out << w.text() << "\n";
        }
        const PlayNode* after = solution.post_key ? &*solution.post_key : nullptr;
        if (after && (!after->threats.empty() || !after->defences.empty() || after->zugzwang)) {
            TreeWriter w(diagram, options.lang);
            w.post_key(*solution.post_key);
            out << w.text() << "\n";
        }
        for (const PlayNode& m : solution.forced) { // r#: "1.Bh6-f8 # ?!?", as Popeye
            TreeWriter w(diagram, options.lang);
            w.play(m, 1);
            out << w.text();
        }
        if (!solution.forced.empty()) out << "\n";
        if (!solution.help_set_play.empty()) { // SetPlay: Popeye writes it first
            const Position set = help_set_play_position(diagram);
            const bool after_pass =
                solution.stipulation.half; // h#N.5's: "1...  ...  2.Black White"
            for (const HelpLine& line : solution.help_set_play)
                out << "  " << help_line_text(set, line, options.lang, after_pass) << "\n";
            out << "\n";
        }
        // --order popeye: h#N's shorter solutions first, every length, as Popeye lists them.
        if (options.short_lines_listed && solution.stipulation.kind == Stipulation::Kind::Help)
            for (const HelpLine& line : solution.short_lines)
                out << "  " << help_line_text(diagram, line, options.lang) << "\n";
        for (const HelpLine& line : solution.help_lines)
            out << "  " << help_line_text(diagram, line, options.lang) << "\n";
        // Popeye's last line when MaxSolutions or StopOnShortSolutions cut a phase, right
        // under the lines.
        const bool partial = options.short_lines_listed && solution.partial;
        if (partial) out << phrase(Phrase::PartialSolution, options.lang) << "\n";
        if (!solution.help_lines.empty() || partial) out << "\n";
        // --order popeye: Popeye ends the solution with a blank line, after none a second one
        // (REGRESSIONS/4_51_to_4_53.inp problem 9: "b) +wSa7  +bBa5", two blank lines, "c)").
        if (options.short_lines_listed && out.tellp() == empty_at) out << "\n";
    }
    if (options.verdict) out << text_verdict(diagram, solution, options.lang);
    return out.str();
}

Stipulation short_stipulation(const Solution& solution, const HelpLine& line) {
    if (line.series) return with_length(solution.stipulation, int(line.moves.size()) - 1, false);
    return with_length(solution.stipulation, int(line.moves.size() / 2),
                       line.moves.size() % 2 == 1);
}

std::string illegal_text(const Position& diagram, const Solution& solution, Language lang) {
    // The reason is the diagram's (legality.h); another position's is kept as it was said.
    auto cause = illegal_cause(diagram);
    if (cause && cause->text() == solution.illegal_reason) return illegal_said(*cause).text(lang);
    return solution.illegal_reason;
}

std::string help_line_text(const Position& diagram, const HelpLine& line, Language lang,
                           bool after_pass) {
    Position pos = diagram;
    std::string s;
    // Popeye's helpmate layout: move pairs "2.Black White", three spaces apart; a first White
    // half-move (h#N.5) stands alone as "1...".
    size_t i = 0;
    int k = 1;
    auto half_move = [&] {
        s += move_text(pos, line.moves[i], lang) + mark_suffix(line.marks[i]);
        pos.make(line.moves[i++]);
    };
    // Popeye's series layout: "1.Black   2.Black   3.Black White", White passing between.
    if (line.series) {
        for (; i + 1 < line.moves.size(); ++k) {
            s += (s.empty() ? "" : "   ") + std::to_string(k) + ".";
            half_move();
            if (i + 1 < line.moves.size()) pos.make_null();
        }
        if (i < line.moves.size()) {
            s += " ";
            half_move();
        }
        return s;
    }
    // Set play of an h#N.5: White's first half-move passed, "1...  ...  2.Black White".
    if (after_pass) {
        s = "1...  ...";
        k = 2;
    }
    // (By the line's length, not the side to move: under HalfDuplex Black's h#N.5 starts so.)
    else if (line.moves.size() % 2 == 1) {
        s += "1...";
        half_move();
        k = 2;
    }
    for (; i < line.moves.size(); ++k) {
        s += (s.empty() ? "" : s.ends_with(" ...") ? "  " : "   ") + std::to_string(k) + ".";
        half_move();
        if (i < line.moves.size()) {
            s += " ";
            half_move();
        }
    }
    return s;
}

namespace {

// PostKeyPlay: the verdict line, with post_key_summary().
std::string post_key_verdict(const Position& diagram, const Solution& solution, Language lang) {
    std::string summary;
    if (solution.verdict == Verdict::Illegal)
        summary = illegal_text(diagram, solution, lang);
    else if (!solution.finished)
        summary = phrase(Phrase::StoppedBeforePostKey, lang);
    else
        summary = post_key_summary(diagram, solution, lang);
    std::ostringstream out;
    out << phrase(Phrase::Verdict, lang) << ": " << padded(verdict_term(solution.verdict, lang), 14)
        << " " << summary << "\n";
    return out.str();
}

std::string help_verdict(const Position& diagram, const Solution& solution, Language lang) {
    std::ostringstream out;
    auto stipulation_of = [&](const HelpLine& line) {
        return short_stipulation(solution, line).text;
    };
    for (size_t i = 0; i < solution.short_lines.size() && i < size_t(SHORT_LINES_SHOWN); ++i) {
        const HelpLine& line = solution.short_lines[i];
        out << verdict_term(Verdict::Short, lang) << ": " << stipulation_of(line) << ": "
            << help_line_text(diagram, line, lang) << "\n";
    }
    int count = solution.solutions;
    std::string summary;
    auto add = [&](const std::string& s) { summary += (summary.empty() ? "" : "; ") + s; };
    if (solution.verdict == Verdict::Illegal) {
        add(illegal_text(diagram, solution, lang));
    } else {
        if (solution.verdict == Verdict::Unfinished)
            add(first_moves_examined(solution.first_moves_done, solution.first_moves_total, lang));
        add((solution.solutions_capped ? std::string(phrase(Phrase::AtLeast, lang)) + " " : "") +
            std::to_string(count) + " " +
            std::string(phrase(count == 1 ? Phrase::Solution : Phrase::Solutions, lang)) + ", " +
            std::to_string(solution.intended) + " " +
            std::string(
                phrase(solution.intended == 1 ? Phrase::IntendedOne : Phrase::Intended, lang)));
        if (int(solution.help_lines.size()) < count)
            add(std::to_string(solution.help_lines.size()) + " " +
                std::string(phrase(Phrase::Shown, lang)) +
                (solution.partial && solution.help_lines.empty() && !solution.short_lines.empty()
                     ? " (StopOnShortSolutions)"
                     : " (MaxSolutions)"));
        if (!solution.short_lines.empty())
            add(std::string(phrase(Phrase::Shorter, lang)) + ": " +
                stipulation_of(solution.short_lines[0]));
    }
    out << phrase(Phrase::Verdict, lang) << ": " << padded(verdict_term(solution.verdict, lang), 14)
        << " " << summary << "\n";
    return out.str();
}

} // namespace

std::string post_key_summary(const Position& diagram, const Solution& solution, Language lang) {
    if (!solution.post_key || !solution.finished) return "";
    int v = solution.variations();
    std::string s = std::string(phrase(Phrase::AfterTheKey, lang)) + ": " + std::to_string(v) +
                    " " +
                    std::string(phrase(v == 1 ? Phrase::Variation : Phrase::Variations, lang));
    std::string refutations;
    for (const DefenceNode& d : solution.post_key->defences)
        if (d.refutes)
            refutations +=
                (refutations.empty() ? "1..." : ", 1...") + move_text(diagram, d.move, lang);
    if (!refutations.empty())
        s += "; " + std::string(phrase(Phrase::RefutedBy, lang)) + " " + refutations;
    return s;
}

std::string restrictions_text(const SearchRestrictions& r) {
    std::string text;
    if (r.threat_length >= 0) text = "Threat " + std::to_string(r.threat_length);
    auto add = [&](const std::string& s) { text += (text.empty() ? "" : ", ") + s; };
    if (r.max_flights >= 0) add("MaxFlightsquares " + std::to_string(r.max_flights));
    if (r.nontrivial())
        add("NonTrivial " + std::to_string(r.nontrivial_max) + " " +
            std::to_string(r.nontrivial_length));
    if (r.keep_mating_piece) add("KeepMatingPiece");
    return text;
}

std::string text_verdict(const Position& diagram, const Solution& solution, Language lang) {
    if (solution.helpmate()) return help_verdict(diagram, solution, lang);
    std::ostringstream out;
    // The verdict holds only within the restrictions: said first, so that it is not missed.
    if (solution.restrictions.any())
        out << phrase(Phrase::Restricted, lang) << ": " << restrictions_text(solution.restrictions)
            << " (" << phrase(Phrase::NotSearched, lang) << ")\n";
    // Popeye's Threat T with T >= N: no defence node has a threat of T moves to look for.
    // KeepMatingPiece in r#N: both sides have a goal, Popeye inserts no filter.
    if (solution.unapplied.any())
        out << phrase(Phrase::NotApplicable, lang) << ": " << restrictions_text(solution.unapplied)
            << " ("
            << (solution.unapplied.threat_length >= 0
                    ? std::string(phrase(Phrase::TooLongFor, lang)) + " "
                    : std::string())
            << solution.stipulation.text << ", " << phrase(Phrase::SolvedWithout, lang) << ")\n";
    if (solution.post_key) return out.str() + post_key_verdict(diagram, solution, lang);
    std::vector<std::string> keys;
    for (const RootMove& r : solution.root) {
        if (r.kind != RootMove::Kind::Key) continue;
        keys.push_back("1." + move_text(diagram, r.play.move, lang));
        if (r.play.length < solution.stipulation.moves)
            out << verdict_term(Verdict::Short, lang) << ": " << keys.back() << " "
                << phrase(Phrase::ReachesGoalIn, lang) << " " << r.play.length << "\n";
    }
    if (keys.size() > 1)
        for (const auto& k : keys) out << phrase(Phrase::Cook, lang) << ": " << k << "\n";
    for (const Dual& d : solution.duals) out << dual_text(diagram, d, lang) << "\n";
    std::string summary;
    auto add = [&](const std::string& s) { summary += (summary.empty() ? "" : "; ") + s; };
    switch (solution.verdict) {
    case Verdict::Illegal: add(illegal_text(diagram, solution, lang)); break;
    case Verdict::Unfinished:
        add(first_moves_examined(solution.first_moves_done, solution.first_moves_total, lang));
        [[fallthrough]];
    default: {
        std::string k;
        for (size_t i = 0; i < keys.size(); ++i) k += (i ? ", " : "") + keys[i];
        if (!keys.empty())
            add(std::string(phrase(keys.size() > 1 ? Phrase::Keys : Phrase::Key, lang)) + " " + k);
        if (solution.verdict != Verdict::Illegal) {
            int v = solution.variations(), t = solution.tries();
            if (!keys.empty())
                add(std::to_string(v) + " " +
                    std::string(phrase(v == 1 ? Phrase::Variation : Phrase::Variations, lang)));
            else if (solution.verdict != Verdict::Unfinished)
                // and no duals to speak of: "no solution; 0 tries; no duals" read ill
                add(std::string(phrase(Phrase::NoKey, lang)));
            add(std::to_string(t) + " " +
                std::string(phrase(t == 1 ? Phrase::Try : Phrase::Tries, lang)));
            if (!keys.empty() || !solution.duals.empty()) add(dual_counts(solution, lang));
            if (solution.solutions_capped)
                add(std::string(phrase(Phrase::StoppedAt, lang)) + " " +
                    std::to_string(keys.size()) + " " +
                    std::string(phrase(keys.size() == 1 ? Phrase::Key : Phrase::Keys, lang)) +
                    " (MaxSolutions)");
        }
    }
    }
    out << phrase(Phrase::Verdict, lang) << ": " << padded(verdict_term(solution.verdict, lang), 14)
        << " " << summary << "\n";
    return out.str();
}

} // namespace dynamo
