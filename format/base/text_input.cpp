#include "format/base/text_input.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

namespace dynamo {

bool read_text_file(const std::string& path, std::string& text, std::string& reason) {
    std::error_code ec;
    // fopen opens a directory for reading on Linux; the read would fail without a reason.
    if (std::filesystem::is_directory(path, ec)) {
        reason = "is a directory";
        return false;
    }
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
    auto why = [&](int error) {
        reason = error == ENOENT   ? "no such file"
                 : error == EACCES ? "permission denied"
                                   : std::generic_category().message(error);
        if (!reason.empty() && reason[0] >= 'A' && reason[0] <= 'Z')
            reason[0] = char(reason[0] - 'A' + 'a');
        return false;
    };
    if (!file) return why(errno);
    text.clear();
    char buffer[1 << 16];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0;)
        text.append(buffer, n);
    if (std::ferror(file.get())) return why(errno ? errno : EIO);
    return true;
}

namespace {

bool is_utf8(std::string_view text);

} // namespace

std::string escaped(std::string_view text) {
    static const char* hex = "0123456789abcdef"; // as the problem reader quotes
    std::string out;
    out.reserve(text.size());
    auto escape = [&](unsigned char c) { out += "\\x", out += hex[c >> 4], out += hex[c & 15]; };
    for (size_t i = 0; i < text.size();) {
        auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F)
                escape(c);
            else
                out += char(c);
            ++i;
            continue;
        }
        // A well-formed multi-byte sequence (RFC 3629: no overlong forms, no surrogates, at most
        // U+10FFFF) is kept whole; any other byte is escaped alone.
        int n = c >= 0xC2 && c <= 0xDF   ? 2
                : c >= 0xE0 && c <= 0xEF ? 3
                : c >= 0xF0 && c <= 0xF4 ? 4
                                         : 0;
        bool ok = n > 0 && i + size_t(n) <= text.size();
        for (int k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(text[i + size_t(k)]) & 0xC0) == 0x80;
        if (ok) {
            auto c1 = static_cast<unsigned char>(text[i + 1]);
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
                (c == 0xF4 && c1 > 0x8F))
                ok = false;
        }
        if (!ok) {
            escape(c);
            ++i;
            continue;
        }
        out.append(text.substr(i, size_t(n)));
        i += size_t(n);
    }
    return out;
}

namespace {

bool is_utf8(std::string_view text) {
    // escaped() changes only control characters and bytes outside well-formed sequences.
    std::string e = escaped(text);
    size_t controls = 0;
    for (char c : text)
        controls += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F;
    return e.size() == text.size() + 3 * controls;
}

} // namespace

std::string free_text(std::string_view text) {
    if (is_utf8(text)) return escaped(text);
    std::string out;
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        if (c < 0xA0) {
            out += escaped(std::string_view(&ch, 1)); // ASCII, or C1 controls: escaped
        } else {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

} // namespace dynamo
