// A whole batch check (`dynamo check`): reads the files and folders, runs their problems in
// parallel, prints one line (or JSON object) per problem instance in input order, then the total.
#pragma once

#include "items.h"
#include "runner.h"
#include "summary.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace dynamo::batch {

// How a batch check runs (its settings' `progress`: a progress bar on `err`), which shard of the
// problems it takes, and how it reports.
struct CheckRun {
    RunOptions run;
    Shard shard;
    bool json = false;   // JSON Lines on `out`, the total on `err`
    std::string journal = {}; // set: the journal (journal.h) to resume from and append to
};

// One item reported: its JSON line, and its text line (with the line of the whole problem after
// a twinned problem's last twin).
struct CheckRow {
    std::string json;
    std::string text;
    std::vector<std::string> diagnostics; // the item's errors, said before its line
};
using RowSink = std::function<void(const CheckRow& row)>;

// Checks the items, giving each row to `row` in input order as soon as the rows before it are
// given; `tick` as run_items'. Returns the summary: the totals, the status.
Summary check_items(const std::vector<Item>& items, const CheckRun& options, const RowSink& row,
                    const Tick& tick = {});

// Returns the exit status; throws JournalError for a journal that cannot be used (docs/format.md: 0
// all as expected, 1 not, 2 bad input, 3 unfinished).
int check(const std::vector<std::string>& paths, const CheckRun& options, std::ostream& out,
          std::ostream& err);

} // namespace dynamo::batch
