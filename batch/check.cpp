#include "check.h"

#include "journal.h"
#include "report.h"
#include "summary.h"

#include <atomic>
#include <chrono>
#include <memory>

namespace dynamo::batch {

Summary check_items(const std::vector<Item>& items, const CheckRun& options, const RowSink& row,
                    const Tick& tick) {
    Columns columns = columns_of(items);
    columns.lang = options.run.settings.lang;
    Summary summary;
    summary.set_language(columns.lang);
    auto deliver = [&](size_t i, ItemReport& report) {
        const Item& item = items[i];
        ProblemEnd end = summary.add(item, report);
        CheckRow r{json_report_line(item, report, end), text_line(item, report, columns), {}};
        for (const Diagnostic& d : item.errors) r.diagnostics.push_back(d.text(columns.lang));
        if (end.verdict) r.text += "\n" + problem_line(item, end, columns);
        row(r);
    };
    run_items(items, options.run, deliver, tick);
    return summary;
}

int check(const std::vector<std::string>& paths, const CheckRun& options, std::ostream& out,
          std::ostream& err) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };

    Batch batch = read_batch(paths);
    const std::vector<Item> items = shard_items(std::move(batch.items), options.shard);

    ProgressBar bar(options.run.settings.progress, err, options.run.settings.lang);
    auto row = [&](const CheckRow& r) {
        bar.clear();
        for (const std::string& d : r.diagnostics) err << d << "\n";
        out << (options.json ? r.json : r.text) << "\n";
    };
    auto tick = [&](size_t done, size_t total) {
        out.flush();
        bar.draw(done, total, elapsed());
    };
    CheckRun run = options;
    std::unique_ptr<Journal> journal;
    std::vector<std::string> ids;
    std::atomic<bool> unjournaled = false;
    if (!options.journal.empty()) {
        const std::string settings = settings_identity(options.run.settings);
        const ItemIdentities identities(items, settings);
        for (size_t i = 0; i < items.size(); ++i) ids.push_back(identities[i]);
        journal = std::make_unique<Journal>(options.journal, batch.files,
                                            std::to_string(options.shard.index) + "/" +
                                                std::to_string(options.shard.count),
                                            settings);
        // Only analyses are kept: an item of errors costs nothing to report again.
        run.run.known = [&](size_t i) -> std::optional<ItemReport> {
            if (!items[i].instance) return std::nullopt;
            return journal->find(items[i], ids[i]);
        };
        // An analysis cut short by an interrupt (Ctrl-C) is no answer: not kept.
        const std::atomic<bool>* interrupt = options.run.settings.resources.interrupt;
        run.run.finished = [&, interrupt](size_t i, const ItemReport& report) {
            if (!items[i].instance || (interrupt && interrupt->load())) return;
            if (!journal->add(items[i], ids[i], report)) unjournaled = true;
        };
    }
    const Summary summary = check_items(items, run, row, tick);
    bar.clear();
    if (unjournaled) err << options.journal << ": cannot be written; not every answer is kept\n";

    (options.json ? err : out) << summary.total_line(elapsed()) << "\n";
    out.flush();
    return summary.status();
}

} // namespace dynamo::batch
