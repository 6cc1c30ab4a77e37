// The progress line of `solve` and `mate` on stderr (docs/format.md, "Options shared by several
// commands"): nothing for the first second, then which first move is under way and at what
// depth, how many are done, the nodes and the time, rewritten in place; erased at the end.
#pragma once

#include "format/base/notation.h"
#include "solver/analysis/progress.h"
#include "solver/board/position.h"
#include "solver/search/stipulation.h"

#include <cstdio>
#include <functional>

namespace dynamo::cli {

// A fresh printer for one analysis of `diagram` (its clock starts now), writing to `out`.
std::function<void(const Progress&)> progress_line(const Position& diagram, const Stipulation& stip,
                                                   Language lang, std::FILE* out = stderr,
                                                   double delay_seconds = 1.0);

// Erases the line if it is shown; call it when the analysis returns (a stopped one never
// reports all first moves done). Nothing without a printer.
void end_progress(const std::function<void(const Progress&)>& printer);

// Whether `solve` and `mate` show it: stderr is a terminal and --quiet was not given.
bool progress_wanted(bool quiet);

} // namespace dynamo::cli
