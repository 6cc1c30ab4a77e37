// `dynamo solve --part I/N`: one part of each problem's first moves, for `dynamo merge`
// (docs/distributed.md).
#pragma once

#include "format/parts/part_file.h"
#include "solver/analysis/options.h"

#include <string>
#include <utility>

namespace dynamo::cli {

// "I/N" of --part: 0 <= I < N. Throws UsageError naming the option otherwise.
std::pair<int, int> part_from(const std::string& text);

// Solves this part's first moves of p (its diagram, stipulation and question set) with the
// resources given, filling in its identity, the split and the findings; returns the exit status
// it calls for (0, or 3 when stopped before its first moves were done).
int solve_part(PartProblem& p, const AnalysisResources& resources, int part, int parts);

} // namespace dynamo::cli
