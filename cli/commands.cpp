// `dynamo perft` and `dynamo moves`, and what every command shares.

#include "commands.h"

#include "settings.h"
#include "usage.h"

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/rules/perft.h"
#include "solver/search/tt.h"

#include <malloc.h>

#include <algorithm>
#include <iostream>
#include <system_error>
#include <vector>

namespace dynamo::cli {

std::string error_message(const std::exception& e) {
    if (auto* t = dynamic_cast<const TableAllocationError*>(&e))
        return "--hash: cannot map a transposition table of " + std::to_string(t->megabytes) +
               " MB (" + std::generic_category().message(t->error) + "); give a smaller --hash";
    return e.what();
}

void keep_freed_memory() { mallopt(M_TRIM_THRESHOLD, 1 << 30); }

namespace {

// The position of --fen (and --prev) for the commands that run the generators without an
// analysis first: refused, with the reason, if it cannot arise (the generators assume it can).
Position position_from(const std::string& given_fen, const RuleSet& rules,
                       const std::string& prev) {
    Position pos;
    Message said;
    std::string fen = given_fen.empty() ? std::string(START_FEN) : given_fen;
    if (!parse_fen_said(fen, rules, pos, &said)) throw UsageError(option_said("--fen", said));
    if (auto cause = illegal_cause(pos))
        throw UsageError(option_said("--fen", illegal_position_said(*cause)));
    if (!prev.empty()) {
        Placement placement;
        if (!parse_board_said(prev, placement, &said))
            throw UsageError(option_said("--prev", said));
        // Before the opponent's last move the opponent was to move.
        if (auto cause = illegal_cause(placement, ~pos.side_to_move(), pos.rules()))
            throw UsageError(option_said("--prev", illegal_position_said(*cause)));
        pos.set_forbidden_placement(placement);
    }
    return pos;
}

} // namespace

int run_perft(const CommonOptions& common, const PerftOptions& options) {
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common);
        Position pos = position_from(common.fen, settings.rules, options.prev);
        auto entries = perft_divide(pos, options.depth, settings.resources.threads);
        uint64_t total = 0;
        if (options.depth == 0) total = 1;
        for (const auto& e : entries) total += e.count;
        if (options.divide) {
            std::vector<std::pair<std::string, uint64_t>> lines;
            for (const auto& e : entries)
                lines.emplace_back(move_text(pos, e.move, settings.lang), e.count);
            std::sort(lines.begin(), lines.end());
            for (const auto& [text, count] : lines) std::cout << text << " " << count << "\n";
        }
        std::cout << total << "\n";
        return 0;
    });
}

int run_moves(const CommonOptions& common, const MovesOptions& options) {
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common);
        Position pos = position_from(common.fen, settings.rules, options.prev);
        MoveList list;
        generate_legal(pos, list);
        std::vector<std::string> lines;
        for (Move m : list) lines.push_back(move_text(pos, m, settings.lang) + move_suffix(pos, m));
        std::sort(lines.begin(), lines.end());
        for (const auto& l : lines) std::cout << l << "\n";
        return 0;
    });
}

} // namespace dynamo::cli
