// The output layer: the solution as text (here), as JSON (report_json.h), in Popeye's order
// (popeye_order.h) and exported as FEN, LaTeX or SVG (export.h). It includes format/base and the
// engine, nothing of format/input or format/parts.
// The solution as text, in Popeye's layout (docs/format.md, "4. Text output"), with our verdict
// block.
#pragma once

#include "format/base/notation.h"
#include "format/base/problem.h"
#include "format/output/popeye_order.h"
#include "solver/analysis/solution.h"

#include <string>

namespace dynamo {

struct TextReportOptions {
    Language lang = Language::English;
    bool board = true;                         // the header with the diagram
    SolutionOrder order = SolutionOrder::Ours; // --order popeye: Popeye's order of the tree
    bool short_lines_listed =
        false;           // helpmates: shorter solutions among the lines (--order popeye)
    bool verdict = true; // the verdict block after the solution (text_verdict)
    // Popeye's MoveNumbers (a solution with Solution::tried): the number before this solution's
    // first, as Popeye counts on through a problem's twins.
    int move_number = 0;
};

// The stipulation as the header writes it: with Popeye's marks of the options that limit the
// search ("#6/1" for Threat 1, "#3//1" for MaxFlightsquares 1, "s#21;0,0" for NonTrivial 0 0).
std::string header_stipulation(const Stipulation& stip, const ProblemOptions& options);

// The header: remarks, title, author, origin, award (centred), the diagram, and the line with
// the stipulation and the piece counts, then the rule and option lines.
std::string text_header(const Problem& problem, const Position& diagram, const Stipulation& stip,
                        const TextReportOptions& options);

// The solution tree (set play, keys and tries), then the verdict block.
std::string text_solution(const Position& diagram, const Solution& solution,
                          const TextReportOptions& options);

// A helpmate solution in Popeye's layout: "1.Kh4-g3 Qd1-d3/d2-d6   2.... #" (no indent).
// after_pass: the line follows a passed half-move (the set play of an h#N.5).
std::string help_line_text(const Position& diagram, const HelpLine& line, Language lang,
                           bool after_pass = false);

// The stipulation a shorter helpmate meets ("h#1" for a line of two half-moves).
Stipulation short_stipulation(const Solution& solution, const HelpLine& line);

// The search restrictions in Popeye's words ("Threat 1, MaxFlightsquares 1"); empty if none.
std::string restrictions_text(const SearchRestrictions& restrictions);

// PostKeyPlay: "after the key: 2 variations; refuted by 1...Kf8-e8" (empty when not known).
std::string post_key_summary(const Position& diagram, const Solution& solution, Language lang);

// Why the diagram of an illegal verdict cannot arise, in `lang` (solution.illegal_reason is the
// English, as JSON and part files keep it).
std::string illegal_text(const Position& diagram, const Solution& solution, Language lang);

// The verdict block alone: one line per finding, then the summary line.
std::string text_verdict(const Position& diagram, const Solution& solution, Language lang);

} // namespace dynamo
