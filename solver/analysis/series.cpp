#include "solver/analysis/series.h"

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/popeye_moves.h"
#include "solver/analysis/watchdog.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/search/search.h"

#include <algorithm>
#include <unordered_set>

namespace dynamo {

namespace {

class SeriesSearch {
  public:
    explicit SeriesSearch(const std::atomic<bool>& stop) : stop_(stop) {}

    // The lines of exactly k Black moves and White's mate, Black to move; false if stopped.
    bool solve(Position& pos, int k, std::vector<std::vector<Move>>& lines) {
        lines_ = &lines;
        line_.clear();
        failed_.clear();
        search(pos, k);
        return !stopped_;
    }
    uint64_t nodes() const { return nodes_; }

  private:
    // Lines found below; positions without any are remembered with the moves left.
    int search(Position& pos, int k) {
        if (stop_.load(std::memory_order_relaxed)) return stopped_ = true, 0;
        ++nodes_;
        MoveList list;
        generate_legal(pos, list);
        int found = 0;
        if (k == 0) { // White's mating move
            for (Move m : list) {
                pos.make(m);
                if (is_checkmate(pos)) {
                    line_.push_back(m);
                    lines_->push_back(line_);
                    line_.pop_back();
                    ++found;
                }
                pos.unmake();
            }
            return found;
        }
        Key key = search_key(pos) * 31 + Key(k);
        if (failed_.count(key)) return 0;
        for (Move r : list) {
            pos.make(r);
            line_.push_back(r);
            if (k == 1)
                found += search(pos, 0);
            else if (!pos.in_check()) { // no check before the series' last move
                pos.make_null();
                found += search(pos, k - 1);
                pos.unmake_null();
            }
            line_.pop_back();
            pos.unmake();
            if (stopped_) return found;
        }
        if (!found) failed_.insert(key);
        return found;
    }

    const std::atomic<bool>& stop_;
    std::vector<std::vector<Move>>* lines_ = nullptr;
    std::vector<Move> line_;
    std::unordered_set<Key> failed_;
    bool stopped_ = false;
    uint64_t nodes_ = 0;
};

// The marks of a series line: only the last Black move (a check) and White's mate are marked.
HelpLine series_line(const Position& diagram, std::vector<Move> moves) {
    HelpLine line{std::move(moves), {}, true};
    Position pos = diagram;
    for (size_t i = 0; i < line.moves.size(); ++i) {
        pos.make(line.moves[i]);
        bool marked = i + 2 >= line.moves.size();
        line.marks.push_back(marked ? mark_of(pos) : MoveMark::None);
        if (i + 2 < line.moves.size()) pos.make_null();
    }
    return line;
}

} // namespace

Solution analyse_series(const Position& diagram, const Stipulation& stip,
                        const AnalysisOptions& options) {
    Solution sol;
    sol.intended = options.intended;
    if (!begin_solution(diagram, stip, options, sol)) return sol;
    std::atomic<bool> stop{false};
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, [] {});
    SeriesSearch search(stop);
    std::vector<std::vector<Move>> lines;
    for (int k = 1; k <= stip.moves && sol.finished; ++k) {
        std::vector<std::vector<Move>> found;
        Position pos = diagram;
        sol.finished = search.solve(pos, k, found);
        // Every shorter line is kept: which SHORT_LINES_SHOWN of them are shown depends on the
        // order they are written in (ours, or Popeye's, who writes them all, shortest first).
        for (auto& line : found) {
            if (k < stip.moves) sol.short_lines.push_back(series_line(diagram, line));
            lines.push_back(std::move(line));
        }
    }
    watchdog.finish();
    sol.solutions = int(lines.size());
    // A problem's own MaxSolutions keeps Popeye's first N, the shorter series among them (all
    // were counted; Popeye stops at its N-th line in its own order).
    if (options.popeye_max_solutions && !diagram.rules().is_dynamo()) {
        std::vector<std::pair<std::vector<uint32_t>, std::vector<Move>>> keyed;
        for (auto& line : lines)
            keyed.emplace_back(popeye_line_ranks(diagram, stip, line, true), std::move(line));
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
            return popeye_line_before(a.first, b.first);
        });
        for (size_t i = 0; i < lines.size(); ++i) lines[i] = std::move(keyed[i].second);
    }
    for (auto& line : lines) {
        if (options.max_solutions > 0 && int(sol.help_lines.size()) >= options.max_solutions) break;
        sol.help_lines.push_back(series_line(diagram, std::move(line)));
    }
    // Popeye's "Partial solution": its N-th line reached.
    sol.partial = options.popeye_max_solutions && options.max_solutions > 0 &&
                  int(sol.help_lines.size()) >= options.max_solutions;
    // SetPlay: Popeye's set play of a series helpmate is the series' end alone, White's mate in
    // one from the diagram (none when White could take the king). It says nothing about soundness.
    if (options.set_play) {
        Position set = help_set_play_position(diagram);
        if (!illegal_reason(set)) {
            MoveList white;
            generate_legal(set, white);
            for (Move m : white) {
                set.make(m);
                if (is_checkmate(set))
                    sol.help_set_play.push_back(HelpLine{{m}, {MoveMark::Mate}, false});
                set.unmake();
            }
        }
    }
    sol.nodes = search.nodes();
    sol.first_moves_total = sol.first_moves_done = 1;
    if (!sol.finished)
        sol.verdict = Verdict::Unfinished;
    else if (!sol.short_lines.empty())
        sol.verdict = Verdict::Short;
    else if (sol.solutions == 0)
        sol.verdict = Verdict::NoSolution;
    else if (sol.solutions > sol.intended)
        sol.verdict = Verdict::Cooked;
    else if (sol.solutions < sol.intended)
        sol.verdict = Verdict::Incomplete;
    else
        sol.verdict = Verdict::Sound;
    sol.seconds = watchdog.seconds();
    return sol;
}

} // namespace dynamo
