// The JSON API of `dynamo serve` that needs no job (docs/serve.md): the server's settings and
// words, the bundled problems, reading a problem and replaying moves; and the solve and check
// requests made ready to run. No HTTP here (server.cpp), and nothing takes a file path.
#pragma once

#include "batch/solve_report.h"
#include "format/base/fen.h"
#include "format/base/problem.h"
#include "format/input/reader/result.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace dynamo::server {

// What the server was started with (the flags of `dynamo serve`).
struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                  // 0: a free one
    int threads = 1;                  // of each search (resolved: at least 1)
    size_t hash_mb = DEFAULT_HASH_MB; // for all the searches running at once
    double max_seconds = 60;          // of each problem (0: no limit)
    int jobs = 1;                     // searches running at once
    int queue = 8;                    // jobs waiting beyond those
    size_t kept = 64;                 // finished jobs whose results are kept
};

// A request the client got wrong: answered 400 with this message.
struct BadRequest : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A request's body as JSON: BadRequest if it is not a JSON object, or nests too deep to parse
// safely.
nlohmann::json parse_request(const std::string& body);

// GET /api/info
nlohmann::json info_json(const ServerOptions& options);
// GET /api/problems
nlohmann::json problems_json();
// POST /api/read: the problems (and twins) of a text, as the board sets them up.
nlohmann::json read_json(const nlohmann::json& request);
// POST /api/replay: the FEN after each move.
nlohmann::json replay_json(const nlohmann::json& request);

// A problem to solve: its instances (twins, Duplex halves) in the order `solve` solves them.
struct SolveUnit {
    Problem problem;
    std::vector<batch::SolveInstance> instances;
    MoveCounters counters; // a FEN's own (exports)
};

// POST /api/solve made ready: the problems, the language, what each analysis is asked. Throws
// BadRequest with the reader's message.
struct SolveRequest {
    Language lang = Language::English;
    std::vector<SolveUnit> units;
    std::string text;               // the problem text, as given ("" for a FEN): the Popeye export
    std::vector<std::string> notes; // options read but not acted on
};
SolveRequest solve_request(const nlohmann::json& request);

// POST /api/check made ready: the problems of a collection (its items point into `reads`).
struct CheckRequest {
    Language lang = Language::English;
    std::string name;
    std::vector<ReadResult> reads;
};
CheckRequest check_request(const nlohmann::json& request);

// The language of a request's "lang" (default English); BadRequest for another word.
Language language_of(const nlohmann::json& request);

} // namespace dynamo::server
