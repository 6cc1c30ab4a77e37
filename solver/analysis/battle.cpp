#include "solver/analysis/battle.h"

#include "solver/analysis/analysis_common.h"
#include "solver/analysis/popeye_moves.h"
#include "solver/analysis/tree_builder.h"
#include "solver/analysis/watchdog.h"
#include "solver/rules/legality.h"
#include "solver/search/goal_search.h"
#include "solver/search/make_battle_search.h"
#include "solver/search/thread.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace dynamo {

namespace {

// Where a first move is judged at the full length only: =N, s=N, r#N under a restriction, and
// s#N with Threat (Popeye's threat guard, as under s=N: an s#3 key with a short s#2 but no threat
// within T - 1 is refused; found by running Popeye).
bool restricted_at_full_length(const Stipulation& stip, const SearchRestrictions& r) {
    return (GoalSearch::handles(stip) && r.any()) ||
           (stip.kind == Stipulation::Kind::Self && r.threat_length >= 0);
}

// No first move of the part left Open: the set play's turn.
bool first_moves_decided(const PartialAnalysis& part) {
    return std::none_of(part.first_moves.begin(), part.first_moves.end(),
                        [](const auto& f) { return f.state == FirstMoveFindings::State::Open; });
}

// r#: the attacker's mates, which it must play (reflex_mating_moves), as tree nodes marked
// `forced`; none in other stipulations.
std::vector<PlayNode> reflex_forced_mates(const Position& diagram, const Stipulation& stip) {
    std::vector<PlayNode> mates;
    for (Move m : reflex_mating_moves(diagram, stip)) {
        PlayNode node;
        node.move = m;
        node.mark = MoveMark::Mate;
        node.length = 1;
        node.forced = true;
        mates.push_back(std::move(node));
    }
    return mates;
}

MoveList first_moves(const Position& diagram, const Stipulation& stip) {
    MoveList moves;
    first_moves_of(diagram, stip, moves);
    return moves;
}

// One battle-play analysis under way: its table, its threads, the first moves' progress and the
// keys found so far. The first moves in parallel; below them the defences where the tree is
// large, once threads are left without a first move (the last ones' trees). One thread: all
// serial.
class BattleAnalysis {
  public:
    BattleAnalysis(const Position& diagram, const Stipulation& stip, const AnalysisOptions& options,
                   const std::vector<char>& mine)
        : diagram_(diagram), stip_(stip), options_(options), n_(stip.moves),
          self_(stip.self_play()), tt_(table_megabytes(stip, options.hash_mb)),
          first_moves_(first_moves(diagram, stip)), mine_(mine),
          depth_of_(size_t(first_moves_.size()), 0), is_key_(size_t(first_moves_.size()), 0),
          place_(size_t(first_moves_.size()), 0),
          watchdog_(stop_, options.max_seconds, options.interrupt, [this] { report_progress(); }),
          helpers_(stip, tt_, stop_, options.restrictions),
          pool_(options.threads > 1 ? &helpers_ : nullptr), arena_(options.threads) {
        for (int i = 0; i < first_moves_.size(); ++i) owned_ += is_mine(i);
        // MaxSolutions: a first move is not examined once that many keys are known before it in
        // Popeye's order (Popeye stops there; with threads, later moves may be under way: their
        // findings are left out by conclude()). A part knows only its own keys: fewer, never more.
        if (options.max_keys > 0) {
            std::vector<int> order = popeye_first_move_order(
                diagram, stip, std::vector<Move>(first_moves_.begin(), first_moves_.end()));
            for (size_t k = 0; k < order.size(); ++k) place_[size_t(order[k])] = int(k);
        }
    }

    // Every first move, each examined by the next thread free (those of other parts Elsewhere).
    void examine_first_moves(PartialAnalysis& part);
    // The defender to move in the diagram, the attacker answering: into part.set_play.
    void solve_set_play(PartialAnalysis& part);
    // The time taken, the watchdog stopped.
    void finish(PartialAnalysis& part) {
        watchdog_.finish();
        part.seconds = watchdog_.seconds();
    }

  private:
    bool is_mine(int i) const { return mine_.empty() || mine_[size_t(i)]; }
    FirstMoveFindings examine(int i);
    bool judge(Position& pos, int i, BattleSearch& search, std::optional<RootMove>& root);
    std::optional<int> key_length(Position& pos, int i, BattleSearch& search);
    std::optional<std::vector<DefenceNode>> refutations(Position& pos, BattleSearch& search);
    bool add_set_play(Position& set, BattleSearch& search, std::vector<DefenceNode>& play);
    bool enough_keys_before(int i);
    void note_depth(int i, int depth);
    void note_examined(int i, const FirstMoveFindings& findings, uint64_t nodes);
    void report_progress();

    const Position& diagram_;
    const Stipulation& stip_;
    const AnalysisOptions& options_;
    const int n_;
    const bool self_; // s#, s=, r#: the defender is to reach the goal
    TranspositionTable tt_;
    const MoveList first_moves_;
    const std::vector<char>& mine_;
    int owned_ = 0;
    // Shared by the threads, behind the mutex: progress (first moves done, the depth of each under
    // way, the nodes of those done) and, for MaxSolutions, the keys found and each first move's
    // place in Popeye's order.
    std::mutex mutex_;
    int done_ = 0;
    uint64_t nodes_ = 0;
    std::vector<int> depth_of_; // 0: not begun or done
    std::vector<char> is_key_;
    std::vector<int> place_;
    std::atomic<bool> stop_{false};
    Watchdog watchdog_; // after what its progress reports read, so that it stops before they go
    HelperPool helpers_;
    HelperPool* pool_;
    tbb::task_arena arena_;
};

void BattleAnalysis::examine_first_moves(PartialAnalysis& part) {
    part.first_moves.resize(size_t(first_moves_.size()));
    arena_.execute([&] {
        // Each thread takes the next first move in turn: a first move's tree shares many
        // positions with its neighbours' (the same moves in another order), and taken in turn
        // they are mostly in the table (tbb::parallel_for would give the second thread the upper
        // half of the moves, with an empty table). Under MaxSolutions in generation order: a
        // first move is skipped once enough keys are known before it.
        const std::vector<int> turn = first_move_turns(
            diagram_, first_moves_, options_.threads > 1 && options_.max_keys <= 0);
        std::atomic<int> next{0};
        tbb::parallel_for(0, options_.threads, [&](int) {
            for (int k; (k = next.fetch_add(1, std::memory_order_relaxed)) < first_moves_.size();)
                part.first_moves[size_t(turn[size_t(k)])] = examine(turn[size_t(k)]);
        });
    });
    part.nodes = nodes_;
}

// The i-th first move: a key, a try or neither (Done), or Open when stopped before it was decided.
FirstMoveFindings BattleAnalysis::examine(int i) {
    FirstMoveFindings result;
    result.move = first_moves_[i];
    if (!is_mine(i)) return result;
    if (enough_keys_before(i)) {
        result.state = FirstMoveFindings::State::Skipped;
        return result;
    }
    Position pos = diagram_;
    const std::unique_ptr<BattleSearch> search =
        make_battle_search(stip_, tt_, stop_, pool_, options_.restrictions);
    pos.make(result.move);
    const bool decided = judge(pos, i, *search, result.root);
    if (!decided) result.root.reset();
    result.state = decided ? FirstMoveFindings::State::Done : FirstMoveFindings::State::Open;
    note_examined(i, result, search->nodes());
    return result;
}

// The first move played in `pos`: a key if the attacker wins with it within the stipulation,
// else a try if the defender has refutations, no more than a try may have. False if stopped
// before it was decided.
bool BattleAnalysis::judge(Position& pos, int i, BattleSearch& search,
                           std::optional<RootMove>& root) {
    const Move m = first_moves_[i];
    TreeBuilder builder(search, options_);
    const std::optional<int> length = key_length(pos, i, search);
    if (!length) return false;
    if (*length > 0) {
        std::optional<PlayNode> play = builder.play(pos, m, *length, options_.variations);
        if (play) root = RootMove{RootMove::Kind::Key, std::move(*play), {}};
        return play.has_value();
    }
    if (!options_.tries) return true;
    std::optional<std::vector<DefenceNode>> refuted = refutations(pos, search);
    if (!refuted) return false;
    if (refuted->empty()) return true; // no try
    std::optional<PlayNode> play = builder.play(pos, m, n_, options_.variations);
    if (!play) return false;
    // Refutations are listed once, under "but".
    std::erase_if(play->defences, [](const DefenceNode& d) { return d.refutes; });
    root = RootMove{RootMove::Kind::Try, std::move(*play), std::move(*refuted)};
    return true;
}

// The least length within the stipulation's at which the first move played in `pos` wins (0:
// none), one length at a time, so that progress can tell the depth.
std::optional<int> BattleAnalysis::key_length(Position& pos, int i, BattleSearch& search) {
    int length = search.defend_length(pos, n_, [&](int d) { note_depth(i, d); });
    if (length < 0) return std::nullopt;
    note_depth(i, n_); // the tree and the tries below search to the full length
    // Popeye judges such a first move at the full length alone, its guards too (a move they
    // refuse there is no short key).
    if (length > 0 && length < n_ && restricted_at_full_length(stip_, options_.restrictions)) {
        const Outcome full = search.defend(pos, n_);
        if (full == Outcome::Unknown) return std::nullopt;
        if (full != Outcome::Win) length = 0;
    }
    return length;
}

// The refutations of the first move played in `pos`, in generation order: the defences after
// which the attacker fails (in a selfmate the defender's mating moves are no defences: it avoids
// them). None when the move is no try: refused by a restriction, or refuted more often than a try
// may be.
std::optional<std::vector<DefenceNode>> BattleAnalysis::refutations(Position& pos,
                                                                    BattleSearch& search) {
    // A move that NonTrivial refuses has none: it is no try.
    const int budget = search.nontrivial_budget();
    const bool nontrivial = search.nontrivial_applies(n_);
    const int count = nontrivial ? search.nontrivial_defences(pos, budget + 2) : 0;
    if (count < 0) return std::nullopt;
    if (count > budget + 1) return std::vector<DefenceNode>{};
    // Nor has a move that Threat refuses (found by running Popeye).
    const Outcome guard = search.threat_refusal(pos, n_);
    if (guard == Outcome::Unknown) return std::nullopt;
    if (guard == Outcome::Fail) return std::vector<DefenceNode>{};
    // Nor has a move that MaxFlightsquares refuses (castling_05; Popeye).
    if (search.flight_refusal(pos, n_)) return std::vector<DefenceNode>{};

    KeepNontrivialBudget keep(search); // the try's tree applies the guard again
    if (nontrivial) search.set_nontrivial_budget(budget + 1 - count);
    std::vector<DefenceNode> found;
    MoveList defences;
    generate_legal(pos, defences);
    // Likely refutations first: one more than allowed ends the count. The refutations are
    // listed in the order of generation all the same.
    MoveList ordered = defences;
    search.order_likely_refutations(pos, ordered);
    for (Move r : ordered) {
        if (self_ && search.defender_move_mates(pos, r)) continue;
        pos.make(r);
        const Outcome o = n_ > 1 ? search.attack(pos, n_ - 1) : Outcome::Fail;
        if (o == Outcome::Fail) {
            // r#: where the attacker must mate, the mates (Popeye's "?!?").
            found.push_back({r, mark_of(pos), reflex_forced_mates(pos, stip_), true});
        }
        pos.unmake();
        if (o == Outcome::Unknown) return std::nullopt;
        if (int(found.size()) > options_.max_refutations) return std::vector<DefenceNode>{};
    }
    auto generated_at = [&](Move r) {
        return std::find(defences.begin(), defences.end(), r) - defences.begin();
    };
    std::sort(found.begin(), found.end(), [&](const DefenceNode& a, const DefenceNode& b) {
        return generated_at(a.move) < generated_at(b.move);
    });
    return found;
}

void BattleAnalysis::solve_set_play(PartialAnalysis& part) {
    part.set_play_searched = true;
    part.set_play_done = true;
    Position set = diagram_;
    set.set_side_to_move(~diagram_.side_to_move());
    set.finish_setup();
    if (set.in_check(~set.side_to_move())) return;
    // In the arena, so that its splits take the threads asked for, no more.
    arena_.execute([&] {
        const std::unique_ptr<BattleSearch> search =
            make_battle_search(stip_, tt_, stop_, pool_, options_.restrictions);
        part.set_play_done = add_set_play(set, *search, part.set_play);
        part.nodes += search->nodes();
    });
}

// The defender's moves in `set` (the diagram, the defender to move) after which the attacker
// wins, one move fewer, with its answers. False if stopped (what was found stays).
bool BattleAnalysis::add_set_play(Position& set, BattleSearch& search,
                                  std::vector<DefenceNode>& play) {
    TreeBuilder builder(search, options_);
    MoveList defences;
    generate_legal(set, defences);
    // Popeye shows no set play where Threat or MaxFlightsquares refuses the diagram (found by
    // running it).
    const Outcome guard = search.threat_refusal(set, n_);
    if (guard == Outcome::Unknown) return false;
    if (guard == Outcome::Fail || search.flight_refusal(set, n_)) defences.clear();
    const MoveMark goal_mark =
        stip_.goal == Stipulation::Goal::Mate ? MoveMark::Mate : MoveMark::Stalemate;
    // r#: a defender that can reach the goal must; its goal moves are the set play.
    if (search.defender_must_mate(set)) {
        for (Move r : defences)
            if (search.defender_move_mates(set, r)) play.push_back({r, goal_mark, {}, false});
        return true;
    }
    // s#, r#: when every defender move reaches the goal at once, that is the set play (Popeye's
    // shortest, TESTS/battle_play.inp 18, 27); otherwise those moves are left out, as under a
    // key (shown with MatesIn1).
    if (self_ && !defences.empty() &&
        std::all_of(defences.begin(), defences.end(),
                    [&](Move r) { return search.defender_move_mates(set, r); })) {
        for (Move r : defences) play.push_back({r, goal_mark, {}, false});
        return true;
    }
    for (Move r : defences) {
        if (self_ && search.defender_move_mates(set, r)) {
            if (options_.immediate_mates) play.push_back({r, goal_mark, {}, false});
            continue;
        }
        set.make(r);
        const int answer = n_ > 1 ? search.attack_length(set, n_ - 1) : 0;
        std::optional<std::vector<PlayNode>> answers;
        if (answer > 0) answers = builder.answers(set, answer);
        if (answers) play.push_back({r, mark_of(set), std::move(*answers), false});
        set.unmake();
        if (answer < 0 || (answer > 0 && !answers)) return false;
    }
    return true;
}

bool BattleAnalysis::enough_keys_before(int i) {
    if (options_.max_keys <= 0) return false;
    std::lock_guard lock(mutex_);
    int keys = 0;
    for (size_t j = 0; j < is_key_.size(); ++j) keys += is_key_[j] && place_[j] < place_[size_t(i)];
    return keys >= options_.max_keys;
}

void BattleAnalysis::note_depth(int i, int depth) {
    std::lock_guard lock(mutex_);
    depth_of_[size_t(i)] = depth;
}

void BattleAnalysis::note_examined(int i, const FirstMoveFindings& findings, uint64_t nodes) {
    {
        std::lock_guard lock(mutex_);
        is_key_[size_t(i)] = findings.root && findings.root->kind == RootMove::Kind::Key;
        depth_of_[size_t(i)] = 0;
        done_ += findings.state == FirstMoveFindings::State::Done;
        nodes_ += nodes;
    }
    report_progress();
}

// As each first move is done, and from the watchdog meanwhile, so that a long first move still
// shows the time going on.
void BattleAnalysis::report_progress() {
    if (!options_.progress) return;
    std::lock_guard lock(mutex_);
    Progress p{done_, owned_, nodes_, Move::none(), 0};
    auto under_way = std::find_if(depth_of_.begin(), depth_of_.end(), [](int d) { return d > 0; });
    if (under_way != depth_of_.end()) {
        p.current = first_moves_[int(under_way - depth_of_.begin())];
        p.depth = *under_way;
    }
    options_.progress(p);
}

} // namespace

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

// The problemist's procedure: the table sized to the problem, each first move examined (a key,
// a try with its refutations, or neither), then the set play once the first moves are done (a
// whole solve that stopped has none). The verdict is conclude()'s.
PartialAnalysis analyse_battle(const Position& diagram, const Stipulation& stip,
                               const AnalysisOptions& given, const std::vector<char>& mine,
                               bool set_play_here) {
    AnalysisOptions options = given;
    options.restrictions = given.restrictions.applied_to(stip); // the pool's and searches' own
    PartialAnalysis part;
    if (auto reason = illegal_reason(diagram)) {
        part.illegal_reason = *reason;
        return part;
    }
    if (set_play_here) part.forced = reflex_forced_mates(diagram, stip);
    part.threads = options.threads;
    BattleAnalysis analysis(diagram, stip, options, mine); // its table sized to the problem
    analysis.examine_first_moves(part);
    if (options.set_play && set_play_here && first_moves_decided(part))
        analysis.solve_set_play(part);
    analysis.finish(part);
    return part;
}

} // namespace dynamo
