// What a batch found, item by item in input order: the verdict of each twinned problem as a
// whole, the problems whose verdict is not the certified one, the totals and the exit status.
#pragma once

#include "item_report.h"

#include "format/base/notation.h"

#include <optional>
#include <string>
#include <vector>

namespace dynamo::batch {

// After the last twin of a problem: the problem's verdict (the gravest of its twins', when all
// were analysed), and whether it differs from the certified one.
struct ProblemEnd {
    std::optional<Verdict> verdict;
    bool differs = false;
};

class Summary {
  public:
    // Adds the next item's report.
    ProblemEnd add(const Item& item, const ItemReport& out);

    int status() const { return status_; }               // docs/format.md's exit status
    size_t differing() const { return differing_; }      // problems not as certified
    size_t problems() const { return verdicts_.size(); } // a twinned problem once
    // "41 problems: 20 sound, 2 sound with duals, 8 cooked, ..., 2 errors in 1.23 s": problems,
    // each by its verdict; a twinned one by the verdict of the whole problem.
    std::string total_line(double seconds) const;
    void set_language(Language lang) { lang_ = lang; } // of total_line (--lang)

  private:
    std::vector<std::string> verdicts_;  // one per problem
    std::vector<Verdict> twin_verdicts_; // of the problem being added, while it has twins
    std::string twin_unanalysed_;        // the verdict of its first twin not analysed, if any
    size_t differing_ = 0;
    int status_ = 0;
    Language lang_ = Language::English;
};

} // namespace dynamo::batch
