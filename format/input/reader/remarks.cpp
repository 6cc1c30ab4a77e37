// Remarks that say something to us and are plain text to Popeye: `remark verdict: X` (the
// certified verdict), `remark intended: N` (a helpmate's intended solutions) and
// `remark prev: BOARD` (the board before the last move, for the no-undo rule). One row each.

#include "format/input/reader/reader.h"

#include "format/base/fen.h"

#include <cctype>

namespace dynamo::reader {

namespace {

// Lower case, blanks folded, commas dropped: "Sound, with  duals" is "sound with duals".
std::string folded(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == ',') continue;
        if (c == ' ' || c == '\t') {
            if (!out.empty() && out.back() != ' ') out += ' ';
            continue;
        }
        out += char(std::tolower(static_cast<unsigned char>(c)));
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

} // namespace

void Reader::read_remark(Problem& p, const Token& at, const std::string& remark) {
    struct Form {
        std::string_view prefix;
        void (Reader::*read)(Problem&, const Token&, std::string_view) const;
    };
    static constexpr Form FORMS[] = {
        {"verdict:", &Reader::read_verdict_remark},
        {"intended:", &Reader::read_intended_remark},
        {"prev:", &Reader::read_prev_remark},
    };
    for (const Form& f : FORMS)
        if (remark.size() >= f.prefix.size() &&
            folded(std::string_view(remark).substr(0, f.prefix.size())) == f.prefix)
            return (this->*f.read)(p, at,
                                   trimmed(std::string_view(remark).substr(f.prefix.size())));
}

// `remark verdict: X`: any verdict but `unfinished`; case, blanks and the comma of
// "sound, with duals" do not matter.
void Reader::read_verdict_remark(Problem& p, const Token& at, std::string_view given) const {
    if (p.expected_verdict)
        fail(at, Message(Phrase::VerdictTwice, {std::string(verdict_name(*p.expected_verdict))}));
    std::string word = folded(given);
    for (Verdict v : {Verdict::Sound, Verdict::SoundWithDuals, Verdict::Cooked, Verdict::Short,
                      Verdict::NoSolution, Verdict::Illegal, Verdict::Incomplete})
        if (word == folded(verdict_name(v))) {
            p.expected_verdict = v;
            return;
        }
    // The words of the remark: English, as the file writes them.
    fail(at, Message(Phrase::UnknownVerdict,
                     {quoted(given), or_list({"sound", "sound with duals", "cooked", "short",
                                              "no solution", "illegal", "incomplete"})}));
}

// `remark intended: N`, as `option Intended N`.
void Reader::read_intended_remark(Problem& p, const Token& at, std::string_view given) const {
    if (p.intended_given) fail(at, Phrase::IntendedTwice);
    std::string_view digits = given;
    while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
    if (!all_digits(digits) || digits.size() > 9 || digits == "0")
        fail(at, Message(Phrase::ExpectedNumberFromTo,
                         {"1", "999999999", "remark intended:", quoted(given)}));
    p.options.intended = std::stoi(std::string(digits));
    p.intended_given = true;
}

// `remark prev: BOARD`: the board field (FEN) before the opponent's last move, as
// `--prev`; the no-undo rule forbids the side to move to return to it.
void Reader::read_prev_remark(Problem& p, const Token& at, std::string_view given) const {
    if (p.options.previous) fail(at, Phrase::PrevTwice);
    Placement board;
    Message error;
    if (!parse_board_said(given, board, &error))
        fail(at, Message(Phrase::AfterRemarkPrev, {error}));
    p.options.previous = board;
}

} // namespace dynamo::reader
