#include "format/parts/part_merge.h"

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "solver/analysis/conclude.h"

#include <algorithm>
#include <map>

namespace dynamo {

namespace {

std::string part_name(int part, int parts) {
    return std::to_string(part) + "/" + std::to_string(parts);
}

// The file's own words (label, title) as given.
Message describe(const PartProblem& p) {
    std::string own;
    if (!p.label.empty()) own += " " + p.label;
    if (!p.problem.title().empty()) own += " '" + p.problem.title() + "'";
    return Message(Phrase::ProblemDescribed, {p.problem.file, std::to_string(p.problem.index), own,
                                              p.stipulation.text, p.id});
}

// Why two problems of the same place in two part files differ, in a few words.
Message difference(const PartProblem& a, const PartProblem& b) {
    if (to_fen(a.diagram) != to_fen(b.diagram)) return Phrase::AnotherPosition;
    if (a.stipulation.text != b.stipulation.text) return Phrase::AnotherStipulation;
    if (a.diagram.rules() != b.diagram.rules())
        return Message(Phrase::OtherRules, {b.diagram.rules().name(), a.diagram.rules().name()});
    return Message(Phrase::OtherOptions, {answer_options_json(b.options).dump()});
}

} // namespace

bool merge_part_files(const std::vector<std::string>& paths, std::vector<MergedProblem>& merged,
                      Message* error, const AskedOf& asked) {
    auto fail = [&](Message message) {
        if (error) *error = message;
        return false;
    };
    merged.clear();
    if (paths.empty()) return fail(Phrase::NoPartFiles);
    std::vector<PartFile> files(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
        Message e;
        if (!read_part_file(paths[i], files[i], &e)) return fail(e);
    }
    return merge_parts(files, merged, error, asked);
}

bool merge_parts(const std::vector<PartFile>& files, std::vector<MergedProblem>& merged,
                 Message* error, const AskedOf& asked) {
    auto fail = [&](Message message) {
        if (error) *error = message;
        return false;
    };
    merged.clear();
    if (files.empty()) return fail(Phrase::NoPartFiles);
    const int parts = files.front().parts;
    for (const PartFile& f : files)
        if (f.parts != parts)
            return fail(Message(Phrase::PartsOfDifferentSplits,
                                {f.path, part_name(f.part, f.parts), files.front().path,
                                 part_name(files.front().part, parts)}));
    std::map<int, const PartFile*> by_part;
    for (const PartFile& f : files) {
        auto [it, fresh] = by_part.emplace(f.part, &f);
        if (!fresh)
            return fail(Message(Phrase::PartGivenTwice,
                                {part_name(f.part, parts), it->second->path, f.path}));
    }
    // One problem's parts: the same problems, in the same order, split alike. Checked before a
    // missing part is reported, so that a foreign part is named as such.
    const PartFile& reference = *by_part.begin()->second;
    for (const auto& [part, f] : by_part) {
        if (f->problems.size() != reference.problems.size())
            return fail(Message(Phrase::PartsOfDifferentRuns,
                                {f->path, std::to_string(f->problems.size()), reference.path,
                                 std::to_string(reference.problems.size())}));
        for (size_t i = 0; i < f->problems.size(); ++i) {
            const PartProblem &a = reference.problems[i], &b = f->problems[i];
            if (a.id != b.id)
                return fail(Message(Phrase::PartOfAnother,
                                    {f->path, part_name(part, parts), describe(b), describe(a),
                                     reference.path, difference(a, b)}));
            bool same_split = a.shares.size() == b.shares.size() &&
                              std::equal(a.shares.begin(), a.shares.end(), b.shares.begin(),
                                         [](const FirstMoveShare& x, const FirstMoveShare& y) {
                                             return x.move == y.move && x.part == y.part;
                                         });
            if (!same_split)
                return fail(
                    Message(Phrase::SplitOtherwise, {f->path, describe(b), reference.path}));
        }
    }
    std::vector<int> missing;
    for (int i = 0; i < parts; ++i)
        if (!by_part.count(i)) missing.push_back(i);
    if (!missing.empty()) {
        std::string list;
        for (int i : missing) list += (list.empty() ? "" : ", ") + part_name(i, parts);
        return fail(Message(missing.size() == 1 ? Phrase::PartMissing : Phrase::PartsMissing,
                            {list, std::to_string(by_part.size()), std::to_string(parts)}));
    }

    for (size_t i = 0; i < reference.problems.size(); ++i) {
        const PartProblem& p = reference.problems[i];
        std::vector<const PartialAnalysis*> partials;
        for (const auto& [part, f] : by_part) partials.push_back(&f->problems[i].partial);
        PartialAnalysis whole;
        int clash = merge_partials(partials, whole);
        if (clash >= 0)
            return fail(Message(Phrase::FirstMoveNotOnce,
                                {describe(p), move_text(p.diagram, p.shares[size_t(clash)].move)}));
        // --order popeye lists a helpmate's shorter lines of every length (as solve's): the parts
        // must have searched them all. Parts that did can also be merged in our order.
        const AnalysisQuestion question = asked(p.options);
        if (p.stipulation.kind == Stipulation::Kind::Help && question.every_short_line &&
            !p.options.every_short_line)
            return fail(Message(Phrase::PartsWithoutPopeyeOrder, {describe(p)}));
        MergedProblem m{p.problem, p.label,       p.instance, p.instances,
                        p.diagram, p.stipulation, {},         {}};
        m.solution = conclude(p.diagram, p.stipulation, question, whole);
        for (size_t k = 0; k < whole.first_moves.size(); ++k)
            if (whole.first_moves[k].state == FirstMoveFindings::State::Open)
                m.open.emplace_back(whole.first_moves[k].move, p.shares[k].part);
        merged.push_back(std::move(m));
    }
    return true;
}

} // namespace dynamo
