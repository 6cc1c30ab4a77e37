#include "embedded.h"

namespace dynamo::server {

const EmbeddedFile* find_file(std::span<const EmbeddedFile> files, std::string_view name) {
    for (const EmbeddedFile& file : files)
        if (file.name == name) return &file;
    return nullptr;
}

} // namespace dynamo::server
