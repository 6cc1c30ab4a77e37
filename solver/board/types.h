// Small value types shared by the whole engine: colours, pieces, squares, directions, moves.
#pragma once

#include <cstdint>

namespace dynamo {

using Bitboard = uint64_t;
using Key = uint64_t;

enum Color : uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB = 7
};

// Stockfish layout: bit 3 is the colour, so a piece indexes tables of 16.
enum Piece : uint8_t {
    NO_PIECE,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 ... h8 = 63. SQ_NONE doubles as "off the board" in moves (see Move).
enum Square : uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE = 64,
    SQUARE_NB = 64
};
constexpr Square SQ_OUT = SQ_NONE; // a piece that leaves the board goes "out"

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
// Rank counted from the colour's own side: 0 = its first rank, 7 = its last rank.
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

// The eight line directions, as file/rank steps. Rook lines are the even indices.
enum Direction : uint8_t { NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST };
constexpr int DIR_NB = 8;
constexpr int DIR_FILE[DIR_NB] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int DIR_RANK[DIR_NB] = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int DIR_STEP[DIR_NB] = {8, 9, 1, -7, -8, -9, -1, 7};
constexpr Direction opposite(Direction d) { return Direction((d + 4) & 7); }
constexpr bool is_rook_direction(Direction d) { return (d & 1) == 0; }

constexpr int KNIGHT_FILE[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int KNIGHT_RANK[8] = {2, 1, -1, -2, -2, -1, 1, 2};

// A move, in 32 bits. Every move of both rule sets is "an active piece goes from/to, and
// optionally one passive piece goes from/to", which covers plain moves, suicides, pushes,
// pulls, castling (passive = the rook) and orthodox captures (passive = the victim, to out).
//   bits  0- 5 active from          bits  6-12 active to (== from: stays; SQ_OUT: leaves)
//   bits 13-19 passive from (SQ_NONE: no passive piece)
//   bits 20-26 passive to (SQ_OUT: leaves)
//   bits 27-29 promotion piece type  bits 30-31 special (castling, en passant)
class Move {
  public:
    enum Special : uint32_t { NORMAL = 0, CASTLING = 1, EN_PASSANT = 2 };

    constexpr Move() = default;
    static constexpr Move plain(Square from, Square to, PieceType promo = NO_PIECE_TYPE) {
        return Move(from, to, SQ_NONE, SQ_OUT, promo, NORMAL);
    }
    static constexpr Move dynamo(Square afrom, Square ato, Square pfrom, Square pto,
                                 PieceType promo = NO_PIECE_TYPE) {
        return Move(afrom, ato, pfrom, pto, promo, NORMAL);
    }
    static constexpr Move castling(Square kfrom, Square kto, Square rfrom, Square rto) {
        return Move(kfrom, kto, rfrom, rto, NO_PIECE_TYPE, CASTLING);
    }
    static constexpr Move none() { return Move(); }

    constexpr Square active_from() const { return Square(data_ & 0x3F); }
    constexpr Square active_to() const { return Square((data_ >> 6) & 0x7F); }
    constexpr Square passive_from() const { return Square((data_ >> 13) & 0x7F); }
    constexpr Square passive_to() const { return Square((data_ >> 20) & 0x7F); }
    constexpr PieceType promotion() const { return PieceType((data_ >> 27) & 7); }
    constexpr Special special() const { return Special(data_ >> 30); }

    constexpr bool has_passive() const { return passive_from() != SQ_NONE; }
    constexpr bool active_stays() const { return active_to() == active_from(); }
    constexpr bool is_castling() const { return special() == CASTLING; }
    constexpr bool is_en_passant() const { return special() == EN_PASSANT; }
    constexpr uint32_t raw() const { return data_; }
    constexpr bool is_none() const { return data_ == 0; }

    constexpr bool operator==(const Move&) const = default;
    constexpr bool operator<(const Move& o) const { return data_ < o.data_; }

    constexpr Move(Square afrom, Square ato, Square pfrom, Square pto, PieceType promo,
                   Special special)
        : data_(uint32_t(afrom) | uint32_t(ato) << 6 | uint32_t(pfrom) << 13 |
                uint32_t(pto) << 20 | uint32_t(promo) << 27 | uint32_t(special) << 30) {}

  private:
    uint32_t data_ = 0;
};
static_assert(sizeof(Move) == 4);

} // namespace dynamo
