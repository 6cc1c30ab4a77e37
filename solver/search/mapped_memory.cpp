#include "solver/search/mapped_memory.h"

#include <atomic>
#include <cstdint>
#include <sys/mman.h>
#include <utility>

namespace dynamo {

namespace {
constexpr size_t HUGE_PAGE = size_t(2) << 20;
constexpr size_t PAGE = 4096;
} // namespace

MappedMemory::MappedMemory(size_t bytes) {
    // One huge page more than asked, to align the start to one.
    const size_t length = bytes + HUGE_PAGE;
    void* m = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return;
    mapping_ = m;
    mapping_size_ = length;
    const auto aligned = (reinterpret_cast<uintptr_t>(m) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    data_ = reinterpret_cast<void*>(aligned);
    size_ = bytes;
    madvise(data_, size_, MADV_HUGEPAGE); // a hint; without it, small pages
}

MappedMemory::~MappedMemory() {
    if (mapping_) munmap(mapping_, mapping_size_);
}

MappedMemory::MappedMemory(MappedMemory&& other) noexcept
    : mapping_(std::exchange(other.mapping_, nullptr)),
      mapping_size_(std::exchange(other.mapping_size_, 0)),
      data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedMemory& MappedMemory::operator=(MappedMemory&& other) noexcept {
    if (this != &other) {
        if (mapping_) munmap(mapping_, mapping_size_);
        mapping_ = std::exchange(other.mapping_, nullptr);
        mapping_size_ = std::exchange(other.mapping_size_, 0);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void MappedMemory::populate(size_t from, size_t bytes) {
    if (!data_ || from >= size_) return;
    if (bytes > size_ - from) bytes = size_ - from;
    char* begin = static_cast<char*>(data_) + from;
#ifdef MADV_POPULATE_WRITE
    // madvise wants a page-aligned start.
    char* page = reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(begin) & ~(PAGE - 1));
    if (madvise(page, size_t(begin + bytes - page), MADV_POPULATE_WRITE) == 0) return;
#endif
    // Older kernels: a write to each page. Zeros, where another thread may already have stored
    // (the memory is zeroed anyway): an atomic add of nothing keeps what is there.
    for (size_t i = 0; i < bytes; i += PAGE)
        std::atomic_ref<char>(begin[i]).fetch_add(0, std::memory_order_relaxed);
}

} // namespace dynamo
