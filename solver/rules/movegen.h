// Legal move generation. One entry point; the position's rules choose the generator.
// Dynamo moves are distinct by result (docs/rules.md, 3.5 A move is what it does): each is listed
// once, in the canonical way of writing it.
#pragma once

#include "solver/board/position.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace dynamo {

class MoveList {
  public:
    static constexpr int CAPACITY = 4096;

    MoveList() {}

    void clear() { size_ = 0; }
    void push_back(Move m) {
        if (size_ == CAPACITY) [[unlikely]]
            overflow();
        moves_[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const { return moves_[i]; }
    Move& operator[](int i) { return moves_[i]; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    Move* begin() { return moves_; }
    Move* end() { return moves_ + size_; }
    void truncate(int n) { size_ = n; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

  private:
    [[noreturn, gnu::noinline, gnu::cold]] static void overflow() {
        throw std::length_error("move list overflow");
    }
    int size_ = 0;
    union { // left uninitialised: a list is built for every node searched
        Move moves_[CAPACITY];
    };
};

// Every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& list);

// The legal moves of each rule set (generate_legal dispatches to these).
void generate_dynamo(const Position& pos, MoveList& list);
void generate_orthodox(const Position& pos, MoveList& list);

// Every way the piece on `from` can move under Dynamo rules, by geometry alone
// (docs/rules.md, 3. Moves: plain, push, pull): before the legality tests and before ways with the
// same result are merged; promotion choices left out, castling not included. For reading moves
// written as any of their ways.
std::vector<Move> dynamo_ways(const Position& pos, Square from);

// What dynamo_visit_legal is to visit: admit() sees every way of moving before its legality is
// tested (a cheap filter, which must admit every way of a move it wants); visit() then sees each
// admitted legal move once, written as the first of its ways met, and returns true to stop.
class MoveVisitor {
  public:
    virtual bool admit(Move way) = 0;
    virtual bool visit(Move move) = 0;

  protected:
    ~MoveVisitor() = default;
};

// Visits the admitted legal moves of the side to move (Dynamo rules); true if visit() stopped it.
// Costs far less than generate_dynamo when few ways are admitted: the others are neither tested
// for legality nor merged.
bool dynamo_visit_legal(const Position& pos, MoveVisitor& visitor);

// The moves of generate_dynamo whose ways `filter` admits (visit() is not called), in the same
// order and writing. The filter must admit every way of a move or none of them (a test of the
// resulting position, such as a check test): the ways it drops are neither merged nor tested
// for legality.
void generate_dynamo_admitted(const Position& pos, MoveVisitor& filter, MoveList& list);

// Whether m, a move of some other position (a killer), is a legal way of moving in this one,
// found by making only the ways of its active piece. A way need not be the canonical writing of
// its move. Castling is never found.
bool dynamo_is_legal_way(const Position& pos, Move m);

// Both rule sets: whether m, a move of another position (a killer), is legal here (under Dynamo
// rules, a legal way of moving, as dynamo_is_legal_way). Far cheaper than a list.
bool is_legal_way(const Position& pos, Move m);

// Whether a move (from any generator) is a "dynamo move", i.e. moves a passive piece other
// than by castling or capture (docs/rules.md, 3.5 A move is
// what it does).
inline bool is_dynamo_move(Move m) { return m.has_passive() && !m.is_castling(); }

// Whether the side to move has a legal move: each generator stops at the first one it finds.
bool has_legal_move(const Position& pos);
bool dynamo_has_legal_move(const Position& pos);

bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

} // namespace dynamo
