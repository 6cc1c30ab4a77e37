// `--export fen`, and what the three writers share (export.h).
#include "format/output/export.h"
#include "format/base/phrases.h"

#include "format/output/report_text.h"

#include <sstream>

namespace dynamo {

bool parse_export_format(std::string_view text, ExportFormat& format) {
    if (text == "fen")
        format = ExportFormat::Fen;
    else if (text == "latex" || text == "tex")
        format = ExportFormat::Latex;
    else if (text == "svg")
        format = ExportFormat::Svg;
    else
        return false;
    return true;
}

std::vector<std::string> export_solution_lines(const ExportItem& item, Language lang,
                                               bool verdict) {
    TextReportOptions options;
    options.lang = lang;
    // --order popeye: the tree in Popeye's order, as the text report writes it.
    const Solution& solution = item.order == SolutionOrder::Popeye
                                   ? popeye_ordered(item.diagram, item.solution)
                                   : item.solution;
    std::string text = text_solution(item.diagram, solution, options);
    std::string block = text_verdict(item.diagram, solution, lang);
    if (!verdict && text.ends_with(block)) text.erase(text.size() - block.size());
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(' ') != std::string::npos) lines.push_back(line);
    return lines;
}

std::string export_fen(const std::vector<ExportItem>& items, Language lang) {
    std::string out;
    for (const ExportItem& item : items) {
        if (!out.empty()) out += "\n";
        out += to_fen(item.diagram, item.counters) + "\n";
        out += item.solution.stipulation.text;
        if (item.diagram.rules().is_dynamo()) out += " " + item.diagram.rules().name();
        if (!item.label.empty()) out += " " + shown_label(item.label, lang);
        out += "\n";
        for (const std::string& line : export_solution_lines(item, lang)) out += line + "\n";
    }
    return out;
}

std::string export_document(ExportFormat format, const std::vector<ExportItem>& items,
                            Language lang) {
    switch (format) {
    case ExportFormat::Latex: return export_latex(items, lang);
    case ExportFormat::Svg: return export_svg(items, lang);
    case ExportFormat::Fen: break;
    }
    return export_fen(items, lang);
}

} // namespace dynamo
