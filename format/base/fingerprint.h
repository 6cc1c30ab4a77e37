// A short fingerprint of a text: FNV-1a, 64 bits, as 16 hex digits. Enough to tell an edited
// problem from the one recorded, and short enough to read in an error message.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace dynamo {

inline std::string fingerprint(std::string_view text) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    return hex;
}

} // namespace dynamo
