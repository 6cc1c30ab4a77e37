// The parts layer: part files (here) and their merge (part_merge.h), above the reports whose JSON
// they hold. It includes format/output, format/input and format/base.
// Part files (docs/distributed.md): what `dynamo solve --part I/N` writes for `dynamo merge` to
// read back. One JSON document per run: the part's number, and per problem (per twin) its identity,
// the rule switches, the options that decide the answer, the split of the first moves among the
// parts, and the findings of this part's first moves with their whole trees. Moves are stored
// losslessly, as the engine's move code beside the notation; reading replays them from the
// diagram and accepts only legal moves whose code and notation both match.
#pragma once

#include "format/base/message.h"
#include "format/base/problem.h"
#include "solver/analysis/partial.h"
#include "solver/analysis/split.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace dynamo {

inline constexpr int PART_FORMAT = 1;

// One problem (or twin) of a part file.
struct PartProblem {
    Problem problem;   // file, index and the header's texts (no pieces, no twins)
    std::string label; // the twin's label ("" without twins)
    int instance = 0;  // which twin (0-based), of how many
    int instances = 1;
    Position diagram;
    Stipulation stipulation;
    AnalysisOptions options;            // the options that decide the answer (no threads, no time)
    std::string id;                     // problem_identity()
    std::vector<FirstMoveShare> shares; // every first move's part
    PartialAnalysis partial;            // this part's findings; other parts' first moves Elsewhere
};

struct PartFile {
    std::string path;
    int part = 0, parts = 1;
    std::vector<PartProblem> problems;
};

// A hash (16 hex digits) of what decides the answer: the diagram (placement, side to move,
// castling rights, en passant square), the stipulation, the rules and the answer's options.
std::string problem_identity(const Position& diagram, const Stipulation& stip,
                             const AnalysisOptions& options);

// The options that decide the answer, as JSON (also the input of the identity).
nlohmann::json answer_options_json(const AnalysisOptions& options);

// One problem's object of a part file.
nlohmann::json part_problem_json(const PartProblem& p, int part);

// The whole document.
nlohmann::json part_file_json(int part, int parts, const std::vector<nlohmann::json>& problems);

// Reads a part file. On failure returns false with `error` saying what is wrong (not a part file,
// damaged, a move that is not legal where it stands).
bool read_part_file(const std::string& path, PartFile& file, Message* error);
// The same, from the file's text (`path` names it in messages).
bool read_part_text(const std::string& text, const std::string& path, PartFile& file,
                    Message* error);

} // namespace dynamo
