// `dynamo serve` (docs/serve.md): the server of server/ on the address given, until SIGINT or
// SIGTERM.

#include "commands.h"
#include "usage.h"

#include "server/server.h"

#include "batch/settings.h"

#include <csignal>
#include <iostream>
#include <malloc.h>
#include <thread>

namespace dynamo::cli {

int run_serve(const CommonOptions& common, const SolveOptions& solve, const ServeOptions& serve) {
    server::ServerOptions options;
    options.host = serve.host;
    options.port = serve.port;
    options.threads = batch::threads_for(common.threads);
    options.hash_mb = size_t(solve.hash_mb);
    options.max_seconds = serve.max_seconds;
    options.jobs = serve.jobs;
    options.queue = serve.queue;

    // A server's requests come and go, some with bodies of a megabyte: unlike a solve
    // (keep_freed_memory()), it gives back what it frees. Large blocks are mapped and unmapped
    // (a fixed threshold: glibc's would rise to the largest block freed), the heap's top is
    // trimmed, and the connections' threads share two arenas instead of one each.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
    mallopt(M_ARENA_MAX, 2);

    // The signals are taken by a thread of their own, which stops the server: no handler runs
    // inside the server's threads.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    server::Server server(options);
    try {
        server.bind();
    } catch (const std::exception& e) {
        print_error(e.what());
        return 2;
    }
    std::cout << "dynamo serve: " << server.url() << std::endl;
    std::jthread watcher([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        server.stop();
    });
    server.run();
    // Stopped otherwise than by a signal (it cannot be, but the watcher must end): send one.
    pthread_kill(watcher.native_handle(), SIGTERM);
    return 0;
}

} // namespace dynamo::cli
