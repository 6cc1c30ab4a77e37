#include "journal.h"

#include "format/base/fingerprint.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>
#include <unistd.h>

namespace dynamo::batch {

using nlohmann::json;

namespace {

constexpr int JOURNAL_FORMAT = 1;

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

json report_json(const ItemReport& r) {
    json j = {{"verdict", r.verdict}, {"seconds", r.seconds}, {"detail", r.detail},
              {"json", r.json},       {"status", r.status},   {"differs", r.differs}};
    j["solution"] = r.solution ? json(int(*r.solution)) : json(nullptr);
    return j;
}

ItemReport report_of(const json& j) {
    ItemReport r;
    r.verdict = j.at("verdict").get<std::string>();
    r.seconds = j.at("seconds").get<double>();
    r.detail = j.at("detail").get<std::string>();
    r.json = j.at("json").get<std::string>();
    r.status = j.at("status").get<int>();
    r.differs = j.at("differs").get<bool>();
    if (!j.at("solution").is_null()) r.solution = Verdict(j.at("solution").get<int>());
    return r;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

// What differs between the journal's header and this run's, in a few words.
std::string header_difference(const json& had, const json& now) {
    if (had.value("files", json::array()) != now["files"])
        return "other inputs (the journal's: " +
               joined(had.value("files", std::vector<std::string>{})) +
               "; this run's: " + joined(now["files"].get<std::vector<std::string>>()) + ")";
    if (had.value("shard", "") != now["shard"])
        return "another shard (the journal's: " + had.value("shard", "") +
               "; this run's: " + now["shard"].get<std::string>() + ")";
    const json a = had.value("settings", json::object()), b = now["settings"];
    for (auto it = b.begin(); it != b.end(); ++it)
        if (!a.contains(it.key()) || a[it.key()] != it.value())
            return "other options (" + it.key() + ": the journal's " +
                   (a.contains(it.key()) ? a[it.key()].dump() : "none") + ", this run's " +
                   it.value().dump() + ")";
    for (auto it = a.begin(); it != a.end(); ++it)
        if (!b.contains(it.key())) return "other options (" + it.key() + ")";
    return "";
}

} // namespace

std::string settings_identity(const Settings& s) {
    json j = {{"rules", s.rules_override ? s.rules.name() : std::string()},
              {"lang", int(s.lang)},
              {"order", int(s.order)},
              {"tries", s.tries},
              {"variations", s.variations},
              {"intended", s.intended},
              {"verdict_only", s.verdict_only},
              {"maxtime", s.resources.max_seconds}};
    return j.dump();
}

ItemIdentities::ItemIdentities(const std::vector<Item>& items, const std::string& settings) {
    // Each file's problems start where their first keyword is; a problem's text runs to the next.
    std::map<std::string, std::set<int>> starts;
    for (const Item& item : items)
        if (item.problem) starts[item.problem->file].insert(item.problem->line);
    std::map<std::string, std::vector<std::string>> texts;
    for (const auto& [file, _] : starts) texts[file] = lines_of(file);
    for (const Item& item : items) {
        std::string text = settings + "\n" + item.file + "\n" + std::to_string(item.index) + " " +
                           std::to_string(item.twin) + " " + std::to_string(item.duplex_half) +
                           "\n";
        if (item.problem) {
            const auto& lines = texts[item.problem->file];
            const auto& s = starts[item.problem->file];
            auto next = s.upper_bound(item.problem->line);
            size_t end = next == s.end() ? lines.size() : size_t(*next - 1);
            for (size_t l = size_t(std::max(item.problem->line, 1)) - 1;
                 l < end && l < lines.size(); ++l)
                text += lines[l] + "\n";
        }
        ids_.push_back(fingerprint(text));
    }
}

Journal::Key Journal::key_of(const Item& item) {
    return {item.file, item.index, item.twin, item.duplex_half};
}

Journal::Journal(const std::string& path, const std::vector<std::string>& files,
                 const std::string& shard, const std::string& settings)
    : path_(path) {
    const json header = {{"journal", "dynamo check"},
                         {"format", JOURNAL_FORMAT},
                         {"files", files},
                         {"shard", shard},
                         {"settings", json::parse(settings)}};
    std::string had;
    {
        std::ifstream in(path, std::ios::binary);
        if (in) {
            std::ostringstream text;
            text << in.rdbuf();
            had = text.str();
        }
    }
    // The whole lines that parse; a torn last line (a kill mid-write) is cut off.
    size_t good = 0, line_number = 0;
    bool have_header = false;
    while (good < had.size()) {
        size_t end = had.find('\n', good);
        ++line_number;
        json j;
        bool whole = end != std::string::npos;
        if (whole)
            j = json::parse(had.begin() + long(good), had.begin() + long(end), nullptr, false);
        if (!whole || j.is_discarded() || !j.is_object()) {
            if (whole && had.find('\n', end + 1) != std::string::npos)
                throw JournalError(path + ":" + std::to_string(line_number) +
                                   ": not a line of a check journal");
            break; // the last line, torn
        }
        if (!have_header) {
            if (j.value("journal", "") != "dynamo check" || j.value("format", 0) != JOURNAL_FORMAT)
                throw JournalError(path + ": not a check journal (format " +
                                   std::to_string(JOURNAL_FORMAT) + ")");
            std::string differs = header_difference(j, header);
            if (!differs.empty()) throw JournalError(path + ": a journal of " + differs);
            have_header = true;
        } else {
            try {
                Key key{j.at("file").get<std::string>(), j.at("index").get<int>(),
                        j.at("twin").get<int>(), j.at("duplex").get<bool>()};
                kept_[key] = {j.at("id").get<std::string>(), report_of(j.at("report"))};
            } catch (const json::exception&) {
                throw JournalError(path + ":" + std::to_string(line_number) +
                                   ": not a line of a check journal");
            }
        }
        good = end + 1;
    }
    std::error_code ec;
    if (good < had.size()) std::filesystem::resize_file(path, good, ec);
    if (ec) throw JournalError(path + ": cannot cut its torn last line: " + ec.message());
    file_ = std::fopen(path.c_str(), "ab");
    if (!file_) throw JournalError(path + ": cannot be written");
    if (!have_header) {
        std::string line = header.dump() + "\n";
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
        ::fsync(fileno(file_));
    }
}

Journal::~Journal() {
    if (file_) std::fclose(file_);
}

std::optional<ItemReport> Journal::find(const Item& item, const std::string& identity) const {
    auto it = kept_.find(key_of(item));
    if (it == kept_.end() || it->second.first != identity) return std::nullopt;
    return it->second.second;
}

bool Journal::add(const Item& item, const std::string& identity, const ItemReport& report) {
    json j = {{"file", item.file},          {"index", item.index}, {"twin", item.twin},
              {"duplex", item.duplex_half}, {"id", identity},      {"report", report_json(report)}};
    std::string line;
    try {
        line = j.dump() + "\n";
    } catch (const json::exception&) {
        return true; // not UTF-8: not kept, solved again on a rerun
    }
    std::lock_guard lock(mutex_);
    if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0 ||
        ::fsync(fileno(file_)) != 0)
        return false;
    return true;
}

} // namespace dynamo::batch
