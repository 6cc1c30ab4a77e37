#include "solver/search/nontrivial_counts.h"

#include <atomic>
#include <new>

namespace dynamo {

NonTrivialCounts::NonTrivialCounts(int index_bits)
    : memory_((size_t(1) << index_bits) * sizeof(uint64_t)),
      slots_(static_cast<uint64_t*>(memory_.data())), mask_((size_t(1) << index_bits) - 1) {
    if (!slots_) throw std::bad_alloc();
    memory_.populate(0, memory_.size());
}

int NonTrivialCounts::probe(Key key) const {
    const uint64_t w =
        std::atomic_ref<uint64_t>(slots_[index(key)]).load(std::memory_order_relaxed);
    if (((w ^ key) & ~COUNT_MASK) != 0 || (w & COUNT_MASK) == 0) return -1;
    return int(w & COUNT_MASK) - 1;
}

void NonTrivialCounts::store(Key key, int count) {
    if (count < 0 || count > MAX_COUNT) return;
    std::atomic_ref<uint64_t>(slots_[index(key)])
        .store((key & ~COUNT_MASK) | uint64_t(count + 1), std::memory_order_relaxed);
}

void NonTrivialCounts::clear() {
    for (size_t i = 0; i <= mask_; ++i)
        std::atomic_ref<uint64_t>(slots_[i]).store(0, std::memory_order_relaxed);
}

} // namespace dynamo
