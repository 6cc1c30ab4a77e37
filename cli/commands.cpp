#include "commands.h"

#include "format/fen.h"
#include "format/notation.h"
#include "format/problem_reader.h"
#include "format/text_input.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/rules/perft.h"
#include "solver/search/tt.h"

#include <tbb/info.h>

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace dynamo::cli {

namespace {
std::atomic<bool> interrupt_flag{false};
extern "C" void on_interrupt(int) { interrupt_flag.store(true); }
} // namespace

void install_interrupt_handler() {
    interrupt_flag.store(false);
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
}

const std::atomic<bool>& interrupted() { return interrupt_flag; }

void print_error(const std::string& message) {
    std::cerr << "dynamo: error: " << escaped(message) << "\n";
}

void print_error(const Message& message, Language lang) {
    std::cerr << "dynamo: " << Message(Msg::ErrorLabel).text(lang) << ": "
              << escaped(message.text(lang)) << "\n";
}

void print_error(const UsageError& e, Language lang) {
    if (e.said.empty())
        print_error(e.what());
    else if (e.every_language) // the language is what is wrong: said in each
        for (Language l :
             {Language::English, Language::German, Language::French, Language::Italian})
            print_error(e.said, l);
    else
        print_error(e.said, lang);
}

Message option_said(const std::string& option, Message what) {
    return Message(Msg::OptionValue, {option, std::move(what)});
}

std::string error_message(const std::exception& e) {
    if (auto* t = dynamic_cast<const TableAllocationError*>(&e))
        return "--hash: cannot map a transposition table of " + std::to_string(t->megabytes) +
               " MB (" + std::generic_category().message(t->error) + "); give a smaller --hash";
    return e.what();
}

void clamp_threads(int& threads) {
    threads = std::min(threads, tbb::info::default_concurrency());
}

void keep_freed_memory() { mallopt(M_TRIM_THRESHOLD, 1 << 30); }

RuleSet rules_from(const CommonOptions& common) {
    RuleSet::Error error;
    auto rules = RuleSet::parse(common.rules, &error);
    if (!rules) throw UsageError(option_said("--rules", rules_said(error)));
    return *rules;
}

Language language_from(const CommonOptions& common) {
    Language lang;
    if (!parse_language(common.lang, lang)) {
        UsageError e(
            option_said("--lang", Message(Msg::ExpectedFound,
                                          {or_list({"en", "de", "fr", "it"}), common.lang})));
        e.every_language = true;
        throw e;
    }
    return lang;
}

Message illegal_position_said(const IllegalCause& cause) {
    return Message(Msg::IllegalPosition, {illegal_said(cause)});
}

SolutionOrder order_from(const CommonOptions& common) {
    if (common.order == "ours") return SolutionOrder::Ours;
    if (common.order == "popeye") return SolutionOrder::Popeye;
    throw UsageError(option_said(
        "--order", Message(Msg::ExpectedFound, {or_list({"ours", "popeye"}), common.order})));
}

namespace {


// The position of --fen (and --prev) for the commands that run the generators without an
// analysis first: refused, with the reason, if it cannot arise (the generators assume it can).
Position position_from(const CommonOptions& common, const std::string& prev) {
    Position pos;
    Message said;
    std::string fen = common.fen.empty() ? std::string(START_FEN) : common.fen;
    if (!parse_fen_said(fen, rules_from(common), pos, &said))
        throw UsageError(option_said("--fen", said));
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

// A UsageError in the language of --lang (English if --lang is what is wrong).
template <typename F> int guarded(const CommonOptions& common, F&& f) {
    try {
        return f();
    } catch (const UsageError& e) {
        Language lang = Language::English;
        parse_language(common.lang, lang);
        print_error(e, lang);
        return 2;
    }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int run_perft(const CommonOptions& common, const PerftOptions& options) {
    return guarded(common, [&] {
        Position pos = position_from(common, options.prev);
        Language lang = language_from(common);
        auto entries = perft_divide(pos, options.depth, common.threads);
        uint64_t total = 0;
        if (options.depth == 0) total = 1;
        for (const auto& e : entries) total += e.count;
        if (options.divide) {
            std::vector<std::pair<std::string, uint64_t>> lines;
            for (const auto& e : entries) lines.emplace_back(move_text(pos, e.move, lang), e.count);
            std::sort(lines.begin(), lines.end());
            for (const auto& [text, count] : lines) std::cout << text << " " << count << "\n";
        }
        std::cout << total << "\n";
        return 0;
    });
}

int run_moves(const CommonOptions& common, const MovesOptions& options) {
    return guarded(common, [&] {
        Position pos = position_from(common, options.prev);
        Language lang = language_from(common);
        MoveList list;
        generate_legal(pos, list);
        std::vector<std::string> lines;
        for (Move m : list) lines.push_back(move_text(pos, m, lang) + move_suffix(pos, m));
        std::sort(lines.begin(), lines.end());
        for (const auto& l : lines) std::cout << l << "\n";
        return 0;
    });
}

namespace {

struct BenchCase {
    const char* name;
    const char* fen;
    RuleSet rules;
    int depth;
    int quick_depth;
};

std::map<std::pair<std::string, int>, double> read_vchess_timings(const std::string& path) {
    std::map<std::pair<std::string, int>, double> timings;
    std::ifstream in(path);
    if (!in) throw UsageError("--vchess-timings: cannot read '" + path + "'");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.starts_with("fen\t")) continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
        if (f.size() >= 4) timings[{f[0], std::stoi(f[1])}] = std::stod(f[3]);
    }
    return timings;
}

} // namespace

namespace {

// The solver on a suite of problem files: time per problem at 1 and N threads, totals. The runs
// go in rounds of a few of each problem at each thread count, the thread counts taking turns, so
// that a changing load on a shared machine falls on both and on every problem; each problem's
// runs in a round follow untimed ones for WARM_UP_SECONDS. On the project's virtual machines a
// process's first tenth of a second or so of 2-thread solving often got about one core's worth
// of time (its CPU time no more than its wall time), seemingly again after a pause at one
// thread, and first runs are slower anyway (caches, page faults). Each requested statistic of
// the timed runs gets a table of its own.
int run_solver_bench(const CommonOptions& common, const BenchOptions& options) {
    std::map<std::string, double> popeye;
    if (!options.popeye_timings.empty()) {
        std::ifstream in(options.popeye_timings);
        if (!in) throw UsageError("--popeye-timings: cannot read '" + options.popeye_timings + "'");
        // Popeye's finest figure for each problem: the high-resolution minimum where the file
        // has it (wall_s is rounded to 10 ms), else the median, else wall_s.
        auto fields = [](const std::string& line) {
            std::vector<std::string> out;
            std::stringstream ss(line);
            for (std::string f; std::getline(ss, f, '\t');) out.push_back(f);
            return out;
        };
        std::vector<std::string> header;
        for (std::string line; std::getline(in, line);) {
            std::vector<std::string> row = fields(line);
            if (header.empty()) {
                header = row;
                continue;
            }
            for (const char* column : {"wall_hires_min_s", "wall_median_s", "wall_s"}) {
                auto at = std::find(header.begin(), header.end(), column);
                size_t i = size_t(at - header.begin());
                if (at != header.end() && i < row.size() && !row[i].empty() && !row.empty()) {
                    popeye[row[0]] = std::stod(row[i]);
                    break;
                }
            }
        }
    }
    const int threads = common.threads > 0 ? common.threads : 0;
    const int repeat = std::max(1, options.repeat);
    const bool progress = isatty(STDERR_FILENO);
    constexpr double WARM_UP_SECONDS = 0.3;
    constexpr int ROUND = 5;
    struct Timed {
        std::string name, popeye_stem;
        Position diagram;
        Stipulation stip;
        AnalysisOptions analysis;
        std::vector<double> one, many; // seconds, at 1 and at N threads, sorted once timed
        Verdict verdict;
    };
    std::vector<Timed> timed;
    int status = 0;
    for (const std::string& file : options.suite) {
        ReadResult read = read_problem_file(file);
        for (const Diagnostic& d : read.errors) std::fprintf(stderr, "%s\n", d.text().c_str());
        if (!read.errors.empty()) status = 2; // bad input, as for solve
        std::string stem = std::filesystem::path(file).stem().string();
        for (const Problem& problem : read.problems) {
            if (!problem.ok()) continue;
            std::vector<ProblemInstance> instances = problem_instances(problem);
            const ProblemInstance& inst = instances.front(); // twins aside: the diagram
            AnalysisOptions a = analysis_options_for(problem.options);
            a.max_seconds = options.max_seconds;
            timed.push_back(
                Timed{read.problems.size() > 1 ? stem + "#" + std::to_string(problem.index) : stem,
                      stem,
                      problem_position(inst.pieces, inst.stipulation, inst.rules, problem.options),
                      inst.stipulation,
                      a,
                      {},
                      {},
                      Verdict::Unfinished});
        }
    }
    // In rounds of ROUND runs of each problem at each thread count: the thread counts take turns
    // to go first, and every problem has its runs in every round, so that a load that comes and
    // goes falls on both thread counts and on every problem alike (timed one problem after
    // another, a busy minute fell on one problem's runs alone).
    for (int done = 0, round = 0; done < repeat; done += ROUND, ++round) {
        for (Timed& t : timed) {
            for (int k = 0; k < 2; ++k) {
                const bool one = (k == 0) == (round % 2 == 0);
                AnalysisOptions a = t.analysis;
                a.threads = one ? 1 : threads;
                const char* count = one ? "1 thread" : "N threads";
                if (progress)
                    std::fprintf(stderr, "\r\x1b[K%s, %s: warming up", t.name.c_str(), count);
                for (double warmed = 0; warmed < WARM_UP_SECONDS;)
                    warmed += std::max(analyse(t.diagram, t.stip, a).seconds, 1e-3);
                for (int r = done; r < std::min(done + ROUND, repeat); ++r) {
                    if (progress)
                        std::fprintf(stderr, "\r\x1b[K%s, %s: run %d of %d", t.name.c_str(), count,
                                     r + 1, repeat);
                    Solution s = analyse(t.diagram, t.stip, a);
                    (one ? t.one : t.many).push_back(s.seconds);
                    if (!one) t.verdict = s.verdict;
                }
            }
        }
    }
    if (progress) std::fprintf(stderr, "\r\x1b[K");
    for (Timed& t : timed) {
        std::sort(t.one.begin(), t.one.end());
        std::sort(t.many.begin(), t.many.end());
    }

    for (const std::string& statistic : options.statistics) {
        const double fraction = statistic_fraction(statistic).value_or(0);
        auto figure = [&](const std::vector<double>& sorted) {
            return sorted[std::min(sorted.size() - 1, size_t(fraction * double(sorted.size())))];
        };
        if (options.statistics.size() > 1 || statistic != "best")
            std::printf("%s of %d run%s each:\n", statistic.c_str(), repeat, repeat > 1 ? "s" : "");
        std::printf("%-30s %-6s %9s %9s %8s %-17s%s\n", "problem", "stip", "1 thr s", "N thr s",
                    "speed-up", "verdict",
                    popeye.empty() ? "" : "  Popeye s  Popeye/ours(1)  Popeye/ours(N)");
        double total1 = 0, totaln = 0, total_popeye = 0, total_ours1 = 0, total_oursn = 0;
        for (const Timed& t : timed) {
            const double one = figure(t.one), many = figure(t.many);
            std::printf("%-30s %-6s %9.4f %9.4f %8.2f %-17s", t.name.c_str(), t.stip.text.c_str(),
                        one, many, one / std::max(many, 1e-9), verdict_name(t.verdict));
            total1 += one, totaln += many;
            if (auto it = popeye.find(t.popeye_stem); it != popeye.end()) {
                std::printf("  %8.4f  %14.2f  %14.2f", it->second, it->second / std::max(one, 1e-4),
                            it->second / std::max(many, 1e-4));
                total_popeye += it->second, total_ours1 += one, total_oursn += many;
            }
            std::printf("\n");
        }
        std::printf("%-30s %-6s %9.4f %9.4f %8.2f\n", "total", "", total1, totaln,
                    total1 / std::max(totaln, 1e-9));
        if (total_popeye > 0)
            std::printf("Popeye total %.2f s, ours %.2f s at 1 thread, %.2f s at N threads on the "
                        "same problems: ratio %.2f at 1 thread, %.2f at N\n",
                        total_popeye, total_ours1, total_oursn, total_popeye / total_ours1,
                        total_popeye / total_oursn);
    }
    return status;
}

} // namespace

namespace {

// A file of the project (its source tree, where the build was configured), or "" when the
// binary runs away from its clone.
std::string project_file(const std::string& relative) {
    std::filesystem::path path = std::filesystem::path(DYNAMO_SOURCE_DIR) / relative;
    return std::filesystem::exists(path) ? path.string() : std::string();
}

// The problem files of --suite: a suite's name (folders or files of the project's problems/ and
// tests/data/), a folder (its *.inp and *.pop, sorted), or a file.
std::vector<std::string> suite_files(const std::vector<std::string>& items) {
    // `long`: issue 14's six long orthodox problems, Popeye's (two of them left out of the
    // orthodox suite for taking Popeye more than 10 s).
    static const std::map<std::string, std::vector<std::string>> named = {
        {"orthodox", {"problems/bench-orthodox"}},
        {"dynamo", {"problems/bench-dynamo"}},
        {"dynref", {"problems/dynref-bench.pop"}},
        {"help", {"problems/help-bench.pop"}},
        {"long",
         {"tests/data/popeye/problems/selfref_05.inp", "tests/data/popeye/problems/ep_11.inp",
          "tests/data/popeye/problems/nontriv_06.inp", "tests/data/popeye/problems/nontriv_07.inp",
          "tests/data/popeye/problems/ep_02_noflightlimit.inp",
          "tests/data/popeye/problems/castling_11_nothreatlimit.inp"}}};
    std::vector<std::string> paths;
    for (const std::string& item : items) {
        auto it = named.find(item);
        if (it == named.end() || std::filesystem::exists(item)) {
            paths.push_back(item);
            continue;
        }
        for (const std::string& relative : it->second) {
            std::string path = project_file(relative);
            if (path.empty())
                throw UsageError("--suite " + item + ": the project's " + relative +
                                 " is not here (the binary runs away from its source tree)");
            paths.push_back(path);
        }
    }
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        if (std::filesystem::is_directory(path)) {
            std::vector<std::string> in_folder;
            for (const auto& entry : std::filesystem::directory_iterator(path)) {
                std::string ext = entry.path().extension().string();
                if (entry.is_regular_file() && (ext == ".inp" || ext == ".pop"))
                    in_folder.push_back(entry.path().string());
            }
            std::sort(in_folder.begin(), in_folder.end());
            files.insert(files.end(), in_folder.begin(), in_folder.end());
        } else {
            files.push_back(path);
        }
    }
    return files;
}

} // namespace

std::optional<double> statistic_fraction(const std::string& word) {
    if (word == "best") return 0.0;
    if (word == "median") return 0.5;
    if (word.size() >= 2 && word.size() <= 3 && word[0] == 'p' &&
        std::all_of(word.begin() + 1, word.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        int percent = std::stoi(word.substr(1));
        if (percent >= 1 && percent <= 99) return percent / 100.0;
    }
    return std::nullopt;
}

int run_bench(const CommonOptions& common, const BenchOptions& given) {
    // The reference timings default to the project's own copies (tests/data).
    BenchOptions options = given;
    if (options.popeye_timings.empty())
        options.popeye_timings = project_file("tests/data/popeye/timings.tsv");
    if (options.vchess_timings.empty())
        options.vchess_timings = project_file("tests/data/vchess/timings.tsv");
    if (!options.suite.empty()) {
        options.suite = suite_files(options.suite);
        return guarded(common, [&] { return run_solver_bench(common, options); });
    }
    return guarded(common, [&] {
        const BenchCase cases[] = {
            {"dynamo initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             RuleSet::dynamo_default(), 3, 2},
            {"dynamo castling", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
             RuleSet::dynamo_default(), 3, 2},
            {"dynamo middlegame", "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 0 1",
             RuleSet::dynamo_default(), 3, 2},
            {"vchess initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             RuleSet::vchess(), 3, 2},
            {"vchess castling", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", RuleSet::vchess(), 3, 2},
            {"vchess middlegame", "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 0 1",
             RuleSet::vchess(), 2, 2},
            {"orthodox initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             RuleSet::orthodox(), 6, 4},
            {"orthodox kiwipete",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             RuleSet::orthodox(), 5, 3},
            {"orthodox endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", RuleSet::orthodox(), 6, 4},
        };
        std::map<std::pair<std::string, int>, double> vchess;
        if (!options.vchess_timings.empty()) vchess = read_vchess_timings(options.vchess_timings);
        int threads = common.threads > 0 ? common.threads : 0;

        std::printf("%-20s %5s %12s %9s %9s %10s %9s%s\n", "position", "depth", "leaves", "1 thr s",
                    "M/s", "N thr s", "speed-up", vchess.empty() ? "" : "  vs vchess");
        double sum[2][2] = {}; // [orthodox?][threads]
        uint64_t leaves_sum[2] = {};
        for (const auto& c : cases) {
            Position pos;
            std::string error;
            if (!parse_fen(c.fen, c.rules, pos, &error)) throw std::logic_error(error);
            int depth = options.quick ? c.quick_depth : c.depth;
            // Best of `repeat` runs: the machines are shared, the minimum is the least disturbed.
            auto timed = [&](int workers, uint64_t& leaves) {
                double best = 1e300;
                for (int r = 0; r < std::max(1, options.repeat); ++r) {
                    auto t0 = std::chrono::steady_clock::now();
                    leaves = 0;
                    for (const auto& e : perft_divide(pos, depth, workers)) leaves += e.count;
                    best = std::min(best, seconds_since(t0));
                }
                return best;
            };
            uint64_t n1 = 0, nn = 0;
            double s1 = timed(1, n1);
            double sn = timed(threads, nn);
            if (nn != n1) throw std::logic_error("bench: thread counts disagree");
            bool ortho = !c.rules.is_dynamo();
            sum[ortho][0] += s1, sum[ortho][1] += sn, leaves_sum[ortho] += n1;
            std::printf("%-20s %5d %12llu %9.3f %9.2f %10.3f %9.2f", c.name, depth,
                        (unsigned long long)n1, s1, n1 / s1 / 1e6, sn, s1 / sn);
            auto it = vchess.find({c.fen, depth});
            if (it != vchess.end() && c.rules == RuleSet::vchess())
                std::printf("  %.0fx faster", it->second / s1);
            std::printf("\n");
        }
        for (int ortho = 0; ortho < 2; ++ortho)
            std::printf("%-20s %5s %12llu %9.3f %9.2f %10.3f %9.2f\n",
                        ortho ? "total orthodox" : "total dynamo", "",
                        (unsigned long long)leaves_sum[ortho], sum[ortho][0],
                        leaves_sum[ortho] / sum[ortho][0] / 1e6, sum[ortho][1],
                        sum[ortho][0] / sum[ortho][1]);
        return 0;
    });
}

} // namespace dynamo::cli
