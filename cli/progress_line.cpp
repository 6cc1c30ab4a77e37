#include "progress_line.h"

#include "format/base/phrases.h"

#include <chrono>
#include <memory>
#include <string>
#include <unistd.h>

namespace dynamo::cli {

void end_progress(const std::function<void(const Progress&)>& printer) {
    if (printer) printer(Progress{1, 1, 0, Move::none(), 0});
}

bool progress_wanted(bool quiet) { return !quiet && isatty(STDERR_FILENO); }

std::function<void(const Progress&)> progress_line(const Position& diagram, const Stipulation& stip,
                                                   Language lang, std::FILE* out, double delay) {
    using Clock = std::chrono::steady_clock;
    struct State {
        Clock::time_point start = Clock::now(), last;
        bool shown = false, over = false;
    };
    auto state = std::make_shared<State>();
    // The analysis calls it under a lock of its own: one call at a time.
    return [state, diagram, stip, lang, out, delay](const Progress& p) {
        State& s = *state;
        if (s.over) return; // the first moves are done: later calls (set play) print nothing
        auto now = Clock::now();
        if (p.total > 0 && p.done == p.total) {
            if (s.shown) std::fprintf(out, "\r\x1b[K");
            std::fflush(out);
            s.over = true;
            return;
        }
        double seconds = std::chrono::duration<double>(now - s.start).count();
        if (seconds < delay) return; // a short solve stays quiet
        if (s.shown && now - s.last < std::chrono::milliseconds(100)) return;
        s.shown = true;
        s.last = now;
        auto word = [&](Phrase t) { return std::string(phrase(t, lang)); };
        std::string where;
        if (!p.current.is_none())
            where = ", " + word(Phrase::Now) + " 1." + move_text(diagram, p.current, lang) + " " +
                    word(Phrase::AtDepth) + " " + std::to_string(p.depth) + "/" +
                    std::to_string(stip.moves);
        else if (p.depth > 0)
            where = ", " + std::to_string(p.depth) + " " + word(Phrase::HalfMovesDeep);
        std::fprintf(out, "\r\x1b[K  %s: %s %d/%d%s, %llu %s, %.1f s", stip.text.c_str(),
                     word(Phrase::FirstMoves).c_str(), p.done, p.total, where.c_str(),
                     (unsigned long long)p.nodes, word(Phrase::Nodes).c_str(), seconds);
        std::fflush(out);
    };
}

} // namespace dynamo::cli
