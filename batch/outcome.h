// Analysing one item of a batch: its verdict, its report line's detail, its JSON object and the
// exit status it calls for.
#pragma once

#include "items.h"

#include "format/notation.h"
#include "solver/rules/rules.h"
#include "solver/analysis/solution.h"

#include <atomic>
#include <optional>
#include <string>

namespace dynamo::batch {

// How every problem of a batch is analysed: the same options `solve` uses, so that both give
// the same verdicts.
struct Settings {
    Language lang = Language::English;
    std::optional<RuleSet> rules_override; // replaces every problem's condition
    bool tries = false;                    // also where the problem does not ask for them
    bool variations = false;
    int intended = 0;                               // --intended N: helpmates (0: the file's)
    double max_seconds = 0;                         // per problem; 0: no limit
    int hash_mb = 64;                               // each problem's table
    const std::atomic<bool>* interrupt = nullptr;   // set: stop, what is proven stays (unfinished)
};

struct Outcome {
    std::string verdict; // verdict_name(), "unsupported" or "error"
    double seconds = 0;
    std::string detail; // after the time on the text line
    std::string json;   // the JSON line
    int status = 0;     // exit status it calls for
    std::optional<Verdict> solution; // the analysis' verdict, when it was analysed
    bool differs = false;            // not the verdict the file certifies (remark verdict: X)
};

// Analyses the item on `threads` threads (or reports its errors).
Outcome check_item(const Item& item, int threads, const Settings& settings);

// An item whose analysis threw: `message` says why.
Outcome failed_outcome(const Item& item, const std::string& message);

// "DIFFERS from the certified verdict: X"
std::string differs_text(Verdict expected, Language lang = Language::English);

// Exit status (docs/format.md): where several apply, the highest wins in the order 2, 3, 1.
int combine_status(int a, int b);

} // namespace dynamo::batch
