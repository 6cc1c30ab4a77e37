// The jobs of `dynamo serve` (docs/serve.md): a search (solve) or a batch check, queued, run by a
// fixed number of workers, stopped on request, watched while it runs, kept for a while when done.
#pragma once

#include "format/output/export.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dynamo::server {

// What a job's problem is exported from: its text (Popeye's format) from the start, the solved
// diagrams once it has finished.
struct JobExports {
    std::string popeye;
    std::vector<ExportItem> items;
    Language lang = Language::English;
};

enum class JobState { Queued, Running, Done, Stopped, Failed };
const char* state_name(JobState state);

class Job {
  public:
    Job(std::string id, std::string kind) : id(std::move(id)), kind(std::move(kind)) {}
    const std::string id, kind; // kind: "solve" or "check"

    // Set to stop the job: its analyses return what they proved (unfinished).
    std::atomic<bool> stop{false};
    // What the job does, on a worker: reports with the setters below. The job is "stopped" when
    // `stop` was set, "failed" when it throws, else "done".
    std::function<void(Job&)> work;

    void set_progress(nlohmann::json progress);
    void add_result(nlohmann::json result);
    void set_text(std::string text, std::string verdict);
    void set_extra(const std::string& key, nlohmann::json value); // fields beyond the contract's
    void set_state(JobState state, std::string error = "");

    void set_exports(std::shared_ptr<const JobExports> exports);
    std::shared_ptr<const JobExports> exports() const;

    JobState state() const;
    bool finished() const; // done, stopped or failed
    // The object GET /api/jobs/ID answers.
    nlohmann::json to_json() const;

    // What happened since a watcher last looked (server-sent events): the progress if it changed,
    // the results beyond the first `results_seen`, and whether the job has finished.
    struct News {
        std::optional<nlohmann::json> progress;
        std::vector<nlohmann::json> results;
        bool finished = false;
        uint64_t version = 0;
    };
    // Waits until there is news past `version` or `timeout` passes.
    News wait_news(uint64_t version, size_t results_seen, std::chrono::milliseconds timeout) const;
    // Waits until the job has finished or `timeout` passes; whether it has.
    bool wait_finished(std::chrono::milliseconds timeout) const;

  private:
    void changed(); // under the lock: a new version, watchers woken

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    uint64_t version_ = 0, progress_version_ = 0;
    JobState state_ = JobState::Queued;
    nlohmann::json progress_ = nlohmann::json::object();
    std::vector<nlohmann::json> results_;
    std::string text_, verdict_, error_;
    nlohmann::json extra_ = nlohmann::json::object();
    std::shared_ptr<const JobExports> exports_;
};

// At most `running` jobs at once, `queued` more waiting; the last `kept` finished jobs stay to be
// asked about.
class JobQueue {
  public:
    JobQueue(int running, int queued, size_t kept);
    ~JobQueue(); // stops every job and waits for the workers

    // The job, queued (or started at once) after `setup` has been given it; null when the queue
    // is full.
    std::shared_ptr<Job> submit(const std::string& kind, std::function<void(Job&)> work,
                                const std::function<void(Job&)>& setup = {});
    std::shared_ptr<Job> find(const std::string& id) const;
    // Stops a job: at once if it waits; a running one is asked to stop and given up to `grace`.
    void stop(const std::shared_ptr<Job>& job, std::chrono::milliseconds grace);
    int running() const;
    int queued() const;

  private:
    void worker();
    void finished(const std::shared_ptr<Job>& job); // under the lock

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Job>> waiting_;
    std::map<std::string, std::shared_ptr<Job>> jobs_;
    std::deque<std::string> done_; // finished jobs' ids, oldest first
    const int max_queued_;
    const size_t kept_;
    int running_ = 0;
    uint64_t next_id_ = 1;
    bool closing_ = false;
    std::vector<std::jthread> workers_;
};

} // namespace dynamo::server
