// Reading Popeye's solution text into a structure that can be compared with ours: the tree of
// battle play (keys, tries, refutations, threats, variations, set play) as sets by indentation,
// and the lines of help play. Shared by the tests that hold us against Popeye's outputs.
#pragma once

#include <algorithm>
#include <fstream>
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

} // namespace dynamo::test
