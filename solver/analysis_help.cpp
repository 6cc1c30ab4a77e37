// Helpmates: every solution, shorter helpmates, and the verdict against Intended.

#include "analysis.h"

#include "helpmate.h"
#include "series.h"
#include "watchdog.h"

#include <algorithm>
#include <functional>
#include <mutex>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace dynamo {

namespace {

// N moves of each side, and White's half-move first in h#N.5.
int plies_of(const Stipulation& stip) { return 2 * stip.moves + (stip.half ? 1 : 0); }

// Shorter helpmates are evidence, not the solution: a few are enough to show.
constexpr int SHORT_LINES_SHOWN = 10;

class HelpCollector {
  public:
    HelpCollector(const Position& diagram, const AnalysisOptions& options, TranspositionTable& tt,
                  const std::atomic<bool>& stop, tbb::task_arena& arena, Stipulation::Goal goal)
        : diagram_(diagram), options_(options), tt_(tt), stop_(stop), arena_(arena), goal_(goal) {}

    struct Result {
        std::vector<std::vector<Move>> lines; // in generation order
        bool finished = true;
        bool capped = false; // the limit was reached: there may be more
    };

    // Every helpmate of `plies` half-moves, at most `limit` (0: all), in generation order. The
    // first two half-moves are shared out among the threads, each pair a task; the lines are
    // gathered per task, so the order does not depend on the threads.
    Result collect(int plies, int limit, bool report_progress) {
        struct Task {
            int first;              // index of the first move
            std::vector<Move> prefix;
            std::vector<std::vector<Move>> lines;
            bool done = false;
        };
        std::vector<Task> tasks;
        MoveList first_moves;
        generate_legal(diagram_, first_moves);
        std::vector<int> left_per_first(size_t(first_moves.size()), 0);
        if (plies < 2) {
            tasks.push_back({-1, {}, {}, false});
        } else {
            Position pos = diagram_;
            for (int i = 0; i < first_moves.size(); ++i) {
                pos.make(first_moves[i]);
                MoveList second;
                generate_legal(pos, second);
                for (Move m : second) tasks.push_back({i, {first_moves[i], m}, {}, false});
                left_per_first[size_t(i)] = second.size();
                pos.unmake();
            }
        }
        if (report_progress) {
            std::lock_guard lock(mutex_);
            first_total_ = first_moves.size();
            first_done_ = int(std::count(left_per_first.begin(), left_per_first.end(), 0));
        }

        // One search per thread, kept across tasks: its move lists are 16 KB each.
        tbb::enumerable_thread_specific<HelpSearch> searches(std::ref(tt_), std::ref(stop_), goal_);
        arena_.execute([&] {
            tbb::parallel_for(0, int(tasks.size()), [&](int t) {
                Task& task = tasks[size_t(t)];
                Position pos = diagram_;
                for (Move m : task.prefix) pos.make(m);
                HelpSearch& search = searches.local();
                uint64_t nodes_before = search.nodes();
                int found = search.solve(pos, plies - int(task.prefix.size()), limit, task.prefix,
                                         &task.lines);
                task.done = found >= 0;
                nodes_ += search.nodes() - nodes_before;
                if (report_progress && task.first >= 0) {
                    std::lock_guard lock(mutex_);
                    if (task.done && --left_per_first[size_t(task.first)] == 0) ++first_done_;
                }
                if (report_progress) progress();
            });
        });

        Result result;
        for (Task& task : tasks) {
            result.finished &= task.done;
            for (auto& line : task.lines) result.lines.push_back(std::move(line));
        }
        if (limit > 0 && int(result.lines.size()) >= limit) {
            result.lines.resize(size_t(limit));
            result.capped = true;
        }
        return result;
    }

    void progress() {
        if (!options_.progress) return;
        std::lock_guard lock(mutex_);
        options_.progress(first_done_, first_total_, nodes_.load());
    }

    uint64_t nodes() const { return nodes_.load(); }
    int first_moves_done() const { return first_done_; }
    int first_moves_total() const { return first_total_; }

  private:
    const Position& diagram_;
    const AnalysisOptions& options_;
    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    tbb::task_arena& arena_;
    Stipulation::Goal goal_;
    std::mutex mutex_;
    std::atomic<uint64_t> nodes_{0};
    int first_done_ = 0, first_total_ = 0;
};

HelpLine with_marks(const Position& diagram, std::vector<Move> moves) {
    HelpLine line{std::move(moves), {}};
    Position pos = diagram;
    for (Move m : line.moves) {
        pos.make(m);
        line.marks.push_back(mark_of(pos));
    }
    return line;
}

} // namespace

Solution analyse_help(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options) {
    if (stip.kind == Stipulation::Kind::SeriesHelp) return analyse_series(diagram, stip, options);
    Solution sol;
    sol.intended = options.intended;
    if (!begin_solution(diagram, stip, options, sol)) return sol;
    const int plies = plies_of(stip);
    const int threads = sol.threads;
    // Sized to the problem, as for battle play (1 MB up to 2 plies, four times more per ply):
    // zeroing a large table would cost a small problem more than its search.
    size_t hash_mb = std::min(options.hash_mb, size_t(1) << std::min(2 * std::max(plies - 2, 0), 20));
    TranspositionTable tt(hash_mb);
    tbb::task_arena arena(threads);
    std::atomic<bool> stop{false};
    HelpCollector collector(diagram, options, tt, stop, arena, stip.goal);
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, [&] { collector.progress(); });

    // MaxSolutions N cuts the list shown, not the count: the verdict needs one more than
    // intended, and one more again tells "exactly" from "at least".
    int limit = options.max_solutions > 0
                    ? std::max(options.max_solutions, options.intended + 1) + 1 : 0;
    HelpCollector::Result main = collector.collect(plies, limit, true);
    sol.solutions = int(main.lines.size());
    sol.solutions_capped = main.capped;
    if (options.max_solutions > 0 && int(main.lines.size()) > options.max_solutions)
        main.lines.resize(size_t(options.max_solutions));
    for (auto& line : main.lines) sol.help_lines.push_back(with_marks(diagram, std::move(line)));
    sol.finished = main.finished;
    sol.first_moves_done = collector.first_moves_done();
    sol.first_moves_total = collector.first_moves_total();

    // Shorter helpmates, the fewest moves first: the same first mover, a whole move less each.
    if (sol.finished) {
        for (int p = plies % 2 == 0 ? 2 : 1; p < plies; p += 2) {
            HelpCollector::Result shorter = collector.collect(p, SHORT_LINES_SHOWN, false);
            if (!shorter.finished) {
                sol.finished = false;
                break;
            }
            if (shorter.lines.empty()) continue;
            for (auto& line : shorter.lines) sol.short_lines.push_back(with_marks(diagram, std::move(line)));
            break;
        }
    }
    watchdog.finish();
    sol.nodes = collector.nodes();

    int count = sol.solutions;
    if (!sol.finished) sol.verdict = Verdict::Unfinished;
    else if (!sol.short_lines.empty()) sol.verdict = Verdict::Short;
    else if (count == 0) sol.verdict = Verdict::NoSolution;
    else if (count > sol.intended) sol.verdict = Verdict::Cooked;
    else if (count < sol.intended) sol.verdict = Verdict::Incomplete;
    else sol.verdict = Verdict::Sound;
    sol.seconds = watchdog.seconds();
    return sol;
}

} // namespace dynamo
