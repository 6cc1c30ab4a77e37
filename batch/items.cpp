#include "items.h"

#include "inputs.h"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace dynamo::batch {

namespace {

bool same(const Diagnostic& a, const Diagnostic& b) {
    return a.line == b.line && a.column == b.column && a.message == b.message;
}

} // namespace

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
            // Duplex: both halves of each instance, counted as twins of the whole problem.
            const size_t halves = problem.options.duplex ? 2 : 1;
            const size_t count = instances.size() * halves;
            int twins = count > 1 ? int(count) : 0;
            for (size_t t = 0; t < count; ++t) {
                ProblemInstance inst = instances[t / halves];
                const bool second = t % halves == 1;
                if (second) inst.label += (inst.label.empty() ? "" : " ") + std::string("duplex:");
                items.push_back({&problem, problem.file, problem.index, std::move(inst), {}, twins,
                                 int(t), second});
            }
        }
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

Batch read_batch(const std::vector<std::string>& paths) {
    Batch batch;
    batch.files = input_files(paths);
    for (const std::string& file : batch.files) batch.reads.push_back(read_problem_file(file));
    batch.items = items_of(batch.reads, batch.files);
    return batch;
}

std::optional<Shard> parse_shard(const std::string& text) {
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
    return Shard{*i, *n};
}

std::vector<Item> shard_items(std::vector<Item> all, Shard shard) {
    // Problems, not items: a problem's twins (consecutive items of one problem) stay together,
    // so that its verdict as a whole is found in one shard.
    std::vector<Item> items;
    size_t problem = 0;
    for (size_t i = 0; i < all.size(); ++i) {
        bool twin_of_previous = i > 0 && all[i].problem && all[i].problem == all[i - 1].problem;
        if (i > 0 && !twin_of_previous) ++problem;
        if (problem % shard.count == shard.index) items.push_back(std::move(all[i]));
    }
    return items;
}

} // namespace dynamo::batch
