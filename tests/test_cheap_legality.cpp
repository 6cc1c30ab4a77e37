// The cheap entries to the generators that the search uses instead of a full list, against
// generate_legal: dynamo_visit_legal (the Dynamo mate-in-one's checking moves),
// generate_dynamo_admitted (the helpmate's last move) and is_legal_way
// (a killer tried before the list is made), on the reference positions and their children (the
// no-undo rule binding there), under the default Dynamo rules, vchess's, and orthodox rules.
#include "helpers.h"
#include "random_placement.h"

#include "solver/rules/check_hints.h"
#include "solver/rules/legality.h"

#include <random>
#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// A position's identity after a move: its key and the no-undo state (two ways of one move give
// the same).
std::set<Key> results(Position& pos, const std::vector<Move>& moves) {
    std::set<Key> out;
    for (Move m : moves) {
        pos.make(m);
        out.insert(pos.key());
        pos.unmake();
    }
    return out;
}

struct Collect final : MoveVisitor {
    const Position& pos;
    bool checks_only;
    DynamoCheckHints hints;
    std::vector<Move> seen;
    int stop_after = -1;
    Collect(const Position& p, bool only_checks) : pos(p), checks_only(only_checks), hints(p) {}
    bool admit(Move way) override { return !checks_only || hints.may_check(pos, way); }
    bool visit(Move m) override {
        if (!checks_only || pos.gives_check(m)) seen.push_back(m);
        return int(seen.size()) == stop_after;
    }
};

// A visitor whose visit() makes the move and generates the replies in full, as the mate tests
// do: the outer generator must go on merging as if nothing had happened.
struct CollectNested final : MoveVisitor {
    Position& pos;
    std::vector<Move> seen;
    uint64_t replies = 0;
    explicit CollectNested(Position& p) : pos(p) {}
    bool admit(Move) override { return true; }
    bool visit(Move m) override {
        seen.push_back(m);
        pos.make(m);
        MoveList list;
        generate_legal(pos, list);
        replies += uint64_t(list.size());
        has_legal_move(pos);
        pos.unmake();
        return false;
    }
};

struct Totals {
    int positions = 0, moves = 0, checks = 0, foreign_tried = 0, foreign_legal = 0;
};

void check_position(Position& pos, const std::vector<Move>& foreign, Totals& totals) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<Move> legal(list.begin(), list.end()), checking;
    for (Move m : legal)
        if (pos.gives_check(m)) checking.push_back(m);
    INFO("FEN " << to_fen(pos));

    // Every legal move visited once (as one of its ways), and the checking ones by the filter.
    Collect all(pos, false);
    CHECK_FALSE(dynamo_visit_legal(pos, all));
    CHECK(all.seen.size() == legal.size());
    CHECK(results(pos, all.seen) == results(pos, legal));
    Collect checks(pos, true);
    CHECK_FALSE(dynamo_visit_legal(pos, checks));
    CHECK(checks.seen.size() == checking.size());
    CHECK(results(pos, checks.seen) == results(pos, checking));
    // The filtered full list (the helpmate's last move): exactly the checking moves of the full
    // list, in its order and writing.
    struct GivesCheck final : MoveVisitor {
        const Position& pos;
        DynamoCheckHints hints;
        explicit GivesCheck(const Position& p) : pos(p), hints(p) {}
        bool admit(Move way) override { return hints.gives_check(pos, way); }
        bool visit(Move) override { return false; }
    } gives_check(pos);
    MoveList admitted;
    generate_dynamo_admitted(pos, gives_check, admitted);
    CHECK(std::vector<Move>(admitted.begin(), admitted.end()) == checking);
    // Generators run inside visit() (another position, the same thread) leave the visit whole.
    CollectNested nested(pos);
    CHECK_FALSE(dynamo_visit_legal(pos, nested));
    CHECK(nested.seen.size() == legal.size());
    CHECK(results(pos, nested.seen) == results(pos, legal));
    // visit() returning true stops the generator at once.
    if (!legal.empty()) {
        Collect first(pos, false);
        first.stop_after = 1;
        CHECK(dynamo_visit_legal(pos, first));
        CHECK(first.seen.size() == 1);
    }

    // Each legal move but castling is a legal way (castling is never looked for: a castling killer
    // waits for the list); a move of another position is one only if it makes one of the legal
    // moves' results here.
    for (Move m : legal) CHECK(dynamo_is_legal_way(pos, m) == !m.is_castling());
    const std::set<Key> legal_results = results(pos, legal);
    for (Move m : foreign) {
        ++totals.foreign_tried;
        if (!dynamo_is_legal_way(pos, m)) continue;
        ++totals.foreign_legal;
        pos.make(m);
        INFO("foreign move " << move_text(pos, m));
        CHECK(legal_results.count(pos.key()) == 1);
        pos.unmake();
    }
    CHECK_FALSE(dynamo_is_legal_way(pos, Move::none()));
    ++totals.positions;
    totals.moves += int(legal.size());
    totals.checks += int(checking.size());
}

} // namespace

TEST_CASE("Dynamo visitor and single-way legality agree with the full generator",
          "[movegen][dynamo]") {
    Totals totals;
    for (const auto& [file, rules] :
         {std::pair{"dynref/perft-default.tsv", RuleSet::dynamo_default()},
          std::pair{"dynref/perft-vchess.tsv", RuleSet::vchess()}}) {
        std::set<std::string> seen;
        for (const auto& row : read_tsv(test_data(file))) {
            if (!seen.insert(row[1] + row[2]).second) continue;
            Position pos = position(row[1], rules);
            if (row[2] != "-") {
                Placement placement;
                REQUIRE(parse_board(row[2], placement, nullptr));
                pos.set_forbidden_placement(placement);
            }
            MoveList first;
            generate_legal(pos, first);
            // The children (the other side to move, the no-undo rule binding) and, as foreign
            // moves there, the moves of a sibling: often ways here too, often not.
            std::vector<Move> siblings_moves;
            for (int i = 0; i < first.size(); i += std::max(1, first.size() / 6)) {
                pos.make(first[i]);
                MoveList replies;
                generate_legal(pos, replies);
                check_position(pos, siblings_moves, totals);
                siblings_moves.assign(replies.begin(), replies.end());
                pos.unmake();
            }
            check_position(pos, {}, totals);
        }
    }
    WARN(totals.positions << " positions, " << totals.moves << " moves, " << totals.checks
                          << " checks; " << totals.foreign_legal << " of " << totals.foreign_tried
                          << " foreign moves legal ways");
    CHECK(totals.positions > 200);
    CHECK(totals.checks > 500);
    CHECK(totals.foreign_legal > 100);
    CHECK(totals.foreign_tried - totals.foreign_legal > 100);
}

TEST_CASE("is_legal_way agrees with the orthodox generator", "[movegen][orthodox]") {
    // Orthodox killers are tested by visiting only the moves of their piece type to their square;
    // a move of a sibling position is legal here exactly when it is in the list.
    int positions = 0, foreign_legal = 0, foreign_illegal = 0;
    std::set<std::string> seen;
    for (const auto& row : read_tsv(test_data("orthodox-perft.tsv"))) {
        if (!seen.insert(row[1]).second) continue;
        Position root = position(row[1], RuleSet::orthodox());
        MoveList first;
        generate_legal(root, first);
        std::vector<Move> previous;
        for (Move m : first) {
            root.make(m);
            MoveList list;
            generate_legal(root, list);
            INFO("FEN " << to_fen(root));
            for (Move r : list) {
                CHECK(is_legal_way(root, r));
                // The other encoding of the same squares (a capture written as a plain move, or
                // the reverse) is not a move of this position.
                if (r.special() != Move::NORMAL || r.promotion()) continue;
                Move other = r.has_passive() ? Move::plain(r.active_from(), r.active_to())
                                             : Move::dynamo(r.active_from(), r.active_to(),
                                                            r.active_to(), SQ_OUT);
                CHECK_FALSE(is_legal_way(root, other));
            }
            for (Move r : previous) {
                bool listed = list.contains(r);
                CHECK(is_legal_way(root, r) == listed);
                ++(listed ? foreign_legal : foreign_illegal);
            }
            CHECK_FALSE(is_legal_way(root, Move::none()));
            previous.assign(list.begin(), list.end());
            root.unmake();
            ++positions;
        }
    }
    CHECK(positions > 80);
    CHECK(foreign_legal > 500);
    CHECK(foreign_illegal > 100);
}

TEST_CASE("is_legal_way on random positions: every square pair, both encodings",
          "[movegen][orthodox]") {
    // Random placements, either side to move, often in check (pieces near the kings): every
    // move of every piece to every square, written plain, as a capture and as each promotion,
    // is a legal way exactly when the generator lists it.
    std::mt19937 rng(20261202);
    const PieceType types[] = {PAWN, PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
    int positions = 0, in_check = 0, legal = 0, tried = 0;
    while (positions < 400) {
        Position pos;
        pos.set_rules(RuleSet::orthodox());
        RandomPlacer placer(pos, [&](Color, PieceType) { return Square(rng() % 64); });
        placer.place(WHITE, KING);
        placer.place(BLACK, KING);
        for (int i = 0, n = 2 + int(rng() % 9); i < n; ++i)
            placer.place(Color(rng() % 2), types[rng() % 7]);
        pos.set_side_to_move(Color(rng() % 2));
        pos.finish_setup();
        if (illegal_reason(pos)) continue;
        ++positions;
        in_check += pos.in_check();
        MoveList list;
        generate_legal(pos, list);
        for (Bitboard from = pos.pieces(pos.side_to_move()); from;) {
            Square f = pop_lsb(from);
            for (int t = 0; t < 64; ++t) {
                Square to = Square(t);
                if (to == f) continue;
                std::vector<Move> ways{Move::plain(f, to), Move::dynamo(f, to, to, SQ_OUT)};
                for (PieceType pt : {QUEEN, KNIGHT}) {
                    ways.push_back(Move::plain(f, to, pt));
                    ways.push_back(Move::dynamo(f, to, to, SQ_OUT, pt));
                }
                for (Move m : ways) {
                    INFO("FEN " << to_fen(pos) << " move " << int(f) << "-" << t);
                    const bool listed = list.contains(m);
                    CHECK(is_legal_way(pos, m) == listed);
                    legal += listed, ++tried;
                }
            }
        }
    }
    CHECK(in_check > 40);
    CHECK(legal > 3000);
    CHECK(tried > 100000);
}
