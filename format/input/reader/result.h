// What reading problem files gives: the problems with their errors and notes, and a problem's
// positions to solve. Apart from problem_reader.h so that the reader's parts can name them.
#pragma once

#include "format/base/problem.h"

#include <string>
#include <vector>

namespace dynamo {

struct ReadResult {
    std::vector<Problem> problems;  // every problem found, in file order; those with errors too
    std::vector<Diagnostic> errors; // every error, in file order (also attached to its problem)
    std::vector<Diagnostic> notes;  // what was forgiven (a missing last `endproblem`)
};

// A problem's positions to solve: the diagram, then one per twin (twins apply to the diagram,
// or to the previous twin when `continued`).
struct ProblemInstance {
    std::string label; // "" for a problem without twins; "a)", "b) wRh2-->g2", "+c) h#2" ...
    Placement pieces;
    Stipulation stipulation;
    RuleSet rules;
    std::string condition_text;
};
std::vector<ProblemInstance> problem_instances(const Problem& problem);

} // namespace dynamo
