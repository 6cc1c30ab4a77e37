#include "item_report.h"

#include "format/base/fen.h"
#include "format/base/phrases.h"
#include "format/output/report_json.h"
#include "format/output/report_text.h"
#include "solver/analysis/analysis.h"

namespace dynamo::batch {

namespace {

int status_of(const std::string& verdict) {
    if (verdict == "sound" || verdict == "sound, with duals") return 0;
    if (verdict == "error") return 2;
    if (verdict == "unfinished") return 3;
    return 1; // not sound
}

// A verdict the file certifies (`remark verdict: X`) replaces "sound" as what is expected: a
// problem cooked on purpose is fine when certified cooked, a sound one certified cooked is not.
// For twins the whole problem's verdict is compared (where it is printed), each twin only
// reports what stops the run.
int certified_status(const std::string& verdict, Verdict expected, bool whole, bool& differs) {
    if (verdict == "error" || verdict == "unfinished") return status_of(verdict);
    differs = whole && verdict != verdict_name(expected);
    return differs ? 1 : 0;
}

std::string joined(const std::vector<std::string>& words, const char* separator = " ") {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

std::string detail_of(const Position& diagram, const Solution& s, Language lang) {
    if (s.helpmate()) {
        size_t n = size_t(s.solutions);
        auto word = [&](Phrase t) { return std::string(phrase(t, lang)); };
        std::string count = (s.solutions_capped ? word(Phrase::AtLeast) + " " : "") +
                            std::to_string(n) + " " +
                            word(n == 1 ? Phrase::Solution : Phrase::Solutions);
        switch (s.verdict) {
        case Verdict::Sound: return help_line_text(diagram, s.help_lines[0], lang);
        case Verdict::Cooked:
        case Verdict::NoSolution: // says how many were intended, as for too few
        case Verdict::Incomplete:
            return count + ", " + std::to_string(s.intended) + " " +
                   word(s.intended == 1 ? Phrase::IntendedOne : Phrase::Intended);
        case Verdict::Short:
            return word(Phrase::Shorter) + ": " + help_line_text(diagram, s.short_lines[0], lang);
        case Verdict::Illegal: return illegal_text(diagram, s, lang);
        case Verdict::Unfinished:
            return first_moves_examined(s.first_moves_done, s.first_moves_total, lang) + "; " +
                   count + " " + word(Phrase::SoFar);
        default: return "";
        }
    }
    if (s.post_key && s.verdict != Verdict::Unfinished) return post_key_summary(diagram, s, lang);
    std::vector<std::string> keys, shorter;
    for (const RootMove& r : s.root) {
        if (r.kind != RootMove::Kind::Key) continue;
        keys.push_back(move_text(diagram, r.play.move, lang));
        if (r.play.length < s.stipulation.moves)
            shorter.push_back(keys.back() + " " + std::string(phrase(Phrase::In, lang)) + " " +
                              std::to_string(r.play.length));
    }
    auto word = [&](Phrase t) { return std::string(phrase(t, lang)); };
    switch (s.verdict) {
    case Verdict::Sound: return word(Phrase::Key) + " " + joined(keys);
    case Verdict::SoundWithDuals:
        return word(Phrase::Key) + " " + joined(keys) + ", " + std::to_string(s.real_duals()) +
               " " + word(s.real_duals() == 1 ? Phrase::Dual : Phrase::Duals);
    case Verdict::Cooked: return word(Phrase::Keys) + " " + joined(keys);
    case Verdict::Short: return word(Phrase::Shorter) + ": " + joined(shorter, ", ");
    case Verdict::Illegal: return illegal_text(diagram, s, lang);
    case Verdict::Unfinished:
        return first_moves_examined(s.first_moves_done, s.first_moves_total, lang);
    default: return "";
    }
}

ItemReport error_report(const Item& item, Language lang) {
    nlohmann::json j;
    j["file"] = item.file;
    j["index"] = item.index;
    if (item.problem) j["title"] = item.problem->title();
    j["verdict"] = "error";
    nlohmann::json errors = nlohmann::json::array();
    for (const Diagnostic& d : item.errors) errors.push_back(d.text());
    j["errors"] = errors;
    const Diagnostic& first = item.errors.front();
    std::string detail = (first.line > 0 ? std::string(phrase(Phrase::Line, lang)) + " " +
                                               std::to_string(first.line) + ": "
                                         : "") +
                         (first.said.empty() ? first.message : first.said.text(lang));
    return {"error", 0, detail, json_line(j), 2, std::nullopt};
}

} // namespace

std::string differs_text(Verdict expected, Language lang) {
    return std::string(phrase(Phrase::Differs, lang)) + ": " +
           std::string(verdict_term(expected, lang));
}

int combine_status(int a, int b) {
    auto rank = [](int s) { return s == 2 ? 3 : s == 3 ? 2 : s == 1 ? 1 : 0; };
    return rank(a) >= rank(b) ? a : b;
}

ItemReport failed_report(const Item& item, const std::string& message) {
    ItemReport out{"error", 0, message, "", 2, std::nullopt};
    out.json = json_line(nlohmann::json{{"file", item.file},
                                        {"index", item.index},
                                        {"verdict", "error"},
                                        {"errors", nlohmann::json::array({message})}});
    return out;
}

ItemReport check_item(const Item& item, const Settings& settings) {
    if (!item.instance) return error_report(item, settings.lang);
    const Problem& problem = *item.problem;
    const ProblemInstance& inst = *item.instance;
    const RuleSet rules = settings.rules_for(inst.rules);
    ProblemOptions options = problem.options;
    options.half_duplex |= item.duplex_half; // Duplex: the other side starts
    Position diagram = problem_position(inst.pieces, inst.stipulation, rules, options);

    Solution solution;
    if (settings.resources.interrupt && settings.resources.interrupt->load()) {
        solution.stipulation = inst.stipulation; // skipped after Ctrl-C
        solution.verdict = Verdict::Unfinished;
        solution.finished = false;
    } else {
        solution = analyse(diagram, inst.stipulation, analysis_options(settings, problem.options));
    }

    nlohmann::json j = solution_json(problem, inst.label, diagram, solution, settings.lang);
    j["fen"] = to_fen(diagram);
    const bool whole = item.twins == 0; // else the last twin carries the problem's verdict
    if (problem.expected_verdict && whole)
        j["expected_verdict"] = verdict_name(*problem.expected_verdict);
    ItemReport out;
    out.verdict = verdict_name(solution.verdict);
    out.detail = detail_of(diagram, solution, settings.lang);
    // A verdict within Popeye's search restrictions is not the whole truth: say so.
    if (solution.restrictions.any())
        out.detail += (out.detail.empty() ? "" : "; ") +
                      std::string(phrase(Phrase::RestrictedBy, settings.lang)) + " " +
                      restrictions_text(solution.restrictions);
    if (solution.unapplied.any())
        out.detail += (out.detail.empty() ? "" : "; ") +
                      std::string(phrase(Phrase::NotApplicable, settings.lang)) + " " +
                      restrictions_text(solution.unapplied);
    // An option read but not acted on may change the answer (Intelligent, say): say so.
    if (!problem.options.ignored.empty())
        out.detail += (out.detail.empty() ? "" : "; ") +
                      std::string(phrase(Phrase::IgnoredOption, settings.lang)) + " " +
                      ignored_options_text(problem.options, settings.lang);
    out.seconds = solution.seconds;
    out.solution = solution.verdict;
    out.json = json_line(j);
    out.status = status_of(out.verdict);
    if (problem.expected_verdict) {
        out.status = certified_status(out.verdict, *problem.expected_verdict, whole, out.differs);
        if (out.differs)
            out.detail += "; " + differs_text(*problem.expected_verdict, settings.lang);
    }
    return out;
}

} // namespace dynamo::batch
