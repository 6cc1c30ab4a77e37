#include "solver/analysis/watchdog.h"

namespace dynamo {

Watchdog::Watchdog(std::atomic<bool>& stop, double max_seconds, const std::atomic<bool>* interrupt,
                   std::function<void()> tick)
    : stop_(stop) {
    thread_ = std::thread([this, max_seconds, interrupt, tick = std::move(tick)] {
        std::unique_lock lock(mutex_);
        auto last_tick = Clock::now();
        while (!finished_) {
            if ((interrupt && interrupt->load()) || (max_seconds > 0 && seconds() >= max_seconds)) {
                stop_.store(true);
                return;
            }
            if (tick && Clock::now() - last_tick >= std::chrono::milliseconds(250)) {
                last_tick = Clock::now();
                tick();
            }
            wake_.wait_for(lock, std::chrono::milliseconds(20));
        }
    });
}

void Watchdog::finish() {
    {
        std::lock_guard lock(mutex_);
        if (finished_) return;
        finished_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

} // namespace dynamo
