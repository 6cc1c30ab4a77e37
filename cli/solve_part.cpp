#include "solve_part.h"

#include "usage.h"

#include "solver/analysis/analysis.h"
#include "solver/analysis/split.h"
#include "solver/rules/legality.h"

#include <charconv>
#include <string_view>
#include <vector>

namespace dynamo::cli {

std::pair<int, int> part_from(const std::string& text) {
    auto slash = text.find('/');
    int i = -1, n = 0;
    auto number = [](std::string_view s, int& v) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc{} && end == s.data() + s.size() && !s.empty();
    };
    if (slash == std::string::npos || !number(std::string_view(text).substr(0, slash), i) ||
        !number(std::string_view(text).substr(slash + 1), n) || n < 1 || n > 100000 || i < 0 ||
        i >= n)
        throw UsageError(
            option_said("--part", Message(Phrase::ExpectedPartOf, {"0/16 .. 15/16", text})));
    return {i, n};
}

int solve_part(PartProblem& p, const AnalysisResources& resources, int part, int parts) {
    p.id = problem_identity(p.diagram, p.stipulation, p.options);
    // The generators assume a position that can arise: an illegal diagram has no first moves.
    if (!illegal_reason(p.diagram)) p.shares = split_first_moves(p.diagram, p.stipulation, parts);
    std::vector<char> mine(p.shares.size(), 0);
    for (size_t i = 0; i < p.shares.size(); ++i) mine[i] = p.shares[i].part == part;
    // MaxSolutions is applied when the parts are merged (conclude()): a part examines all its
    // first moves but those after its own N-th key.
    p.partial = analyse_partial(p.diagram, p.stipulation, AnalysisOptions(p.options, resources),
                                mine, part == 0);
    return partial_finished(p.partial) ? 0 : 3;
}

} // namespace dynamo::cli
