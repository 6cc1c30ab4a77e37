#include "solver/analysis/conclude.h"

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/duals.h"
#include "solver/analysis/popeye_moves.h"

#include <algorithm>

namespace dynamo {

namespace {

HelpLine with_marks(const Position& diagram, std::vector<Move> moves) {
    HelpLine line{std::move(moves), {}};
    Position pos = diagram;
    for (Move m : line.moves) {
        pos.make(m);
        line.marks.push_back(mark_of(pos));
    }
    return line;
}

using State = FirstMoveFindings::State;

void conclude_battle(const Position& diagram, const Stipulation& stip,
                     const AnalysisQuestion& question, const PartialAnalysis& partial,
                     Solution& sol) {
    // MaxSolutions: the first moves after the N-th key in Popeye's order are left out, whether
    // or not a thread got to them, as Popeye does, so that threads do not change the answer.
    // The others stay in the list's order.
    std::vector<char> kept(partial.first_moves.size(), 1);
    if (question.max_keys > 0) {
        std::vector<Move> moves;
        for (const FirstMoveFindings& f : partial.first_moves) moves.push_back(f.move);
        int keys = 0;
        for (int i : popeye_first_move_order(diagram, stip, moves)) {
            const FirstMoveFindings& f = partial.first_moves[size_t(i)];
            if (keys >= question.max_keys) {
                sol.solutions_capped = true;
                kept[size_t(i)] = 0;
            } else if (f.root) {
                keys += f.root->kind == RootMove::Kind::Key;
            }
        }
        sol.partial = keys >= question.max_keys; // Popeye's "Partial solution"
    }
    for (size_t i = 0; i < partial.first_moves.size(); ++i) {
        const FirstMoveFindings& f = partial.first_moves[i];
        if (!kept[i]) continue;
        if (f.state == State::Done)
            ++sol.first_moves_done;
        else
            sol.finished = false; // Skipped comes only after the N-th key
        if (f.root) sol.root.push_back(*f.root);
    }

    if (question.set_play && sol.finished) {
        sol.set_play = partial.set_play;
        if (!partial.set_play_done) sol.finished = false;
    }

    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key) collect_duals(r.play, sol.duals);

    bool short_key = false;
    for (const RootMove& r : sol.root)
        if (r.kind == RootMove::Kind::Key && r.play.length < stip.moves) short_key = true;
    if (!sol.finished)
        sol.verdict = Verdict::Unfinished;
    else if (short_key)
        sol.verdict = Verdict::Short;
    // MaxSolutions stopped the search: one key says nothing of soundness.
    else if (sol.solutions_capped && sol.keys() < 2)
        sol.verdict = Verdict::Incomplete;
    else if (sol.keys() == 0)
        sol.verdict = Verdict::NoSolution;
    else if (sol.keys() > 1)
        sol.verdict = Verdict::Cooked;
    else
        sol.verdict = sol.real_duals() == 0 ? Verdict::Sound : Verdict::SoundWithDuals;
}

void conclude_help(const Position& diagram, const AnalysisQuestion& question,
                   const PartialAnalysis& partial, Solution& sol) {
    std::vector<std::vector<Move>> lines;
    for (const FirstMoveFindings& f : partial.first_moves) {
        if (f.state == State::Done)
            ++sol.first_moves_done;
        else
            sol.finished = false;
        lines.insert(lines.end(), f.lines.begin(), f.lines.end());
    }
    // hs#: the lines of every length, the fewest moves first (as Popeye lists them).
    std::stable_sort(lines.begin(), lines.end(),
                     [](const auto& a, const auto& b) { return a.size() < b.size(); });
    // hs# under StopOnShortSolutions: the first length with a solution, nothing longer.
    if (question.stop_on_short && !lines.empty() && lines.front().size() < lines.back().size()) {
        const size_t first = lines.front().size();
        std::erase_if(lines, [&](const auto& l) { return l.size() != first; });
        sol.partial = true;
    }
    // A problem's own MaxSolutions keeps Popeye's first N: all were searched (orthodox).
    if (question.popeye_max_solutions && !diagram.rules().is_dynamo()) {
        std::vector<std::pair<std::vector<uint32_t>, std::vector<Move>>> keyed;
        for (auto& line : lines)
            keyed.emplace_back(popeye_line_ranks(diagram, sol.stipulation, line, false),
                               std::move(line));
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
            return popeye_line_before(a.first, b.first);
        });
        for (size_t i = 0; i < lines.size(); ++i) lines[i] = std::move(keyed[i].second);
    }
    int limit = help_search_limit(question, diagram);
    if (limit > 0 && int(lines.size()) >= limit) {
        lines.resize(size_t(limit));
        sol.solutions_capped = true;
    }
    sol.solutions = int(lines.size());
    if (question.max_solutions > 0 && int(lines.size()) > question.max_solutions)
        lines.resize(size_t(question.max_solutions));
    for (auto& line : lines) sol.help_lines.push_back(with_marks(diagram, std::move(line)));

    // Shorter helpmates: the first length with one, at most SHORT_LINES_SHOWN in generation order
    // (every_short_line: all of every length, as Popeye lists them).
    if (sol.finished) {
        for (const ShortRound& round : partial.short_rounds) {
            if (!round.done) {
                sol.finished = false;
                break;
            }
            std::vector<std::vector<Move>> found;
            for (const auto& per_first : round.lines)
                found.insert(found.end(), per_first.begin(), per_first.end());
            if (found.empty()) continue;
            if (!question.every_short_line && found.size() > size_t(SHORT_LINES_SHOWN))
                found.resize(size_t(SHORT_LINES_SHOWN));
            for (auto& line : found)
                sol.short_lines.push_back(with_marks(diagram, std::move(line)));
            if (!question.every_short_line) break;
        }
    }

    // Popeye's phase cuts (help play; set play is a phase of its own): StopOnShortSolutions
    // keeps the first length with a solution and nothing longer; MaxSolutions N (the problem's,
    // orthodox, every length listed) keeps Popeye's first N, the shorter lines first. Reaching
    // either is Popeye's "Partial solution".
    if (question.stop_on_short && !sol.short_lines.empty()) {
        const size_t first = sol.short_lines.front().moves.size();
        std::erase_if(sol.short_lines, [&](const HelpLine& l) { return l.moves.size() != first; });
        sol.help_lines.clear();
        sol.partial = true;
    }
    if (question.popeye_max_solutions && question.every_short_line && question.max_solutions > 0 &&
        !diagram.rules().is_dynamo()) {
        std::vector<std::pair<std::vector<uint32_t>, HelpLine>> keyed;
        for (HelpLine& l : sol.short_lines)
            keyed.emplace_back(popeye_line_ranks(diagram, sol.stipulation, l.moves, false),
                               std::move(l));
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
            return popeye_line_before(a.first, b.first);
        });
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
            return a.second.moves.size() < b.second.moves.size();
        });
        for (size_t i = 0; i < keyed.size(); ++i) sol.short_lines[i] = std::move(keyed[i].second);
        const size_t n = size_t(question.max_solutions);
        if (sol.short_lines.size() + size_t(sol.solutions) >= n) sol.partial = true;
        if (sol.short_lines.size() >= n) {
            sol.short_lines.resize(n);
            sol.help_lines.clear();
        } else if (sol.short_lines.size() + sol.help_lines.size() > n)
            sol.help_lines.resize(n - sol.short_lines.size());
    }

    int count = sol.solutions;
    if (!sol.finished)
        sol.verdict = Verdict::Unfinished;
    else if (!sol.short_lines.empty())
        sol.verdict = Verdict::Short;
    else if (count == 0)
        sol.verdict = Verdict::NoSolution;
    else if (count > sol.intended)
        sol.verdict = Verdict::Cooked;
    else if (count < sol.intended)
        sol.verdict = Verdict::Incomplete;
    else
        sol.verdict = Verdict::Sound;
}

} // namespace

Solution conclude(const Position& diagram, const Stipulation& stip,
                  const AnalysisQuestion& question, const PartialAnalysis& partial) {
    Solution sol;
    sol.stipulation = stip;
    const bool help =
        stip.kind == Stipulation::Kind::Help || stip.kind == Stipulation::Kind::HelpSelf;
    if (help)
        sol.intended = question.intended;
    else {
        sol.restrictions = question.restrictions.applied_to(stip);
        sol.unapplied = question.restrictions.unapplied_to(stip);
    }
    sol.threads = partial.threads;
    sol.nodes = partial.nodes;
    sol.seconds = partial.seconds;
    if (!partial.illegal_reason.empty()) {
        sol.verdict = Verdict::Illegal;
        sol.illegal_reason = partial.illegal_reason;
        return sol;
    }
    sol.first_moves_total = int(partial.first_moves.size());
    sol.forced = partial.forced;
    if (help)
        conclude_help(diagram, question, partial, sol);
    else
        conclude_battle(diagram, stip, question, partial, sol);
    for (const PartialAnalysis& set_part : partial.help_set_play) { // SetPlay of help play
        AnalysisQuestion set_question = question;
        set_question.set_play = false;
        Solution set_play = conclude(help_set_play_position(diagram),
                                     help_set_play_stipulation(stip), set_question, set_part);
        // Listed as Popeye does (every_short_line): its shorter lines too, the fewest first.
        if (question.every_short_line) sol.help_set_play = std::move(set_play.short_lines);
        for (HelpLine& line : set_play.help_lines) sol.help_set_play.push_back(std::move(line));
        if (!set_play.finished) sol.finished = false, sol.verdict = Verdict::Unfinished;
        sol.partial |= set_play.partial;
    }
    return sol;
}

} // namespace dynamo
