#include "solver/search/tt.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <climits>
#include <new>
#include <tbb/enumerable_thread_specific.h>

namespace dynamo {

struct TranspositionTable::ThreadCounts {
    tbb::enumerable_thread_specific<NonTrivialCounts> tables;
};

NonTrivialCounts& TranspositionTable::nontrivial_counts() {
    return nontrivial_counts_->tables.local();
}

TranspositionTable::TranspositionTable(size_t megabytes)
    : nontrivial_counts_(std::make_unique<ThreadCounts>()) {
    size_t bytes = std::max<size_t>(megabytes, 1) << 20;
    // At least 2^DATA_BITS buckets: the index then covers the key bits an entry does not hold.
    size_t n = std::max(std::bit_floor(bytes / sizeof(Bucket)), size_t(1) << DATA_BITS);
    memory_ = MappedMemory(n * sizeof(Bucket));
    if (!memory_.data()) throw TableAllocationError(std::max<size_t>(megabytes, 1), errno);
    buckets_ = static_cast<Bucket*>(memory_.data());
    max_mask_ = n - 1;
    mask_.store(first_mask(), std::memory_order_relaxed);
    // The first part is faulted in here, on one thread: every search thread stores into it from
    // its first nodes, and threads faulting the same huge page at once zeroed it several times
    // over (perf, nontriv_06 at 2 threads: clear_page under put() 0.5 ms a solve, 0.12 ms so).
    memory_.populate(0, (first_mask() + 1) * sizeof(Bucket));
}

size_t TranspositionTable::first_mask() const {
    const size_t first = std::max((size_t(2) << 20) / sizeof(Bucket), size_t(1) << DATA_BITS);
    return std::min(max_mask_ + 1, first) - 1;
}

TranspositionTable::~TranspositionTable() = default;

void TranspositionTable::clear() {
    // Every bucket the table may have used, and back to its first size.
    for (size_t i = 0; i <= max_mask_; ++i)
        for (uint64_t& w : buckets_[i].slot)
            std::atomic_ref<uint64_t>(w).store(0, std::memory_order_relaxed);
    mask_.store(first_mask(), std::memory_order_relaxed);
    sampled_new_.store(0, std::memory_order_relaxed);
    for (NonTrivialCounts& counts : nontrivial_counts_->tables) counts.clear();
}

namespace {

constexpr uint64_t UNKNOWN_WIN = 127; // the code of NO_WIN

// The data bits: the win bound in bits 0-6 (1..MAX_MOVES, UNKNOWN_WIN: none), the failure bound
// in bits 7-13 (0..MAX_MOVES + 1). Never 0, so that no entry reads as an empty word.
uint64_t pack(TranspositionTable::Bounds b) {
    uint64_t win =
        b.win > TranspositionTable::MAX_MOVES ? UNKNOWN_WIN : uint64_t(std::max(b.win, 1));
    uint64_t fail = uint64_t(std::clamp(b.fail, 0, TranspositionTable::MAX_MOVES + 1));
    return win | fail << 7;
}
TranspositionTable::Bounds unpack(uint64_t d) {
    int win = int(d & 0x7F);
    return {win == int(UNKNOWN_WIN) ? TranspositionTable::NO_WIN : win, int((d >> 7) & 0x7F)};
}
// The work behind an entry, for replacement: the most moves its bounds speak of.
int value(uint64_t d) {
    uint64_t win = d & 0x7F;
    return int(std::max(win == UNKNOWN_WIN ? 0 : win, (d >> 7) & 0x7F));
}
uint64_t load(const uint64_t& w) {
    return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(w)).load(std::memory_order_relaxed);
}

} // namespace

TranspositionTable::Bounds TranspositionTable::probe(Key key) const {
    const Bucket& b = buckets_[key & mask()];
    for (const uint64_t& slot : b.slot) {
        uint64_t w = load(slot);
        if (((w ^ key) & ~DATA_MASK) == 0 && w != 0) return unpack(w & DATA_MASK);
    }
    return {};
}

void TranspositionTable::store(Key key, Bounds bounds) {
    if (put(key, bounds)) count_new_entry(key);
}

bool TranspositionTable::put(Key key, Bounds bounds) {
    Bucket& b = buckets_[key & mask()];
    const uint64_t tag = key & ~DATA_MASK;
    // Ties between equally valuable entries go by the key's top bits: no slot is always the one
    // to go, so that among cheap entries the older ones do not stay for good.
    const unsigned start = unsigned(key >> 61);
    int victim = 0, victim_value = INT_MAX;
    for (unsigned i = 0; i < SLOTS; ++i) {
        unsigned j = (start + i) & (SLOTS - 1);
        uint64_t w = load(b.slot[j]);
        if (w != 0 && (w & ~DATA_MASK) == tag) {
            Bounds old = unpack(w & DATA_MASK);
            Bounds merged{std::min(old.win, bounds.win), std::max(old.fail, bounds.fail)};
            uint64_t nw = tag | pack(merged);
            if (nw != w) std::atomic_ref<uint64_t>(b.slot[j]).store(nw, std::memory_order_relaxed);
            return false;
        }
        int v = w == 0 ? -1 : value(w & DATA_MASK);
        if (v < victim_value) victim = int(j), victim_value = v;
    }
    uint64_t data = pack(bounds);
    if (data == UNKNOWN_WIN) return false; // nothing proven
    std::atomic_ref<uint64_t>(b.slot[victim]).store(tag | data, std::memory_order_relaxed);
    return victim_value < 0;
}

void TranspositionTable::count_new_entry(Key key) {
    if ((key >> 40) & (SAMPLE - 1)) return; // one key in SAMPLE: the counter is shared
    const uint64_t taken = (sampled_new_.fetch_add(1, std::memory_order_relaxed) + 1) * SAMPLE;
    size_t m = mask();
    if (m == max_mask_ || taken < (m + 1) * SLOTS / 2) return;
    const size_t grown = std::min((m << 2) | 3, max_mask_);
    if (!mask_.compare_exchange_strong(m, grown, std::memory_order_relaxed)) return;
    // The thread that grew the table moves the entries to their buckets in the larger one:
    // their keys are whole again from the tag and the old bucket's low bits. (Left where they
    // were, they were lost: castling_11 searched 9% more nodes.) The other threads go on
    // meanwhile; an entry they store first is merged with the moved one.
    for (size_t i = 0; i <= m; ++i)
        for (uint64_t& slot : buckets_[i].slot) {
            uint64_t w = load(slot);
            if (w == 0) continue;
            const Key k = (w & ~DATA_MASK) | (i & DATA_MASK);
            if ((k & grown) == i) continue; // its bucket still
            if (!std::atomic_ref<uint64_t>(slot).compare_exchange_strong(w, 0,
                                                                         std::memory_order_relaxed))
                continue; // replaced meanwhile
            put(k, unpack(w & DATA_MASK));
        }
}

} // namespace dynamo
