#include "check.h"

#include "report.h"
#include "summary.h"

#include <chrono>

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
    const Summary summary = check_items(items, options, row, tick);
    bar.clear();

    (options.json ? err : out) << summary.total_line(elapsed()) << "\n";
    out.flush();
    return summary.status();
}

} // namespace dynamo::batch
