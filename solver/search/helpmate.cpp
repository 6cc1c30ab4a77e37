#include "solver/search/helpmate.h"

#include "solver/rules/check_hints.h"
#include "solver/rules/movegen_directions.h"
#include "solver/search/mate_reach.h"
#include "solver/search/search.h"

#include <algorithm>

namespace dynamo {

namespace {

// One table entry per position and number of plies left: "a helpmate exists" (win) or "none"
// (fail). Unlike battle play, a helpmate in n plies says nothing of n + 2, so the plies left are
// part of the key rather than a bound.
constexpr Key HELP_SALT = 0x7A3C5E1F9B2D4C61ULL;
Key node_key(const Position& pos, int plies) {
    return search_key(pos) ^ HELP_SALT ^ (0x9E3779B97F4A7C15ULL * Key(plies + 1));
}
// The plies left stand in the bounds too, though the key already holds them: the table keeps
// the entries with the most moves behind them when it must replace one.
constexpr int MAX_WEIGHT = 126;
TranspositionTable::Bounds has_solution(int plies) { return {std::min(plies, MAX_WEIGHT), 0}; }
TranspositionTable::Bounds no_solution(int plies) {
    return {TranspositionTable::NO_WIN, std::min(plies, MAX_WEIGHT)};
}

} // namespace

HelpSearch::HelpSearch(TranspositionTable& tt, const std::atomic<bool>& stop,
                       Stipulation::Goal goal, bool help_self)
    : tt_(tt), stop_(stop), goal_(goal), help_self_(help_self) {}

Key HelpSearch::table_key(const Position& pos, int plies) const {
    return node_key(pos, plies) ^ (goal_ == Stipulation::Goal::Mate ? 0 : 0x3C6EF372FE94F82BULL) ^
           (help_self_ ? 0xA54FF53A5F1D36F1ULL : 0);
}

HelpSearch::Frame HelpSearch::frame() {
    if (depth_ == int(lists_.size())) lists_.push_back(std::make_unique<MoveList>());
    return Frame{*lists_[size_t(depth_++)], *this};
}

int HelpSearch::solve(Position& pos, int plies, int limit, const std::vector<Move>& prefix,
                      std::vector<std::vector<Move>>* solutions) {
    line_ = prefix;
    solutions_ = solutions;
    remaining_ = limit > 0 ? limit : -1;
    stopped_ = false;
    int n = search(pos, plies);
    return stopped_ ? -1 : n;
}

void HelpSearch::found() {
    if (solutions_) solutions_->push_back(line_);
    if (remaining_ > 0) --remaining_;
}

int HelpSearch::search(Position& pos, int plies, bool counted) {
    if (remaining_ == 0) return 0;
    if (stop_.load(std::memory_order_relaxed)) {
        stopped_ = true;
        return 0;
    }
    ++nodes_;
    const bool mate = goal_ == Stipulation::Goal::Mate;
    if (plies == 0) {
        if (help_self_) return forced_mates(pos);
        if (!(mate ? is_checkmate(pos) : is_stalemate(pos))) return 0;
        found();
        return 1;
    }
    const bool last = plies == 1 && !help_self_; // hs#: the forced mates come after it
    // The last move is not kept in the table: generating the checks costs less than a probe,
    // which nearly always misses the caches (docs/helpmate.md, Measured).
    const bool tabled = !last;
    const Key key = table_key(pos, plies);
    // The bucket loads while the move count is tested (docs/helpmate.md, The table's cache
    // misses).
    if (tabled) tt_.prefetch(key);
    // Before the table: the test costs less than a probe (docs/helpmate.md, The flight count).
    const bool counts = mate && !help_self_;
    if (counts && !counted && !mate_reachable(pos, plies)) return 0;
    if (tabled) {
        TranspositionTable::Bounds b = tt_.probe(key);
        if (b.fail > 0) return 0;
        if (b.win != TranspositionTable::NO_WIN && !solutions_ &&
            remaining_ == 1) { // asked: is there one?
            found();
            return 1;
        }
    }
    int count = !last ? 0 : mate ? mating_moves(pos) : stalemating_moves(pos);
    if (!last) {
        Frame f = frame();
        generate_legal(pos, f.list);
        // docs/helpmate.md, The mated side's idle moves and The mater's idle moves: the
        // position after any other move fails mate_reachable() at once.
        const Bitboard all = ~Bitboard(0);
        const Bitboard blocks = counts ? mate_blocks(pos, plies) : all;
        const Bitboard movers = counts ? mate_movers(pos, plies) : all;
        const Square own_king = pos.king_square(pos.side_to_move());
        // docs/helpmate.md, Dynamo: Black's last moves that change nothing: the squares the
        // mater's last move is decided by, when it has no checking piece now.
        const Bitboard read = counts && plies == 2 ? unchanged_read(pos) : 0;
        auto idle = [&](Move m) {
            if (read && leaves_read(pos, m, read)) return true;
            return mater_idle(pos, m, movers) ||
                   (m.active_from() != own_king && m.active_to() < SQUARE_NB &&
                    !(blocks & square_bb(m.active_to())));
        };
        // Every child is made once before the first is searched: one that fails
        // mate_reachable() is dropped (its search would end there), and the bucket of each
        // other starts loading, so that their misses overlap instead of coming one after
        // another (docs/helpmate.md, The children tested before they are searched). The order
        // is kept.
        const bool probed = plies - 1 >= 2 || (help_self_ && plies - 1 >= 1);
        const bool tested = counts && plies - 1 >= 2;
        if (probed) {
            int kept = 0;
            for (Move m : f.list) {
                if (idle(m)) continue;
                pos.make(m);
                const bool live = !tested || mate_reachable(pos, plies - 1);
                if (live) tt_.prefetch(table_key(pos, plies - 1));
                pos.unmake();
                if (live)
                    f.list[kept++] = m;
                else
                    ++nodes_;
            }
            f.list.truncate(kept);
        }
        for (Move m : f.list) {
            if (!probed && idle(m)) continue;
            pos.make(m);
            line_.push_back(m);
            count += search(pos, plies - 1, tested);
            line_.pop_back();
            pos.unmake();
            if (stopped_ || remaining_ == 0) break;
        }
    }
    if (!tabled) return count;
    if (count > 0)
        tt_.store(key, has_solution(plies));
    else if (!stopped_)
        tt_.store(key, no_solution(plies));
    return count;
}

// Dynamo, the mated side to move with two plies left: when the mater, were it to move now, has
// no piece and no castling that may give check (DynamoCheckHints), the squares
// those verdicts read; else 0 (docs/helpmate.md, Dynamo: Black's last moves that change nothing).
Bitboard HelpSearch::unchanged_read(const Position& pos) {
    if (!pos.rules().is_dynamo()) return 0;
    const DynamoCheckHints pass(pos, ~pos.side_to_move());
    if (!pass.valid || pass.castling_may_check(pos)) return 0;
    for (Bitboard b = pos.pieces(pass.us); b;)
        if (pass.piece_may_check(pos, pop_lsb(b))) return 0;
    return pass.read_squares(pos);
}

// Whether m moves neither the mover's king nor a piece of the other side, and touches no square
// of `read`: after it, the mater has no checking move.
bool HelpSearch::leaves_read(const Position& pos, Move m, Bitboard read) {
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(us);
    if (m.is_castling() || m.active_from() == king) return false;
    Bitboard touched = square_bb(m.active_from());
    if (m.active_to() != SQ_OUT) touched |= square_bb(m.active_to());
    if (m.has_passive()) {
        const Square pf = m.passive_from();
        if (pf == king || color_of(pos.piece_on(pf)) != us) return false;
        touched |= square_bb(pf);
        if (m.passive_to() != SQ_OUT) touched |= square_bb(m.passive_to());
    }
    return !(touched & read);
}

// The mating move: it gives check, and leaves no legal answer. Only the checking moves are
// generated (Dynamo: only the ways that give check are merged and tested for legality, which
// cost far more than the check test), in the order and writing of the full list.
int HelpSearch::mating_moves(Position& pos) {
    Frame f = frame();
    if (pos.rules().is_dynamo())
        generate_dynamo_checks(pos, f.list);
    else
        generate_orthodox_checks(pos, f.list);
    int count = 0;
    for (Move m : f.list) {
        pos.make(m);
        ++nodes_;
        if (!has_legal_move(pos)) { // in check, by the generation above: mate
            line_.push_back(m);
            found();
            line_.pop_back();
            ++count;
        }
        pos.unmake();
        if (remaining_ == 0) break;
    }
    return count;
}

} // namespace dynamo

namespace dynamo {

// h=: the last half-move leaves the other side no move, out of check. Every move is tried.
int HelpSearch::stalemating_moves(Position& pos) {
    Frame f = frame();
    generate_legal(pos, f.list);
    int count = 0;
    for (Move m : f.list) {
        pos.make(m);
        ++nodes_;
        if (is_stalemate(pos)) {
            line_.push_back(m);
            found();
            line_.pop_back();
            ++count;
        }
        pos.unmake();
        if (remaining_ == 0) break;
    }
    return count;
}

} // namespace dynamo

namespace dynamo {

// hs#: the side to move has a move, and each of its moves mates; each is a line of its own (as
// Popeye lists them). The first move that does not mate ends the test.
int HelpSearch::forced_mates(Position& pos) {
    Frame f = frame();
    generate_legal(pos, f.list);
    if (f.list.empty()) return 0;
    for (Move m : f.list) {
        pos.make(m);
        ++nodes_;
        bool mates = is_checkmate(pos);
        pos.unmake();
        if (!mates) return 0;
    }
    int count = 0;
    for (Move m : f.list) {
        line_.push_back(m);
        found();
        line_.pop_back();
        ++count;
        if (remaining_ == 0) break;
    }
    return count;
}

} // namespace dynamo
