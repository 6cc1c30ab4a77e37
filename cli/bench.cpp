// `dynamo bench`: the move generator's speed (perft on fixed positions), or the solver's on a
// suite of problems (--suite), at one thread and at N.

#include "commands.h"

#include "settings.h"
#include "usage.h"

#include "format/base/fen.h"
#include "format/input/problem_reader.h"
#include "solver/analysis/analysis.h"
#include "solver/rules/perft.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace dynamo::cli {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> tab_fields(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) out.push_back(f);
    return out;
}

// The folder of the project's data: --data; else beside an installed program (<prefix>/bin/dynamo
// reads <prefix>/share/dynamo); else the source tree it was built in (<clone>/build/dynamo reads
// <clone>, which holds problems/bench-orthodox). Empty when there is none.
fs::path data_root(const std::string& given) {
    if (!given.empty()) return given;
    std::error_code error;
    const fs::path program = fs::read_symlink("/proc/self/exe", error);
    if (error) return {};
    const fs::path above = program.parent_path().parent_path();
    if (fs::is_directory(above / "share" / "dynamo" / "problems", error))
        return above / "share" / "dynamo";
    if (fs::is_directory(above / "problems" / "bench-orthodox", error)) return above;
    return {};
}

// A file of the data (`relative` to its root), or "" when it is not there.
std::string data_file(const fs::path& root, const std::string& relative) {
    if (root.empty()) return "";
    const fs::path path = root / relative;
    return fs::exists(path) ? path.string() : std::string();
}

// The problem files of --suite: a suite's name (under the data's problems/), a folder (its *.inp
// and *.pop, sorted), or a file. A folder's own Popeye timings (popeye-timings.tsv, for problems
// not in the project's copy of his timings) go to `timings`.
std::vector<std::string> suite_files(const std::vector<std::string>& items, const std::string& data,
                                     std::vector<std::string>& timings) {
    static const std::map<std::string, std::string> named = {
        {"orthodox", "problems/bench-orthodox"}, {"dynamo", "problems/bench-dynamo"},
        {"dynref", "problems/dynref-bench.pop"}, {"help", "problems/help-bench.pop"},
        {"long", "problems/bench-long"},         {"helpmate", "problems/bench-orthodox/helpmate"}};
    std::vector<std::string> paths;
    for (const std::string& item : items) {
        auto it = named.find(item);
        if (it == named.end() || fs::exists(item)) {
            paths.push_back(item);
            continue;
        }
        const fs::path root = data_root(data);
        if (root.empty())
            throw UsageError("--suite " + item +
                             ": the project's data is not beside the program; give its folder "
                             "(the one holding problems/) with --data DIR");
        std::string path = data_file(root, it->second);
        if (path.empty())
            throw UsageError("--suite " + item + ": " + (root / it->second).string() +
                             " is not there (--data names the folder holding problems/)");
        paths.push_back(path);
    }
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        if (fs::is_directory(path)) {
            if (fs::exists(fs::path(path) / "popeye-timings.tsv"))
                timings.push_back((fs::path(path) / "popeye-timings.tsv").string());
            std::vector<std::string> in_folder;
            for (const auto& entry : fs::directory_iterator(path)) {
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

// Popeye's finest figure for each problem (by file stem): the high-resolution minimum where the
// file has it (wall_s is rounded to 10 ms), else the median, else wall_s.
std::map<std::string, double> read_popeye_timings(const std::string& path) {
    std::map<std::string, double> popeye;
    if (path.empty()) return popeye;
    std::ifstream in(path);
    if (!in) throw UsageError("--popeye-timings: cannot read '" + path + "'");
    std::vector<std::string> header;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> row = tab_fields(line);
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
    return popeye;
}

std::map<std::pair<std::string, int>, double> read_vchess_timings(const std::string& path) {
    std::map<std::pair<std::string, int>, double> timings;
    std::ifstream in(path);
    if (!in) throw UsageError("--vchess-timings: cannot read '" + path + "'");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.starts_with("fen\t")) continue;
        std::vector<std::string> f = tab_fields(line);
        if (f.size() >= 4) timings[{f[0], std::stoi(f[1])}] = std::stod(f[3]);
    }
    return timings;
}

// One problem of a suite and its timed runs.
struct Timed {
    std::string name, popeye_stem;
    Position diagram;
    Stipulation stip;
    AnalysisOptions analysis;
    std::vector<double> one, many; // seconds, at 1 and at N threads, sorted once timed
    Verdict verdict;
};

// The diagram of each problem of the files (twins aside); the files' errors on stderr, and
// `status` 2 if there were any (bad input, as for solve).
std::vector<Timed> suite_problems(const std::vector<std::string>& suite,
                                  const batch::Settings& settings, int& status) {
    std::vector<Timed> timed;
    for (const std::string& file : suite) {
        ReadResult read = read_problem_file(file);
        for (const Diagnostic& d : read.errors) std::fprintf(stderr, "%s\n", d.text().c_str());
        if (!read.errors.empty()) status = 2;
        std::string stem = fs::path(file).stem().string();
        for (const Problem& problem : read.problems) {
            if (!problem.ok()) continue;
            std::vector<ProblemInstance> instances = problem_instances(problem);
            const ProblemInstance& inst = instances.front();
            timed.push_back(
                Timed{read.problems.size() > 1 ? stem + "#" + std::to_string(problem.index) : stem,
                      stem,
                      problem_position(inst.pieces, inst.stipulation, inst.rules, problem.options),
                      inst.stipulation,
                      batch::analysis_options(settings, problem.options),
                      {},
                      {},
                      Verdict::Unfinished});
        }
    }
    return timed;
}

// The runs go in rounds of ROUND runs of each problem at each thread count, the thread counts
// taking turns to go first, so that a load that comes and goes on a shared machine falls on both
// thread counts and on every problem alike (timed one problem after another, a busy minute falls
// on one problem's runs alone). Each problem's runs in a round follow untimed ones for
// WARM_UP_SECONDS: on the project's virtual machines a process's first tenth of a second or so of
// 2-thread solving often got about one core's worth of time (its CPU time no more than its wall
// time), seemingly again after a pause at one thread, and first runs are slower anyway (caches,
// page faults).
void time_suite(std::vector<Timed>& timed, int threads, int repeat) {
    constexpr double WARM_UP_SECONDS = 0.3;
    constexpr int ROUND = 5;
    const bool progress = isatty(STDERR_FILENO);
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
}

// The table of one statistic of the runs, with Popeye's figures where there are any.
void print_suite_table(const std::vector<Timed>& timed, const std::string& statistic,
                       const BenchOptions& options, const std::map<std::string, double>& popeye) {
    const int repeat = std::max(1, options.repeat);
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
        std::printf("%-30s %-6s %9.4f %9.4f %8.2f %-17s", t.name.c_str(), t.stip.text.c_str(), one,
                    many, one / std::max(many, 1e-9), verdict_name(t.verdict));
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

// The solver on a suite of problem files: time per problem at 1 and N threads, totals; each
// requested statistic of the timed runs gets a table of its own.
int run_solver_bench(batch::Settings settings, const BenchOptions& options) {
    std::map<std::string, double> popeye = read_popeye_timings(options.popeye_timings);
    for (const std::string& path : options.suite_popeye_timings)
        for (const auto& [name, seconds] : read_popeye_timings(path)) popeye[name] = seconds;
    settings.resources.max_seconds = options.max_seconds;
    int status = 0;
    std::vector<Timed> timed = suite_problems(options.suite, settings, status);
    time_suite(timed, settings.resources.threads, std::max(1, options.repeat));
    for (const std::string& statistic : options.statistics)
        print_suite_table(timed, statistic, options, popeye);
    return status;
}

struct BenchCase {
    const char* name;
    const char* fen;
    RuleSet rules;
    int depth;
    int quick_depth;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The move generator: perft on nine fixed positions, at 1 and N threads.
int run_perft_bench(const batch::Settings& settings, const BenchOptions& options) {
    const BenchCase cases[] = {
        {"dynamo initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         RuleSet::dynamo_default(), 3, 2},
        {"dynamo castling", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", RuleSet::dynamo_default(),
         3, 2},
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
        {"orthodox endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", RuleSet::orthodox(), 6,
         4},
    };
    std::map<std::pair<std::string, int>, double> vchess;
    if (!options.vchess_timings.empty()) vchess = read_vchess_timings(options.vchess_timings);
    const int threads = settings.resources.threads;

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
    return guarded(common, [&] {
        const batch::Settings settings = settings_from(common);
        // The reference timings default to the project's own copies (tests/data), when the data
        // is a source tree that has them.
        BenchOptions options = given;
        const fs::path root = data_root(options.data);
        if (options.popeye_timings.empty())
            options.popeye_timings = data_file(root, "tests/data/popeye/timings.tsv");
        if (options.vchess_timings.empty())
            options.vchess_timings = data_file(root, "tests/data/vchess/timings.tsv");
        if (options.suite.empty()) return run_perft_bench(settings, options);
        options.suite = suite_files(options.suite, options.data, options.suite_popeye_timings);
        return run_solver_bench(settings, options);
    });
}

} // namespace dynamo::cli
