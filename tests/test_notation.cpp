// Move notation (docs/format.md, Move notation): the reader against the writer, the forgiving
// readings, the errors, and the game Kustrin-Castelli of docs/rules.md, Example 6, read as printed.
#include "helpers.h"

#include "format/input/move_reader.h"

#include <set>

using namespace dynamo;
using namespace dynamo::test;

namespace {

// The positions of each reference file whose replies (depth 2) are checked too: the initial
// position, a knight pull's result, a check, castling, promotions (orthodox: the initial
// position, kiwipete, promotions).
bool deepened(size_t index) {
    return index == 0 || index == 1 || index == 3 || index == 5 || index == 9;
}

constexpr Language LANGUAGES[] = {Language::English, Language::German, Language::French,
                                  Language::Italian};

// Every distinct position (FEN and --prev) of a perft reference file. The dynref files have a
// prev_placement column (3rd, '-' for none); orthodox-perft.tsv has none.
std::vector<Position> reference_positions(const std::string& file, RuleSet rules) {
    std::vector<Position> positions;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& row : read_tsv(test_data(file))) {
        std::string prev = row.size() >= 5 ? row[2] : "-";
        if (!seen.insert({row[1], prev}).second) continue;
        Position pos = position(row[1], rules);
        if (prev != "-") {
            Placement placement;
            std::string error;
            REQUIRE(parse_board(prev, placement, &error));
            pos.set_forbidden_placement(placement);
        }
        positions.push_back(pos);
    }
    return positions;
}

// Writes every legal move in each language, with and without its suffix, and reads it back,
// with the language given and with the default (English) one. Returns the moves checked.
int round_trip(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        std::string suffix = move_suffix(pos, m);
        for (Language lang : LANGUAGES) {
            std::string text = move_text(pos, m, lang);
            for (const std::string& written : {text, text + suffix}) {
                std::string error = "stale";
                Move as_given = parse_move(pos, written, &error, lang);
                if (as_given != m || !error.empty() || parse_move(pos, written, nullptr) != m)
                    FAIL_CHECK(to_fen(pos)
                               << ": '" << written << "' read back as "
                               << (as_given.is_none() ? error : move_text(pos, as_given)));
            }
        }
    }
    return list.size();
}

Move read(const Position& pos, const std::string& text, Language lang = Language::English) {
    std::string error;
    Move m = parse_move(pos, text, &error, lang);
    INFO(text << ": " << error);
    CHECK_FALSE(m.is_none());
    return m;
}

std::string text_of(const Position& pos, const std::string& written,
                    Language lang = Language::English) {
    Move m = read(pos, written, lang);
    return m.is_none() ? "(none)" : move_text(pos, m);
}

std::string error_of(const Position& pos, const std::string& text,
                     Language lang = Language::English) {
    std::string error;
    CHECK(parse_move(pos, text, &error, lang).is_none());
    return error;
}

} // namespace

TEST_CASE("Every legal move of the reference positions is read back as written", "[notation]") {
    struct File {
        const char* name;
        RuleSet rules;
    };
    const File files[] = {{"dynref/perft-default.tsv", RuleSet::dynamo_default()},
                          {"dynref/perft-vchess.tsv", RuleSet::vchess()},
                          {"orthodox-perft.tsv", RuleSet::orthodox()}};
    int depth1 = 0, depth2 = 0;
    for (const auto& file : files) {
        auto positions = reference_positions(file.name, file.rules);
        REQUIRE(positions.size() >= 5);
        for (size_t i = 0; i < positions.size(); ++i) {
            Position& pos = positions[i];
            depth1 += round_trip(pos);
            if (!deepened(i)) continue;
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) {
                pos.make(m); // the no-undo rule now binds the reply
                depth2 += round_trip(pos);
                pos.unmake();
            }
        }
    }
    // Totals as of writing; the round trips are what is tested.
    WARN("notation round trip: " << depth1 << " moves at depth 1, " << depth2 << " at depth 2");
    CHECK(depth1 > 2000);
    CHECK(depth2 > 50000);
}

// Every legal move's canonical way is a way of its piece, and every way of every piece either
// has the result of a legal move or is illegal as a result (the mover in check or without a king,
// or undoing the opponent's last move) or drags the mover's king, which docs/rules.md, A king is
// not moved through check, may forbid. Returns the ways checked.
int check_ways(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    auto result = [&](Move m) {
        pos.make(m);
        auto r = std::make_pair(pos.placement(), pos.castling());
        pos.unmake();
        return r;
    };
    std::vector<std::pair<Placement, CastlingRights>> legal;
    for (Move m : list) {
        legal.push_back(result(m));
        if (m.is_castling()) continue;
        auto ways = dynamo_ways(pos, m.active_from());
        Move base(m.active_from(), m.active_to(), m.passive_from(), m.passive_to(), NO_PIECE_TYPE,
                  Move::NORMAL);
        if (std::find(ways.begin(), ways.end(), base) == ways.end())
            FAIL_CHECK(to_fen(pos) << ": " << move_text(pos, m) << " is not a way");
    }
    int checked = 0;
    Color us = pos.side_to_move();
    for (Bitboard b = pos.pieces(us); b;) {
        Square s = pop_lsb(b);
        Piece a = pos.piece_on(s);
        for (Move way : dynamo_ways(pos, s)) {
            Piece p = way.has_passive() ? pos.piece_on(way.passive_from()) : NO_PIECE;
            bool due =
                (type_of(a) == PAWN && !way.active_stays() && promotes_on(a, way.active_to())) ||
                (type_of(p) == PAWN && promotes_on(p, way.passive_to()));
            for (PieceType promo : due ? std::vector{QUEEN, KNIGHT} : std::vector{NO_PIECE_TYPE}) {
                Move m(way.active_from(), way.active_to(), way.passive_from(), way.passive_to(),
                       promo, Move::NORMAL);
                ++checked;
                if (std::find(legal.begin(), legal.end(), result(m)) != legal.end()) continue;
                bool has_forbidden = pos.state().has_forbidden;
                Placement forbidden = pos.state().forbidden;
                pos.make(m);
                bool illegal = pos.king_square(us) == SQ_NONE || pos.in_check(us) ||
                               (has_forbidden && pos.placement() == forbidden);
                pos.unmake();
                bool king_dragged = p == make_piece(us, KING) && !pos.rules().king_through_check;
                if (!illegal && !king_dragged)
                    FAIL_CHECK(to_fen(pos)
                               << ": way " << move_text(pos, m) << " has no legal move's result");
            }
        }
    }
    return checked;
}

TEST_CASE("The ways the reader accepts are the generator's ways", "[notation]") {
    int checked = 0;
    for (RuleSet rules : {RuleSet::dynamo_default(), RuleSet::vchess()}) {
        auto file =
            rules == RuleSet::vchess() ? "dynref/perft-vchess.tsv" : "dynref/perft-default.tsv";
        auto positions = reference_positions(file, rules);
        for (size_t i = 0; i < positions.size(); ++i) {
            Position& pos = positions[i];
            checked += check_ways(pos);
            if (!deepened(i)) continue;
            MoveList list;
            generate_legal(pos, list);
            for (Move m : list) {
                pos.make(m);
                checked += check_ways(pos);
                pos.unmake();
            }
        }
    }
    WARN("ways checked against the generator: " << checked);
    CHECK(checked > 100000);
}

TEST_CASE("The reader forgives what cannot be ambiguous", "[notation]") {
    Position start = position(std::string(START_FEN));
    // A missing '-', the pawn's letter, annotations (also before the slash), spaces, an en dash.
    for (const char* written : {"Qd1d3/d2d6", "Qd1-d3/Pd2-d6", "Qd1-d3/d2-d6+", "Qd1-d3+/d2-d6",
                                "Qd1-d3/d2-d6!?", "Qd1-d3 / d2-d6 #",
                                "Qd1\xE2\x80\x93"
                                "d3/d2-d6",
                                "Qd1-d3/d2-d6="})
        CHECK(text_of(start, written) == "Qd1-d3/d2-d6");
    // N or S for the knight, in any language; the letters of another language when they fit.
    CHECK(text_of(start, "Nb1-c3") == "Sb1-c3");
    CHECK(text_of(start, "Sb1-c3") == "Sb1-c3");
    CHECK(text_of(start, "Cb1-c3", Language::French) == "Sb1-c3");
    CHECK(text_of(start, "Dd1-d3/d2-d6") == "Qd1-d3/d2-d6");
    CHECK(text_of(start, "Qd1-d3/d2-d6", Language::Italian) == "Qd1-d3/d2-d6");
    CHECK(text_of(start, "d1-d3/d2-d6") == "Qd1-d3/d2-d6"); // the square names the piece
    // R is the rook in English, the king in French and Italian: the language given comes first,
    // the other reading is taken when it alone fits.
    Position rooks = position("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    CHECK(text_of(rooks, "Re1-e2", Language::French) == "Ke1-e2");
    CHECK(text_of(rooks, "Re1-e2") == "Ke1-e2");
    CHECK(text_of(rooks, "Ra1-a2", Language::Italian) == "Ra1-a2");

    // Section 2: the same result written as another way is the same move.
    CHECK(text_of(start, "Ke1/e2-e3") == "e2-e3");
    CHECK(text_of(start, "Ke1-e2/e2-e3") == "Ke1-e2/e2-e3"); // another move
    CHECK(text_of(start, "Bf1-e2/e2E") == "Bf1-e2/e2E");
    CHECK(text_of(start, "Bf1/e2E") == "Qd1/e2E"); // pawn out, pusher stays: lower active square
    CHECK(text_of(position("k6R/7Q/8/8/8/8/8/K7 w - - 0 1"), "Rh8E/Qh7E") == "Qh7E/Rh8E");
    CHECK(text_of(position("7k/8/8/B7/8/8/8/R6K w - - 0 1"), "Ra1/Ba5E") == "Ba5E");
    CHECK(text_of(position("k7/8/8/7R/8/7P/8/K7 w - - 0 1"), "Rh5/h3-h4") == "h3-h4");
    Position two_rooks = position("k7/R7/8/R7/8/8/8/7K w - - 0 1");
    CHECK(text_of(two_rooks, "Ra7E/Ra5E") == "Ra5E/Ra7E");
    CHECK(text_of(two_rooks, "Ra5E/Ra7E") == "Ra5E/Ra7E");
    // A knight leaving the board by any of its off-board leaps is one move.
    CHECK(text_of(start, "Sb1E") == "Sb1E");

    // Castling: 0-0 or O-O, also as the king's two-square step.
    Position castle = position("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1");
    for (const char* written : {"0-0", "O-O", "o-o", "0-0+", "Ke1-g1"})
        CHECK(text_of(castle, written) == "0-0");
    for (const char* written : {"0-0-0", "O-O-O", "Ke1-c1"})
        CHECK(text_of(castle, written) == "0-0-0");

    // Promotion: '=X' or the bare letter, on either part; a trailing lone '=' is stalemate.
    Position promo = position("k7/8/8/8/8/8/7P/K6R w - - 0 1");
    CHECK(text_of(promo, "Rh1/h2-h8=Q") == "Rh1/h2-h8=Q");
    CHECK(text_of(promo, "Rh1/h2-h8Q") == "Rh1/h2-h8=Q");
    CHECK(text_of(promo, "Rh1/h2-h8=S+") == "Rh1/h2-h8=S");
    CHECK(text_of(promo, "Rh1/h2-h8=N") == "Rh1/h2-h8=S");
    CHECK(text_of(promo, "Th1/h2-h8=D", Language::Italian) == "Rh1/h2-h8=Q");
    CHECK(text_of(promo, "Th1/h2-h8=T") == "Rh1/h2-h8=R");
    Position pawn = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    CHECK(text_of(pawn, "e7-e8=Q=") == "e7-e8=Q");
    CHECK(text_of(pawn, "e7e8R") == "e7-e8=R");
    // An active pawn promoting by pushing an enemy piece out: letter after either part.
    Position diagonal = position("n6k/1P6/8/8/8/8/8/K7 w - - 0 1");
    CHECK(text_of(diagonal, "b7-a8=Q/Sa8E") == "b7-a8=Q/Sa8E");
    CHECK(text_of(diagonal, "b7-a8/Sa8E=Q") == "b7-a8=Q/Sa8E");

    // Orthodox: captures with '*', 'x' or ':', or left out; en passant with or without "ep.".
    Position ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", RuleSet::orthodox());
    for (const char* written : {"e5*d6 ep.", "e5xd6", "e5:d6e.p.", "e5-d6", "e5d6"})
        CHECK(text_of(ep, written) == "e5*d6 ep.");
    Position ortho = position("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1", RuleSet::orthodox());
    CHECK(text_of(ortho, "b7*a8=Q+") == "b7*a8=Q");
    CHECK(text_of(ortho, "b7xa8=D", Language::German) == "b7*a8=Q");
    CHECK(text_of(ortho, "O-O") == "0-0");
    CHECK(text_of(ortho, "Ke1-g1") == "0-0");
}

TEST_CASE("Move reading errors name the move and the position", "[notation]") {
    const std::string start_fen(START_FEN);
    Position start = position(start_fen);
    CHECK(error_of(start, "") ==
          "cannot read move '' in position " + start_fen + ": no move written");
    CHECK(error_of(start, " +") ==
          "cannot read move ' +' in position " + start_fen + ": no move written");
    CHECK(error_of(start, "Qz9-d3") ==
          "cannot read move 'Qz9-d3' in position " + start_fen + ": expected a square at 'z9-d3'");
    CHECK(error_of(start, "e4") == "cannot read move 'e4' in position " + start_fen +
                                       ": expected '-' and a square, 'E' or '/' at the end");
    CHECK(error_of(start, "Qd1-d3/d2") == "cannot read move 'Qd1-d3/d2' in position " + start_fen +
                                              ": expected '-' and a square, or 'E' at the end");
    CHECK(error_of(start, "Qd1-d3/d2-d6 extra") ==
          "cannot read move 'Qd1-d3/d2-d6 extra' in position " + start_fen +
              ": expected the end of the move at 'extra'");
    CHECK(error_of(start, "Qd1-") == "cannot read move 'Qd1-' in position " + start_fen +
                                         ": expected a square or 'E' at the end");

    // Readable but not a legal move: blocked, wrong letter, wrong side, no such way, captures
    // in Dynamo, a promotion where none is due.
    for (const char* text : {"Qd1-d5", "Sd1-d3/d2-d6", "e7-e5", "Qd1/e2-e3", "Ra1/e2-e3", "Qd1*d2",
                             "e2-e4=Q", "Ke1/Ke1-e2"})
        CHECK(error_of(start, text) ==
              "illegal move '" + std::string(text) + "' in position " + start_fen);

    // The no-undo rule (docs/rules.md, Example 5): the bishop may be pushed back but not followed.
    Position undo = position("rnbqk1nr/ppppppbp/6p1/8/3B4/1P6/P1PPPPPP/RN1QKBNR b KQkq - 0 1");
    undo.make(read(undo, "Bg7-d4/Bd4-b2"));
    read(undo, "Bb2/Bd4-g7");
    CHECK(error_of(undo, "Bb2-d4/Bd4-g7") ==
          "illegal move 'Bb2-d4/Bd4-g7' in position " + to_fen(undo));

    // A promotion left out names four moves.
    Position promo = position("k7/8/8/8/8/8/7P/K6R w - - 0 1");
    CHECK(error_of(promo, "Rh1/h2-h8") ==
          "ambiguous move 'Rh1/h2-h8' in position k7/8/8/8/8/8/7P/K6R w - - 0 1: matches "
          "Rh1/h2-h8=B, Rh1/h2-h8=Q, Rh1/h2-h8=R, Rh1/h2-h8=S");
    CHECK(error_of(promo, "Th1/h2-h8", Language::German) ==
          "ambiguous move 'Th1/h2-h8' in position k7/8/8/8/8/8/7P/K6R w - - 0 1: matches "
          "Th1/h2-h8=D, Th1/h2-h8=L, Th1/h2-h8=S, Th1/h2-h8=T");
    // Also written as another way: the rook's push is the pawn's own step.
    Position pusher = position("k7/6P1/8/8/8/8/8/K5R1 w - - 0 1");
    CHECK(text_of(pusher, "Rg1/g7-g8=S") == "g7-g8=S");
    for (std::string text : {"g7-g8", "Rg1/g7-g8"})
        CHECK(error_of(pusher, text) ==
              "ambiguous move '" + text +
                  "' in position k7/6P1/8/8/8/8/8/K5R1 w - - 0 1: matches "
                  "g7-g8=B, g7-g8=Q, g7-g8=R, g7-g8=S");
}

TEST_CASE("Games are split into moves, PGN-like", "[notation]") {
    CHECK(split_moves(
              "1.Dd1-d3/d2-d6 Dd8-c7/c7-b6\n2. Dd3-h7/h7E {a comment\nover lines} "
              "2... Dc7-a5+/b6E ; to the end of the line\n[Event \"x\"] 3.Re1-d1 $1 !? 1-0") ==
          std::vector<std::string>{"Dd1-d3/d2-d6", "Dd8-c7/c7-b6", "Dd3-h7/h7E", "Dc7-a5+/b6E",
                                   "Re1-d1"});
    CHECK(split_moves("1. e5*d6 ep. 0-0 1...0-0-0 1/2-1/2") ==
          std::vector<std::string>{"e5*d6 ep.", "0-0", "0-0-0"});
    CHECK(split_moves("  \n").empty());
}

TEST_CASE("Example 6, the game Kustrin-Castelli, read as printed in Italian",
          "[notation][rules][example6]") {
    // docs/rules.md, Example 6: AISE Grand Prix 1990, 1-0. Italian letters: R=K, D=Q, T=R, A=B,
    // C=S.
    const std::string game =
        "1.Dd1-d3/d2-d6 Dd8-c7/c7-b6 2.Dd3-h7/h7E Dc7-a5+/b6E 3.Re1-d1 Da5-h5 4.Dh7-d3 "
        "Th8-h5/Dh5-h4 5.Cg1-f3 Dh4-f2/f2E 6.Af1-g2/g2-h3 Th5/h3-h4 7.Cf3-d2/h4-f3 Cb8-c6 "
        "8.Ac1-e3/Cd2-f4 Df2-g3 9.Cf4/Th5E Dg3/Ag2E 10.Th1/h2-h8=D";
    // As our writer writes them: the same, but for the '+' written after the whole move.
    const std::vector<std::string> canonical = {
        "Dd1-d3/d2-d6", "Dd8-c7/c7-b6", "Dd3-h7/h7E",    "Dc7-a5/b6E +", "Re1-d1",
        "Da5-h5",       "Dh7-d3",       "Th8-h5/Dh5-h4", "Cg1-f3",      "Dh4-f2/f2E",
        "Af1-g2/g2-h3", "Th5/h3-h4",    "Cf3-d2/h4-f3",  "Cb8-c6",      "Ac1-e3/Cd2-f4",
        "Df2-g3",       "Cf4/Th5E",     "Dg3/Ag2E",      "Th1/h2-h8=D"};
    auto moves = split_moves(game);
    REQUIRE(moves.size() == canonical.size());

    Position pos = position(std::string(START_FEN));
    for (size_t i = 0; i < moves.size(); ++i) {
        std::string error;
        Move m = parse_move(pos, moves[i], &error, Language::Italian);
        INFO("half-move " << i + 1 << " " << moves[i] << ": " << error);
        REQUIRE_FALSE(m.is_none());
        CHECK(move_text(pos, m, Language::Italian) + move_suffix(pos, m) == canonical[i]);
        pos.make(m);

        if (i == 2) {
            // After 2.Dd3-h7/h7E the reply 2...Th8E/Dh7E is legal: the rook leaves the board
            // dragging the queen out. It loses the rook: 3.Th1/h2-h8=D (the h-file is now empty)
            // promotes on h8, and White has a queen again, Black one rook less.
            Position line = pos;
            line.make(read(line, "Th8E/Dh7E", Language::Italian));
            CHECK(line.pieces(BLACK, ROOK) == square_bb(SQ_A8));
            CHECK(line.pieces(WHITE, QUEEN) == 0);
            line.make(read(line, "Th1/h2-h8=D", Language::Italian));
            CHECK(line.piece_on(SQ_H8) == W_QUEEN);
            CHECK(line.pieces(WHITE, QUEEN) == square_bb(SQ_H8));
            CHECK(popcount(line.pieces(BLACK, ROOK)) == 1);
        }
        if (i == 3) CHECK(pos.in_check(WHITE)); // 2...Da5+ is check
    }
    // 10.Th1/h2-h8=D is legal; Black resigns (not mated: docs/rules.md claims no more).
    CHECK(to_fen(pos) == "r1b1kbnQ/pp1pppp1/2nP4/8/5N2/3QBPq1/PPP1P3/RN1K3R b q - 0 1");
    CHECK_FALSE(is_checkmate(pos));
}
