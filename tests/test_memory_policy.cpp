// The process's memory policy (cli/commands.h, keep_freed_memory): memory freed at the top of the
// heap stays with the process instead of going back to the system at every free.
#include "cli/commands.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <unistd.h>
#include <vector>

TEST_CASE("keep_freed_memory: the freed top of the heap is not given back", "[cli][memory]") {
    dynamo::cli::keep_freed_memory();
    // 4 MB in blocks small enough for the heap (not mapped one by one), freed newest first: the
    // top of the heap is then free, 4 MB, far over glibc's default 128 KB for giving it back.
    std::vector<void*> blocks;
    for (int i = 0; i < 256; ++i) blocks.push_back(std::malloc(16 << 10));
    const void* end = sbrk(0);
    for (auto b = blocks.rbegin(); b != blocks.rend(); ++b) std::free(*b);
    CHECK(sbrk(0) == end);
}
