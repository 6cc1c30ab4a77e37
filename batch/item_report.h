// Analysing one item of a batch: its verdict, its report line's detail, its JSON object and the
// exit status it calls for.
#pragma once

#include "items.h"
#include "settings.h"

#include "format/base/notation.h"
#include "solver/analysis/solution.h"

#include <optional>
#include <string>

namespace dynamo::batch {

struct ItemReport {
    std::string verdict; // verdict_name(), "unsupported" or "error"
    double seconds = 0;
    std::string detail;              // after the time on the text line
    std::string json;                // the JSON line
    int status = 0;                  // exit status it calls for
    std::optional<Verdict> solution; // the analysis' verdict, when it was analysed
    bool differs = false;            // not the verdict the file certifies (remark verdict: X)
};

// Analyses the item as the settings say (or reports its errors).
ItemReport check_item(const Item& item, const Settings& settings);

// An item whose analysis threw: `message` says why.
ItemReport failed_report(const Item& item, const std::string& message);

// "DIFFERS from the certified verdict: X"
std::string differs_text(Verdict expected, Language lang = Language::English);

// Exit status (docs/format.md): where several apply, the highest wins in the order 2, 3, 1.
int combine_status(int a, int b);

} // namespace dynamo::batch
