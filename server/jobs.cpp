#include "jobs.h"

#include <algorithm>

namespace dynamo::server {

const char* state_name(JobState state) {
    switch (state) {
    case JobState::Queued: return "queued";
    case JobState::Running: return "running";
    case JobState::Done: return "done";
    case JobState::Stopped: return "stopped";
    case JobState::Failed: return "failed";
    }
    return "failed";
}

void Job::changed() {
    ++version_;
    changed_.notify_all();
}

void Job::set_progress(nlohmann::json progress) {
    std::lock_guard lock(mutex_);
    progress_ = std::move(progress);
    progress_version_ = version_ + 1;
    changed();
}

void Job::add_result(nlohmann::json result) {
    std::lock_guard lock(mutex_);
    results_.push_back(std::move(result));
    changed();
}

void Job::set_text(std::string text, std::string verdict) {
    std::lock_guard lock(mutex_);
    text_ = std::move(text);
    verdict_ = std::move(verdict);
    changed();
}

void Job::set_extra(const std::string& key, nlohmann::json value) {
    std::lock_guard lock(mutex_);
    extra_[key] = std::move(value);
    changed();
}

void Job::set_state(JobState state, std::string error) {
    std::lock_guard lock(mutex_);
    state_ = state;
    error_ = std::move(error);
    changed();
}

void Job::set_exports(std::shared_ptr<const JobExports> exports) {
    std::lock_guard lock(mutex_);
    exports_ = std::move(exports);
}

std::shared_ptr<const JobExports> Job::exports() const {
    std::lock_guard lock(mutex_);
    return exports_;
}

JobState Job::state() const {
    std::lock_guard lock(mutex_);
    return state_;
}

bool Job::finished() const {
    JobState s = state();
    return s == JobState::Done || s == JobState::Stopped || s == JobState::Failed;
}

nlohmann::json Job::to_json() const {
    std::lock_guard lock(mutex_);
    nlohmann::json j = extra_;
    j["id"] = id;
    j["kind"] = kind;
    j["state"] = state_name(state_);
    j["progress"] = progress_;
    j["result"] = results_;
    j["text"] = text_;
    j["verdict"] = verdict_;
    j["error"] = error_.empty() ? nlohmann::json(nullptr) : nlohmann::json(error_);
    return j;
}

Job::News Job::wait_news(uint64_t version, size_t results_seen,
                         std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return version_ > version; });
    News news;
    news.version = version_;
    if (progress_version_ > version) news.progress = progress_;
    for (size_t i = results_seen; i < results_.size(); ++i) news.results.push_back(results_[i]);
    news.finished =
        state_ == JobState::Done || state_ == JobState::Stopped || state_ == JobState::Failed;
    return news;
}

bool Job::wait_finished(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] {
        return state_ == JobState::Done || state_ == JobState::Stopped ||
               state_ == JobState::Failed;
    });
}

JobQueue::JobQueue(int running, int queued, size_t kept)
    : max_queued_(std::max(queued, 0)), kept_(std::max<size_t>(kept, 1)) {
    for (int w = 0; w < std::max(running, 1); ++w) workers_.emplace_back([this] { worker(); });
}

JobQueue::~JobQueue() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
        for (auto& [id, job] : jobs_) job->stop = true;
    }
    wake_.notify_all();
    workers_.clear(); // joins
}

std::shared_ptr<Job> JobQueue::submit(const std::string& kind, std::function<void(Job&)> work,
                                      const std::function<void(Job&)>& setup) {
    std::shared_ptr<Job> job;
    {
        std::lock_guard lock(mutex_);
        const bool idle_worker = running_ + int(waiting_.size()) < int(workers_.size());
        if (closing_ || (!idle_worker && int(waiting_.size()) >= max_queued_)) return nullptr;
        job = std::make_shared<Job>("j" + std::to_string(next_id_++), kind);
        job->work = std::move(work);
        if (setup) setup(*job);
        jobs_[job->id] = job;
        waiting_.push_back(job);
    }
    wake_.notify_one();
    return job;
}

std::shared_ptr<Job> JobQueue::find(const std::string& id) const {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(id);
    return it == jobs_.end() ? nullptr : it->second;
}

void JobQueue::stop(const std::shared_ptr<Job>& job, std::chrono::milliseconds grace) {
    {
        std::lock_guard lock(mutex_);
        job->stop = true;
        auto it = std::find(waiting_.begin(), waiting_.end(), job);
        if (it != waiting_.end()) {
            waiting_.erase(it);
            job->work = nullptr;
            job->set_state(JobState::Stopped);
            finished(job);
            return;
        }
    }
    job->wait_finished(grace);
}

int JobQueue::running() const {
    std::lock_guard lock(mutex_);
    return running_;
}

int JobQueue::queued() const {
    std::lock_guard lock(mutex_);
    return int(waiting_.size());
}

void JobQueue::finished(const std::shared_ptr<Job>& job) {
    done_.push_back(job->id);
    while (done_.size() > kept_) {
        jobs_.erase(done_.front());
        done_.pop_front();
    }
}

void JobQueue::worker() {
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return closing_ || !waiting_.empty(); });
            if (closing_) return;
            job = waiting_.front();
            waiting_.pop_front();
            ++running_;
        }
        job->set_state(JobState::Running);
        JobState end = JobState::Done;
        std::string error;
        try {
            job->work(*job);
        } catch (const std::exception& e) {
            end = JobState::Failed;
            error = e.what();
        }
        if (end == JobState::Done && job->stop) end = JobState::Stopped;
        job->work = nullptr; // what the work held (its problems, its closures) is freed now
        {
            std::lock_guard lock(mutex_);
            --running_;
            job->set_state(end, error);
            finished(job);
        }
    }
}

} // namespace dynamo::server
