// `dynamo serve` (docs/serve.md): the page and the JSON API over HTTP (cpp-httplib), on one
// address, with the jobs of jobs.h behind it.
#pragma once

#include "api.h"

#include <memory>
#include <string>

namespace dynamo::server {

class Server {
  public:
    explicit Server(const ServerOptions& options);
    ~Server(); // stops the jobs

    // Listens on the options' host and port; returns the port (the one chosen for port 0).
    // Throws std::runtime_error when it cannot.
    int bind();
    // Serves until stop() (from another thread or a signal's watcher).
    void run();
    void stop();
    // "http://HOST:PORT/" once bound.
    std::string url() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace dynamo::server
