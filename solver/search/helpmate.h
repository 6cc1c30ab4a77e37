// The helpmate search (h#N, h#N.5): both sides cooperate, so the tree is an OR tree to the end,
// and every line that ends in mate is a solution. Positions without a solution in the plies
// left are kept in the transposition table (a helpmate tree is full of transpositions: the
// same moves in another order), so each is searched once. Help-selfmates (hs#N) end otherwise:
// after the last help move, every move of the side to move must mate (forced_mates()).
#pragma once

#include "solver/board/position.h"
#include "solver/rules/movegen.h"
#include "solver/search/stipulation.h"
#include "solver/search/tt.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dynamo {

class HelpSearch {
  public:
    // goal: what the last half-move does (h#: mate, h=: stalemate). help_self: the lines end
    // with the side to move forced to mate (hs#), each of its moves a line of its own.
    HelpSearch(TranspositionTable& tt, const std::atomic<bool>& stop,
               Stipulation::Goal goal = Stipulation::Goal::Mate, bool help_self = false);

    // The lines of exactly `plies` half-moves from pos, the side to move first, whose last move
    // mates (plies 0: is the side to move mated?); hs#: of `plies` help moves and then one of
    // the forced mates. Appends at most `limit` (0: no limit) to
    // `solutions` when given, each prefixed with `prefix`; returns how many it found (at most
    // the limit), or -1 when stopped before it could tell.
    int solve(Position& pos, int plies, int limit, const std::vector<Move>& prefix,
              std::vector<std::vector<Move>>* solutions);

    uint64_t nodes() const { return nodes_; }

    // Dynamo, the mated side to move: the squares a move must touch (or it must move its own
    // king or a piece of the mater) for the mater to have a checking move after it, or 0 when
    // no such bound holds; and whether move m leaves them all as they were (docs/helpmate.md,
    // Dynamo: Black's last moves that change nothing).
    static Bitboard unchanged_read(const Position& pos);
    static bool leaves_read(const Position& pos, Move m, Bitboard read);

  private:
    int search(Position& pos, int plies, bool counted = false); // counted: mate_reachable()
    Key table_key(const Position& pos, int plies) const;        // the node's entry in the table
    int mating_moves(Position& pos);                            // the last half-move
    int stalemating_moves(Position& pos);
    int forced_mates(Position& pos); // hs#: every move mates (and there is one)
    void found();                    // the current line is a solution

    struct Frame {
        MoveList& list;
        HelpSearch& search;
        ~Frame() { --search.depth_; }
    };
    Frame frame();

    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    Stipulation::Goal goal_;
    bool help_self_;
    std::vector<std::unique_ptr<MoveList>> lists_;
    int depth_ = 0;
    std::vector<Move> line_;
    std::vector<std::vector<Move>>* solutions_ = nullptr;
    int remaining_ = 0; // solutions still wanted; < 0: no limit
    bool stopped_ = false;
    uint64_t nodes_ = 0;
};

} // namespace dynamo
