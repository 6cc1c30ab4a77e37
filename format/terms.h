// The words of the text output in the four languages of `--lang`: threat, but, zugzwang, key,
// try, the verdicts ... as problemists of each language write them (German: Drohung, aber,
// Verführung, Schlüssel; French: menace, mais, essai, clé; Italian, after the AISE usage:
// minaccia, ma, tentativo, chiave). One table (terms.cpp); the writers look words up here.
// JSON keeps its English field values whatever the language.
#pragma once

#include "notation.h"

#include "solver/solution.h"

#include <string>
#include <string_view>

namespace dynamo {

enum class Term {
    Threat, Zugzwang, But, Key, Keys, Try, Tries, Variation, Variations, Dual, Duals, NoDuals,
    Cook, Verdict, Solution, Solutions, Intended, ProblemVerdict, Twins, Refutes
};

std::string_view term(Term t, Language lang);
std::string_view verdict_term(Verdict v, Language lang);
// `text` then blanks up to `width` characters (UTF-8 characters, not bytes).
std::string padded(std::string_view text, size_t width);

} // namespace dynamo
