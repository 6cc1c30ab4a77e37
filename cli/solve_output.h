// What `solve`, `mate` and `merge` print: each solution with its header (text or JSON), the
// solving time, `--export`'s documents, and `mate --upto`'s word on the shortest length
// (docs/format.md "solve" and "mate").
#pragma once

#include "options.h"

#include "format/output/export.h"
#include "format/base/problem.h"
#include "format/output/report_text.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace dynamo::cli {

// The twins of a problem reported so far: their verdicts make the problem's.
struct TwinVerdicts {
    std::vector<Verdict> verdicts;
    size_t total = 0; // the problem's instances
    // --order popeye: the verdict blocks of the instances printed so far, held back until
    // Popeye's text of the whole problem is out.
    std::string held;
    bool complete() const { return total > 1 && verdicts.size() == total; }
    bool last() const { return verdicts.size() >= total; }
};

// One problem's (or twin's) report as `solve` prints it, text or a JSON line; its verdict goes to
// `twins`, when given, and after the last twin the verdict of the whole problem is printed.
void print_solution(const Problem& problem, const std::string& label, const Position& diagram,
                    const Solution& solution, const TextReportOptions& text, bool json,
                    TwinVerdicts* twins, bool time_line = false, bool header = true);

struct SolveOutput {
    bool json = false;
    bool time = true;                           // text: "solving time" after each verdict
    std::vector<ExportItem>* exports = nullptr; // --export: solutions kept for the document
    MoveCounters counters;                      // mate --fen: the FEN's own, for --export fen
};

// From the command's options; `exports` receives the solutions when --export is given. Throws
// UsageError for an unknown format or --export with --json.
SolveOutput solve_output(const SolveOptions& options, std::vector<ExportItem>& exports);

// --export: the document of all the solutions kept, on stdout (nothing without --export).
void print_exports(const SolveOptions& options, const std::vector<ExportItem>& exports,
                   Language lang);

// "solving time 0.012 s", as Popeye ends each problem with its time.
std::string solving_time_line(double seconds, Language lang = Language::English);

// mate --upto: the lengths searched and what was found.
struct UptoResult {
    std::string from, to;    // the first and last stipulations of the range ("#1", "#5")
    std::string reached;     // the last one searched
    std::string previous;    // the one before it ("" when `reached` is the first)
    bool found = false;      // `reached` has a solution: the shortest
    bool unfinished = false; // `reached` was stopped by the time limit or Ctrl-C
};
// "shortest: #2 (none in #1)", "shortest: none from #1 to #5", "unfinished: none from #1 to #2;
// #3 stopped before its verdict (what it proved follows)".
std::string upto_line(const UptoResult& r, Language lang);
nlohmann::json upto_json(const UptoResult& r);

} // namespace dynamo::cli
