// The problem-file reader: any bytes. Every diagnostic is one printable line; every problem it
// accepts yields its instances (twins) and positions; a position that passes illegal_reason can
// be generated from.
#include "common.h"

#include "format/input/problem_reader.h"
#include "format/output/report_json.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

using namespace dynamo;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ReadResult read = read_problems(text, "fuzz.pop");
    for (const Diagnostic& d : read.errors) {
        std::string line = d.text();
        for (char c : line) FUZZ_CHECK(static_cast<unsigned char>(c) >= 0x20 || c == '\t', line);
    }
    for (const Problem& problem : read.problems) {
        // Free text goes to JSON as it is: it must be UTF-8 (dump() throws otherwise).
        for (const std::string& t : problem.titles) (void)nlohmann::json(t).dump();
        if (!problem.ok()) continue;
        for (const ProblemInstance& inst : problem_instances(problem)) {
            Position pos = problem_position(inst.pieces, inst.stipulation, inst.rules, problem.options);
            if (illegal_reason(pos)) continue;
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) {
                pos.make(m);
                pos.unmake();
            }
        }
    }
    return 0;
}
