// `dynamo check PATH...`: batch-checks problem files and folders. One line (or JSON object) per
// problem instance, printed in input order while the problems are analysed in parallel.

#include "commands.h"

#include "format/fen.h"
#include "format/problem_reader.h"
#include "format/report_json.h"
#include "format/report_text.h"
#include "solver/analysis.h"
#include "solver/tt.h"

#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>

namespace dynamo::cli {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// ------------------------------------------------------------------------------------------
// Inputs

// In folders: *.pop and *.inp, and *.txt only when it looks like a problem file (a folder of
// notes must not turn into a pile of errors).
bool is_problem_file(const fs::path& path) {
    std::string ext = lower(path.extension().string());
    if (ext == ".pop" || ext == ".inp") return true;
    if (ext != ".txt") return false;
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return lower(text).find("begin") != std::string::npos;
}

// Files in command-line order, each folder's files sorted by path; a path that is no folder is
// taken as a file whatever its name (the reader reports it if it cannot be read).
std::vector<std::string> input_files(const std::vector<std::string>& paths) {
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        std::error_code ec;
        if (!fs::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        std::vector<std::string> found;
        const auto skip = fs::directory_options::skip_permission_denied;
        for (fs::recursive_directory_iterator it(path, skip, ec), end; !ec && it != end;
             it.increment(ec))
            if (it->is_regular_file(ec) && is_problem_file(it->path()))
                found.push_back(it->path().string());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

// One line of the report: a problem instance to analyse, or a problem (or a whole file) that
// cannot be.
struct Item {
    const Problem* problem = nullptr; // null: an error of the file itself (unreadable, ...)
    std::string file;
    int index = 0;                           // in the file, 1-based; 0 for the file itself
    std::optional<ProblemInstance> instance; // set: to analyse
    std::vector<Diagnostic> errors;          // a malformed problem, or the file's own errors
    int twins = 0;                           // the problem's instances (its twins), if > 1
    int twin = 0;                            // which of them this is
};

bool same(const Diagnostic& a, const Diagnostic& b) {
    return a.line == b.line && a.column == b.column && a.message == b.message;
}

std::vector<Item> items_of(const std::vector<ReadResult>& reads,
                           const std::vector<std::string>& files) {
    std::vector<Item> items;
    for (size_t f = 0; f < reads.size(); ++f) {
        const ReadResult& read = reads[f];
        for (const Problem& problem : read.problems) {
            if (!problem.ok()) {
                items.push_back(
                    {&problem, problem.file, problem.index, std::nullopt, problem.errors});
                continue;
            }
            std::vector<ProblemInstance> instances = problem_instances(problem);
            int twins = instances.size() > 1 ? int(instances.size()) : 0;
            for (size_t t = 0; t < instances.size(); ++t)
                items.push_back({&problem, problem.file, problem.index, std::move(instances[t]), {},
                                 twins, int(t)});
        }
        // Errors outside any problem (the file is unreadable, empty, lacks `endproblem`...) make
        // one line of their own, after the file's problems.
        Item own{nullptr, files[f], 0, std::nullopt, {}};
        for (const Diagnostic& d : read.errors) {
            bool in_problem =
                std::any_of(read.problems.begin(), read.problems.end(), [&](const Problem& p) {
                    return std::any_of(p.errors.begin(), p.errors.end(),
                                       [&](const Diagnostic& e) { return same(d, e); });
                });
            if (!in_problem) own.errors.push_back(d);
        }
        if (!own.errors.empty()) items.push_back(std::move(own));
    }
    return items;
}

// "I/N", 0 <= I < N.
std::optional<std::pair<size_t, size_t>> parse_shard(const std::string& text) {
    size_t slash = text.find('/');
    if (slash == std::string::npos) return std::nullopt;
    auto number = [](std::string_view s) -> std::optional<size_t> {
        size_t v = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
        return v;
    };
    auto i = number(std::string_view(text).substr(0, slash));
    auto n = number(std::string_view(text).substr(slash + 1));
    if (!i || !n || *n == 0 || *i >= *n) return std::nullopt;
    return std::pair{*i, *n};
}

// ------------------------------------------------------------------------------------------
// Checking one item

struct Outcome {
    std::string verdict; // verdict_name(), "unsupported" or "error"
    double seconds = 0;
    std::string detail; // after the time on the text line
    std::string json;   // the JSON line
    int status = 0;     // exit status it calls for
    std::optional<Verdict> solution; // the analysis' verdict, when it was analysed
    bool differs = false;            // not the verdict the file certifies (remark verdict: X)
};

struct Context {
    const CommonOptions& common;
    const SolveOptions& solve;
    Language lang;
    std::optional<RuleSet> rules_override;
    int hash_mb = 64; // each problem's share of --hash
};

// The same options `solve` uses, so that both give the same verdicts; progress is ours.
AnalysisOptions analysis_options(const Context& ctx, const ProblemOptions& problem, int threads) {
    AnalysisOptions a = analysis_options_for(problem);
    a.tries |= ctx.solve.tries;
    a.variations |= ctx.solve.variations;
    a.threads = threads;
    a.hash_mb = size_t(ctx.hash_mb);
    a.max_seconds = ctx.solve.max_seconds;
    a.interrupt = &interrupted();
    // A verdict needs no more solutions than one beyond those intended: a random position can
    // have millions. (solve lists them all.)
    if (a.max_solutions == 0) a.max_solutions = a.intended + 1;
    return a;
}

int status_of(const std::string& verdict) {
    if (verdict == "sound" || verdict == "sound, with duals") return 0;
    if (verdict == "error") return 2;
    if (verdict == "unfinished") return 3;
    return 1; // not sound, or not checked (unsupported)
}

// A verdict the file certifies (`remark verdict: X`) replaces "sound" as what is expected: a
// problem cooked on purpose is fine when certified cooked, a sound one certified cooked is not.
// For twins the whole problem's verdict is compared (where it is printed), each twin only
// reports what stops the run.
int certified_status(const std::string& verdict, Verdict expected, bool whole, bool& differs) {
    if (verdict == "error" || verdict == "unfinished") return status_of(verdict);
    differs = whole && verdict != verdict_name(expected);
    if (verdict == "unsupported") return 1;
    return differs ? 1 : 0;
}

std::string differs_text(Verdict expected) {
    return std::string("DIFFERS from the certified verdict: ") + verdict_name(expected);
}

std::string joined(const std::vector<std::string>& words, const char* separator = " ") {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

std::string detail_of(const Position& diagram, const Solution& s, Language lang) {
    if (s.helpmate()) {
        size_t n = size_t(s.solutions);
        std::string count = (s.solutions_capped ? "at least " : "") + std::to_string(n) +
                            (n == 1 ? " solution" : " solutions");
        switch (s.verdict) {
        case Verdict::Sound: return help_line_text(diagram, s.help_lines[0], lang);
        case Verdict::Cooked:
        case Verdict::Incomplete: return count + ", " + std::to_string(s.intended) + " intended";
        case Verdict::Short:
            return "shorter: " + help_line_text(diagram, s.short_lines[0], lang);
        case Verdict::Illegal: return s.illegal_reason;
        case Verdict::Unfinished:
            return std::to_string(s.first_moves_done) + " of " + std::to_string(s.first_moves_total) +
                   " first moves examined; " + count + " so far";
        default: return "";
        }
    }
    std::vector<std::string> keys, shorter;
    for (const RootMove& r : s.root) {
        if (r.kind != RootMove::Kind::Key) continue;
        keys.push_back(move_text(diagram, r.play.move, lang));
        if (r.play.length < s.stipulation.moves)
            shorter.push_back(keys.back() + " in " + std::to_string(r.play.length));
    }
    switch (s.verdict) {
    case Verdict::Sound: return "key " + joined(keys);
    case Verdict::SoundWithDuals:
        return "key " + joined(keys) + ", " + std::to_string(s.duals.size()) +
               (s.duals.size() == 1 ? " dual" : " duals");
    case Verdict::Cooked: return "keys " + joined(keys);
    case Verdict::Short: return "shorter: " + joined(shorter, ", ");
    case Verdict::Illegal: return s.illegal_reason;
    case Verdict::Unfinished:
        return std::to_string(s.first_moves_done) + " of " + std::to_string(s.first_moves_total) +
               " first moves examined";
    default: return "";
    }
}

Outcome error_outcome(const Item& item) {
    nlohmann::json j;
    j["file"] = item.file;
    j["index"] = item.index;
    if (item.problem) j["title"] = item.problem->title();
    j["verdict"] = "error";
    nlohmann::json errors = nlohmann::json::array();
    for (const Diagnostic& d : item.errors) errors.push_back(d.text());
    j["errors"] = errors;
    const Diagnostic& first = item.errors.front();
    std::string detail =
        (first.line > 0 ? "line " + std::to_string(first.line) + ": " : "") + first.message;
    return {"error", 0, detail, json_line(j), 2, std::nullopt};
}

Outcome check_item(const Item& item, int threads, const Context& ctx) {
    if (!item.instance) return error_outcome(item);
    const Problem& problem = *item.problem;
    const ProblemInstance& inst = *item.instance;
    RuleSet rules = ctx.rules_override ? *ctx.rules_override : inst.rules;
    Position diagram = problem_position(inst.pieces, inst.stipulation, rules, problem.options);

    Solution solution;
    std::string reason;
    if (!inst.stipulation.solvable()) {
        reason = inst.stipulation.text + " is not supported yet (hs#N is read, not solved)";
        solution.stipulation = inst.stipulation;
    } else if (interrupted().load()) {
        solution.stipulation = inst.stipulation; // skipped after Ctrl-C
        solution.verdict = Verdict::Unfinished;
        solution.finished = false;
    } else {
        solution =
            analyse(diagram, inst.stipulation, analysis_options(ctx, problem.options, threads));
    }

    nlohmann::json j = solution_json(problem, inst.label, diagram, solution, ctx.lang);
    j["fen"] = to_fen(diagram);
    const bool whole = item.twins == 0; // else the last twin carries the problem's verdict
    if (problem.expected_verdict && whole)
        j["expected_verdict"] = verdict_name(*problem.expected_verdict);
    Outcome out;
    if (!reason.empty()) {
        // Same fields as a checked problem, so that readers need no special case.
        j["verdict"] = out.verdict = "unsupported";
        j["finished"] = false;
        j["reason"] = out.detail = reason;
    } else {
        out.verdict = verdict_name(solution.verdict);
        out.detail = detail_of(diagram, solution, ctx.lang);
    }
    // A verdict within Popeye's search restrictions is not the whole truth: say so.
    if (solution.restrictions.any())
        out.detail += (out.detail.empty() ? "" : "; ") + std::string("restricted by ") +
                      restrictions_text(solution.restrictions);
    // An option read but not acted on may change the answer (CastlingMutuallyExclusive): say so.
    if (!problem.options.ignored.empty())
        out.detail += (out.detail.empty() ? "" : "; ") + std::string("ignored option ") +
                      joined(problem.options.ignored, ", ");
    out.seconds = solution.seconds;
    if (reason.empty()) out.solution = solution.verdict;
    out.json = json_line(j);
    out.status = status_of(out.verdict);
    if (problem.expected_verdict) {
        out.status = certified_status(out.verdict, *problem.expected_verdict, whole, out.differs);
        if (out.differs) out.detail += "; " + differs_text(*problem.expected_verdict);
    }
    return out;
}

// ------------------------------------------------------------------------------------------
// Output

// Display width of UTF-8 text (titles carry umlauts): code points, not bytes.
size_t width(const std::string& s) {
    return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string padded(const std::string& s, size_t w) {
    return s + std::string(w - std::min(w, width(s)), ' ');
}

std::string location(const Item& item) {
    if (!item.problem) return item.file;
    std::string loc = item.file + ":" + std::to_string(item.index);
    if (item.instance && !item.instance->label.empty()) loc += " " + item.instance->label;
    return loc;
}

std::string title_of(const Item& item) {
    if (!item.problem) return "";
    return item.problem->title().empty() ? item.problem->author() : item.problem->title();
}

std::string stipulation_of(const Item& item) {
    if (item.instance) return item.instance->stipulation.text;
    return item.problem && item.problem->has_stipulation ? item.problem->stipulation.text : "-";
}

struct Columns {
    size_t location = 0, title = 0, stipulation = 0;
};

Columns columns_of(const std::vector<Item>& items) {
    Columns c;
    for (const Item& item : items) {
        c.location = std::max(c.location, width(location(item)));
        c.title = std::max(c.title, width(title_of(item)));
        c.stipulation = std::max(c.stipulation, width(stipulation_of(item)));
    }
    c.title = std::min<size_t>(c.title, 32); // a long title pushes its own line only
    return c;
}

std::string text_line(const Item& item, const Outcome& out, const Columns& c) {
    char time[32];
    std::snprintf(time, sizeof time, "%7.2f s", out.seconds);
    std::string line = padded(location(item), c.location) + "  " + padded(title_of(item), c.title) +
                       "  " + padded(stipulation_of(item), c.stipulation) + "  " +
                       padded(out.verdict, 17) + time; // 17: "sound, with duals"
    if (!out.detail.empty()) line += "  " + out.detail;
    return line;
}

// "41 problems: 20 sound, 2 sound with duals, 8 cooked, ..., 2 errors in 1.23 s"
std::string total_line(const std::vector<Outcome>& outcomes, size_t differing, double seconds) {
    static const std::pair<const char*, const char*> kinds[] = {
        {"sound", "sound"},
        {"sound, with duals", "sound with duals"},
        {"cooked", "cooked"},
        {"short", "short"},
        {"no solution", "no solution"},
        {"illegal", "illegal"},
        {"incomplete", "incomplete"},
        {"unfinished", "unfinished"},
        {"unsupported", "unsupported"}};
    std::vector<std::string> parts;
    for (auto [verdict, shown] : kinds) {
        auto n = std::count_if(outcomes.begin(), outcomes.end(),
                               [&](const Outcome& o) { return o.verdict == verdict; });
        if (n > 0) parts.push_back(std::to_string(n) + " " + shown);
    }
    auto errors = std::count_if(outcomes.begin(), outcomes.end(),
                                [](const Outcome& o) { return o.verdict == "error"; });
    if (errors > 0) parts.push_back(std::to_string(errors) + (errors == 1 ? " error" : " errors"));
    if (differing > 0)
        parts.push_back(std::to_string(differing) + " not as certified");
    char time[32];
    std::snprintf(time, sizeof time, " in %.2f s", seconds);
    return std::to_string(outcomes.size()) + (outcomes.size() == 1 ? " problem" : " problems") +
           (parts.empty() ? "" : ": " + joined(parts, ", ")) + time;
}

// Problems done / total, elapsed time and an estimate of what remains, on one stderr line.
class ProgressBar {
  public:
    explicit ProgressBar(bool enabled) : enabled_(enabled) {}

    void draw(size_t done, size_t total, double elapsed) {
        if (!enabled_ || total == 0) return;
        constexpr size_t W = 30;
        size_t filled = W * done / total;
        char text[128];
        int n = std::snprintf(text, sizeof text, "\r[%s%s] %zu/%zu  %.1f s",
                              std::string(filled, '#').c_str(),
                              std::string(W - filled, '.').c_str(), done, total, elapsed);
        std::string line(text, size_t(std::max(n, 0)));
        if (done > 0 && done < total) {
            std::snprintf(text, sizeof text, "  ETA %.0f s",
                          elapsed / double(done) * double(total - done));
            line += text;
        }
        std::cerr << line << "\033[K" << std::flush;
        shown_ = true;
    }

    void clear() {
        if (shown_) std::cerr << "\r\033[K" << std::flush;
        shown_ = false;
    }

  private:
    bool enabled_;
    bool shown_ = false;
};

// Exit status (docs/format.md): where several apply, the highest wins in the order 2, 3, 1.
int combine(int a, int b) {
    auto rank = [](int s) { return s == 2 ? 3 : s == 3 ? 2 : s == 1 ? 1 : 0; };
    return rank(a) >= rank(b) ? a : b;
}

} // namespace

HashShare hash_share(int hash_mb, size_t problems, int threads) {
    // Tables are separate (a fact proven for one problem is no fact for another); the smallest
    // is 1 MB, so no more problems run at once than --hash has megabytes.
    int at_once = int(std::max<size_t>(1, std::min({problems, size_t(std::max(threads, 1)),
                                                    size_t(std::max(hash_mb, 1))})));
    return {at_once, std::max(1, hash_mb / at_once)};
}

int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options) {
    auto start = Clock::now();
    Context ctx{common, solve, Language::English, std::nullopt, solve.hash_mb};
    std::optional<std::pair<size_t, size_t>> shard{{0, 1}};
    try {
        ctx.lang = language_from(common);
        if (common.rules_given) ctx.rules_override = rules_from(common);
        if (!options.shard.empty()) shard = parse_shard(options.shard);
        if (!shard)
            throw UsageError("--shard: expected I/N with 0 <= I < N (e.g. 0/4), found '" +
                             options.shard + "'");
    } catch (const UsageError& e) {
        print_error(e.what());
        return 2;
    }
    install_interrupt_handler();

    std::vector<std::string> files = input_files(options.paths);
    std::vector<ReadResult> reads;
    for (const std::string& file : files) reads.push_back(read_problem_file(file));
    std::vector<Item> all = items_of(reads, files);
    // Every shard counts the same list, so the shards together are the unsharded run.
    std::vector<Item> items;
    for (size_t i = shard->first; i < all.size(); i += shard->second)
        items.push_back(std::move(all[i]));

    // Up to `threads` problems at once, one thread each; the last one to start takes whatever
    // threads the others leave, so a lone long problem is not left on one thread.
    const size_t n = items.size();
    const int budget =
        common.threads > 0 ? common.threads : tbb::this_task_arena::max_concurrency();
    const HashShare share = hash_share(solve.hash_mb, n, budget);
    ctx.hash_mb = share.per_problem_mb;
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<std::optional<Outcome>> results(n);
    size_t next = 0, done = 0;
    int running = 0;
    auto worker = [&] {
        for (;;) {
            size_t i;
            int threads = 1;
            {
                std::lock_guard lock(mutex);
                if (next == n) return;
                i = next++;
                if (next == n) threads = std::max(1, budget - running);
                ++running;
            }
            Outcome out;
            try {
                out = check_item(items[i], threads, ctx);
            } catch (const std::exception& e) {
                // A table that cannot be mapped is --hash's doing, anything else ours.
                bool table = dynamic_cast<const TableAllocationError*>(&e) != nullptr;
                out = {"error", 0, (table ? "" : "internal error: ") + error_message(e), "", 2,
                       std::nullopt};
                out.json = json_line(nlohmann::json{{"file", items[i].file},
                                                    {"index", items[i].index},
                                                    {"verdict", "error"},
                                                    {"errors", nlohmann::json::array({out.detail})}});
            }
            {
                std::lock_guard lock(mutex);
                results[i] = std::move(out);
                ++done;
                --running;
            }
            ready.notify_one();
        }
    };
    std::vector<std::jthread> workers;
    for (int w = 0; w < share.problems_at_once; ++w) workers.emplace_back(worker);

    // This thread prints, in input order, each result as soon as those before it are printed.
    ProgressBar bar(isatty(STDERR_FILENO) && !solve.quiet);
    const Columns columns = columns_of(items);
    std::vector<Outcome> outcomes;
    std::vector<Verdict> twin_verdicts; // of the problem being printed, while it has twins
    int status = 0;
    size_t differing = 0; // problems whose verdict is not the certified one
    while (outcomes.size() < n) {
        std::vector<Outcome> batch;
        size_t done_now;
        {
            std::unique_lock lock(mutex);
            ready.wait_for(lock, std::chrono::milliseconds(250),
                           [&] { return results[outcomes.size()].has_value(); });
            for (size_t i = outcomes.size(); i < n && results[i]; ++i)
                batch.push_back(std::move(*results[i]));
            done_now = done;
        }
        if (!batch.empty()) bar.clear();
        for (Outcome& out : batch) {
            const Item& item = items[outcomes.size()];
            for (const Diagnostic& d : item.errors) std::cerr << d.text() << "\n";
            // Twins: each has its line; after the last, the problem's verdict, the gravest.
            std::optional<Verdict> problem_verdict;
            if (item.twins > 1) {
                if (out.solution) twin_verdicts.push_back(*out.solution);
                if (item.twin == item.twins - 1) {
                    if (int(twin_verdicts.size()) == item.twins)
                        problem_verdict = combined_verdict(twin_verdicts);
                    twin_verdicts.clear();
                }
            }
            const std::optional<Verdict> certified =
                item.problem ? item.problem->expected_verdict : std::nullopt;
            bool problem_differs = false;
            if (problem_verdict && certified) {
                problem_differs = *problem_verdict != *certified;
                if (problem_differs) status = combine(status, 1);
            }
            differing += out.differs || problem_differs;
            if (solve.json) {
                if (problem_verdict) {
                    auto j = nlohmann::json::parse(out.json);
                    j["problem_verdict"] = verdict_name(*problem_verdict);
                    if (certified) j["expected_verdict"] = verdict_name(*certified);
                    out.json = json_line(j);
                }
                std::cout << out.json << "\n";
            } else {
                std::cout << text_line(item, out, columns) << "\n";
                if (problem_verdict)
                    std::cout << padded(item.file + ":" + std::to_string(item.index), columns.location)
                              << "  " << padded(title_of(item), columns.title) << "  "
                              << padded("", columns.stipulation) << "  "
                              << padded(verdict_name(*problem_verdict), 17)
                              << "          the whole problem, " << item.twins << " twins"
                              << (problem_differs ? "; " + differs_text(*certified) : "") << "\n";
            }
            status = combine(status, out.status);
            outcomes.push_back(std::move(out));
        }
        std::cout.flush();
        bar.draw(done_now, n, seconds_since(start));
    }
    workers.clear(); // joins; all have finished their last item
    bar.clear();

    std::string total = total_line(outcomes, differing, seconds_since(start));
    (solve.json ? std::cerr : std::cout) << total << "\n";
    std::cout.flush();
    return status;
}

} // namespace dynamo::cli
