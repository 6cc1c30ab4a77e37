// Files built into the program (cmake/embed.cmake writes their bytes into generated sources): the
// page (web/) and the problems the API lists (examples/*.pop, problems/collection/). Nothing is
// read from disk at run time.
#pragma once

#include <span>
#include <string_view>

namespace dynamo::server {

struct EmbeddedFile {
    std::string_view name;         // "index.html"; "examples/dynamo-2.pop"
    std::string_view content_type; // from the name's extension
    std::string_view bytes;
};

std::span<const EmbeddedFile> web_files();     // web/, named by their path under it
std::span<const EmbeddedFile> problem_files(); // named by their path in the source tree

// The file of that name, or null.
const EmbeddedFile* find_file(std::span<const EmbeddedFile> files, std::string_view name);

} // namespace dynamo::server
