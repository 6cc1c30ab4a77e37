#include "solver/analysis/analysis_help.h"

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/conclude.h"
#include "solver/analysis/series.h"
#include "solver/analysis/watchdog.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/search/helpmate.h"

#include <algorithm>
#include <functional>
#include <mutex>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace dynamo {

namespace {

class HelpCollector {
  public:
    HelpCollector(const Position& diagram, const AnalysisOptions& options, TranspositionTable& tt,
                  const std::atomic<bool>& stop, tbb::task_arena& arena, Stipulation::Goal goal,
                  bool help_self)
        : diagram_(diagram), options_(options), tt_(tt), stop_(stop), arena_(arena), goal_(goal),
          help_self_(help_self) {}

    struct Result {
        std::vector<std::vector<std::vector<Move>>> lines; // per first move, in generation order
        std::vector<char> done;                            // per first move
        bool finished = true; // every owned first move searched to the end
    };

    // Every helpmate of `plies` half-moves (at least one; hs#: none or more) that starts with an
    // owned first move (`mine`, empty: all), at most `limit` (0: all) per first move, in
    // generation order. The first two half-moves are shared out among the threads, each pair a
    // task; the lines are gathered per task, so the order does not depend on the threads.
    Result collect(int plies, int limit, const std::vector<char>& mine, bool report_progress) {
        struct Task {
            int first; // index of the first move
            std::vector<Move> prefix;
            std::vector<std::vector<Move>> lines;
            bool done = false;
        };
        std::vector<Task> tasks;
        MoveList first_moves;
        generate_legal(diagram_, first_moves);
        auto is_mine = [&](int i) { return mine.empty() || mine[size_t(i)]; };
        std::vector<int> left_per_first(size_t(first_moves.size()), 0);
        Position pos = diagram_;
        int owned = 0;
        for (int i = 0; i < first_moves.size(); ++i) {
            if (!is_mine(i)) continue;
            ++owned;
            if (plies == 0) { // hs#N.5: the diagram's moves are the forced mates
                tasks.push_back({i, {}, {}, false});
                left_per_first[size_t(i)] = 1;
                continue;
            }
            if (plies < 2) {
                tasks.push_back({i, {first_moves[i]}, {}, false});
                left_per_first[size_t(i)] = 1;
                continue;
            }
            pos.make(first_moves[i]);
            MoveList second;
            generate_legal(pos, second);
            for (Move m : second) tasks.push_back({i, {first_moves[i], m}, {}, false});
            left_per_first[size_t(i)] = second.size();
            pos.unmake();
        }
        if (report_progress) {
            std::lock_guard lock(mutex_);
            plies_ = plies;
            first_total_ = owned;
            first_done_ = 0;
            for (int i = 0; i < first_moves.size(); ++i)
                first_done_ += is_mine(i) && left_per_first[size_t(i)] == 0;
        }

        // One search per thread, kept across tasks: its move lists are 16 KB each.
        tbb::enumerable_thread_specific<HelpSearch> searches(std::ref(tt_), std::ref(stop_), goal_,
                                                             help_self_);
        arena_.execute([&] {
            tbb::parallel_for(0, int(tasks.size()), [&](int t) {
                Task& task = tasks[size_t(t)];
                Position pos = diagram_;
                for (Move m : task.prefix) pos.make(m);
                HelpSearch& search = searches.local();
                uint64_t nodes_before = search.nodes();
                // (plies 0: every task sees all the diagram's forced mates, and keeps its own.)
                int found = search.solve(pos, plies - int(task.prefix.size()),
                                         plies == 0 ? 0 : limit, task.prefix, &task.lines);
                task.done = found >= 0;
                if (plies == 0) { // its own forced mate, if the diagram's moves all mate
                    std::erase_if(task.lines, [&](const std::vector<Move>& l) {
                        return l[0] != first_moves[task.first];
                    });
                }
                nodes_ += search.nodes() - nodes_before;
                if (report_progress) {
                    std::lock_guard lock(mutex_);
                    if (task.done && --left_per_first[size_t(task.first)] == 0) ++first_done_;
                }
                if (report_progress) progress();
            });
        });

        Result result;
        result.lines.resize(size_t(first_moves.size()));
        result.done.assign(size_t(first_moves.size()), 1);
        for (Task& task : tasks) {
            auto& lines = result.lines[size_t(task.first)];
            if (!task.done) result.done[size_t(task.first)] = 0;
            result.finished &= task.done;
            for (auto& line : task.lines) lines.push_back(std::move(line));
        }
        for (auto& lines : result.lines)
            if (limit > 0 && int(lines.size()) > limit) lines.resize(size_t(limit));
        return result;
    }

    void progress() {
        if (!options_.progress) return;
        std::lock_guard lock(mutex_);
        options_.progress(Progress{first_done_, first_total_, nodes_.load(), Move::none(), plies_});
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
    bool help_self_;
    std::mutex mutex_;
    std::atomic<uint64_t> nodes_{0};
    int first_done_ = 0, first_total_ = 0, plies_ = 0;
};

// hs#: the lines of every length up to the stipulation's are solutions (Popeye's meaning), the
// fewest moves first; per first move, in that order. Stops at a round the time limit cut.
HelpCollector::Result help_self_rounds(HelpCollector& collector, int plies, int limit,
                                       const std::vector<char>& mine) {
    HelpCollector::Result all;
    for (int p = plies % 2; p <= plies; p += 2) {
        HelpCollector::Result round = collector.collect(p, limit, mine, true);
        if (all.lines.empty()) {
            all.lines.resize(round.lines.size());
            all.done.assign(round.done.size(), 1);
        }
        for (size_t i = 0; i < round.lines.size(); ++i) {
            for (auto& line : round.lines[i]) all.lines[i].push_back(std::move(line));
            all.done[i] &= round.done[i];
        }
        if (!round.finished) {
            all.finished = false;
            for (auto& d : all.done) d = 0; // the longer lines were not searched
            break;
        }
    }
    return all;
}

} // namespace

Solution analyse_help(const Position& diagram, const Stipulation& stip,
                      const AnalysisOptions& options) {
    if (stip.kind == Stipulation::Kind::SeriesHelp) return analyse_series(diagram, stip, options);
    PartialAnalysis part = analyse_help_partial(diagram, stip, options, {});
    add_help_set_play(diagram, stip, options, part);
    return conclude(diagram, stip, options, part);
}

void add_help_set_play(const Position& diagram, const Stipulation& stip,
                       const AnalysisOptions& options, PartialAnalysis& part) {
    // SetPlay: Popeye's set play of a helpmate or help-selfmate, the other side first and a
    // half-move less (none when the other side could take the king; none for hs#1, which Popeye
    // calls not applicable). It says nothing about soundness.
    const bool has_set_play =
        stip.kind == Stipulation::Kind::Help ||
        (stip.kind == Stipulation::Kind::HelpSelf && (stip.moves > 1 || stip.half));
    if (!options.set_play || !has_set_play || !part.illegal_reason.empty()) return;
    const Position set = help_set_play_position(diagram);
    if (illegal_reason(set)) return;
    AnalysisOptions set_options = options;
    set_options.set_play = false;
    part.help_set_play.push_back(
        analyse_help_partial(set, help_set_play_stipulation(stip), set_options, {}));
}

PartialAnalysis analyse_help_partial(const Position& diagram, const Stipulation& stip,
                                     const AnalysisOptions& options,
                                     const std::vector<char>& mine) {
    PartialAnalysis part;
    if (auto reason = illegal_reason(diagram)) {
        part.illegal_reason = *reason;
        return part;
    }
    part.threads = options.threads;
    const int plies = help_plies(stip);
    TranspositionTable tt(table_megabytes(stip, options.hash_mb));
    tbb::task_arena arena(options.threads);
    std::atomic<bool> stop{false};
    const bool help_self = stip.kind == Stipulation::Kind::HelpSelf;
    HelpCollector collector(diagram, options, tt, stop, arena, stip.goal, help_self);
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, [&] { collector.progress(); });

    MoveList first_moves;
    generate_legal(diagram, first_moves);
    const int limit = help_search_limit(options, diagram);
    HelpCollector::Result main = help_self ? help_self_rounds(collector, plies, limit, mine)
                                           : collector.collect(plies, limit, mine, true);
    for (int i = 0; i < first_moves.size(); ++i) {
        FirstMoveFindings f;
        f.move = first_moves[i];
        if (mine.empty() || mine[size_t(i)]) {
            f.state = main.done[size_t(i)] ? FirstMoveFindings::State::Done
                                           : FirstMoveFindings::State::Open;
            f.lines = std::move(main.lines[size_t(i)]);
        }
        part.first_moves.push_back(std::move(f));
    }

    // Shorter helpmates, the fewest moves first: the same first mover, a whole move less each;
    // up to the first length with one (a part with none goes on: another part may have one).
    if (main.finished && !help_self) {
        const bool every = options.every_short_line;
        for (int p = plies % 2 == 0 ? 2 : 1; p < plies; p += 2) {
            HelpCollector::Result shorter =
                collector.collect(p, every ? 0 : SHORT_LINES_SHOWN, mine, false);
            part.short_rounds.push_back({p, shorter.finished, std::move(shorter.lines)});
            const auto& round = part.short_rounds.back();
            if (!round.done) break;
            if (every) continue;
            if (std::any_of(round.lines.begin(), round.lines.end(),
                            [](const auto& l) { return !l.empty(); }))
                break;
        }
    }
    watchdog.finish();
    part.nodes = collector.nodes();
    part.seconds = watchdog.seconds();
    return part;
}

} // namespace dynamo
