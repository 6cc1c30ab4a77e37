// `solve --export`: the diagram with its stipulation and solution, as FEN, as LaTeX for the
// `diagram` package problem columns use, or as an SVG picture. One writer per file
// (export_fen.cpp, export_latex.cpp, export_svg.cpp); each writes a whole document for the
// problems (and twins) of a run.
#pragma once

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "format/output/popeye_order.h"
#include "format/base/problem.h"
#include "solver/analysis/solution.h"

#include <string>
#include <string_view>
#include <vector>

namespace dynamo {

enum class ExportFormat { Fen, Latex, Svg };

// "fen", "latex" (or "tex"), "svg".
bool parse_export_format(std::string_view text, ExportFormat& format);

// One diagram solved: a problem or one of its twins.
struct ExportItem {
    Problem problem;
    std::string label; // the twin's ("b) wRh2-->g2"), or ""
    Position diagram;
    Solution solution;
    MoveCounters counters; // the FEN's (mate --fen); a problem file's diagram has 0 and 1
    SolutionOrder order = SolutionOrder::Ours; // --order: the solution's order, as solve prints it
};

// The FEN of each diagram on a line of its own, then the stipulation (and the rules, when not
// orthodox), then the solution and verdict as `solve` prints them; a blank line between items.
std::string export_fen(const std::vector<ExportItem>& items, Language lang);

// A LaTeX document: \begin{diagram} ... \end{diagram} per item, with \author, \source, \award,
// \dedication (the title), \pieces{wKe1, ...} (German letters, as the package wants), \stipulation,
// \condition, \remark (the twin) and \solution (the play, without our verdict block); \putsol
// at the end prints the solutions.
std::string export_latex(const std::vector<ExportItem>& items, Language lang);

// An SVG picture, self-contained: per item a board of 64 squares with the pieces as Unicode
// chess glyphs, the title, the stipulation and the solution below; several items stacked.
std::string export_svg(const std::vector<ExportItem>& items, Language lang);

std::string export_document(ExportFormat format, const std::vector<ExportItem>& items,
                            Language lang);

// The solution as `solve` prints it (the tree, then with `verdict` the verdict block), as
// lines, without blank ones.
std::vector<std::string> export_solution_lines(const ExportItem& item, Language lang,
                                               bool verdict = true);

} // namespace dynamo
