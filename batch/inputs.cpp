#include "inputs.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <system_error>

namespace dynamo::batch {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

bool is_problem_file(const fs::path& path) {
    std::string ext = lower(path.extension().string());
    if (ext == ".pop" || ext == ".inp") return true;
    if (ext != ".txt") return false;
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return lower(text).find("begin") != std::string::npos;
}

std::vector<std::string> input_files(const std::vector<std::string>& paths) {
    std::vector<std::string> files;
    for (const std::string& path : paths) {
        std::error_code ec;
        if (!fs::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        std::vector<std::string> found;
        const auto skip = fs::directory_options::skip_permission_denied;
        for (fs::recursive_directory_iterator it(path, skip, ec), end; !ec && it != end;
             it.increment(ec))
            if (it->is_regular_file(ec) && is_problem_file(it->path()))
                found.push_back(it->path().string());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

} // namespace dynamo::batch
