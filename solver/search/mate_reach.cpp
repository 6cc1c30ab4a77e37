#include "solver/search/mate_reach.h"

#include "solver/board/bitboard.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>

namespace dynamo {

namespace {

int king_distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// within[s][n]: the squares a knight on s reaches in at most n leaps on an empty board. Built
// from the leaps themselves, not from the geometry tables, whose static initialisation may come
// after this one.
struct KnightReach {
    std::array<std::array<Bitboard, 8>, SQUARE_NB> within{};
    KnightReach() {
        static constexpr int LEAPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        std::array<Bitboard, SQUARE_NB> steps{};
        for (int s = 0; s < SQUARE_NB; ++s)
            for (const auto& l : LEAPS) {
                const int f = file_of(Square(s)) + l[0], r = rank_of(Square(s)) + l[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8)
                    steps[size_t(s)] |= square_bb(make_square(f, r));
            }
        for (int s = 0; s < SQUARE_NB; ++s) {
            Bitboard reached = square_bb(Square(s));
            within[size_t(s)][0] = reached;
            for (size_t n = 1; n < 8; ++n) {
                Bitboard next = reached;
                for (Bitboard b = reached; b;) next |= steps[size_t(pop_lsb(b))];
                within[size_t(s)][n] = reached = next;
            }
        }
    }
};
const KnightReach knight_reach;

Bitboard color_complex(Square s) {
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL; // a1 is dark
    return (DARK & square_bb(s)) ? DARK : ~DARK;
}

// The squares a pawn of colour c on s may attack after at most w moves of its side, on an
// empty board (every move of it may capture); all squares if it may promote by then. Read
// from Capacity::pawn (pawn_reach below): the counts ask for it at every square they test.
Bitboard pawn_reach_of(Color c, Square s, int w) {
    const int r = relative_rank(c, s), f = file_of(s);
    const int double_step = r == 1 ? 1 : 0;
    if (7 - r - double_step <= w) return ~Bitboard(0);
    Bitboard b = 0;
    for (int rr = r + 1; rr <= std::min(7, r + w + 1 + double_step); ++rr)
        for (int ff = std::max(0, f - (rr - r)); ff <= std::min(7, f + (rr - r)); ++ff)
            b |= square_bb(make_square(ff, c == WHITE ? rr : 7 - rr));
    return b;
}

// The squares a king needs: k and its neighbours.
Bitboard king_field(Square k) { return geometry::king_steps[k] | square_bb(k); }

// docs/helpmate.md, The capacity count. cap[kind][s][k][j]: the most squares of king_field(k) a
// piece of that kind (knight, bishop, rook, queen, the mater's king) attacks on an empty board
// after at most j moves from s (j = 3: any number of moves). The mater's king never stands
// next to k; no piece stands on k.
enum CapKind { CAP_KNIGHT, CAP_BISHOP, CAP_ROOK, CAP_QUEEN, CAP_KING, CAP_NB };
struct Capacity {
    uint8_t cap[CAP_NB][SQUARE_NB][SQUARE_NB][4];
    // reach[kind][s][j]: the squares a piece of that kind on s may stand on after at most j
    // moves on an empty board (j = 3: any number).
    Bitboard reach[CAP_NB][SQUARE_NB][4];
    Bitboard king_within[SQUARE_NB][8];    // the squares at most n king steps from s
    Bitboard pawn[COLOR_NB][SQUARE_NB][8]; // pawn_reach_of(c, s, w); w = 7: any number
    Capacity() {
        geometry::init();
        for (int c = 0; c < COLOR_NB; ++c)
            for (int s = 0; s < SQUARE_NB; ++s)
                for (int w = 0; w < 8; ++w) pawn[c][s][w] = pawn_reach_of(Color(c), Square(s), w);
        static uint8_t cover[CAP_NB][SQUARE_NB][SQUARE_NB];
        const Bitboard all = ~Bitboard(0);
        for (int t = 0; t < SQUARE_NB; ++t) {
            const Square ts = Square(t);
            const Bitboard att[CAP_NB] = {geometry::knight_steps[ts], bishop_attacks(ts, 0),
                                          rook_attacks(ts, 0), queen_attacks(ts, 0),
                                          geometry::king_steps[ts]};
            for (int c = 0; c < CAP_NB; ++c)
                for (int k = 0; k < SQUARE_NB; ++k) {
                    const bool barred = c == CAP_KING ? king_distance(ts, Square(k)) <= 1 : t == k;
                    cover[c][t][k] = barred ? 0 : uint8_t(popcount(att[c] & king_field(Square(k))));
                }
            const Bitboard self = square_bb(ts);
            const Bitboard within2 = knight_reach.within[t][2];
            Bitboard king2 = 0;
            for (int u = 0; u < SQUARE_NB; ++u)
                if (king_distance(ts, Square(u)) <= 2) king2 |= square_bb(Square(u));
            const Bitboard r[CAP_NB][4] = {
                {self, knight_reach.within[t][1], within2, all},
                {self, self | att[CAP_BISHOP], color_complex(ts), color_complex(ts)},
                {self, self | att[CAP_ROOK], all, all},
                {self, self | att[CAP_QUEEN], all, all},
                {self, self | att[CAP_KING], king2, all}};
            for (int c = 0; c < CAP_NB; ++c)
                for (int j = 0; j < 4; ++j) reach[c][t][j] = r[c][j];
            for (int u = 0; u < SQUARE_NB; ++u)
                for (int n = king_distance(ts, Square(u)); n < 8; ++n)
                    king_within[t][n] |= square_bb(Square(u));
        }
        for (int c = 0; c < CAP_NB; ++c)
            for (int s = 0; s < SQUARE_NB; ++s)
                for (int k = 0; k < SQUARE_NB; ++k)
                    for (int j = 0; j < 4; ++j) {
                        uint8_t best = 0;
                        for (Bitboard b = reach[c][s][j]; b;)
                            best = std::max(best, cover[c][pop_lsb(b)][k]);
                        cap[c][s][k][j] = best;
                    }
    }
};
const Capacity& capacity() {
    static const Capacity table;
    return table;
}

// From 7 moves on, a pawn anywhere may promote: every square.
Bitboard pawn_reach(Color c, Square s, int w) { return capacity().pawn[c][s][std::min(w, 7)]; }

CapKind cap_kind(PieceType type) {
    return type == KNIGHT   ? CAP_KNIGHT
           : type == BISHOP ? CAP_BISHOP
           : type == ROOK   ? CAP_ROOK
           : type == QUEEN  ? CAP_QUEEN
                            : CAP_KING;
}

// The mater's pieces as the capacity count reads them; a pawn's reach after 0, 1, 2 and w moves.
// At most MAX pieces (a side has 16 in a game; the test gives up on more). The piece on
// `ahead` (if any) is counted with a move more than the others, that move spent first
// (docs/helpmate.md, The mater's idle moves).
struct Mater {
    static constexpr int MAX = 16;
    Square s[MAX];
    int8_t kind[MAX]; // CapKind, or -1 for a pawn
    Bitboard pawn[MAX][4];
    Square ahead;
    int n;
    Mater(const Position& pos, Color x, int w, Square ahead_) : ahead(ahead_), n(0) {
        for (Bitboard p = pos.pieces(x); p; ++n) {
            s[n] = pop_lsb(p);
            const PieceType type = type_of(pos.piece_on(s[n]));
            kind[n] = type == PAWN ? -1 : int8_t(cap_kind(type));
            const int most = s[n] == ahead ? w + 1 : w;
            if (type == PAWN)
                for (int j = 0; j < 4; ++j) pawn[n][j] = pawn_reach(x, s[n], j == 3 ? most : j);
        }
    }
};

// Whether the mater's pieces may attack `need` squares of king_field(k) after its w moves, the
// moves shared out among its pieces (each piece's own best square, so an upper bound).
bool capacity_reaches(const Mater& x, Square k, int w, int need) {
    const Capacity& t = capacity();
    constexpr int MAX_BUDGET = 8;
    const int budget = std::min(w, MAX_BUDGET);
    int best[MAX_BUDGET + 1] = {}; // best[u]: with at most u moves
    for (int i = 0; i < x.n; ++i) {
        const Square s = x.s[i];
        int c[4];
        if (x.kind[i] < 0) {
            const int promoted = std::max(t.cap[CAP_QUEEN][s][k][3], t.cap[CAP_KNIGHT][s][k][3]);
            for (int j = 0; j < 4; ++j) {
                const Bitboard r = x.pawn[i][j];
                c[j] = r == ~Bitboard(0) ? promoted : std::min(2, popcount(r & king_field(k)));
            }
        } else {
            for (int j = 0; j < 4; ++j) c[j] = t.cap[x.kind[i]][s][k][j];
        }
        if (s == x.ahead) // its first move is spent already: j more moves, j + 1 in all
            c[0] = c[1], c[1] = c[2], c[2] = c[3];
        for (int u = budget; u >= 0; --u) {
            int v = best[u] + c[0];
            for (int j = 1; j <= u; ++j) v = std::max(v, best[u - j] + c[std::min(j, 3)]);
            best[u] = v;
        }
        if (best[budget] >= need) return true; // more pieces only add
    }
    return false;
}

// docs/helpmate.md, The blockers: how many of the squares next to k that M's pieces do not
// hold now they may hold after `spare` moves: at most one for each piece of M but its king
// that may reach one of them within `spare` moves on an empty board. With `slack`, one more
// move of reach, and any square next to k counts.
int new_blocks(const Position& pos, Color m, Square k, int spare, int slack) {
    if (spare <= 0) return 0;
    const Capacity& t = capacity();
    const Bitboard pieces = pos.pieces(m) & ~pos.pieces(KING);
    const Bitboard flights = geometry::king_steps[k] & (slack ? ~Bitboard(0) : ~pieces);
    int n = 0;
    const int reach = spare + slack;
    for (Bitboard p = pieces; p && n < spare;) {
        const Square s = pop_lsb(p);
        const PieceType type = type_of(pos.piece_on(s));
        const Bitboard r =
            type == PAWN ? pawn_reach(m, s, reach) : t.reach[cap_kind(type)][s][std::min(reach, 3)];
        n += (r & flights) != 0;
    }
    return n;
}

bool reachable(const Position& pos, Color x, int w, int b, int slack, Square ahead = SQ_NONE);

} // namespace

bool mate_reachable(const Position& pos, int plies) {
    if (pos.rules().is_dynamo() || plies < 1) return true;
    if (pos.castling().any()) return true;
    const Color x = plies % 2 ? pos.side_to_move() : ~pos.side_to_move();
    return reachable(pos, x, (plies + 1) / 2, plies / 2, 0);
}

// docs/helpmate.md, The mated side's idle moves. A move of M's that neither moves its king nor
// lands next to a square its king may stand on after it leaves the counts what they were (or
// fewer pieces of X), with one move of M's fewer.
Bitboard mate_blocks(const Position& pos, int plies) {
    const Bitboard all = ~Bitboard(0);
    if (pos.rules().is_dynamo() || plies < 2 || plies % 2) return all;
    if (pos.castling().any()) return all;
    const Square king = pos.king_square(pos.side_to_move());
    if (king == SQ_NONE) return all;
    const int n = plies / 2;
    if (reachable(pos, ~pos.side_to_move(), n, n - 1, 1)) return all;
    return capacity().king_within[king][std::min(n, 7)];
}

// docs/helpmate.md, The mater's idle moves. After a move of the mater's piece on s, the counts
// are at best those of the node with that piece a move ahead of the others.
Bitboard mate_movers(const Position& pos, int plies) {
    const Bitboard all = ~Bitboard(0);
    if (pos.rules().is_dynamo() || plies < 3 || plies % 2 == 0) return all;
    if (pos.castling().any()) return all;
    const Color x = pos.side_to_move();
    const int n = plies / 2; // each side's moves after this one
    if (reachable(pos, x, n, n, 0)) return all;
    Bitboard movers = 0;
    for (Bitboard p = pos.pieces(x); p;) {
        const Square s = pop_lsb(p);
        if (reachable(pos, x, n, n, 0, s)) movers |= square_bb(s);
    }
    return movers;
}

namespace {

// docs/helpmate.md, The flight count. The mater (X) makes w more moves, the mated side (M) b.
// After X's last move M's king stands on some k at most b king steps away, attacked by a piece
// of X other than its king, and each square next to k is attacked by X or holds a piece of M.
// The squares X may attack then, `attackable`, are bounded piece by piece on an empty board
// (a piece attacks from where it may stand after w moves); M's pieces fill at most the squares
// they hold now and one new square for each move its king does not need.
// `slack`: moves the blockers' reach counts beyond M's spare moves (docs/helpmate.md, The
// mated side's idle moves). `ahead`: a piece of X counted with w + 1 moves, the first of them
// spent before the others' (docs/helpmate.md, The mater's idle moves).
bool reachable(const Position& pos, Color x, int w, int b, int slack, Square ahead) {
    const Color m = ~x;
    const Square king = pos.king_square(m);
    if (king == SQ_NONE) return true;

    const Bitboard all = ~Bitboard(0);
    Bitboard checkers = 0; // where a piece of X but its king may attack
    for (Bitboard p = pos.pieces(x) & ~pos.pieces(KING); p && checkers != all;) {
        const Square s = pop_lsb(p);
        const int ws = s == ahead ? w + 1 : w;
        switch (type_of(pos.piece_on(s))) {
        case PAWN: checkers |= pawn_reach(x, s, ws); break;
        case KNIGHT: checkers |= knight_reach.within[s][size_t(std::min(ws + 1, 7))]; break;
        case BISHOP: checkers |= color_complex(s); break;
        default: checkers = all; break; // rook, queen: any square within two moves
        }
    }
    Bitboard attackable = checkers;
    if (Square xk = pos.king_square(x); xk != SQ_NONE)
        attackable |= capacity().king_within[xk][std::min((xk == ahead ? w + 1 : w) + 1, 7)];
    const Bitboard held = pos.pieces(m) & ~pos.pieces(KING);
    const Bitboard covered = attackable | held;
    std::optional<Mater> mater; // built when first needed
    const bool counted = popcount(pos.pieces(x)) <= Mater::MAX;

    for (int dr = -b; dr <= b; ++dr)
        for (int df = -b; df <= b; ++df) {
            const int f = file_of(king) + df, r = rank_of(king) + dr;
            if (f < 0 || f > 7 || r < 0 || r > 7) continue;
            const Square k = make_square(f, r);
            if (!(checkers & square_bb(k))) continue;
            const int free_moves = b - king_distance(king, k);
            if (free_moves < 0) continue;
            // new_blocks() is at most free_moves: the cheap bound first.
            const int uncovered = popcount(geometry::king_steps[k] & ~covered);
            if (uncovered > free_moves) continue;
            const int spare = new_blocks(pos, m, k, free_moves, slack);
            if (uncovered > spare) continue;
            // docs/helpmate.md, The capacity count: k and the flights M does not fill.
            const int open = popcount(geometry::king_steps[k] & ~held) - spare;
            if (!counted) return true;
            if (!mater) mater.emplace(pos, x, w, ahead);
            if (capacity_reaches(*mater, k, w, 1 + std::max(0, open))) return true;
        }
    return false;
}

} // namespace

} // namespace dynamo
