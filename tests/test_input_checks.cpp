// Input that the engine cannot take is refused at the boundary, with the reason, whatever the
// command: positions that cannot arise (perft, moves, replay refuse them; solve, check and mate
// call them illegal), impossible material.
#include "helpers.h"

#include "cli/commands.h"
#include "solver/legality.h"

#include <nlohmann/json.hpp>

using namespace dynamo;
using namespace dynamo::test;

namespace {

Run perft(const std::string& fen, int depth, const std::string& rules = "Dynamo",
          const std::string& prev = "") {
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = rules;
    common.threads = 1;
    cli::PerftOptions options;
    options.depth = depth;
    options.prev = prev;
    return captured([&] { return cli::run_perft(common, options); });
}

Run moves(const std::string& fen, const std::string& rules = "Dynamo", const std::string& prev = "") {
    cli::CommonOptions common;
    common.fen = fen;
    common.rules = rules;
    cli::MovesOptions options;
    options.prev = prev;
    return captured([&] { return cli::run_moves(common, options); });
}

Run replay(const std::string& fen, std::vector<std::string> line) {
    cli::CommonOptions common;
    common.fen = fen;
    cli::ReplayOptions options;
    options.moves = std::move(line);
    return captured([&] { return cli::run_replay(common, options); });
}

std::string reason_of(const std::string& fen, RuleSet rules = RuleSet::dynamo_default()) {
    Position pos;
    std::string error;
    REQUIRE(parse_fen(fen, rules, pos, &error));
    return illegal_reason(pos).value_or("legal");
}

} // namespace

TEST_CASE("perft, moves and replay refuse a pawn on its promotion rank (was UB in the generators)",
          "[input]") {
    // The Dynamo generator looked one square beyond the board (SIGILL in a release build); the
    // orthodox one did the same; `moves` printed an invented move.
    Run r = perft("rnbqk1nr/ppprppbp/6p1/8/3B4/1P6/PPPPPPPP/RN1QKppr", 2);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "dynamo: error: --fen: illegal position: a pawn on its promotion rank\n");
    r = moves("4k3/8/8/8/8/8/8/4K2p b");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("a pawn on its promotion rank") != std::string::npos);
    r = perft("3Pk3/8/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 2);
    CHECK(r.err.find("a pawn on its promotion rank") != std::string::npos);
    r = replay("4k3/8/8/8/8/8/8/4K2p b", {"Ke8-d8"});
    CHECK(r.status == 2);
    CHECK(r.err.find("--fen: illegal position: a pawn on its promotion rank") != std::string::npos);
}

TEST_CASE("A pawn on its own first rank: legal in Dynamo (one step from there), not orthodox",
          "[input]") {
    Run r = moves("4k3/8/8/8/8/8/8/P3K3 w");
    CHECK(r.status == 0);
    CHECK(r.out.find("a1-a2\n") != std::string::npos);
    CHECK(r.out.find("a1-a3") == std::string::npos);
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "orthodox");
    CHECK(r.status == 2);
    CHECK(r.err.find("a pawn on its own first rank") != std::string::npos);
}

TEST_CASE("perft and moves call an impossible position illegal instead of counting 0", "[input]") {
    Run r = perft("8/8/8/8/8/8/8/4K3 w", 1);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("illegal position: no black king") != std::string::npos);
    // Black, not to move, is in check from the rook.
    r = moves("4k3/4R3/8/8/8/8/8/4K3 w");
    CHECK(r.status == 2);
    CHECK(r.err.find("the side not to move (black) is in check") != std::string::npos);
    r = perft("4k3/4R3/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 2);
    // A legal position still counts.
    r = perft("4k3/8/8/8/8/8/8/4K3 w", 1, "orthodox");
    CHECK(r.status == 0);
    CHECK(r.out == "5\n");
}

TEST_CASE("moves, perft: --prev is checked as the position before the opponent's move", "[input]") {
    Run r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "4k3/8/8/8/8/8/8/P3K2p");
    CHECK(r.status == 2);
    CHECK(r.err == "dynamo: error: --prev: illegal position: a pawn on its promotion rank\n");
    r = perft("4k3/8/8/8/8/8/8/P3K3 w", 1, "Dynamo", "8/8/8/8/8/8/8/P3K3");
    CHECK(r.status == 2);
    CHECK(r.err.find("--prev: illegal position: no black king") != std::string::npos);
    // Black was to move: White, then not to move, must not be in check.
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "4k3/8/8/8/8/8/4r3/P3K3");
    CHECK(r.status == 2);
    CHECK(r.err.find("the side not to move (white) is in check") != std::string::npos);
    r = moves("4k3/8/8/8/8/8/8/P3K3 w", "Dynamo", "3k4/8/8/8/8/8/8/P3K3");
    CHECK(r.status == 0);
}

TEST_CASE("Impossible material is illegal", "[input]") {
    CHECK(reason_of("4k3/8/8/8/8/8/8/4K3") == "legal");
    CHECK(reason_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR") == "legal");
    // 20 white pawns (ranks 2 to 4 full but for 4).
    CHECK(reason_of("4k3/8/8/8/PPPP4/PPPPPPPP/PPPPPPPP/4K3") == "21 white men (at most 16)");
    CHECK(reason_of("4k3/8/8/8/8/P7/PPPPPPPP/4K3") == "9 white pawns (at most 8)");
    // Eight pawns and a second queen.
    CHECK(reason_of("4k3/8/8/8/8/8/PPPPPPPP/3QKQ2") == "1 promoted white pieces with 8 white pawns (at most 0)");
    // Seven pawns and a second queen: one promotion.
    CHECK(reason_of("4k3/8/8/8/8/8/PPPPPPP1/3QKQ2") == "legal");
    // Black: three knights, three rooks and seven pawns.
    CHECK(reason_of("rnnnk1rr/ppppppp1/8/8/8/8/8/4K3") ==
          "2 promoted black pieces with 7 black pawns (at most 1)");
    // Seven queens, no pawns: six promotions.
    CHECK(reason_of("4k3/8/8/8/8/8/8/QQQQKQQQ") == "legal");
    CHECK(reason_of("4k3/8/8/8/8/8/8/QQQQKQQQ", RuleSet::orthodox()) == "legal");
}

TEST_CASE("mate: impossible material gets the verdict illegal, not no solution", "[input]") {
    cli::CommonOptions common;
    common.fen = "4k3/8/8/8/PPPP4/PPPPPPPP/PPPPPPPP/4K3 w";
    common.threads = 1;
    cli::SolveOptions options;
    options.stipulation = "#1";
    options.quiet = true;
    options.json = true;
    options.hash_mb = 1;
    Run r = captured([&] { return cli::run_mate(common, options); });
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["verdict"] == "illegal");
    CHECK(j["illegal"] == "21 white men (at most 16)");
}

TEST_CASE("check: --hash bounds the process, shared by the problems solved at once", "[input]") {
    // Was: each problem its own --hash (check --hash 1024 --threads 2 peaked at 2.1 GB).
    auto share = cli::hash_share(1024, 2, 2);
    CHECK(share.problems_at_once == 2);
    CHECK(share.per_problem_mb == 512);
    share = cli::hash_share(1024, 1, 4); // a lone problem gets it all
    CHECK(share.problems_at_once == 1);
    CHECK(share.per_problem_mb == 1024);
    share = cli::hash_share(64, 100, 3);
    CHECK(share.problems_at_once == 3);
    CHECK(share.per_problem_mb == 21);
    // A table is at least 1 MB: no more problems at once than megabytes.
    share = cli::hash_share(2, 100, 8);
    CHECK(share.problems_at_once == 2);
    CHECK(share.per_problem_mb == 1);
    for (int mb : {1, 3, 64, 1000})
        for (int threads : {1, 2, 7, 64}) {
            auto s = cli::hash_share(mb, 50, threads);
            CHECK(s.problems_at_once * s.per_problem_mb <= mb);
            CHECK(s.problems_at_once <= threads);
        }
}
