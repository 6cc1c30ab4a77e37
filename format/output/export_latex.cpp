// `--export latex`: a document for the `diagram` package (the LaTeX style problem columns and
// Popeye's LaTeX option use): one diagram environment per problem, \putsol for the solutions.
#include "format/output/export.h"
#include "format/base/phrases.h"

namespace dynamo {

namespace {

// TeX's special characters written so that they print as themselves.
std::string tex(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '#':
        case '$':
        case '%':
        case '&':
        case '_':
        case '{':
        case '}':
            out += '\\';
            out += c;
            break;
        case '\\': out += "\\textbackslash{}"; break;
        case '^': out += "\\textasciicircum{}"; break;
        case '~': out += "\\textasciitilde{}"; break;
        default: out += c;
        }
    }
    return out;
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : separator) + p;
    return out;
}

// The package's piece list: w or s (schwarz), the German letter, the square; White first,
// each side king, queen, rook, bishop, knight, pawn.
std::string pieces(const Position& pos) {
    std::vector<std::string> list;
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN})
            for (Bitboard b = pos.pieces(c, pt); b; b &= b - 1)
                list.push_back(std::string(c == WHITE ? "w" : "s") +
                               piece_letter(pt, Language::German) + square_name(lsb(b)));
    return joined(list, ", ");
}

} // namespace

std::string export_latex(const std::vector<ExportItem>& items, Language lang) {
    std::string out = "\\documentclass{article}\n\\usepackage{diagram}\n\n\\begin{document}\n";
    auto element = [&](const char* name, const std::string& value) {
        if (!value.empty()) out += std::string(" \\") + name + "{" + value + "}%\n";
    };
    for (const ExportItem& item : items) {
        const Problem& p = item.problem;
        std::vector<std::string> authors, origins;
        for (const auto& a : p.authors) authors.push_back(tex(a));
        for (const auto& o : p.origins) origins.push_back(tex(o));
        out += "\\begin{diagram}%\n";
        element("author", joined(authors, "; "));
        element("source", joined(origins, "; "));
        if (!p.awards.empty()) element("award", tex(p.awards.front()));
        element("dedication", tex(p.title()));
        element("pieces", pieces(item.diagram));
        element("stipulation", tex(item.solution.stipulation.text));
        if (item.diagram.rules().is_dynamo())
            element("condition", tex(item.diagram.rules().name()));
        element("remark", tex(shown_label(item.label, lang)));
        std::string solution;
        // The solution as a column prints it: the play, not our verdict block.
        for (const std::string& line : export_solution_lines(item, lang, false)) {
            size_t start = line.find_first_not_of(' ');
            solution += (solution.empty() ? "" : "\n  ") + tex(line.substr(start));
        }
        element("solution", solution);
        out += "\\end{diagram}\n\n";
    }
    out += "\\putsol\n\\end{document}\n";
    return out;
}

} // namespace dynamo
