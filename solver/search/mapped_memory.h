// Zeroed memory straight from the operating system, for the search's large tables: aligned to
// a huge page and advised to use huge pages where the system allows, so that touching it costs
// few page faults.
//
// Pages are handed out as first touched, so a large table costs nothing for a small problem.
// But a page first read, then written, faults twice: the read maps the shared zero page, and the
// write replaces it, which in a process with several threads flushes every core's TLB (perf,
// nontriv_07 at 2 threads: a twentieth of the time in those flushes, under NonTrivialCounts'
// first probes). A table that is soon used all over is therefore populated at once (populate()).
#pragma once

#include <cstddef>

namespace dynamo {

class MappedMemory {
  public:
    MappedMemory() = default;
    // Maps `bytes`; data() is nullptr if the system refused (errno says why).
    explicit MappedMemory(size_t bytes);
    ~MappedMemory();
    MappedMemory(MappedMemory&& other) noexcept;
    MappedMemory& operator=(MappedMemory&& other) noexcept;
    MappedMemory(const MappedMemory&) = delete;
    MappedMemory& operator=(const MappedMemory&) = delete;

    void* data() const { return data_; }
    size_t size() const { return size_; }
    // Faults the bytes [from, from + bytes) in now, written to: in one system call where the
    // kernel has one (MADV_POPULATE_WRITE), else a write to each page.
    void populate(size_t from, size_t bytes);

  private:
    void* mapping_ = nullptr;
    size_t mapping_size_ = 0;
    void* data_ = nullptr;
    size_t size_ = 0;
};

} // namespace dynamo
