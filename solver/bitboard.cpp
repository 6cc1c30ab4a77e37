#include "bitboard.h"

#include <mutex>

namespace dynamo::geometry {

Bitboard ray[SQUARE_NB][DIR_NB];
uint8_t ray_length[SQUARE_NB][DIR_NB];
Bitboard knight_steps[SQUARE_NB];
Bitboard king_steps[SQUARE_NB];
Bitboard pawn_captures[COLOR_NB][SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
Square knight_target[SQUARE_NB][8];
Square step_target[SQUARE_NB][DIR_NB];
Magic rook_magics[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

// xorshift64star, as in Stockfish: a fixed seed per rank makes magic search fast and repeatable.
struct Prng {
    uint64_t s;
    uint64_t next() {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    uint64_t sparse() { return next() & next() & next(); }
};

Bitboard slide(Square s, Bitboard occupied, bool rook) {
    Bitboard attacks = 0;
    for (int d = 0; d < DIR_NB; ++d) {
        if (is_rook_direction(Direction(d)) != rook) continue;
        int f = file_of(s), r = rank_of(s);
        while (on_board(f += DIR_FILE[d], r += DIR_RANK[d])) {
            attacks |= square_bb(make_square(f, r));
            if (occupied & square_bb(make_square(f, r))) break;
        }
    }
    return attacks;
}

void init_magics(Magic magics[], Bitboard table[], bool rook) {
    static const uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, count = 0;
    Bitboard* next_table = table;
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
        Square s = Square(sq);
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        Magic& m = magics[s];
        m.mask = slide(s, 0, rook) & ~edges;
        m.shift = 64 - popcount(m.mask);
        m.attacks = next_table;
        int size = 0;
        Bitboard b = 0;
        do { // Carry-Rippler enumeration of all subsets of the mask
            occupancy[size] = b;
            reference[size] = slide(s, b, rook);
            size++;
            b = (b - m.mask) & m.mask;
        } while (b);
        next_table += size;

        Prng rng{seeds[rank_of(s)]};
        for (int i = 0; i < size;) {
            for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
            for (++count, i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < count) {
                    epoch[idx] = count;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i])
                    break;
            }
        }
    }
}

void init_once() {
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
        Square s = Square(sq);
        int f0 = file_of(s), r0 = rank_of(s);
        for (int d = 0; d < DIR_NB; ++d) {
            Bitboard b = 0;
            int n = 0, f = f0, r = r0;
            while (on_board(f += DIR_FILE[d], r += DIR_RANK[d])) b |= square_bb(make_square(f, r)), ++n;
            ray[s][d] = b;
            ray_length[s][d] = uint8_t(n);
            int tf = f0 + DIR_FILE[d], tr = r0 + DIR_RANK[d];
            step_target[s][d] = on_board(tf, tr) ? make_square(tf, tr) : SQ_NONE;
            if (on_board(tf, tr)) king_steps[s] |= square_bb(make_square(tf, tr));
        }
        for (int i = 0; i < 8; ++i) {
            int tf = f0 + KNIGHT_FILE[i], tr = r0 + KNIGHT_RANK[i];
            knight_target[s][i] = on_board(tf, tr) ? make_square(tf, tr) : SQ_NONE;
            if (on_board(tf, tr)) knight_steps[s] |= square_bb(make_square(tf, tr));
        }
        for (int c = 0; c < COLOR_NB; ++c) {
            int tr = r0 + (c == WHITE ? 1 : -1);
            Bitboard b = 0;
            if (on_board(f0 - 1, tr)) b |= square_bb(make_square(f0 - 1, tr));
            if (on_board(f0 + 1, tr)) b |= square_bb(make_square(f0 + 1, tr));
            pawn_captures[c][s] = b;
        }
    }
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int d = 0; d < DIR_NB; ++d) {
            Bitboard full = ray[a][d] | ray[a][opposite(Direction(d))] | square_bb(Square(a));
            Bitboard walked = 0;
            for (Bitboard r = ray[a][d]; r;) {
                Square b = nearest_on_ray(r, Direction(d));
                r &= ~square_bb(b);
                between[a][b] = walked;
                line[a][b] = full;
                walked |= square_bb(b);
            }
        }
    init_magics(rook_magics, rook_table, true);
    init_magics(bishop_magics, bishop_table, false);
}

} // namespace

void init() {
    static std::once_flag once;
    std::call_once(once, init_once);
}

namespace {
struct AutoInit {
    AutoInit() { init(); }
} auto_init;
} // namespace

} // namespace dynamo::geometry
