// The JSON API of `dynamo serve` (server/api.h): any bytes as the body of POST /api/read,
// /api/replay, /api/solve or /api/check (the first byte chooses), handled as the server handles
// it but with no socket. A request is answered or refused as the client's fault (BadRequest, a
// JSON type error: 400); any other exception would be a 500, the server's own fault, and fails.
#include "common.h"

#include "format/output/report_json.h"
#include "server/api.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    std::string body(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        nlohmann::json request = server::parse_request(body);
        switch (data[0] % 4) {
        case 0: (void)json_line(server::read_json(request)); break;
        case 1: (void)json_line(server::replay_json(request)); break;
        case 2: {
            server::SolveRequest solve = server::solve_request(request);
            for (const server::SolveUnit& unit : solve.units)
                for (const batch::SolveInstance& inst : unit.instances) {
                    // What the search starts from: the moves of a diagram that can arise.
                    Position pos = inst.diagram;
                    if (illegal_reason(pos)) continue;
                    MoveList list;
                    generate_legal(pos, list);
                    for (Move m : list) pos.make(m), pos.unmake();
                }
            break;
        }
        default: (void)server::check_request(request); break;
        }
    } catch (const server::BadRequest&) {
    } catch (const nlohmann::json::exception&) {
    }
    return 0;
}
