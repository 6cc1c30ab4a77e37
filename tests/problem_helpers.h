// Test helper: a problem read from a file or a text, with its diagram position.
#pragma once

#include "format/input/problem_reader.h"

#include <catch2/catch.hpp>

#include <string>

namespace dynamo::test {

struct Loaded {
    Problem problem;
    Position diagram;
};

// The one problem of a ReadResult, which must read without error.
inline Loaded loaded_problem(const ReadResult& read) {
    REQUIRE(read.problems.size() == 1);
    Loaded l{read.problems[0], {}};
    REQUIRE(l.problem.ok());
    l.diagram = problem_position(l.problem.pieces, l.problem.stipulation, l.problem.rules,
                                 l.problem.options);
    return l;
}

inline Loaded load(const std::string& path) { return loaded_problem(read_problem_file(path)); }
inline Loaded load_text(const std::string& text) { return loaded_problem(read_problems(text, "test")); }

} // namespace dynamo::test
