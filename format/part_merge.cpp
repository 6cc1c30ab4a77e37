#include "part_merge.h"

#include "fen.h"
#include "notation.h"

#include <algorithm>
#include <map>

namespace dynamo {

namespace {

std::string part_name(int part, int parts) { return std::to_string(part) + "/" + std::to_string(parts); }

std::string describe(const PartProblem& p) {
    std::string s = p.problem.file + ", problem " + std::to_string(p.problem.index);
    if (!p.label.empty()) s += " " + p.label;
    if (!p.problem.title().empty()) s += " '" + p.problem.title() + "'";
    return s + " (" + p.stipulation.text + ", id " + p.id + ")";
}

// Why two problems of the same place in two part files differ, in a few words.
std::string difference(const PartProblem& a, const PartProblem& b) {
    if (to_fen(a.diagram) != to_fen(b.diagram)) return "another position";
    if (a.stipulation.text != b.stipulation.text) return "another stipulation";
    if (a.diagram.rules() != b.diagram.rules())
        return "other rules ('" + b.diagram.rules().name() + "', not '" + a.diagram.rules().name() + "')";
    return "other options (" + answer_options_json(b.options).dump() + ")";
}

} // namespace

bool merge_part_files(const std::vector<std::string>& paths, std::vector<MergedProblem>& merged,
                      std::string* error, bool every_short_line) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    merged.clear();
    if (paths.empty()) return fail("no part files given");
    std::vector<PartFile> files(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::string e;
        if (!read_part_file(paths[i], files[i], &e)) return fail(e);
    }
    const int parts = files.front().parts;
    for (const PartFile& f : files)
        if (f.parts != parts)
            return fail(f.path + " is part " + part_name(f.part, f.parts) + ", " + files.front().path +
                        " part " + part_name(files.front().part, parts) +
                        ": parts of splits into different numbers of parts");
    std::map<int, const PartFile*> by_part;
    for (const PartFile& f : files) {
        auto [it, fresh] = by_part.emplace(f.part, &f);
        if (!fresh)
            return fail("part " + part_name(f.part, parts) + " is given twice: " + it->second->path +
                        " and " + f.path);
    }
    // One problem's parts: the same problems, in the same order, split alike. Checked before a
    // missing part is reported, so that a foreign part is named as such.
    const PartFile& reference = *by_part.begin()->second;
    for (const auto& [part, f] : by_part) {
        if (f->problems.size() != reference.problems.size())
            return fail(f->path + " holds " + std::to_string(f->problems.size()) + " problems, " +
                        reference.path + " " + std::to_string(reference.problems.size()) +
                        ": parts of different runs");
        for (size_t i = 0; i < f->problems.size(); ++i) {
            const PartProblem &a = reference.problems[i], &b = f->problems[i];
            if (a.id != b.id)
                return fail(f->path + " (part " + part_name(part, parts) + ") is a part of " +
                            describe(b) + ", not of " + describe(a) + " as " + reference.path +
                            ": " + difference(a, b));
            bool same_split = a.shares.size() == b.shares.size() &&
                              std::equal(a.shares.begin(), a.shares.end(), b.shares.begin(),
                                         [](const FirstMoveShare& x, const FirstMoveShare& y) {
                                             return x.move == y.move && x.part == y.part;
                                         });
            if (!same_split)
                return fail(f->path + ": " + describe(b) + " is split among the parts otherwise than in " +
                            reference.path + " (made by another version of dynamo?)");
        }
    }
    std::vector<int> missing;
    for (int i = 0; i < parts; ++i)
        if (!by_part.count(i)) missing.push_back(i);
    if (!missing.empty()) {
        std::string list;
        for (int i : missing) list += (list.empty() ? "" : ", ") + part_name(i, parts);
        return fail((missing.size() == 1 ? "part " : "parts ") + list +
                    (missing.size() == 1 ? " is" : " are") + " missing (" +
                    std::to_string(by_part.size()) + " of " + std::to_string(parts) +
                    " parts given; run dynamo solve --part I/" + std::to_string(parts) + " for it)");
    }

    for (size_t i = 0; i < reference.problems.size(); ++i) {
        const PartProblem& p = reference.problems[i];
        std::vector<const PartialAnalysis*> partials;
        for (const auto& [part, f] : by_part) partials.push_back(&f->problems[i].partial);
        PartialAnalysis whole;
        int clash = merge_partials(partials, whole);
        if (clash >= 0)
            return fail(describe(p) + ": first move " + move_text(p.diagram, p.shares[size_t(clash)].move) +
                        " is not found exactly once among the parts");
        // --order popeye lists a helpmate's shorter lines of every length (as solve's): the parts
        // must have searched them all. Parts that did can also be merged in our order.
        AnalysisOptions options = p.options;
        if (p.stipulation.kind == Stipulation::Kind::Help && every_short_line &&
            !options.every_short_line)
            return fail(describe(p) + ": the parts were solved without --order popeye, which " +
                        "lists a helpmate's shorter solutions of every length: solve the parts " +
                        "with --order popeye to merge them with it");
        options.every_short_line = every_short_line;
        MergedProblem m{p.problem, p.label, p.instance, p.instances, p.diagram, p.stipulation, {}, {}};
        m.solution = conclude(p.diagram, p.stipulation, options, whole);
        for (size_t k = 0; k < whole.first_moves.size(); ++k)
            if (whole.first_moves[k].state == FirstMoveFindings::State::Open)
                m.open.emplace_back(whole.first_moves[k].move, p.shares[k].part);
        merged.push_back(std::move(m));
    }
    return true;
}

} // namespace dynamo
