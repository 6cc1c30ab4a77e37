#include "solver/analysis/analysis.h"

#include "solver/analysis/popeye_moves.h"

#include "solver/analysis/duals.h"
#include "solver/search/goal_search.h"
#include "solver/rules/movegen.h"
#include "solver/analysis/partial.h"
#include "solver/search/search.h"
#include "solver/analysis/watchdog.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace dynamo {

namespace {

// Thrown out of a tree being built when the search is stopped: the move's analysis is dropped.
struct Stopped {};
// Thrown when a first move is refused by NonTrivial before its refutations: a plain failure.
struct Refused {};

class TreeBuilder {
  public:
    TreeBuilder(MateSearch& search, const AnalysisOptions& options)
        : search_(search), options_(options),
          self_(search.stipulation().self_play()),
          goal_(search.stipulation().goal == Stipulation::Goal::Mate ? MoveMark::Mate
                                                                      : MoveMark::Stalemate) {}

    // The attacker has just played m (the defender is to move); it reaches the goal in exactly
    // `length` moves counting m, or length is the full budget for a try.
    PlayNode play(Position& pos, Move m, int length, bool tree) {
        PlayNode node;
        node.move = m;
        node.mark = mark_of(pos);
        node.length = length;
        if (!tree || (!self_ && node.mark == goal_)) return node;

        // NonTrivial: the defences' subtrees get what this node leaves of the budget, as in the
        // search (the node wins, so it passes the guard).
        const int budget = search_.nontrivial_budget();
        struct Restore {
            MateSearch& search;
            int budget;
            ~Restore() { search.set_nontrivial_budget(budget); }
        } restore{search_, budget};
        if (search_.nontrivial_applies(length)) {
            int count = search_.nontrivial_defences(pos, budget + 2);
            if (count < 0) throw Stopped{};
            search_.set_nontrivial_budget(std::max(budget + 1 - count, 0));
        }

        int threat_length = 0;
        if (options_.threats && node.mark == MoveMark::None && length >= 2) {
            pos.make_null();
            threat_length = checked(search_.attack_length(pos, length - 1));
            ++in_threat_;
            if (threat_length > 0) node.threats = answers(pos, threat_length);
            --in_threat_;
            pos.unmake_null();
            node.zugzwang = threat_length == 0;
        }

        MoveList defences;
        generate_legal(pos, defences);
        // r#: a defender that can mate must: its mating moves are all it has.
        const bool forced = search_.defender_must_mate(pos);
        for (Move r : defences) {
            if (forced) {
                if (search_.defender_move_mates(pos, r)) node.defences.push_back({r, goal_, {}, false});
                continue;
            }
            if (self_ && length == 1) { // every defender move mates: the selfmate's last move
                // In a try, a move that does not mate refutes it (listed once, under "but").
                if (search_.stipulation().kind == Stipulation::Kind::Self)
                    node.defences.push_back({r, goal_, {}, !search_.defender_move_mates(pos, r)});
                continue;
            }
            // A defender move that mates at once is avoided by the defender; shown only on request
            // (Popeye's MatesIn1), where every defence is shown (no threat).
            if (self_ && search_.defender_move_mates(pos, r)) {
                if (options_.immediate_mates && node.threats.empty())
                    node.defences.push_back({r, goal_, {}, false});
                continue;
            }
            pos.make(r);
            DefenceNode d{r, mark_of(pos), {}, false};
            int answer = checked(search_.attack_length(pos, length - 1));
            if (answer == 0) {
                d.refutes = true;
                node.defences.push_back(d);
            } else if (options_.no_short_variations && in_threat_ == 0 && answer < length - 1) {
                // NoShortVariations: a variation shorter than the line is not shown (Popeye
                // solves threats without this filter).
            } else if (shown(pos, node.threats, threat_length, answer, d.defends)) {
                d.continuations = answers(pos, answer);
                node.defences.push_back(std::move(d));
            }
            pos.unmake();
        }
        return node;
    }

    // Attacker to move, winning in exactly `length`: every move that does, with its tree.
    std::vector<PlayNode> answers(Position& pos, int length) {
        std::vector<PlayNode> result;
        MoveList moves;
        generate_legal(pos, moves);
        // With threads free, every move's outcome first, the moves shared out among them; else
        // one move after another, each winning one's tree built before the next is searched, so
        // that one thread does the same work, node for node, as before there were threads.
        std::vector<Outcome> outcomes;
        if (search_.shares_moves()) outcomes = search_.defend_each(pos, moves, length);
        for (int i = 0; i < moves.size(); ++i) {
            Outcome o;
            if (!outcomes.empty()) {
                o = outcomes[size_t(i)];
            } else {
                pos.make(moves[i]);
                o = search_.defend(pos, length);
                pos.unmake();
            }
            if (checked(o) != int(Outcome::Win)) continue;
            pos.make(moves[i]);
            result.push_back(play(pos, moves[i], length, true));
            pos.unmake();
        }
        return result;
    }

  private:
    // Popeye's rule for a defence after a threat: not shown when the attacker then wins faster
    // than the threat, nor when every threat still works; shown otherwise (it defeats a threat,
    // or the attacker needs longer). Without a threat (zugzwang, or check) every defence is.
    // `defends`: the move stops the whole threat (no threat move still works), so that several
    // continuations after it are a dual; one that stops some threats only is shown but is no
    // defence.
    bool shown(Position& pos, const std::vector<PlayNode>& threats, int threat_length, int answer,
               bool& defends) {
        defends = true;
        if (threats.empty()) return true;
        if (answer < threat_length) return false;
        if (answer > threat_length) return true;
        int working = threats_working(pos, threats, threat_length);
        defends = working == 0;
        return working < int(threats.size());
    }

    // How many of the threats still reach the goal in their length.
    int threats_working(Position& pos, const std::vector<PlayNode>& threats, int length) {
        MoveList moves;
        generate_legal(pos, moves);
        int working = 0;
        for (const PlayNode& t : threats) {
            // The same threat move, as Popeye compares them: in orthodox chess by its squares
            // and promotion, so that a capture on the threat's square is the threat move.
            bool orthodox = !pos.rules().is_dynamo();
            const Move* same = std::find_if(moves.begin(), moves.end(), [&](Move m) {
                return orthodox ? m.active_from() == t.move.active_from() &&
                                      m.active_to() == t.move.active_to() &&
                                      m.promotion() == t.move.promotion()
                                : m == t.move;
            });
            if (same == moves.end()) continue;
            pos.make(*same);
            int o = checked(search_.defend(pos, length));
            pos.unmake();
            working += o == int(Outcome::Win);
        }
        return working;
    }

    int checked(int length) {
        if (length < 0) throw Stopped{};
        return length;
    }
    int checked(Outcome o) {
        if (o == Outcome::Unknown) throw Stopped{};
        return int(o);
    }

    MateSearch& search_;
    const AnalysisOptions& options_;
    bool self_;      // s#, s=, r#: the defender is to reach the goal
    MoveMark goal_;  // the mark of a move reaching it
    int in_threat_ = 0; // building a threat's tree
};

} // namespace

// PostKeyPlay: the diagram is the position after a key, the defender to move; the key's tree
// without the key, threats and variations always (Popeye's). No solution when a defender move
// refutes. A direct one-mover has no play after its key (Popeye shows none): sound when the
// diagram is the goal reached.
Solution analyse_post_key(const Position& diagram, const Stipulation& stip,
                          const AnalysisOptions& given) {
    Solution sol;
    if (!begin_solution(diagram, stip, given, sol)) return sol;
    AnalysisOptions options = given;
    options.restrictions = given.restrictions.applied_to(stip);
    sol.restrictions = options.restrictions;
    sol.unapplied = given.restrictions.unapplied_to(stip);
    std::atomic<bool> stop{false};
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, [] {});
    // Sized as for a whole solve (analyse_partial).
    size_t hash_mb = std::min(options.hash_mb, size_t(1) << std::min(2 * std::max(stip.moves - 2, 0), 20));
    TranspositionTable tt(hash_mb);
    MateSearch search(stip, tt, stop, nullptr, options.restrictions);
    TreeBuilder builder(search, options);
    Position pos = diagram;
    bool refuted = false;
    try {
        sol.post_key = stip.moves > 1 || stip.self_play()
                           ? builder.play(pos, Move::none(), stip.moves, true)
                           : PlayNode{Move::none(), mark_of(pos), 1, false, {}, {}};
        for (const DefenceNode& d : sol.post_key->defences) refuted |= d.refutes;
    } catch (const Stopped&) {
        sol.finished = false;
        sol.post_key = PlayNode{Move::none(), mark_of(diagram), stip.moves, false, {}, {}}; // nothing known
    }
    watchdog.finish();
    sol.nodes = search.nodes();
    sol.seconds = watchdog.seconds();
    sol.threads = 1;
    if (!sol.finished) sol.verdict = Verdict::Unfinished;
    else if (stip.moves == 1 && !stip.self_play()) {
        MoveMark goal = stip.goal == Stipulation::Goal::Mate ? MoveMark::Mate : MoveMark::Stalemate;
        sol.verdict = mark_of(diagram) == goal ? Verdict::Sound : Verdict::NoSolution;
    } else if (refuted) sol.verdict = Verdict::NoSolution;
    else sol.verdict = Verdict::Sound;
    return sol;
}

std::vector<int> first_move_turns(const Position& diagram, const MoveList& first_moves,
                                  bool parallel) {
    std::vector<int> order(size_t(first_moves.size()));
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    if (!parallel) return order;
    std::vector<int> rank(order.size()); // replies if forcing, else one more than any forcing
    Position pos = diagram;
    MoveList defences;
    for (int i = 0; i < first_moves.size(); ++i) {
        pos.make(first_moves[i]);
        generate_legal(pos, defences);
        rank[size_t(i)] = std::min(defences.size(), FORCING_REPLIES + 1);
        pos.unmake();
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return rank[size_t(a)] < rank[size_t(b)]; });
    return order;
}

Solution analyse(const Position& diagram, const Stipulation& stip, const AnalysisOptions& given) {
    if (stip.help_play()) return analyse_help(diagram, stip, given);
    if (given.post_key_play) return analyse_post_key(diagram, stip, given);
    // Every battle stipulation applies Popeye's search restrictions, but for those Popeye's
    // meaning leaves out (SearchRestrictions::applied_to; reported in Solution::unapplied).
    // analyse_partial() finds r#'s forced mates with the set play.
    return conclude(diagram, stip, given, analyse_partial(diagram, stip, given, {}, true));
}

// Where a first move is judged at the full length only (see analyse_partial).
static bool restricted_at_full_length(const Stipulation& stip, const SearchRestrictions& r) {
    // s#N with Threat: Popeye's threat guard, as under s=N (an s#3 key with a short s#2 but no
    // threat within T - 1 is refused; found by running Popeye).
    return (GoalSearch::handles(stip) && r.any()) ||
           (stip.kind == Stipulation::Kind::Self && r.threat_length >= 0);
}

PartialAnalysis analyse_partial(const Position& diagram, const Stipulation& stip,
                                const AnalysisOptions& given, const std::vector<char>& mine,
                                bool set_play_here) {
    if (stip.help_play()) {
        PartialAnalysis part = analyse_help_partial(diagram, stip, given, mine);
        if (set_play_here) add_help_set_play(diagram, stip, given, part);
        return part;
    }
    AnalysisOptions options = given;
    options.restrictions = given.restrictions.applied_to(stip); // the pool's and searches' own
    PartialAnalysis part;
    Solution sol;
    if (!begin_solution(diagram, stip, options, sol)) {
        part.illegal_reason = sol.illegal_reason;
        return part;
    }
    if (set_play_here) part.forced = reflex_forced_mates(diagram, stip);
    part.threads = sol.threads;
    const int n = stip.moves;
    const bool self = stip.self_play();
    const int threads = sol.threads;

    // A short problem touches few entries: a table sized to it (1 MB for N = 1 and 2, four times
    // more per move, up to --hash) keeps the cost of zeroing memory out of small problems.
    size_t hash_mb = std::min(options.hash_mb, size_t(1) << std::min(2 * std::max(n - 2, 0), 20));
    TranspositionTable tt(hash_mb);
    MoveList first_moves;
    first_moves_of(diagram, stip, first_moves);
    auto is_mine = [&](int i) { return mine.empty() || mine[size_t(i)]; };
    int owned = 0;
    for (int i = 0; i < first_moves.size(); ++i) owned += is_mine(i);
    // Progress: as each first move is done, and from the watchdog meanwhile, so that a long
    // first move still shows the time going on.
    std::mutex progress_mutex;
    int done_count = 0;
    uint64_t nodes_so_far = 0;
    std::vector<int> depth_of(size_t(first_moves.size()), 0); // 0: not begun or done
    auto report_progress = [&] {
        if (!options.progress) return;
        std::lock_guard lock(progress_mutex);
        Progress p{done_count, owned, nodes_so_far, Move::none(), 0};
        auto under_way = std::find_if(depth_of.begin(), depth_of.end(), [](int d) { return d > 0; });
        if (under_way != depth_of.end()) {
            p.current = first_moves[int(under_way - depth_of.begin())];
            p.depth = *under_way;
        }
        options.progress(p);
    };
    auto note_depth = [&](int i, int depth) {
        std::lock_guard lock(progress_mutex);
        depth_of[size_t(i)] = depth;
    };
    std::atomic<bool> stop{false};
    Watchdog watchdog(stop, options.max_seconds, options.interrupt, report_progress);

    part.first_moves.resize(size_t(first_moves.size()));
    // MaxSolutions: a first move is not examined once that many keys are known before it in
    // Popeye's order (Popeye stops there; with threads, later moves may be under way: their
    // findings are left out by conclude()). A part knows only its own keys: fewer, never more.
    std::vector<char> is_key(part.first_moves.size(), 0);
    std::vector<int> place(part.first_moves.size()); // each first move's place in that order
    if (options.max_keys > 0) {
        std::vector<int> order = popeye_first_move_order(
            diagram, stip, std::vector<Move>(first_moves.begin(), first_moves.end()));
        for (size_t k = 0; k < order.size(); ++k) place[size_t(order[k])] = int(k);
    }
    auto enough_keys_before = [&](int i) {
        if (options.max_keys <= 0) return false;
        std::lock_guard lock(progress_mutex);
        int keys = 0;
        for (size_t j = 0; j < is_key.size(); ++j) keys += is_key[j] && place[j] < place[size_t(i)];
        return keys >= options.max_keys;
    };

    // The first moves in parallel; below them the defences where the tree is large, once threads
    // are left without a first move (the last ones' trees). One thread: all serial.
    HelperPool helpers(stip, tt, stop, options.restrictions);
    HelperPool* pool = threads > 1 ? &helpers : nullptr;
    tbb::task_arena arena(threads);
    arena.execute([&] {
        auto examine = [&](int i) {
            FirstMoveFindings& result = part.first_moves[size_t(i)];
            Move m = first_moves[i];
            result.move = m;
            if (!is_mine(i)) return;
            if (enough_keys_before(i)) {
                result.state = FirstMoveFindings::State::Skipped;
                return;
            }
            result.state = FirstMoveFindings::State::Open;
            Position pos = diagram;
            MateSearch search(stip, tt, stop, pool, options.restrictions);
            TreeBuilder builder(search, options);
            bool done = false;
            try {
                pos.make(m);
                // The least length within n that wins, one length at a time so that progress can
                // tell the depth.
                int length = search.defend_length(pos, n, [&](int d) { note_depth(i, d); });
                if (length < 0) throw Stopped{};
                note_depth(i, n); // the tree and the tries below search to the full length
                // =N, s=N, r#N under a restriction, s#N under Threat: Popeye judges a first move at the full length
                // alone, its guards too (a move they refuse there is no short key).
                if (length > 0 && length < n && restricted_at_full_length(stip, options.restrictions)) {
                    Outcome full = search.defend(pos, n);
                    if (full == Outcome::Unknown) throw Stopped{};
                    if (full != Outcome::Win) length = 0;
                }
                if (length > 0) {
                    result.root = RootMove{RootMove::Kind::Key,
                                           builder.play(pos, m, length, options.variations), {}};
                } else if (options.tries) {
                    // Refutations: defences after which the attacker fails (in a selfmate the
                    // defender's mating moves are no defences: it avoids them). A move that
                    // NonTrivial refuses has none: it is no try.
                    const int budget = search.nontrivial_budget();
                    int count = search.nontrivial_applies(n)
                                    ? search.nontrivial_defences(pos, budget + 2) : 0;
                    if (count < 0) throw Stopped{};
                    if (count > budget + 1) throw Refused{};
                    // Nor has a move that Threat refuses (found by running Popeye).
                    const Outcome guard = search.threat_refusal(pos, n);
                    if (guard == Outcome::Unknown) throw Stopped{};
                    if (guard == Outcome::Fail) throw Refused{};
                    // Nor has a move that MaxFlightsquares refuses (castling_05; Popeye).
                    if (search.flight_refusal(pos, n)) throw Refused{};
                    if (search.nontrivial_applies(n)) search.set_nontrivial_budget(budget + 1 - count);
                    std::vector<DefenceNode> refutations;
                    MoveList defences;
                    generate_legal(pos, defences);
                    // Likely refutations first: one more than allowed ends the count. The
                    // refutations are listed in the order of generation all the same.
                    MoveList ordered = defences;
                    search.order_likely_refutations(pos, ordered);
                    for (Move r : ordered) {
                        if (self && search.defender_move_mates(pos, r)) continue;
                        pos.make(r);
                        Outcome o = n > 1 ? search.attack(pos, n - 1) : Outcome::Fail;
                        MoveMark mark = mark_of(pos);
                        pos.unmake();
                        if (o == Outcome::Unknown) throw Stopped{};
                        if (o == Outcome::Fail) {
                            refutations.push_back({r, mark, {}, true});
                            // r#: where the attacker must mate, the mates (Popeye's "?!?").
                            pos.make(r);
                            refutations.back().continuations = reflex_forced_mates(pos, stip);
                            pos.unmake();
                        }
                        if (int(refutations.size()) > options.max_refutations) break;
                    }
                    auto generated_at = [&](Move r) {
                        return std::find(defences.begin(), defences.end(), r) - defences.begin();
                    };
                    std::sort(refutations.begin(), refutations.end(), [&](const auto& a, const auto& b) {
                        return generated_at(a.move) < generated_at(b.move);
                    });
                    search.set_nontrivial_budget(budget); // play() applies the guard again
                    if (!refutations.empty() && int(refutations.size()) <= options.max_refutations) {
                        RootMove root{RootMove::Kind::Try, builder.play(pos, m, n, options.variations),
                                      refutations};
                        // Refutations are listed once, under "but".
                        std::erase_if(root.play.defences, [](const DefenceNode& d) { return d.refutes; });
                        result.root = std::move(root);
                    }
                }
                done = true;
            } catch (const Refused&) {
                done = true;
            } catch (const Stopped&) {
                result.root.reset();
            }
            if (done) result.state = FirstMoveFindings::State::Done;
            {
                std::lock_guard lock(progress_mutex);
                is_key[size_t(i)] = result.root && result.root->kind == RootMove::Kind::Key;
                depth_of[size_t(i)] = 0;
                done_count += done;
                nodes_so_far += search.nodes();
            }
            report_progress();
        };
        // Each thread takes the next first move in turn: a first move's tree shares many
        // positions with its neighbours' (the same moves in another order), and taken in turn
        // they are mostly in the table. (tbb::parallel_for gave the second thread the upper half
        // of the moves, with an empty table: seven_5 at 2 threads did 1.7 times the work of one.)
        // Under MaxSolutions in generation order, as before: a first move is skipped once
        // enough keys are known before it.
        const std::vector<int> turn =
            first_move_turns(diagram, first_moves, threads > 1 && options.max_keys <= 0);
        std::atomic<int> next{0};
        tbb::parallel_for(0, threads, [&](int) {
            for (int k; (k = next.fetch_add(1, std::memory_order_relaxed)) < first_moves.size();)
                examine(turn[size_t(k)]);
        });
    });
    part.nodes = nodes_so_far;

    // Set play: once this part's first moves are done (a whole solve that stopped has none).
    bool all_done = std::none_of(part.first_moves.begin(), part.first_moves.end(), [](const auto& f) {
        return f.state == FirstMoveFindings::State::Open;
    });
    if (options.set_play && set_play_here && all_done) {
        part.set_play_searched = true;
        part.set_play_done = true;
        Position set = diagram;
        set.set_side_to_move(~diagram.side_to_move());
        set.finish_setup();
        // In the arena, so that its splits take the threads asked for, no more.
        if (!set.in_check(~set.side_to_move())) arena.execute([&] {
            MateSearch search(stip, tt, stop, pool, options.restrictions);
            TreeBuilder builder(search, options);
            MoveList defences;
            generate_legal(set, defences);
            try {
                // Popeye shows no set play where Threat or MaxFlightsquares refuses the diagram
                // (found by running it).
                Outcome guard = search.threat_refusal(set, n);
                if (guard == Outcome::Unknown) throw Stopped{};
                if (guard == Outcome::Fail || search.flight_refusal(set, n)) defences.clear();
                for (Move r : defences) {
                    if (self && search.defender_move_mates(set, r)) {
                        if (options.immediate_mates) part.set_play.push_back({r, MoveMark::Mate, {}, false});
                        continue;
                    }
                    set.make(r);
                    // In the set play the attacker answers with one move fewer.
                    int answer = n > 1 ? search.attack_length(set, n - 1) : 0;
                    if (answer < 0) throw Stopped{};
                    if (answer > 0) {
                        DefenceNode d{r, mark_of(set), builder.answers(set, answer), false};
                        part.set_play.push_back(std::move(d));
                    }
                    set.unmake();
                }
            } catch (const Stopped&) {
                part.set_play_done = false;
            }
            part.nodes += search.nodes();
        });
    }

    watchdog.finish();
    part.seconds = watchdog.seconds();
    return part;
}

} // namespace dynamo
