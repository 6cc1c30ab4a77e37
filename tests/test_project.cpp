// The project stands alone: a clone with nothing beside it builds, tests and documents itself.
#include "helpers.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

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
    for (const char* stipulation : {"#N", "s#N", "h#N", "h#N.5"}) CHECK(mate.find(stipulation) != std::string::npos);
}
