// The journal of a batch check (`check --journal FILE`, docs/format.md "Journal"): each analysed
// item's report appended as one JSON line, on disk before the next, so that a check killed halfway
// and run again solves only what the journal lacks, and prints what an uninterrupted run prints.
#pragma once

#include "item_report.h"
#include "items.h"
#include "settings.h"

#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace dynamo::batch {

// A journal that cannot be used: of other inputs or options, unreadable, not a journal.
struct JournalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What an item's report depends on, beyond its place: the text of its problem (the lines from
// its first keyword to the next problem's), the settings that change an answer, which instance.
// `files` are the batch's, read again here.
class ItemIdentities {
  public:
    ItemIdentities(const std::vector<Item>& items, const std::string& settings);
    const std::string& operator[](size_t i) const { return ids_[i]; }

  private:
    std::vector<std::string> ids_;
};

// The settings that change a report, as the journal's header keeps them: not the threads, the
// table or the progress bar, which change no answer.
std::string settings_identity(const Settings& settings);

class Journal {
  public:
    // Opens `path` (created if missing) for a check of `files` (its shard "I/N") with the settings
    // of settings_identity(). An existing journal of other files or settings is refused
    // (JournalError, naming what differs); a torn last line is cut off.
    Journal(const std::string& path, const std::vector<std::string>& files,
            const std::string& shard, const std::string& settings);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    // The report kept for the item, if the journal holds one of the same identity.
    std::optional<ItemReport> find(const Item& item, const std::string& identity) const;
    // Appends the item's report: written, flushed and synced to disk before it returns; false
    // if it could not be. Safe from several threads.
    bool add(const Item& item, const std::string& identity, const ItemReport& report);

    size_t kept() const { return kept_.size(); } // reports read back

  private:
    using Key = std::tuple<std::string, int, int, bool>; // file, index, twin, duplex half
    static Key key_of(const Item& item);

    std::string path_;
    std::FILE* file_ = nullptr;
    std::map<Key, std::pair<std::string, ItemReport>> kept_; // the last line of each item
    std::mutex mutex_;
};

} // namespace dynamo::batch
