// Text from outside: files read with the reason they cannot be, and bytes made safe to print.
#pragma once

#include <string>
#include <string_view>

namespace dynamo {

// Reads a whole file. On failure returns false with `reason` saying why: "no such file", "is a
// directory", "permission denied", or the system's word for it.
bool read_text_file(const std::string& path, std::string& text, std::string& reason);

// `text` with every byte that is not printable UTF-8 (control characters but tab, DEL, bytes
// outside a well-formed sequence) written \xNN, and backslashes left as they are: input quoted in a
// message must not reach the terminal raw.
std::string escaped(std::string_view text);

// Free text of a problem file (title, author, remark) as it is kept: UTF-8 as written; text that
// is not UTF-8 is taken as Latin-1, as older Popeye files are, and converted. Control characters
// (C0, DEL, C1) are escaped as above either way.
std::string free_text(std::string_view text);

} // namespace dynamo
