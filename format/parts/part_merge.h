// `dynamo merge` (docs/distributed.md): part files back into the Solution of the whole problem.
// Checks that the parts are of one run (the same problems, rules and options, split alike) and that
// each part of N is there once; then each first move is taken from the part that owns it and the
// Solution is concluded as a whole solve concludes it (solver/analysis/partial.h), so that the
// reports match.
#pragma once

#include "format/parts/part_file.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace dynamo {

struct MergedProblem {
    Problem problem;
    std::string label;
    int instance = 0, instances = 1;
    Position diagram;
    Stipulation stipulation;
    Solution solution;
    std::vector<std::pair<Move, int>> open; // first moves still open, with their part
};

// Reads and merges the part files. On failure returns false and sets `error` to what is wrong
// (in any language, the file names and the files' own words as given):
// a missing part (named I/N), a part given twice, a part of another problem or other rules, a
// file that is no part file. `asked`: the question each problem is concluded for, from the one its
// parts were solved for (batch::question_asked(): --order popeye lists a helpmate's shorter
// solutions of every length, which the parts must then have searched).
using AskedOf = std::function<AnalysisQuestion(const AnalysisQuestion&)>;
bool merge_part_files(const std::vector<std::string>& paths, std::vector<MergedProblem>& merged,
                      Message* error, const AskedOf& asked);
// The same, of part files already read.
bool merge_parts(const std::vector<PartFile>& files, std::vector<MergedProblem>& merged,
                 Message* error, const AskedOf& asked);

} // namespace dynamo
