// The exact AND/OR search of battle play: direct mates (#N) and selfmates (s#N).
//
// "attack" nodes have the attacker (White) to move with n moves left, "defence" nodes the
// defender (Black) to move right after an attacker move, n counting that move. Results are
// exact: Win or Fail, or Unknown when the search was stopped (time limit, interrupt).
#pragma once

#include "movegen.h"
#include "position.h"
#include "stipulation.h"
#include "tt.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dynamo {

enum class Outcome : uint8_t { Fail, Win, Unknown };

class MateSearch {
  public:
    MateSearch(const Stipulation& stip, TranspositionTable& tt, const std::atomic<bool>& stop,
               const SearchRestrictions& restrictions = {});

    // Attacker to move: does it reach the goal within n of its moves?
    Outcome attack(Position& pos, int n);
    // Defender to move just after an attacker move; n counts that attacker move.
    Outcome defend(Position& pos, int n);

    // The least number of moves within max_n in which the attacker wins, 0 if it does not;
    // -1 if the search was stopped first. After the attacker move that led here: defend_length.
    int attack_length(Position& pos, int max_n);
    int defend_length(Position& pos, int max_n);

    // Selfmate: does this defender move mate the attacker (the goal of s#)?
    bool defender_move_mates(Position& pos, Move m);
    // Direct mate or selfmate: has the defender, to move, no legal move while in check?
    static bool checkmated(const Position& pos);

    uint64_t nodes() const { return nodes_; }
    const Stipulation& stipulation() const { return stip_; }

  private:
    Key node_key(const Position& pos) const;
    Outcome attack_node(Position& pos, int n);
    Outcome defend_direct(Position& pos, int n);
    Outcome defend_self(Position& pos, int n);
    Outcome defend_self_last(Position& pos);
    // SearchRestrictions at a defence node (n as in defend): Fail if the attacker's move does
    // not count, Unknown if stopped, Win if it does.
    Outcome threat_guard(Position& pos, int n);
    bool too_many_flights(const Position& pos, const MoveList& defences, int n) const;

    // One move list per search depth, kept between nodes: a list is 16 KB.
    struct Frame {
        MoveList& list;
        MateSearch& search;
        ~Frame() { --search.depth_; }
    };
    Frame frame();

    Stipulation stip_;
    SearchRestrictions restrictions_;
    std::vector<std::unique_ptr<MoveList>> lists_;
    int depth_ = 0;
    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    uint64_t nodes_ = 0;
    // Orthodox direct mates' last-move nodes (n == 1), the most numerous and the cheapest to
    // search again: a small table of this search's own, which stays in the cache, instead of
    // the shared one.
    // A slot holds the key with its lowest bit replaced by the outcome (1: win); 0 is empty.
    static constexpr size_t LAST_MOVE_SLOTS = size_t(1) << 16;
    std::vector<uint64_t> last_move_table_;
    Move killer_[128] = {};        // per ply: the defence that last refuted, tried first
    Move attack_killer_[128] = {}; // per ply: the attacker move that last won, tried first
};

// The key under which a node is stored: the position key, plus the no-undo state, since the
// legal moves depend on the placement before the opponent's last move (RULES.md section 4).
Key search_key(const Position& pos);

// Orthodox: the legal moves that give check (the last move of a direct mate), generated without
// the moves that cannot.
void generate_orthodox_checks(const Position& pos, MoveList& list);

// For tests: at an orthodox selfmate's last attacker move (attacker to move, n == 1), for each of
// `moves`, the defender move that the search takes to stay legal and non-checking after it
// (`killer` tried first), so that the move is dismissed unmade; Move::none() if not dismissed.
std::vector<Move> selfmate_last_dismissals(Position& pos, Move killer, const MoveList& moves);

} // namespace dynamo
