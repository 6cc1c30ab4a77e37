// The documentation's examples run: every command README.md and docs/*.md show with its output
// is run with the built program and must print what they show.
//
// The convention (README.md, "Examples in the documentation"): a fenced block opened with
// ```console holds examples. A line starting with "$ " is a command, run by /bin/sh from the
// project's root with the built program first on PATH (so "dynamo" and "./build/dynamo" are the
// program under test); the lines after it, up to the next command or the fence, are what it
// prints (standard output and standard error together). In the shown output a line "..." stands
// for any number of lines, a time ("0.12 s") matches any time, and blank lines at the end are
// not compared. Blocks of another kind (```text, ```sh, a bare ```) are not run.
#include "helpers.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>

using namespace dynamo::test;
namespace fs = std::filesystem;

namespace {

struct Example {
    std::string file; // relative to the project's root
    int line = 0;     // of the command
    std::string command;
    std::vector<std::string> shown;
};

std::string without_trailing_space(std::string line) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t'))
        line.pop_back();
    return line;
}

// A block cannot well show blank lines at its end: they are not compared.
std::vector<std::string> without_trailing_blank_lines(std::vector<std::string> lines) {
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

std::vector<Example> examples_in(const fs::path& path, const std::string& name) {
    std::ifstream in(path);
    std::vector<Example> examples;
    bool in_console = false, in_other = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        line = without_trailing_space(line);
        if (line.starts_with("```")) {
            if (in_console || in_other) {
                in_console = in_other = false;
            } else if (line == "```console") {
                in_console = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if (!in_console) continue;
        if (line.starts_with("$ ")) {
            examples.push_back({name, number, line.substr(2), {}});
            // A command continued on the next lines, shell-wise.
            while (examples.back().command.ends_with("\\") && std::getline(in, line)) {
                ++number;
                examples.back().command.back() = '\n';
                examples.back().command += without_trailing_space(line);
            }
        } else if (!examples.empty()) {
            examples.back().shown.push_back(line);
        }
    }
    for (Example& example : examples) example.shown = without_trailing_blank_lines(example.shown);
    return examples;
}

std::vector<Example> documentation_examples() {
    const fs::path root = project_root();
    std::vector<fs::path> files = {root / "README.md"};
    for (const auto& entry : fs::directory_iterator(root / "docs"))
        if (entry.path().extension() == ".md") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<Example> all;
    for (const fs::path& file : files) {
        std::vector<Example> some = examples_in(file, fs::relative(file, root).string());
        all.insert(all.end(), some.begin(), some.end());
    }
    return all;
}

// What a command prints, standard error after standard output as the shell interleaves them.
std::vector<std::string> run(const std::string& command) {
    const std::string exe = DYNAMO_EXE;
    const std::string bin = fs::path(exe).parent_path().string();
    std::string line = command;
    for (std::size_t at; (at = line.find("./build/dynamo")) != std::string::npos;)
        line.replace(at, 14, exe);
    const std::string script = "cd '" + project_root() + "' && PATH='" + bin +
                               "':\"$PATH\" && export PATH && {\n" + line + "\n} 2>&1";
    std::vector<std::string> out;
    FILE* pipe = popen(script.c_str(), "r");
    if (!pipe) return out;
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    pclose(pipe);
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l);) out.push_back(without_trailing_space(l));
    return without_trailing_blank_lines(out);
}

// Times ("0.12 s", "12 s") are the same time.
std::string times_hidden(const std::string& line) {
    static const std::regex time(R"(\b\d+(\.\d+)? s\b)");
    return std::regex_replace(line, time, "<time> s");
}

// Whether `actual` is what `shown` shows: line by line, "..." for any number of lines.
bool matches(const std::vector<std::string>& shown, const std::vector<std::string>& actual) {
    // can[i][j]: shown from i matches actual from j.
    std::vector<std::vector<char>> can(shown.size() + 1, std::vector<char>(actual.size() + 1, 0));
    can[shown.size()][actual.size()] = 1;
    for (std::size_t i = shown.size(); i-- > 0;) {
        for (std::size_t j = actual.size() + 1; j-- > 0;) {
            if (shown[i] == "...")
                can[i][j] = can[i + 1][j] || (j < actual.size() && can[i][j + 1]);
            else
                can[i][j] = j < actual.size() &&
                            times_hidden(shown[i]) == times_hidden(actual[j]) && can[i + 1][j + 1];
        }
    }
    return can[0][0];
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += "    " + line + "\n";
    return text;
}

} // namespace

TEST_CASE("The ellipsis and time patterns of the documentation's examples", "[docs]") {
    CHECK(matches({"a", "...", "d"}, {"a", "b", "c", "d"}));
    CHECK(matches({"a", "...", "b"}, {"a", "b"}));
    CHECK(matches({"..."}, {}));
    CHECK_FALSE(matches({"a", "...", "d"}, {"a", "b", "c"}));
    CHECK_FALSE(matches({"a"}, {"a", "b"}));
    CHECK(matches({"2 problems: 2 sound in 0.02 s"}, {"2 problems: 2 sound in 13.50 s"}));
    CHECK_FALSE(matches({"2 problems: 2 sound in 0.02 s"}, {"3 problems: 2 sound in 0.02 s"}));
}

TEST_CASE("Every example in README.md and docs/ prints what it shows", "[docs][cli]") {
    const std::vector<Example> examples = documentation_examples();
    // Both the README and docs/format.md hold examples: a change of the convention that drops
    // them all fails here.
    CHECK(examples.size() >= 15);
    for (const Example& example : examples) {
        INFO(example.file << ":" << example.line << ": $ " << example.command);
        const std::vector<std::string> actual = run(example.command);
        INFO("shown:\n" << joined(example.shown) << "printed:\n" << joined(actual));
        CHECK(matches(example.shown, actual));
    }
}
