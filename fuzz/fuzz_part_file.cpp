// The part-file reader of `merge`: any bytes. A file it refuses says why in one line; a file it
// accepts holds only legal moves and consistent problems: its id is its problem's, it writes back
// (as `solve --part` writes) to the same document, and a whole run (1/1) merges and is reported
// in text and JSON without a fault.
#include "common.h"

#include "format/output/report_json.h"
#include "format/output/report_text.h"
#include "format/parts/part_merge.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    PartFile file;
    Message error;
    if (!read_part_text(text, "fuzz.json", file, &error)) {
        std::string said = error.text(Language::English);
        FUZZ_CHECK(!said.empty(), text);
        return 0;
    }
    std::vector<nlohmann::json> problems;
    for (const PartProblem& p : file.problems) {
        FUZZ_CHECK(p.id == problem_identity(p.diagram, p.stipulation, p.options), p.id);
        problems.push_back(part_problem_json(p, file.part));
    }
    const std::string written = json_line(part_file_json(file.part, file.parts, problems));
    PartFile again;
    FUZZ_CHECK(read_part_text(written, "again.json", again, &error),
               written + ": " + error.text(Language::English));
    std::vector<nlohmann::json> problems_again;
    for (const PartProblem& p : again.problems)
        problems_again.push_back(part_problem_json(p, again.part));
    FUZZ_CHECK(json_line(part_file_json(again.part, again.parts, problems_again)) == written,
               written);

    std::vector<MergedProblem> merged;
    auto asked = [](const AnalysisQuestion& q) { return q; };
    if (!merge_parts({file}, merged, &error, asked)) {
        FUZZ_CHECK(file.parts > 1 || !error.text(Language::English).empty(), text);
        return 0;
    }
    TextReportOptions options;
    for (const MergedProblem& m : merged) {
        (void)text_header(m.problem, m.diagram, m.stipulation, options);
        (void)text_solution(m.diagram, m.solution, options);
        (void)json_line(
            solution_json(m.problem, m.label, m.diagram, m.solution, Language::English));
    }
    return 0;
}
