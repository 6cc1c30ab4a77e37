#include "runner.h"

#include "solver/search/tt.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace dynamo::batch {

HashShare hash_share(int hash_mb, size_t problems, int threads) {
    // Tables are separate (a fact proven for one problem is no fact for another); the smallest
    // is 1 MB, so no more problems run at once than --hash has megabytes.
    int at_once = int(std::max<size_t>(
        1, std::min({problems, size_t(std::max(threads, 1)), size_t(std::max(hash_mb, 1))})));
    return {at_once, std::max(1, hash_mb / at_once)};
}

void run_items(const std::vector<Item>& items, const RunOptions& options, const Deliver& deliver,
               const Tick& tick) {
    const size_t n = items.size();
    const int budget = options.settings.resources.threads;

    std::mutex mutex, finish_mutex;
    std::condition_variable ready;
    std::vector<std::optional<ItemReport>> results(n);
    // Items known already (a journal's) are not analysed again.
    std::vector<size_t> todo;
    size_t next = 0, done = 0;
    for (size_t i = 0; i < n; ++i) {
        if (options.known) results[i] = options.known(i);
        if (results[i])
            ++done;
        else
            todo.push_back(i);
    }
    const HashShare share = hash_share(int(options.settings.resources.hash_mb),
                                       std::max<size_t>(todo.size(), 1), budget);
    int running = 0;
    auto worker = [&] {
        for (;;) {
            size_t i;
            int threads = 1;
            {
                std::lock_guard lock(mutex);
                if (next == todo.size()) return;
                i = todo[next++];
                if (next == todo.size()) threads = std::max(1, budget - running);
                ++running;
            }
            Settings settings = options.settings;
            settings.resources.threads = threads;
            settings.resources.hash_mb = size_t(share.per_problem_mb);
            ItemReport out;
            try {
                out = check_item(items[i], settings);
            } catch (const std::exception& e) {
                // A table that cannot be mapped is the memory bound's doing, anything else ours.
                bool table = dynamic_cast<const TableAllocationError*>(&e) != nullptr;
                out = failed_report(
                    items[i], (table ? "" : "internal error: ") +
                                  (options.describe ? options.describe(e) : std::string(e.what())));
            }
            if (options.finished) {
                std::lock_guard lock(finish_mutex);
                options.finished(i, out);
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

    // This thread delivers, in input order, each result as soon as those before it are.
    size_t delivered = 0;
    while (delivered < n) {
        std::vector<ItemReport> round;
        size_t done_now;
        {
            std::unique_lock lock(mutex);
            ready.wait_for(lock, std::chrono::milliseconds(250),
                           [&] { return results[delivered].has_value(); });
            for (size_t i = delivered; i < n && results[i]; ++i)
                round.push_back(std::move(*results[i]));
            done_now = done;
        }
        for (ItemReport& out : round) deliver(delivered++, out);
        if (tick) tick(done_now, n);
    }
    workers.clear(); // joins; all have finished their last item
}

} // namespace dynamo::batch
