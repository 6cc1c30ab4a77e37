// The project stands alone: a clone with nothing beside it builds, tests and documents itself.
#include "helpers.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <regex>
#include <set>

using namespace dynamo::test;
namespace fs = std::filesystem;

namespace {

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The project's files: git's list where the tree is a clone, else every file under the root but
// build folders (a source archive).
std::vector<fs::path> project_files() {
    const fs::path root = project_root();
    std::vector<fs::path> files;
    if (fs::exists(root / ".git")) {
        std::string command = "git -C '" + root.string() + "' ls-files -z 2>/dev/null";
        if (FILE* pipe = popen(command.c_str(), "r")) {
            std::string name;
            for (int c; (c = std::fgetc(pipe)) != EOF;) {
                if (c != '\0') {
                    name.push_back(char(c));
                } else {
                    files.push_back(root / name);
                    name.clear();
                }
            }
            if (pclose(pipe) == 0 && !files.empty()) return files;
            files.clear();
        }
    }
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        std::string name = it->path().filename().string();
        if (it->is_directory() && (name == ".git" || name.starts_with("build") ||
                                   fs::exists(it->path() / "CMakeCache.txt"))) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file()) files.push_back(it->path());
    }
    return files;
}

} // namespace

TEST_CASE("No file of the project names the team's reference folder outside it", "[project]") {
    // Built from two parts, so that this file does not name it itself.
    const std::string outside = std::string("../") + "shared";
    std::vector<fs::path> files = project_files();
    REQUIRE(files.size() > 100); // the sources, tests, data and problems were found
    std::vector<std::string> naming;
    for (const fs::path& file : files)
        if (fs::is_regular_file(file) && file_text(file).find(outside) != std::string::npos)
            naming.push_back(fs::relative(file, project_root()).string());
    INFO("files naming " << outside << ":");
    for (const std::string& name : naming) INFO("  " << name);
    CHECK(naming.empty());
}

TEST_CASE("The tests' reference data is inside the project, each file named in its README", "[project]") {
    const fs::path data = fs::path(project_root()) / "tests" / "data";
    const std::string readme = file_text(data / "README.md");
    REQUIRE_FALSE(readme.empty());
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(data)) {
        if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
        ++files;
        // A file is named by its path, or (for the folders of problems and outputs) its folder.
        std::string relative = fs::relative(entry.path(), data).string();
        std::string folder = fs::relative(entry.path().parent_path(), data).string() + "/";
        INFO(relative);
        CHECK((readme.find("`" + relative + "`") != std::string::npos ||
               readme.find("`" + folder) != std::string::npos));
    }
    CHECK(files > 70);
}

TEST_CASE(".ci/run runs the README's test command", "[project]") {
    const fs::path root = project_root();
    const std::string readme = file_text(root / "README.md");
    const std::string ci = file_text(root / ".ci" / "run");
    // The README's first code block holds the two commands; the second runs every test.
    size_t block = readme.find("```sh\n");
    REQUIRE(block != std::string::npos);
    size_t first_end = readme.find('\n', block + 6);
    size_t second_end = readme.find('\n', first_end + 1);
    std::string test_command = readme.substr(first_end + 1, second_end - first_end - 1);
    INFO("README's test command: " << test_command);
    CHECK(test_command.find("ctest") != std::string::npos);
    CHECK(ci.find(test_command) != std::string::npos);
}

TEST_CASE("The help texts point only into the project, and mate's lists every stipulation", "[project]") {
    auto help = [](const std::string& command) {
        std::string line = std::string("'") + DYNAMO_EXE + "' " + command + " --help 2>&1";
        std::string out;
        if (FILE* pipe = popen(line.c_str(), "r")) {
            for (int c; (c = std::fgetc(pipe)) != EOF;) out.push_back(char(c));
            pclose(pipe);
        }
        return out;
    };
    for (const char* command : {"solve", "check", "mate", "replay", "moves", "perft", "bench"}) {
        std::string text = help(command);
        INFO(command << " --help:\n" << text);
        CHECK(text.find("Usage") != std::string::npos);
        CHECK(text.find("SPEC") == std::string::npos);
        CHECK(text.find("RULES") == std::string::npos);
    }
    std::string mate = help("mate");
    for (const char* stipulation : {"#N", "s#N", "h#N", "h#N.5"})
        CHECK(mate.find(stipulation) != std::string::npos);
}

namespace {

// The project's files under `folders` whose names end in one of `extensions`, relative to the
// root, sorted.
std::vector<std::string> files_under(const std::vector<std::string>& folders,
                                     const std::vector<std::string>& extensions) {
    const fs::path root = project_root();
    std::vector<std::string> found;
    for (const fs::path& file : project_files()) {
        const std::string relative = fs::relative(file, root).generic_string();
        bool inside = std::any_of(folders.begin(), folders.end(), [&](const std::string& folder) {
            return relative == folder || relative.starts_with(folder + "/");
        });
        bool named = std::any_of(extensions.begin(), extensions.end(),
                                 [&](const std::string& ext) { return relative.ends_with(ext); });
        if (inside && named && fs::is_regular_file(file)) found.push_back(relative);
    }
    std::sort(found.begin(), found.end());
    return found;
}

// A header and its .cpp are one unit: "solver/rules/check" for both.
std::string unit_of(const std::string& path) {
    for (const char* ext : {".h", ".cpp"})
        if (path.ends_with(ext)) return path.substr(0, path.size() - std::strlen(ext));
    return path;
}

// Each unit's units it includes ("..." includes found from the root or beside the file).
std::map<std::string, std::set<std::string>> include_graph(const std::vector<std::string>& files) {
    const fs::path root = project_root();
    static const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)")re");
    std::map<std::string, std::set<std::string>> graph;
    for (const std::string& file : files) {
        const std::string unit = unit_of(file);
        graph[unit];
        std::ifstream in(root / file);
        for (std::string line; std::getline(in, line);) {
            std::smatch m;
            if (!std::regex_search(line, m, include_line)) continue;
            const std::string included = m[1];
            const std::string beside =
                (fs::path(file).parent_path() / included).lexically_normal().generic_string();
            for (const std::string& candidate : {included, beside}) {
                if (!fs::exists(root / candidate)) continue;
                if (unit_of(candidate) != unit) graph[unit].insert(unit_of(candidate));
                break;
            }
        }
    }
    return graph;
}

// The strongly connected components of more than one unit (Tarjan's algorithm).
std::vector<std::vector<std::string>>
cycles(const std::map<std::string, std::set<std::string>>& graph) {
    std::map<std::string, int> index, low;
    std::set<std::string> on_stack;
    std::vector<std::string> stack;
    std::vector<std::vector<std::string>> found;
    int next = 0;
    std::function<void(const std::string&)> visit = [&](const std::string& v) {
        index[v] = low[v] = next++;
        stack.push_back(v);
        on_stack.insert(v);
        auto edges = graph.find(v);
        if (edges != graph.end()) {
            for (const std::string& w : edges->second) {
                if (!index.count(w)) {
                    visit(w);
                    low[v] = std::min(low[v], low[w]);
                } else if (on_stack.count(w)) {
                    low[v] = std::min(low[v], index[w]);
                }
            }
        }
        if (low[v] != index[v]) return;
        std::vector<std::string> component;
        std::string w;
        do {
            w = stack.back();
            stack.pop_back();
            on_stack.erase(w);
            component.push_back(w);
        } while (w != v);
        if (component.size() > 1) {
            std::sort(component.begin(), component.end());
            found.push_back(component);
        }
    };
    for (const auto& [unit, edges] : graph)
        if (!index.count(unit)) visit(unit);
    return found;
}

// The headings of docs/rules.md: their titles without the number ("Castling"), and their numbers
// ("6", "3.5").
struct Headings {
    std::vector<std::string> titles;
    std::set<std::string> numbers;
    std::set<std::string> anchors; // as GitHub makes them: "6-castling"
};

std::string lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

Headings rules_headings() {
    Headings headings;
    std::ifstream in(fs::path(project_root()) / "docs" / "rules.md");
    static const std::regex heading(R"(^#+\s+(([0-9]+(\.[0-9]+)*)\.?\s+)?(.*\S)\s*$)");
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, heading)) continue;
        if (m[2].matched) headings.numbers.insert(m[2]);
        headings.titles.push_back(lower(m[4]));
        std::string anchor;
        for (char c : lower(line.substr(line.find_first_not_of('#')))) {
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')
                anchor += c;
            else if (c == ' ')
                anchor += '-';
            else if (static_cast<unsigned char>(c) >= 0x80)
                anchor += c; // letters beyond ASCII
        }
        while (anchor.starts_with("-")) anchor.erase(0, 1);
        headings.anchors.insert(anchor);
    }
    return headings;
}

// Whether `name` ("Castling", "check", "4.1 What check means") names a heading: a number of one,
// or the start of a title up to a word's end.
bool names_heading(const Headings& headings, std::string name) {
    static const std::regex numbered(R"(^([0-9]+(\.[0-9]+)*)\.?(\s+(.*))?$)");
    std::smatch m;
    if (std::regex_match(name, m, numbered)) {
        if (!headings.numbers.count(m[1])) return false;
        if (!m[4].matched) return true;
        name = m[4];
    }
    name = lower(name);
    if (name.empty()) return false;
    for (const std::string& title : headings.titles) {
        if (!title.starts_with(name)) continue;
        if (title.size() == name.size() ||
            !std::isalnum(static_cast<unsigned char>(title[name.size()])))
            return true;
    }
    return false;
}

} // namespace

// Fails while two units include each other, directly or not: the failure lists the cycles.
TEST_CASE("No include cycle in solver/, format/, batch/ and cli/ (a header and its .cpp as one)",
          "[project]") {
    const std::vector<std::string> files =
        files_under({"solver", "format", "batch", "cli"}, {".h", ".cpp"});
    REQUIRE(files.size() > 50);
    const auto graph = include_graph(files);
    const auto found = cycles(graph);
    for (const auto& component : found) {
        std::string units;
        for (const std::string& unit : component) units += " " + unit;
        UNSCOPED_INFO("cycle:" << units);
    }
    CHECK(found.empty());
}

TEST_CASE("The include cycle finder finds a cycle through three units, and none in a chain",
          "[project]") {
    CHECK(cycles({{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}, {"d", {"a"}}}).size() == 1);
    CHECK(cycles({{"a", {"b"}}, {"b", {"c"}}, {"c", {}}}).empty());
    CHECK(unit_of("solver/rules/check.h") == unit_of("solver/rules/check.cpp"));
}

// A citation of the rules names a section that exists: "docs/rules.md, Castling",
// "docs/rules.md §6", "docs/rules.md section 4.1", "rules.md#6-castling".
TEST_CASE("Every citation of docs/rules.md names one of its headings", "[project][docs]") {
    const Headings headings = rules_headings();
    REQUIRE(headings.titles.size() > 20);
    CHECK(names_heading(headings, "Castling"));
    CHECK(names_heading(headings, "check"));
    CHECK(names_heading(headings, "4.1"));
    CHECK(names_heading(headings, "3.5 A move is what it does"));
    CHECK_FALSE(names_heading(headings, "Castl"));
    CHECK_FALSE(names_heading(headings, "99"));

    // The name runs to a bracket, a colon, a semicolon, a comma or a full stop.
    static const std::regex cited(
        R"(docs/rules\.md`?(?:,\s*(?:section\s+|§\s*)?|\s+(?:section\s+|§\s*))["'`]?([^"'`();:,\n]*?)["'`]?\s*(?=[();:,]|\.\s|\.$|$))");
    static const std::regex anchored(R"(rules\.md#([A-Za-z0-9_\-]+))");
    int citations = 0;
    for (const std::string& file :
         files_under({"solver", "format", "batch", "cli", "tests", "docs", "problems", "fuzz",
                      "tools", "README.md", "CMakeLists.txt"},
                     {".h", ".cpp", ".md", ".sh", ".py", ".txt"})) {
        if (file.starts_with("tests/data/") && !file.ends_with("README.md")) continue;
        std::ifstream in(fs::path(project_root()) / file);
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            for (auto it = std::sregex_iterator(line.begin(), line.end(), cited);
                 it != std::sregex_iterator(); ++it) {
                ++citations;
                std::string name = (*it)[1];
                while (!name.empty() && (name.back() == ' ' || name.back() == '.')) name.pop_back();
                INFO(file << ":" << number << ": " << line);
                CHECK(names_heading(headings, name));
            }
            for (auto it = std::sregex_iterator(line.begin(), line.end(), anchored);
                 it != std::sregex_iterator(); ++it) {
                ++citations;
                INFO(file << ":" << number << ": " << line);
                CHECK(headings.anchors.count((*it)[1]) == 1);
            }
        }
    }
    CHECK(citations > 0);
}

TEST_CASE("No comment or document names the old rule and spec files or an issue number",
          "[project]") {
    // Built from parts, so that this file does not name them itself.
    const std::string rules = std::string("RULES") + ".md", spec = std::string("SPEC") + ".md";
    static const std::regex issue(std::string("\\b[Ii]ssues?\\s+#?[0-9]+"));
    std::vector<std::string> naming;
    for (const std::string& file : files_under({"solver", "format", "batch", "cli", "tests", "docs",
                                                "problems", "README.md", "CMakeLists.txt"},
                                               {".h", ".cpp", ".md", ".sh", ".txt"})) {
        if (file.starts_with("tests/data/")) continue; // other programs' files, kept as they are
        std::ifstream in(fs::path(project_root()) / file);
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            if (line.find(rules) != std::string::npos || line.find(spec) != std::string::npos ||
                std::regex_search(line, issue))
                naming.push_back(file + ":" + std::to_string(number) + ": " + line);
        }
    }
    for (const std::string& line : naming) UNSCOPED_INFO(line);
    CHECK(naming.empty());
}

TEST_CASE("The program's --version prints the version of CMakeLists.txt's project()",
          "[project][cli]") {
    std::string out;
    const std::string line = std::string("'") + DYNAMO_EXE + "' --version 2>&1";
    if (FILE* pipe = popen(line.c_str(), "r")) {
        for (int c; (c = std::fgetc(pipe)) != EOF;) out.push_back(char(c));
        pclose(pipe);
    }
    CHECK(out == std::string("dynamo ") + DYNAMO_VERSION + "\n");
    // The version is written once: in project(VERSION), not in the sources.
    const std::string main_cpp = file_text(fs::path(project_root()) / "cli" / "main.cpp");
    CHECK(main_cpp.find(std::string("\"dynamo ") + DYNAMO_VERSION + "\"") == std::string::npos);
}

TEST_CASE("docs/distributed.md quotes each recipe of examples/distributed/ as it is",
          "[project][docs]") {
    const fs::path root = project_root();
    const std::string doc = file_text(root / "docs" / "distributed.md");
    int recipes = 0;
    for (const auto& entry : fs::directory_iterator(root / "examples" / "distributed")) {
        const std::string name = "examples/distributed/" + entry.path().filename().string();
        INFO(name);
        ++recipes;
        // Named, then quoted whole in the code block that follows the name.
        size_t named = doc.find("`" + name + "`");
        REQUIRE(named != std::string::npos);
        size_t block = doc.find("```sh\n", named);
        REQUIRE(block != std::string::npos);
        size_t body = block + 6;
        size_t end = doc.find("```\n", body);
        REQUIRE(end != std::string::npos);
        CHECK(doc.substr(body, end - body) == file_text(entry.path()));
    }
    CHECK(recipes >= 3);
}
