// The command line resolved once into the settings of the run (batch/settings.h): --rules parsed,
// --lang, --order, the threads; for the commands that analyse also --hash, --maxtime, --tries,
// --variations, --intended, the progress and Ctrl-C.
#pragma once

#include "options.h"

#include "batch/settings.h"

#include <atomic>

namespace dynamo::cli {

// Throws UsageError, naming the option, for a value that is not one.
batch::Settings settings_from(const CommonOptions& common);
batch::Settings settings_from(const CommonOptions& common, const SolveOptions& solve);

// Ctrl-C: sets interrupted() so that running analyses stop with what they proved (unfinished).
// Installing clears the flag.
void install_interrupt_handler();
const std::atomic<bool>& interrupted();

} // namespace dynamo::cli
