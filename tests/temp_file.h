// A problem file of a test's own in the temporary folder, removed at the end of the test.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace dynamo::test {

struct TempFile {
    std::filesystem::path path;
    // The process id in the name: ctest runs the test cases at once, each in a process, and two
    // may write a file of the same name.
    TempFile(const std::string& name, const std::string& text)
        : path(std::filesystem::temp_directory_path() /
               ("dynamo_test_" + std::to_string(::getpid()) + "_" + name)) {
        std::ofstream(path) << text;
    }
    ~TempFile() { std::filesystem::remove(path); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    std::string str() const { return path.string(); }
};

} // namespace dynamo::test
