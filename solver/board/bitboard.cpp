#include "solver/board/bitboard.h"

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

// Magic multipliers, found once by the usual random search (sparse xorshift candidates, as in
// Stockfish) and recorded here so that start-up does not repeat the search.
constexpr Bitboard ROOK_MAGICS[SQUARE_NB] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};
constexpr Bitboard BISHOP_MAGICS[SQUARE_NB] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x0001000188180b04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL,
};

} // namespace

Bitboard slide(Square s, Bitboard occupied, bool rook) {
    Bitboard attacks = 0;
    for (int d = rook ? 0 : 1; d < DIR_NB; d += 2) { // rook lines are the even directions
        Bitboard r = ray[s][d];
        if (Bitboard blockers = r & occupied)
            r &= ~ray[nearest_on_ray(blockers, Direction(d))][d]; // up to the first blocker
        attacks |= r;
    }
    return attacks;
}

namespace {

void init_magics(Magic magics[], Bitboard table[], bool rook) {
    Bitboard* next_table = table;
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
        Square s = Square(sq);
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        Magic& m = magics[s];
        m.mask = slide(s, 0, rook) & ~edges;
        m.shift = 64 - popcount(m.mask);
        m.magic = rook ? ROOK_MAGICS[s] : BISHOP_MAGICS[s];
        m.attacks = next_table;
        next_table += Bitboard(1) << popcount(m.mask);
        Bitboard b = 0;
        do { // Carry-Rippler enumeration of all subsets of the mask
            m.attacks[m.index(b)] = slide(s, b, rook);
            b = (b - m.mask) & m.mask;
        } while (b);
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
