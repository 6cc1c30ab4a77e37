#include "solve_output.h"

#include "usage.h"

#include "format/base/phrases.h"

#include <iostream>

namespace dynamo::cli {

SolveOutput solve_output(const SolveOptions& options, std::vector<ExportItem>& exports) {
    SolveOutput out;
    out.json = options.json;
    out.time = !options.no_time;
    if (!options.export_format.empty()) {
        ExportFormat format;
        if (!parse_export_format(options.export_format, format))
            throw UsageError(option_said(
                "--export", Message(Phrase::ExpectedFound,
                                    {or_list({"fen", "latex", "svg"}), options.export_format})));
        if (options.json) throw UsageError(Message(Phrase::ExportAndJson));
        out.exports = &exports;
    }
    return out;
}

void print_exports(const SolveOptions& options, const std::vector<ExportItem>& exports,
                   Language lang) {
    ExportFormat format;
    if (options.export_format.empty() || !parse_export_format(options.export_format, format))
        return;
    if (exports.empty()) return; // nothing solved: an empty document would say otherwise
    std::cout << export_document(format, exports, lang);
    std::cout.flush();
}

std::string upto_line(const UptoResult& r, Language lang) {
    auto word = [&](Phrase t) { return std::string(phrase(t, lang)); };
    auto none_from = [&](const std::string& to) {
        return word(Phrase::NoneFrom) + " " + r.from + " " + word(Phrase::To) + " " + to;
    };
    // The lengths before `reached` had no solution.
    std::string before = r.previous.empty()     ? ""
                         : r.previous == r.from ? word(Phrase::NoneIn) + " " + r.from
                                                : none_from(r.previous);
    if (r.unfinished)
        return std::string(verdict_term(Verdict::Unfinished, lang)) + ": " +
               (before.empty() ? "" : before + "; ") + r.reached + " " +
               word(Phrase::StoppedBeforeVerdict);
    if (r.found)
        return word(Phrase::Shortest) + ": " + r.reached +
               (before.empty() ? "" : " (" + before + ")");
    return word(Phrase::Shortest) + ": " + none_from(r.to);
}

nlohmann::json upto_json(const UptoResult& r) {
    return {{"from", r.from},
            {"to", r.to},
            {"reached", r.reached},
            {"shortest", r.found ? nlohmann::json(r.reached) : nlohmann::json(nullptr)},
            {"finished", !r.unfinished}};
}

} // namespace dynamo::cli
