// The input layer: problem files (docs/format.md, "1. Problem files"), moves read back
// (move_reader.h) and SAN (san.h). It includes format/base and the engine, nothing of
// format/output or format/parts.
#pragma once

#include "format/input/reader/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace dynamo {

// Reads every problem of a text; `name` is used in diagnostics.
ReadResult read_problems(std::string_view text, const std::string& name);
// Reads a file; an unreadable file is one diagnostic.
ReadResult read_problem_file(const std::string& path);

} // namespace dynamo
