// Shared by the fuzz targets: rule sets and start positions chosen by input bytes, and a check
// that aborts with a message (libFuzzer then keeps the input that made it fail).
#pragma once

#include "format/base/fen.h"
#include "solver/rules/legality.h"
#include "solver/board/position.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace dynamo::fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
    std::abort();
}
#define FUZZ_CHECK(cond, detail)                                                                  \
    do {                                                                                          \
        if (!(cond)) ::dynamo::fuzz::fail(#cond, (detail));                                       \
    } while (0)

// Every rule set the generators distinguish.
inline RuleSet rules_for(unsigned char byte) {
    RuleSet r;
    switch (byte % 6) {
    case 0: return RuleSet::dynamo_default();
    case 1: return RuleSet::vchess();
    case 2: return RuleSet::orthodox();
    case 3: r.undo_dynamo_only = true; return r;
    case 4: r.strict_castling = true; return r;
    default: r.no_stationary_pull = true; r.king_through_check = true; return r;
    }
}

// Start positions with castling, pawns on their second ranks, promotions near, a pawn on its
// own first rank (Dynamo), en passant (orthodox).
inline constexpr const char* START_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
    "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
};
inline constexpr int START_COUNT = sizeof(START_FENS) / sizeof(START_FENS[0]);

// The start position `index`, under `rules` (orthodox-only FEN fields are ignored by Dynamo).
inline Position start_position(unsigned char index, const RuleSet& rules) {
    Position pos;
    std::string error;
    if (!parse_fen(START_FENS[index % START_COUNT], rules, pos, &error)) fail("start FEN", error);
    if (auto reason = illegal_reason(pos)) fail("start FEN", *reason);
    return pos;
}

} // namespace dynamo::fuzz
