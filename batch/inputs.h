// The files a batch reads: problem files named directly, and those found in folders.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dynamo::batch {

// In folders: *.pop and *.inp, and *.txt only when it looks like a problem file (a folder of
// notes must not turn into a pile of errors).
bool is_problem_file(const std::filesystem::path& path);

// Files in the given order, each folder's files (found recursively) sorted by path; a path that
// is no folder is taken as a file whatever its name (the reader reports it if it cannot be read).
std::vector<std::string> input_files(const std::vector<std::string>& paths);

} // namespace dynamo::batch
