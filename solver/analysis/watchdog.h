// Stops an analysis at its time limit or on an interrupt (Ctrl-C), and reports progress now and
// then. A thread of its own, woken at once when the analysis ends, so a small problem costs no
// waiting.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace dynamo {

class Watchdog {
  public:
    using Clock = std::chrono::steady_clock;

    // Sets `stop` at the time limit (max_seconds 0: none) or when `interrupt` (may be null) is
    // set. `tick`, if given, is called about every quarter of a second from the watchdog's
    // thread. `stop` and whatever `tick` uses must outlive the watchdog: declare them first, so
    // that the thread is joined before they go, even when an exception unwinds the analysis.
    Watchdog(std::atomic<bool>& stop, double max_seconds, const std::atomic<bool>* interrupt,
             std::function<void()> tick = {});
    ~Watchdog() { finish(); }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
    void finish(); // the analysis is over: the thread ends

  private:
    Clock::time_point start_ = Clock::now();
    std::atomic<bool>& stop_;
    bool finished_ = false;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread thread_;
};

} // namespace dynamo
