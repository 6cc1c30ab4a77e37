#include "check.h"

#include "report.h"
#include "summary.h"

#include <chrono>

namespace dynamo::batch {

int check(const std::vector<std::string>& paths, const CheckRun& options, std::ostream& out,
          std::ostream& err) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };

    Batch batch = read_batch(paths);
    const std::vector<Item> items = shard_items(std::move(batch.items), options.shard);

    ProgressBar bar(options.run.settings.progress, err, options.run.settings.lang);
    Columns columns = columns_of(items);
    columns.lang = options.run.settings.lang;
    Summary summary;
    summary.set_language(columns.lang);
    auto deliver = [&](size_t i, ItemReport& report) {
        bar.clear();
        const Item& item = items[i];
        for (const Diagnostic& d : item.errors) err << d.text(columns.lang) << "\n";
        ProblemEnd end = summary.add(item, report);
        if (options.json) {
            out << json_report_line(item, report, end) << "\n";
        } else {
            out << text_line(item, report, columns) << "\n";
            if (end.verdict) out << problem_line(item, end, columns) << "\n";
        }
    };
    auto tick = [&](size_t done, size_t total) {
        out.flush();
        bar.draw(done, total, elapsed());
    };
    run_items(items, options.run, deliver, tick);
    bar.clear();

    (options.json ? err : out) << summary.total_line(elapsed()) << "\n";
    out.flush();
    return summary.status();
}

} // namespace dynamo::batch
