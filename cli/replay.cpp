// `dynamo replay` (docs/format.md): plays a game or line move by move, printing each move as
// written canonically and the FEN after it; stops at the first move it cannot play.
#include "commands.h"

#include "format/fen.h"
#include "format/notation.h"
#include "format/text_input.h"
#include "solver/legality.h"
#include "solver/movegen.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace dynamo::cli {

namespace {

// to_fen writes the move counters as "0 1": the move number is put right here.
std::string fen_at(const Position& pos, int move_number) {
    std::string fen = to_fen(pos);
    return fen.substr(0, fen.rfind(' ') + 1) + std::to_string(move_number);
}

} // namespace

int run_replay(const CommonOptions& common, const ReplayOptions& options) {
    try {
        RuleSet rules = rules_from(common);
        Language lang = language_from(common);
        std::string fen = common.fen.empty() ? std::string(START_FEN) : common.fen;
        Position pos;
        std::string error;
        if (!parse_fen(fen, rules, pos, &error)) throw UsageError("--fen: " + error);
        // Legal moves keep a position legal: the start is the one to check.
        if (auto reason = illegal_reason(pos)) throw UsageError("--fen: illegal position: " + *reason);
        // The FEN's sixth field, if given, numbers the first move.
        int number = 1;
        {
            std::istringstream fields(fen);
            std::string field;
            for (int i = 0; i < 6 && fields >> field; ++i)
                if (i == 5) number = std::max(1, std::atoi(field.c_str()));
        }

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
        auto moves = split_moves(text);
        if (moves.empty())
            throw UsageError(options.file.empty()
                                 ? "no moves to replay (give them on the command line or with --file)"
                                 : "--file: no moves to replay in '" + options.file + "'");

        for (const std::string& written : moves) {
            Color side = pos.side_to_move();
            Move m = parse_move(pos, written, &error, lang);
            if (m.is_none()) {
                // The reader names the position with to_fen's "0 1"; show the real move number.
                if (size_t at = error.find(to_fen(pos)); at != std::string::npos)
                    error.replace(at, to_fen(pos).size(), fen_at(pos, number));
                throw UsageError("move " + std::to_string(number) + " (" +
                                 (side == WHITE ? "white" : "black") + "): " + error);
            }
            std::string label = std::to_string(number) + (side == WHITE ? "." : "...");
            std::string text_out = move_text(pos, m, lang) + move_suffix(pos, m);
            pos.make(m);
            if (side == BLACK) ++number;
            std::printf("%-7s %-22s %s\n", label.c_str(), text_out.c_str(),
                        fen_at(pos, number).c_str());
        }
        return 0;
    } catch (const UsageError& e) {
        std::fflush(stdout);
        print_error(e.what());
        return 2;
    }
}

} // namespace dynamo::cli
