// Make/unmake and the incremental hashes: random playouts in both rule sets must come back to
// the very same position, and every incremental key must equal the one computed from scratch.
#include "helpers.h"

#include <random>

using namespace dynamo;
using namespace dynamo::test;

namespace {

void playout_round_trip(const std::string& fen, RuleSet rules, int plies, unsigned seed) {
    Position pos = position(fen, rules);
    const std::string start_fen = to_fen(pos);
    const Key start_key = pos.key();
    const Placement start_placement = pos.placement();
    std::mt19937 rng(seed);
    std::vector<Key> keys;
    int made = 0;
    for (; made < plies; ++made) {
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) break;
        Move m = list[int(rng() % unsigned(list.size()))];
        keys.push_back(pos.key());
        const Placement before = pos.placement();
        const StateInfo previous = pos.state();
        pos.make(m);
        REQUIRE(pos.key() == pos.compute_key());
        REQUIRE(pos.placement_key() == pos.compute_placement_key());
        if (rules.is_dynamo()) REQUIRE(pos.state().forbidden == before);
        // No undoing: the new placement differs from the one before the opponent's last move.
        if (rules.is_dynamo() && previous.has_forbidden)
            REQUIRE_FALSE(pos.placement() == previous.forbidden);
    }
    INFO(fen << " under " << rules.name() << ", " << made << " plies");
    CHECK(made > 20);
    for (int i = made - 1; i >= 0; --i) {
        pos.unmake();
        REQUIRE(pos.key() == keys[size_t(i)]);
    }
    CHECK(pos.ply() == 0);
    CHECK(to_fen(pos) == start_fen);
    CHECK(pos.key() == start_key);
    CHECK(pos.placement() == start_placement);
}

} // namespace

TEST_CASE("Random playouts unmake back to the start, keys stay exact", "[position]") {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
    };
    unsigned seed = 1;
    for (const char* fen : fens) {
        for (RuleSet rules : {RuleSet::dynamo_default(), RuleSet::vchess(), RuleSet::orthodox()})
            for (int i = 0; i < 4; ++i) playout_round_trip(fen, rules, 300, seed++);
    }
}

TEST_CASE("The forbidden placement after a move is the placement before it", "[position]") {
    Position pos = position(std::string(START_FEN));
    Placement before = pos.placement();
    MoveList list;
    generate_legal(pos, list);
    pos.make(list[0]);
    CHECK(pos.state().has_forbidden);
    CHECK(pos.state().forbidden == before);
    CHECK(pos.state().forbidden_key == position(std::string(START_FEN)).placement_key());
}

TEST_CASE("Keys tell castling identity apart", "[position]") {
    // The same placement with the king's right held by the original king on d1 (pushed there)
    // or lost (the king stepped there) are different positions (docs/rules.md, Castling).
    Position pushed = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    Position stepped = pushed;
    MoveList list;
    generate_legal(pushed, list);
    for (Move m : list) {
        std::string t = move_text(pushed, m);
        if (t == "Rh1/Ke1-d1") pushed.make(m);
        if (t == "Ke1-d1") stepped.make(m);
    }
    REQUIRE(pushed.ply() == 1);
    REQUIRE(stepped.ply() == 1);
    CHECK(pushed.placement() == stepped.placement());
    CHECK(pushed.key() != stepped.key());
    CHECK(pushed.castling().sq[WHITE][CastlingRights::KING_INDEX] == SQ_D1);
    CHECK_FALSE(stepped.castling().any());
}

TEST_CASE("A copy of the node is the same position, and unmakes back to it", "[position]") {
    // copy_node_of copies the node alone (a parallel search keeps one at every split for its
    // helpers): into a fresh position, and into one that has played a longer line of its own
    // (whose later states it must not keep using). Every move made from the copy unmakes back to
    // the node, the no-undo state included.
    for (RuleSet rules : {RuleSet::dynamo_default(), RuleSet::orthodox()}) {
        Position original = position(std::string(START_FEN), rules);
        Position longer = original;
        std::mt19937 rng(7);
        auto play = [&](Position& pos, int plies) {
            for (int i = 0; i < plies; ++i) {
                MoveList list;
                generate_legal(pos, list);
                REQUIRE_FALSE(list.empty());
                pos.make(list[int(rng() % unsigned(list.size()))]);
            }
        };
        play(original, 90); // beyond the 64 states a position starts with
        play(longer, 120);
        Position fresh;
        for (Position* copy : {&longer, &fresh}) {
            copy->copy_node_of(original);
            INFO(rules.name());
            CHECK(copy->key() == original.key());
            CHECK(copy->ply() == original.ply());
            CHECK(to_fen(*copy) == to_fen(original));
            CHECK(copy->state().forbidden_key == original.state().forbidden_key);
            MoveList a, b;
            generate_legal(original, a);
            generate_legal(*copy, b);
            REQUIRE(a.size() == b.size());
            for (int i = 0; i < a.size(); ++i) {
                CHECK(a[i] == b[i]);
                copy->make(b[i]);
                original.make(a[i]);
                CHECK(copy->key() == original.key());
                original.unmake();
                copy->unmake();
                REQUIRE(copy->key() == original.key());
            }
            CHECK(to_fen(*copy) == to_fen(original));
        }
    }
}
