// Small helpers shared by the tests: positions from FEN, move lists as sorted text, test data.
#pragma once

#include "format/base/fen.h"
#include "format/base/notation.h"
#include "solver/rules/movegen.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace dynamo::test {

// A file of tests/data: reference data made by independent programs (see its README).
inline std::string test_data(const std::string& relative) {
    return std::string(DYNAMO_TEST_DATA) + "/" + relative;
}

inline std::string project_root() { return DYNAMO_PROJECT_ROOT; }

// What a subcommand printed, and its exit status.
struct Run {
    int status = 0;
    std::string out, err;
};

// Calls f() (a subcommand, returning its exit status) with std::cout and std::cerr captured.
template <typename F> Run captured(F&& f) {
    std::ostringstream out, err;
    struct Redirect {
        std::ostream& stream;
        std::streambuf* saved;
        Redirect(std::ostream& s, std::streambuf* to) : stream(s), saved(s.rdbuf(to)) {}
        ~Redirect() { stream.rdbuf(saved); }
    } redirect_out(std::cout, out.rdbuf()), redirect_err(std::cerr, err.rdbuf());
    Run run;
    run.status = f();
    run.out = out.str();
    run.err = err.str();
    return run;
}

inline Position position(const std::string& fen, RuleSet rules = RuleSet::dynamo_default()) {
    Position pos;
    std::string error;
    if (!parse_fen(fen, rules, pos, &error)) FAIL("bad FEN in test: " << fen << ": " << error);
    return pos;
}

inline std::vector<std::string> move_texts(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list) texts.push_back(move_text(pos, m));
    std::sort(texts.begin(), texts.end());
    return texts;
}

inline bool has_move(const Position& pos, const std::string& text) {
    auto texts = move_texts(pos);
    return std::find(texts.begin(), texts.end(), text) != texts.end();
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The legal move written `text` (canonical English notation); fails the test when absent.
inline Move find_move(const Position& pos, const std::string& text) {
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (move_text(pos, m) == text) return m;
    FAIL("move " << text << " not found in " << to_fen(pos));
    return Move::none();
}

// Sorted texts of the legal moves in which the piece on `square` takes part (active or passive).
inline std::vector<std::string> moves_involving(const Position& pos, Square square) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list)
        if (m.active_from() == square || (m.has_passive() && m.passive_from() == square))
            texts.push_back(move_text(pos, m));
    return sorted(texts);
}

// Rows of a tab-separated file, skipping '#' comments and the header line.
inline std::vector<std::vector<std::string>> read_tsv(const std::string& path) {
    std::ifstream in(path);
    if (!in) FAIL("cannot read reference data " << path);
    std::vector<std::vector<std::string>> rows;
    bool header = true;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> cells;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

} // namespace dynamo::test
