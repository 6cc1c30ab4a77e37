#include "report.h"

#include "format/base/phrases.h"
#include "format/output/report_json.h"

#include <algorithm>
#include <cstdio>

namespace dynamo::batch {

namespace {

// Display width of UTF-8 text (titles carry umlauts): code points, not bytes.
size_t width(const std::string& s) {
    return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string padded(const std::string& s, size_t w) {
    return s + std::string(w - std::min(w, width(s)), ' ');
}

// Cut to `w` code points, the last of them an ellipsis, when it is wider, then padded to `w`: the
// columns after it stay in line.
std::string fitted(const std::string& s, size_t w) {
    if (width(s) <= w) return padded(s, w);
    std::string cut;
    size_t points = 0;
    for (char c : s) {
        bool starts = (c & 0xC0) != 0x80; // not a continuation byte
        if (starts && ++points == w) break;
        cut += c;
    }
    return cut + "\u2026";
}

std::string location(const Item& item, Language lang = Language::English) {
    if (!item.problem) return item.file;
    std::string loc = item.file + ":" + std::to_string(item.index);
    if (item.instance && !item.instance->label.empty())
        loc += " " + shown_label(item.instance->label, lang);
    return loc;
}

// A report's verdict ("sound", "unsupported", "error") in `lang`.
std::string verdict_word(const std::string& verdict, Language lang) {
    if (verdict == "unsupported") return std::string(phrase(Phrase::Unsupported, lang));
    if (verdict == "error") return std::string(phrase(Phrase::Error, lang));
    for (int v = 0; v <= int(Verdict::Incomplete); ++v)
        if (verdict == verdict_name(Verdict(v))) return std::string(verdict_term(Verdict(v), lang));
    return verdict;
}

// The verdict column: wide enough for the longest verdict of the language.
size_t verdict_width(Language lang) {
    size_t w = 17; // "sound, with duals"
    for (int v = 0; v <= int(Verdict::Incomplete); ++v)
        w = std::max(w, width(std::string(verdict_term(Verdict(v), lang))));
    return w;
}

std::string title_of(const Item& item) {
    if (!item.problem) return "";
    return item.problem->title().empty() ? item.problem->author() : item.problem->title();
}

std::string stipulation_of(const Item& item) {
    if (item.instance) return item.instance->stipulation.text;
    return item.problem && item.problem->has_stipulation ? item.problem->stipulation.text : "-";
}

} // namespace

Columns columns_of(const std::vector<Item>& items) {
    Columns c;
    for (const Item& item : items) {
        c.location = std::max(c.location, width(location(item, c.lang)));
        c.title = std::max(c.title, width(title_of(item)));
        c.stipulation = std::max(c.stipulation, width(stipulation_of(item)));
    }
    c.title = std::min(c.title, MAX_TITLE_WIDTH); // a longer title is cut (fitted)
    return c;
}

std::string text_line(const Item& item, const ItemReport& out, const Columns& c) {
    char time[32];
    std::snprintf(time, sizeof time, "%7.2f s", out.seconds);
    std::string line = padded(location(item, c.lang), c.location) + "  " +
                       fitted(title_of(item), c.title) + "  " +
                       padded(stipulation_of(item), c.stipulation) + "  " +
                       padded(verdict_word(out.verdict, c.lang), verdict_width(c.lang)) + time;
    if (!out.detail.empty()) line += "  " + out.detail;
    return line;
}

std::string problem_line(const Item& item, const ProblemEnd& end, const Columns& c) {
    std::string line =
        padded(item.file + ":" + std::to_string(item.index), c.location) + "  " +
        fitted(title_of(item), c.title) + "  " + padded("", c.stipulation) + "  " +
        padded(std::string(verdict_term(*end.verdict, c.lang)), verdict_width(c.lang)) +
        "          " + std::string(phrase(Phrase::WholeProblem, c.lang)) + ", " +
        std::to_string(item.twins) + " " + std::string(phrase(Phrase::Twins, c.lang));
    if (end.differs) line += "; " + differs_text(*item.problem->expected_verdict, c.lang);
    return line;
}

std::string json_report_line(const Item& item, const ItemReport& out, const ProblemEnd& end) {
    if (!end.verdict) return out.json;
    auto j = nlohmann::json::parse(out.json);
    j["problem_verdict"] = verdict_name(*end.verdict);
    if (item.problem && item.problem->expected_verdict)
        j["expected_verdict"] = verdict_name(*item.problem->expected_verdict);
    return json_line(j);
}

void ProgressBar::draw(size_t done, size_t total, double elapsed) {
    if (!enabled_ || total == 0) return;
    constexpr size_t W = 30;
    size_t filled = W * done / total;
    char text[128];
    int n = std::snprintf(text, sizeof text, "\r[%s%s] %zu/%zu  %.1f s",
                          std::string(filled, '#').c_str(), std::string(W - filled, '.').c_str(),
                          done, total, elapsed);
    std::string line(text, size_t(std::max(n, 0)));
    if (done > 0 && done < total) {
        std::snprintf(text, sizeof text, "  %s %.0f s",
                      std::string(phrase(Phrase::Remaining, lang_)).c_str(),
                      elapsed / double(done) * double(total - done));
        line += text;
    }
    out_ << line << "\033[K" << std::flush;
    shown_ = true;
}

void ProgressBar::clear() {
    if (shown_) out_ << "\r\033[K" << std::flush;
    shown_ = false;
}

} // namespace dynamo::batch
