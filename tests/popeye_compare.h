// Reading Popeye's solution text into a structure that can be compared with ours: the tree of
// battle play (keys, tries, refutations, threats, variations, set play) as sets by indentation,
// and the lines of help play. Shared by the tests that hold us against Popeye's outputs.
#pragma once

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace dynamo::test {

// A line of a solution tree and what hangs below it, by indentation.
struct OutNode {
    std::string text;
    std::vector<OutNode> children;

    // Children sorted: the order of equal-rank lines may differ between the two programs.
    std::string canonical() const {
        std::vector<std::string> parts;
        for (const auto& c : children) parts.push_back(c.canonical());
        std::sort(parts.begin(), parts.end());
        std::string s = text;
        if (!parts.empty()) {
            s += " {";
            for (const auto& p : parts) s += " " + p + ";";
            s += " }";
        }
        return s;
    }
};

// Parses the solution part of Popeye's layout: everything after the stipulation line up to
// "solution finished." (or our verdict block). Returns the canonical form of each first move.
inline std::multiset<std::string> parse_solution(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::pair<int, OutNode*>> stack;
    std::vector<OutNode> roots;
    OutNode set_play{"set play", {}};
    bool in_but = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("solution finished") || line.starts_with("verdict:")) break;
        auto first = line.find_first_not_of(' ');
        if (first == std::string::npos) continue;
        std::string body = line.substr(first);
        int indent = int(first);
        if (body == "but") {
            in_but = true;
            continue;
        }
        // A move line starts with a move number: "1.", "1...", "12.".
        if (!std::isdigit(static_cast<unsigned char>(body[0]))) continue;
        bool defender = body.find("...") != std::string::npos && body.find("...") < 4;
        std::string move = body;
        if (indent <= 3 && !defender) { // a first move: key or try
            in_but = false;
            roots.push_back({move, {}});
            stack = {{indent, &roots.back()}};
            continue;
        }
        if (indent == 6 && defender && stack.empty()) { // set play starts with a defender move
            set_play.children.push_back({move, {}});
            stack = {{-1, &set_play}, {indent, &set_play.children.back()}};
            continue;
        }
        while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
        if (stack.empty()) continue;
        OutNode* parent = stack.back().second;
        parent->children.push_back({(in_but && indent == 6 ? "but " : "") + move, {}});
        stack.push_back({indent, &parent->children.back()});
    }
    std::multiset<std::string> out;
    for (const auto& r : roots) out.insert(r.canonical());
    if (!set_play.children.empty()) out.insert(set_play.canonical());
    return out;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The lines of help and series play ("1.b2-b1=Q   2.Qb1-g1 Rh1*g1 #"), each as written, up to
// "solution finished." or our verdict.
inline std::multiset<std::string> parse_help_lines(const std::string& text) {
    std::istringstream in(text);
    std::multiset<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("solution finished") || line.starts_with("verdict:") ||
            line.starts_with("short:"))
            break;
        auto first = line.find_first_not_of(' ');
        if (first == std::string::npos || !std::isdigit(static_cast<unsigned char>(line[first])))
            continue;
        auto last = line.find_last_not_of(' ');
        out.insert(line.substr(first, last - first + 1));
    }
    return out;
}

inline bool is_stipulation_line(const std::string& line) {
    static const std::regex stip(R"(^  \S+ +\d+ \+ \d+ *$)");
    return std::regex_match(line, stip);
}

inline bool is_twin_label(const std::string& line) {
    static const std::regex label(R"(^\+?[a-z]\)( .*)?$)");
    return std::regex_match(line, label);
}

// Popeye's -regression counters ("  add_to_move_generation_stack:    93").
inline bool is_counter_line(const std::string& line) {
    static const std::regex counter(R"(^ *[a-z_]+: +\d+$)");
    return std::regex_match(line, counter);
}

// The stipulation line and the solution text up to the end, in the shared layout: Popeye's lines
// under the stipulation line up to the first blank line left out (its option and condition
// lines, such as "HalfDuplex"; our header has its own), our unindented lines other than twin
// labels left out (the verdict block after each twin), Popeye's text ending at its first
// unindented line ("solution finished."), trailing spaces and runs of blank lines as one.
inline std::string shared_part(const std::string& text, bool popeye) {
    std::istringstream in(text);
    std::vector<std::string> lines;
    bool started = false, header = true;
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (!started) {
            started = is_stipulation_line(line);
            if (started) lines.push_back(line);
            continue;
        }
        if (header) { // the lines under the stipulation line, up to a blank one
            if (line.empty())
                header = false;
            else
                continue;
        }
        if (popeye && is_counter_line(line)) continue;
        // Popeye's end ("solution finished.", "Loesung beendet.", ...); our verdict blocks.
        if (!line.empty() && line[0] != ' ' && !is_twin_label(line)) {
            if (popeye) break;
            continue;
        }
        if (line.empty() && (lines.empty() || lines.back().empty())) continue;
        lines.push_back(line);
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

// A Popeye file's problems, each alone: problem i (1-based) of `text` between its begin word
// (or the previous problem's `next`) and its `next` or `end`, framed by the file's own begin
// word and an end word of its language. "" when there is no such problem.
inline std::string nth_problem(const std::string& text, int index) {
    std::istringstream in(text);
    std::string begin_line, body, lang_end = "endproblem";
    int at = 1;
    auto word_of = [](const std::string& line) {
        std::istringstream w(line);
        std::string t;
        w >> t;
        for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
        return t;
    };
    for (std::string line; std::getline(in, line);) {
        std::string w = word_of(line);
        if (begin_line.empty()) {
            if (w.empty()) continue;
            begin_line = line;
            if (w.starts_with("anf")) lang_end = "EndeProblem";
            if (w.starts_with("deb")) lang_end = "FinProbleme";
            continue;
        }
        bool next = w.starts_with("next") || w.starts_with("weiter") || w.starts_with("asuiv");
        bool end =
            w == "end" || w.starts_with("endp") || w.starts_with("ende") || w.starts_with("finp");
        if (next || end) {
            if (at == index) return begin_line + "\n" + body + lang_end + "\n";
            ++at;
            body.clear();
            if (end) break;
            continue;
        }
        body += line + "\n";
    }
    return "";
}

// Popeye's output for problem i (1-based) of a file: the i-th piece ending in a line that starts
// "solution finished" or "Partial solution" (Popeye's -regression outputs), that line included.
inline std::string nth_output(const std::string& text, int index) {
    std::istringstream in(text);
    std::string piece;
    int at = 1;
    for (std::string line; std::getline(in, line);) {
        piece += line + "\n";
        if (line.starts_with("solution finished") || line.starts_with("Partial solution") ||
            line.starts_with("Loesung beendet") || line.starts_with("Partielle Loesung") ||
            line.starts_with("solution terminee") || line.starts_with("solution partielle")) {
            if (at == index) return piece;
            ++at;
            piece.clear();
        }
    }
    return "";
}

} // namespace dynamo::test
