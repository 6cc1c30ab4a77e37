// `dynamo check PATH...`: the options, then the batch check of batch/check.h.

#include "commands.h"

#include "batch/check.h"

#include <iostream>
#include <unistd.h>

namespace dynamo::cli {

int run_check(const CommonOptions& common, const SolveOptions& solve, const CheckOptions& options) {
    batch::CheckOptions check;
    try {
        check.run.settings.lang = language_from(common);
        if (common.rules_given) check.run.settings.rules_override = rules_from(common);
        if (!options.shard.empty()) {
            auto shard = batch::parse_shard(options.shard);
            if (!shard)
                throw UsageError(
                    option_said("--shard", Message(Msg::ExpectedPartOf, {"0/4", options.shard})));
            check.shard = *shard;
        }
    } catch (const UsageError& e) {
        print_error(e, check.run.settings.lang);
        return 2;
    }
    install_interrupt_handler();
    batch::Settings& settings = check.run.settings;
    settings.tries = solve.tries;
    settings.variations = solve.variations;
    settings.intended = solve.intended;
    settings.max_seconds = solve.max_seconds;
    settings.interrupt = &interrupted();
    check.run.threads = common.threads;
    check.run.hash_mb = solve.hash_mb;
    check.run.describe = [](const std::exception& e) { return error_message(e); };
    check.json = solve.json;
    check.progress = isatty(STDERR_FILENO) && !solve.quiet;
    return batch::check(options.paths, check, std::cout, std::cerr);
}

} // namespace dynamo::cli
