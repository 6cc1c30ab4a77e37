// The solution as JSON (docs/format.md, "5. JSON output"): one object per problem, for JSON Lines.
#pragma once

#include "format/base/notation.h"
#include "format/base/problem.h"
#include "solver/analysis/solution.h"

#include <nlohmann/json.hpp>

namespace dynamo {

// A move in notation and as fields: active_from/active_to/passive_from/passive_to/promotion,
// null for "stays" (or no passive piece), "out" for a piece that left the board.
// A move's mark as the JSON writes it: "+", "#", "=", or "" for none.
const char* mark_field(MoveMark m);

nlohmann::json move_json(const Position& pos, Move m, Language lang);

// The whole report of one problem (or twin): metadata, verdict, keys, cooks, tries, tree,
// findings, time, nodes, threads.
nlohmann::json solution_json(const Problem& problem, const std::string& twin_label,
                             const Position& diagram, const Solution& solution, Language lang);

// One JSON line. Bytes that are not UTF-8 (a file name, say) become U+FFFD instead of stopping
// the report (nlohmann's dump() throws on them).
inline std::string json_line(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace dynamo
