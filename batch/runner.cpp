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
    const HashShare share = hash_share(int(options.settings.resources.hash_mb), n, budget);

    std::mutex mutex;
    std::condition_variable ready;
    std::vector<std::optional<ItemReport>> results(n);
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
