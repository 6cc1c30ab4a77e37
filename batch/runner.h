// Running a batch's items in parallel, each with its own transposition table, and handing the
// reports back in input order.
#pragma once

#include "item_report.h"
#include "settings.h"

#include <exception>
#include <functional>
#include <optional>
#include <vector>

namespace dynamo::batch {

// The memory bound (--hash) is the whole process's: problems run side by side share it. How many
// at once (at most `threads`, at most one per MB), and each one's MB.
struct HashShare {
    int problems_at_once = 1;
    int per_problem_mb = int(DEFAULT_HASH_MB);
};
HashShare hash_share(int hash_mb, size_t problems, int threads);

struct RunOptions {
    // Its threads and table are the whole batch's: each problem gets its share (one thread, the
    // last to start those the others leave; hash_share()).
    Settings settings;
    // What an item whose analysis throws reports (after "internal error: " unless a table could
    // not be mapped); default: the exception's what().
    std::function<std::string(const std::exception&)> describe;
    // The report of an item known already (a journal's), which is then not analysed; and what to
    // do with each item analysed as it finishes (on its worker thread, one at a time).
    std::function<std::optional<ItemReport>(size_t index)> known;
    std::function<void(size_t index, const ItemReport& report)> finished;
};

// Called on the calling thread, once per item, in input order, as soon as the items before it
// are delivered.
using Deliver = std::function<void(size_t index, ItemReport& report)>;
// Called on the calling thread after each round of deliveries and at least every quarter second:
// items finished so far (in any order), and all.
using Tick = std::function<void(size_t done, size_t total)>;

// Analyses every item, up to the settings' threads at once, one thread each; the last one to start
// takes the threads the others leave, so that a lone long problem is not left on one thread.
void run_items(const std::vector<Item>& items, const RunOptions& options, const Deliver& deliver,
               const Tick& tick = {});

} // namespace dynamo::batch
