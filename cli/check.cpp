// `dynamo check PATH...`: the settings, then the batch check of batch/check.h.

#include "commands.h"

#include "settings.h"
#include "usage.h"

#include "batch/check.h"
#include "batch/journal.h"

#include <iostream>

namespace dynamo::cli {

int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options) {
    batch::CheckRun check;
    const int status = guarded(common, [&] {
        check.run.settings = settings_from(common, solve);
        check.run.settings.verdict_only = true;
        if (!options.shard.empty()) {
            auto shard = batch::parse_shard(options.shard);
            if (!shard)
                throw UsageError(option_said(
                    "--shard", Message(Phrase::ExpectedPartOf, {"0/4", options.shard})));
            check.shard = *shard;
        }
        return 0;
    });
    if (status != 0) return status;
    install_interrupt_handler();
    check.run.describe = [](const std::exception& e) { return error_message(e); };
    check.json = solve.json;
    check.journal = options.journal;
    try {
        return batch::check(options.paths, check, std::cout, std::cerr);
    } catch (const batch::JournalError& e) {
        print_error(e.what());
        return 2;
    }
}

} // namespace dynamo::cli
