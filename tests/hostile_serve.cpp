// The hostile run of `dynamo serve` (docs/serve.md, "Security"): 10,000 random and malformed
// requests on 127.0.0.1 (bodies, headers, routes, methods, huge and garbled JSON), bounded in
// time; then the server must still be up, solve examples/dynamo-2.pop as `solve --json` does, and
// its peak memory (VmHWM) stay within --hash plus a constant.
//   hostile_serve DYNAMO_EXE PROJECT_ROOT [REQUESTS [KIND [nobound]]]
// KIND (0-13, -1 all) sends requests of that kind alone, to find what one costs; "nobound" leaves
// the memory bound out (sanitizer builds, whose shadow memory is no measure).
// Prints the figures; exits 0 when all hold.

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr int HASH_MB = 16;
constexpr long CONSTANT_MB = 48; // the program, its threads' stacks, the heap's working set
constexpr double TIME_LIMIT_S = 120;

int port = 0;
int only_kind = -1; // the 4th argument: every request of that kind (to find what costs)
// Set by random_request for a request the server cannot finish reading (bytes that are no HTTP,
// a body shorter than said): sent, then the connection closed at once.
thread_local bool hang_up = false;

// One exchange on a new connection: sends `request`, reads until the server closes or is quiet
// for a while; the reply's status (0 if none).
int round_trip(const std::string& request, bool wait_reply = true) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        return 0;
    }
    size_t sent = 0;
    while (sent < request.size()) {
        ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += size_t(n);
    }
    std::string reply;
    const auto end = Clock::now() + std::chrono::seconds(3);
    while (wait_reply && Clock::now() < end) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, reply.empty() ? 250 : 100) <= 0) break;
        char buffer[4096];
        ssize_t n = recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        reply.append(buffer, size_t(n));
        if (reply.size() > (4 << 20)) break;
    }
    close(fd);
    int status = 0;
    if (reply.starts_with("HTTP/1.1 ")) status = std::atoi(reply.c_str() + 9);
    return status;
}

std::string body_of_reply(const std::string& request) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return "";
    send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string reply;
    char buffer[4096];
    for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;) reply.append(buffer, size_t(n));
    close(fd);
    size_t at = reply.find("\r\n\r\n");
    return at == std::string::npos ? "" : reply.substr(at + 4);
}

std::string http(const std::string& method, const std::string& path, const std::string& body,
                 const std::string& extra_headers = "") {
    return method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
           "\r\nConnection: close\r\n" + extra_headers +
           "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

long status_kb(pid_t pid, const std::string& field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(field + ":")) return std::atol(line.c_str() + field.size() + 1);
    return -1;
}

// A random request of one of many kinds, most of them wrong.
std::string random_request(std::mt19937& rng, const std::string& problem) {
    auto pick = [&](auto const& v) {
        return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
    };
    auto bytes = [&](size_t n) {
        std::string s(n, '\0');
        for (char& c : s) c = char(rng());
        return s;
    };
    auto number = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    static const std::vector<std::string> methods = {"GET",     "POST", "PUT", "DELETE", "PATCH",
                                                     "OPTIONS", "HEAD", "FOO", "G\x01T", ""};
    static const std::vector<std::string> paths = {"/",
                                                   "/index.html",
                                                   "/app.js",
                                                   "/api/info",
                                                   "/api/problems",
                                                   "/api/problems/examples%2Fdynamo-2.pop",
                                                   "/api/problems/..%2F..%2Fetc%2Fpasswd",
                                                   "/api/read",
                                                   "/api/replay",
                                                   "/api/solve",
                                                   "/api/check",
                                                   "/api/jobs/j1",
                                                   "/api/jobs/j2/events",
                                                   "/api/jobs/j3/export/svg",
                                                   "/api/jobs/../../etc/passwd",
                                                   "/%00",
                                                   "/api/jobs/%ff%fe",
                                                   "*",
                                                   "http://evil/"};
    static const std::vector<std::string> bodies = {
        "{",
        "[]",
        "null",
        "{\"problem\":3}",
        "{\"problem\":\"begin\\nend\"}",
        "{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"stipulation\":\"#2\"}",
        "{\"fen\":\"x\",\"stipulation\":\"#99999999999\"}",
        "{\"lang\":\"xx\",\"problem\":\"\"}",
        "{\"fen\":\"8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1\",\"moves\":[\"Rh3-h2\",1,null,{}]}",
        "{\"options\":{\"threat\":1e308,\"nontrivial\":[-1,\"x\"]},\"fen\":\"k7/8/8/8/8/8/8/K7 w - "
        "- 0 1\"}",
        "\"\\ud800\"",
        "{\"problem\":\"\\u0000\\u0001\"}"};
    hang_up = false;
    switch (only_kind >= 0 ? only_kind : number(0, 13)) {
    case 0: hang_up = true; return bytes(size_t(number(1, 2000)));          // not HTTP at all
    case 1: return pick(methods) + " " + pick(paths) + " HTTP/1.1\r\n\r\n"; // no Host
    case 2: // a random method on a random route, a random body
        return http(pick(methods), pick(paths),
                    number(0, 1) ? pick(bodies) : bytes(size_t(number(0, 5000))));
    case 3: // garbled JSON on a real POST route
        return http(
            "POST",
            pick(std::vector<std::string>{"/api/read", "/api/replay", "/api/solve", "/api/check"}),
            pick(bodies));
    case 4: { // JSON nested deep
        size_t depth = size_t(number(10, 200000));
        return http("POST", "/api/solve", std::string(depth, '[') + std::string(depth, ']'));
    }
    case 5: // over 1 MB
        return http("POST", "/api/solve",
                    "{\"problem\":\"" + std::string(size_t(number(1 << 20, 3 << 20)), 'a') + "\"}");
    case 6: // a foreign Host
        return "GET /api/info HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n";
    case 7: // many and huge headers
        return "GET / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
               "\r\nX: " + std::string(size_t(number(1, 200000)), 'h') +
               "\r\nConnection: close\r\n\r\n";
    case 8: // a long path
        return http("GET", "/" + std::string(size_t(number(1, 20000)), 'p'), "");
    case 9: // garbled problem text
        return http("POST", "/api/solve",
                    json{{"problem", bytes(size_t(number(0, 3000)))}}.dump(
                        -1, ' ', false, json::error_handler_t::replace));
    case 10: { // the problem with bytes changed: read, solved or refused
        std::string text = problem;
        for (int i = number(1, 5); i > 0; --i)
            text[size_t(number(0, int(text.size()) - 1))] = char(number(32, 126));
        return http("POST", pick(std::vector<std::string>{"/api/read", "/api/solve", "/api/check"}),
                    json{{"problem", text}}.dump(-1, ' ', false, json::error_handler_t::replace));
    }
    case 11: // DELETE and GET of jobs that may or may not be
        return http(number(0, 1) ? "DELETE" : "GET", "/api/jobs/j" + std::to_string(number(0, 300)),
                    "");
    case 12: // a chunked body that lies
        hang_up = true;
        return "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
               "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nfffffff\r\n" +
               bytes(100);
    default: // a Content-Length larger than the body sent
        hang_up = true;
        return "POST /api/read HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
               "\r\nContent-Length: " + std::to_string(number(10, 1 << 20)) + "\r\n\r\n{";
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: hostile_serve DYNAMO_EXE PROJECT_ROOT [REQUESTS]\n";
        return 2;
    }
    const std::string exe = argv[1], root = argv[2];
    const int requests = argc > 3 ? std::atoi(argv[3]) : 10000;
    if (argc > 4) only_kind = std::atoi(argv[4]);
    const bool bound = !(argc > 5 && std::string(argv[5]) == "nobound");
    const std::string problem = file_text(root + "/examples/dynamo-2.pop");

    int out[2];
    if (pipe(out) != 0) return 2;
    const std::string hash = std::to_string(HASH_MB);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        execl(exe.c_str(), exe.c_str(), "serve", "--port", "0", "--threads", "1", "--hash",
              hash.c_str(), "--maxtime", "3", "--queue", "4", nullptr);
        _exit(127);
    }
    close(out[1]);
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    const size_t colon = line.rfind(':');
    if (colon == std::string::npos) {
        std::cerr << "hostile: the server printed no URL: '" << line << "'\n";
        return 1;
    }
    port = std::atoi(line.c_str() + colon + 1);
    std::cout << "hostile: " << line << " (--hash " << HASH_MB << ")\n";

    const auto start = Clock::now();
    std::atomic<int> next{0}, answered{0};
    std::atomic<long> peak_rss{0};
    std::vector<std::thread> clients;
    for (int t = 0; t < 8; ++t)
        clients.emplace_back([&, t] {
            std::mt19937 rng(12345u + unsigned(t));
            for (int i; (i = next++) < requests;) {
                if (std::chrono::duration<double>(Clock::now() - start).count() > TIME_LIMIT_S)
                    break;
                // Every 500th request a real search (the table fills), stopped or not.
                std::string request = i % 500 == 0 ? http("POST", "/api/solve",
                                                          "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/"
                                                          "PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
                                                          "\"stipulation\":\"#3\"}")
                                                   : random_request(rng, problem);
                if (round_trip(request, !hang_up) > 0) ++answered;
                hang_up = false;
                if (i % 100 == 0) {
                    long rss = status_kb(pid, "VmRSS");
                    for (long p = peak_rss; rss > p && !peak_rss.compare_exchange_weak(p, rss);) {
                    }
                }
            }
        });
    for (auto& t : clients) t.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const int sent = std::min(int(next), requests);

    bool ok = true;
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) != 0) {
        std::cerr << "hostile: FAILED: the server died during the run\n";
        return 1;
    }
    // A good problem still solved right: as `solve --json` writes it (the time apart).
    std::string reply =
        body_of_reply(http("POST", "/api/solve",
                           json{{"problem", problem}, {"name", "examples/dynamo-2.pop"}}.dump()));
    json result;
    try {
        std::string id = json::parse(reply).at("id");
        // Queued behind what the run left: wait for it.
        for (int i = 0; i < 600; ++i) {
            json job = json::parse(body_of_reply(http("GET", "/api/jobs/" + id, "")));
            if (job["state"] == "done") {
                result = job["result"][0];
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    } catch (const std::exception& e) {
        std::cerr << "hostile: FAILED: no job for a good problem: " << e.what() << " '" << reply
                  << "'\n";
        ok = false;
    }
    std::string expected_text;
    {
        const std::string command =
            exe + " solve --json --threads 1 --quiet " + root + "/examples/dynamo-2.pop";
        FILE* p = popen(command.c_str(), "r");
        char buffer[4096];
        for (size_t n; p && (n = fread(buffer, 1, sizeof buffer, p)) > 0;)
            expected_text.append(buffer, n);
        if (p) pclose(p);
    }
    json expected = json::parse(expected_text, nullptr, false);
    if (!expected.is_discarded()) {
        expected["file"] = "examples/dynamo-2.pop";
        expected.erase("time_s");
    }
    result.erase("time_s");
    if (result.is_null() || result != expected) {
        std::cerr << "hostile: FAILED: dynamo-2.pop after the run: " << result.dump() << "\n";
        ok = false;
    }

    const long hwm_kb = status_kb(pid, "VmHWM"), rss_kb = status_kb(pid, "VmRSS");
    peak_rss = std::max(long(peak_rss), rss_kb);
    const long bound_kb = (HASH_MB + CONSTANT_MB) * 1024;
    std::printf("hostile: %d requests in %.1f s, %d answered; server VmHWM %ld kB, VmRSS %ld kB "
                "(peak seen %ld kB); bound --hash %d MB + %ld MB = %ld kB\n",
                sent, seconds, int(answered), hwm_kb, rss_kb, long(peak_rss), HASH_MB, CONSTANT_MB,
                bound_kb);
    if (sent < requests) {
        std::cerr << "hostile: FAILED: only " << sent << " requests within " << TIME_LIMIT_S
                  << " s\n";
        ok = false;
    }
    if (bound && (hwm_kb < 0 || hwm_kb > bound_kb)) {
        std::cerr << "hostile: FAILED: memory over the bound\n";
        ok = false;
    }
    kill(pid, SIGTERM);
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::cerr << "hostile: FAILED: the server did not end cleanly on SIGTERM (status " << status
                  << ")\n";
        ok = false;
    }
    std::cout << (ok ? "hostile: passed\n" : "hostile: FAILED\n");
    return ok ? 0 : 1;
}
