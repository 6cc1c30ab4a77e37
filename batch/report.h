// The report of a batch: one text line per item in aligned columns (location, title, stipulation,
// verdict, time, detail), the line of a twinned problem as a whole, and the progress bar.
#pragma once

#include "item_report.h"
#include "summary.h"

#include "format/base/notation.h"

#include <ostream>
#include <string>
#include <vector>

namespace dynamo::batch {

// The widest title column: a longer title is cut to it, ending in an ellipsis.
inline constexpr size_t MAX_TITLE_WIDTH = 32;

// The widths of the text lines' columns (in code points), wide enough for every item's.
struct Columns {
    size_t location = 0, title = 0, stipulation = 0;
    Language lang = Language::English; // of the verdict words (--lang)
};
Columns columns_of(const std::vector<Item>& items);

std::string text_line(const Item& item, const ItemReport& out, const Columns& columns);
// After the last twin: the verdict of the whole problem.
std::string problem_line(const Item& item, const ProblemEnd& end, const Columns& columns);
// The JSON line of an item, with the problem's verdict after the last twin.
std::string json_report_line(const Item& item, const ItemReport& out, const ProblemEnd& end);

// Items done / all, elapsed time and an estimate of what remains, on one line of `out` (a
// terminal), redrawn in place.
class ProgressBar {
  public:
    ProgressBar(bool enabled, std::ostream& out, Language lang = Language::English)
        : enabled_(enabled), out_(out), lang_(lang) {}
    void draw(size_t done, size_t total, double elapsed);
    void clear();

  private:
    bool enabled_;
    std::ostream& out_;
    Language lang_;
    bool shown_ = false;
};

} // namespace dynamo::batch
