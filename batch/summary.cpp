#include "summary.h"

#include "format/base/phrases.h"

#include <algorithm>
#include <cstdio>

namespace dynamo::batch {

ProblemEnd Summary::add(const Item& item, const ItemReport& out) {
    // Twins: after the last, the problem's verdict, the gravest.
    ProblemEnd end;
    if (item.twins > 1) {
        if (out.solution)
            twin_verdicts_.push_back(*out.solution);
        else if (twin_unanalysed_.empty())
            twin_unanalysed_ = out.verdict;
        if (item.twin == item.twins - 1) {
            if (int(twin_verdicts_.size()) == item.twins)
                end.verdict = combined_verdict(twin_verdicts_);
            // The problem counts once: as a whole, or as its twin that was not analysed.
            verdicts_.push_back(end.verdict ? verdict_name(*end.verdict) : twin_unanalysed_);
            twin_verdicts_.clear();
            twin_unanalysed_.clear();
        }
    } else {
        verdicts_.push_back(out.verdict);
    }
    if (end.verdict && item.problem && item.problem->expected_verdict) {
        end.differs = *end.verdict != *item.problem->expected_verdict;
        if (end.differs) status_ = combine_status(status_, 1);
    }
    differing_ += out.differs || end.differs;
    status_ = combine_status(status_, out.status);
    return end;
}

std::string Summary::total_line(double seconds) const {
    static const std::pair<const char*, const char*> kinds[] = {
        {"sound", "sound"},
        {"sound, with duals", "sound with duals"},
        {"cooked", "cooked"},
        {"short", "short"},
        {"no solution", "no solution"},
        {"illegal", "illegal"},
        {"incomplete", "incomplete"},
        {"unfinished", "unfinished"},
        {"unsupported", "unsupported"}};
    // English as the table says; another language by its verdict words.
    auto word_of = [&](const std::string& verdict, const char* shown) {
        if (lang_ == Language::English) return std::string(shown);
        if (verdict == "unsupported") return std::string(phrase(Phrase::Unsupported, lang_));
        for (int v = 0; v <= int(Verdict::Incomplete); ++v)
            if (verdict == verdict_name(Verdict(v)))
                return std::string(verdict_term(Verdict(v), lang_));
        return std::string(shown);
    };
    std::string parts;
    auto part = [&](const std::string& text) { parts += (parts.empty() ? ": " : ", ") + text; };
    for (auto [verdict, shown] : kinds) {
        auto n = std::count(verdicts_.begin(), verdicts_.end(), verdict);
        if (n > 0) part(std::to_string(n) + " " + word_of(verdict, shown));
    }
    auto errors = std::count(verdicts_.begin(), verdicts_.end(), "error");
    auto word = [&](Phrase t) { return std::string(phrase(t, lang_)); };
    if (errors > 0)
        part(std::to_string(errors) + " " + word(errors == 1 ? Phrase::Error : Phrase::Errors));
    if (differing_ > 0) part(std::to_string(differing_) + " " + word(Phrase::NotAsCertified));
    char time[32];
    std::snprintf(time, sizeof time, " %.2f s", seconds);
    return std::to_string(verdicts_.size()) + " " +
           word(verdicts_.size() == 1 ? Phrase::Problem : Phrase::Problems) + parts + " " +
           word(Phrase::In) + time;
}

} // namespace dynamo::batch
