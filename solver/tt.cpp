#include "tt.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <new>
#include <sys/mman.h>

namespace dynamo {

TranspositionTable::TranspositionTable(size_t megabytes) {
    size_t bytes = std::max<size_t>(megabytes, 1) << 20;
    size_t n = std::bit_floor(bytes / sizeof(Entry));
    constexpr size_t HUGE_PAGE = size_t(2) << 20;
    mapping_size_ = n * sizeof(Entry) + HUGE_PAGE;
    mapping_ = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping_ == MAP_FAILED) throw std::bad_alloc();
    auto aligned = (reinterpret_cast<uintptr_t>(mapping_) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    table_ = reinterpret_cast<Entry*>(aligned);
    madvise(table_, n * sizeof(Entry), MADV_HUGEPAGE); // a hint; without it, small pages
    mask_ = n - 1;
}

TranspositionTable::~TranspositionTable() { munmap(mapping_, mapping_size_); }

void TranspositionTable::clear() {
    for (size_t i = 0; i <= mask_; ++i) {
        std::atomic_ref<uint64_t>(table_[i].check).store(0, std::memory_order_relaxed);
        std::atomic_ref<uint64_t>(table_[i].data).store(0, std::memory_order_relaxed);
    }
}

namespace {
uint64_t pack(TranspositionTable::Bounds b) { return uint64_t(b.win) | uint64_t(b.fail) << 8; }
TranspositionTable::Bounds unpack(uint64_t d) { return {int(d & 0xFF), int((d >> 8) & 0xFF)}; }
} // namespace

TranspositionTable::Bounds TranspositionTable::probe(Key key) const {
    Entry& e = table_[key & mask_];
    uint64_t data = std::atomic_ref<uint64_t>(e.data).load(std::memory_order_relaxed);
    uint64_t check = std::atomic_ref<uint64_t>(e.check).load(std::memory_order_relaxed);
    if ((check ^ data) != key || data == 0) return {};
    return unpack(data);
}

void TranspositionTable::store(Key key, Bounds bounds) {
    Entry& e = table_[key & mask_];
    Bounds old = probe(key);
    Bounds merged{std::min(old.win, bounds.win), std::max(old.fail, bounds.fail)};
    uint64_t data = pack(merged);
    std::atomic_ref<uint64_t>(e.data).store(data, std::memory_order_relaxed);
    std::atomic_ref<uint64_t>(e.check).store(key ^ data, std::memory_order_relaxed);
}

} // namespace dynamo
