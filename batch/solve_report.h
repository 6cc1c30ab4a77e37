// What `solve` writes for each solution (docs/format.md "solve"): the header and solution as text,
// or its JSON line, with the verdict of a twinned problem after its last twin. One writer, shared
// by the command line and the server (server/), which must answer exactly as `solve --json` does.
#pragma once

#include "settings.h"

#include "format/base/problem.h"
#include "format/output/report_text.h"

#include <ostream>
#include <string>
#include <vector>

namespace dynamo::batch {

// The twins of a problem reported so far: their verdicts make the problem's.
struct TwinVerdicts {
    std::vector<Verdict> verdicts;
    size_t total = 0; // the problem's instances
    // --order popeye: the verdict blocks of the instances printed so far, held back until
    // Popeye's text of the whole problem is out.
    std::string held = {};
    // Popeye's MoveNumbers count on through the twins: the last number written.
    int move_number = 0;
    bool complete() const { return total > 1 && verdicts.size() == total; }
    bool last() const { return verdicts.size() >= total; }
};

// One problem's (or twin's) report as `solve` prints it, text or a JSON line, on `out`; its
// verdict goes to `twins`, when given, and after the last twin the verdict of the whole problem
// is printed.
void print_solution(std::ostream& out, const Problem& problem, const std::string& label,
                    const Position& diagram, const Solution& solution,
                    const TextReportOptions& text, bool json, TwinVerdicts* twins,
                    bool time_line = false, bool header = true);

// "solving time 0.012 s", as Popeye ends each problem with its time.
std::string solving_time_line(double seconds, Language lang = Language::English);

// Every instance of a problem as `solve` solves them, in order: its twins, and under Duplex each
// twice, the second time with the other side starting (labelled "duplex:").
struct SolveInstance {
    std::string label;
    Position diagram;
    Stipulation stipulation;
};
std::vector<SolveInstance> solve_instances(const Problem& problem, const Settings& settings);

} // namespace dynamo::batch
