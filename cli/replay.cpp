// `dynamo replay` (docs/format.md): plays a game or line move by move, printing each move as
// written canonically and the FEN after it (with its counters); stops at the first move it
// cannot play. Orthodox games may be PGN files in short algebraic.
#include "commands.h"

#include "settings.h"
#include "usage.h"

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "format/input/move_reader.h"
#include "format/input/san.h"
#include "format/base/text_input.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace dynamo::cli {

int run_replay(const CommonOptions& common, const ReplayOptions& options) {
    try {
        const batch::Settings settings = settings_from(common);
        const RuleSet& rules = settings.rules;
        const Language lang = settings.lang;
        if (!options.file.empty() && !options.moves.empty())
            throw UsageError("give the moves on the command line or with --file, not both");
        std::string text;
        if (!options.file.empty()) {
            std::string reason;
            if (!read_text_file(options.file, text, reason))
                throw UsageError("--file: cannot read '" + options.file + "': " + reason);
        } else {
            for (const auto& m : options.moves) text += m + "\n";
        }
        // A PGN game that starts elsewhere says where in its FEN tag; --fen wins over it.
        std::string fen = !common.fen.empty() ? common.fen : pgn_tag(text, "FEN");
        std::string fen_source = !common.fen.empty() || fen.empty() ? "--fen" : "the FEN tag";
        if (fen.empty()) fen = START_FEN;
        Position pos;
        MoveCounters counters; // the FEN's, carried along: each line's FEN has the real ones
        std::string error;
        if (!parse_fen(fen, rules, pos, &error, &counters))
            throw UsageError(fen_source + ": " + error);
        // Legal moves keep a position legal: the start is the one to check.
        if (auto cause = illegal_cause(pos))
            throw UsageError(option_said(fen_source, illegal_position_said(*cause)));

        auto moves = split_moves(text);
        if (moves.empty())
            throw UsageError(
                options.file.empty()
                    ? "no moves to replay (give them on the command line or with --file)"
                    : "--file: no moves to replay in '" + options.file + "'");

        for (const std::string& written : moves) {
            Color side = pos.side_to_move();
            int number = counters.fullmove;
            Move m = parse_move(pos, written, &error, lang);
            // Orthodox games are mostly written in short algebraic (PGN's SAN): read that too.
            if (m.is_none() && !rules.is_dynamo()) {
                std::string san_error;
                m = parse_san(pos, written, &san_error);
                if (m.is_none() && error.starts_with("cannot read") &&
                    !san_error.starts_with("cannot read"))
                    error = san_error;
            }
            if (m.is_none()) {
                // The reader names the position with to_fen's "0 1": the real counters instead.
                if (size_t at = error.find(to_fen(pos)); at != std::string::npos)
                    error.replace(at, to_fen(pos).size(), to_fen(pos, counters));
                throw UsageError("move " + std::to_string(number) + " (" +
                                 (side == WHITE ? "white" : "black") + "): " + error);
            }
            std::string label = std::to_string(number) + (side == WHITE ? "." : "...");
            std::string text_out = move_text(pos, m, lang) + move_suffix(pos, m);
            counters = counters_after(pos, m, counters);
            pos.make(m);
            char line[128];
            std::snprintf(line, sizeof line, "%-7s %-22s ", label.c_str(), text_out.c_str());
            std::cout << line << to_fen(pos, counters) << "\n"; // std::cout: tests capture it
        }
        return 0;
    } catch (const UsageError& e) {
        std::cout.flush();
        print_error(e, error_language(common));
        return 2;
    }
}

} // namespace dynamo::cli
