// The solve path on random sparse positions ([.slow]: not run by ctest by default; run it with
// `build/tests/dynamo_tests "[solve-fuzz]" --rng-seed N` for other positions). Each legal
// position is analysed for a random stipulation (#1-#3, s#1-s#2, h#1-h#2) under Dynamo and
// orthodox rules, at 1 and at 2 threads with a small time limit: the verdicts agree, and so do
// the keys or the number of solutions, unless one run is unfinished; nothing crashes.
#include "helpers.h"

#include "format/base/problem.h"
#include "format/base/stipulation_text.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/legality.h"

#include <random>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

std::set<uint32_t> keys_of(const Solution& s) {
    std::set<uint32_t> keys;
    for (const RootMove& r : s.root)
        if (r.kind == RootMove::Kind::Key) keys.insert(r.play.move.raw());
    return keys;
}

} // namespace

TEST_CASE("Solve path: random sparse positions, 1 and 2 threads agree", "[.slow][solve-fuzz]") {
    std::mt19937 rng(Catch::rngSeed());
    auto pick = [&](int n) { return int(rng() % unsigned(n)); };
    const char* stipulations[] = {"#1", "#2", "#3", "s#1", "s#2", "h#1", "h#2"};
    const PieceType types[] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    int analysed = 0, compared = 0;
    for (int attempt = 0; attempt < 3000 && analysed < 300; ++attempt) {
        Placement placement;
        Bitboard used = 0;
        auto place = [&](Piece p, bool pawn) {
            for (;;) {
                Square s = Square(pawn ? 8 + pick(48) : pick(64));
                if (used & square_bb(s)) continue;
                used |= square_bb(s);
                placement.put(p, s);
                return;
            }
        };
        place(make_piece(WHITE, KING), false);
        place(make_piece(BLACK, KING), false);
        for (int i = 0, n = 1 + pick(7); i < n; ++i) {
            PieceType pt = types[pick(5)];
            place(make_piece(Color(pick(2)), pt), pt == PAWN);
        }
        Stipulation stip;
        std::string text = stipulations[pick(7)], error;
        REQUIRE(parse_stipulation(text, stip, &error));
        RuleSet rules = pick(2) ? RuleSet::dynamo_default() : RuleSet::orthodox();
        Position pos = problem_position(placement, stip, rules, ProblemOptions{});
        if (illegal_reason(pos)) continue;
        ++analysed;
        INFO(to_fen(pos) << " " << text << " " << rules.name());
        AnalysisOptions options;
        options.hash_mb = 4;
        options.max_seconds = 0.3;
        options.tries = true;
        options.threads = 1;
        Solution one = analyse(pos, stip, options);
        options.threads = 2;
        Solution two = analyse(pos, stip, options);
        if (one.verdict == Verdict::Unfinished || two.verdict == Verdict::Unfinished) continue;
        ++compared;
        CHECK(verdict_name(one.verdict) == std::string(verdict_name(two.verdict)));
        if (stip.kind == Stipulation::Kind::Help) CHECK(one.solutions == two.solutions);
        else CHECK(keys_of(one) == keys_of(two));
    }
    CHECK(analysed >= 150);
    CHECK(compared >= analysed / 2);
}
