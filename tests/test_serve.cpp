// `dynamo serve` over loopback (docs/serve.md): the server of server/ in this process on a free
// port, asked with cpp-httplib's client as a browser would.

#include "cli_helpers.h"
#include "helpers.h"

#include "server/server.h"

#include <httplib.h>

#include <chrono>
#include <thread>

using namespace dynamo;
using namespace dynamo::test;
using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A server on a free port of 127.0.0.1, serving on a thread of its own until destroyed.
struct TestServer {
    server::Server server;
    int port;
    std::thread thread;

    explicit TestServer(server::ServerOptions options = {})
        : server((options.port = 0, options.threads = 1, options)), port(server.bind()),
          thread([this] { server.run(); }) {}
    ~TestServer() {
        server.stop();
        thread.join();
    }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(30);
        return c;
    }
};

json body_of(const httplib::Result& r) {
    REQUIRE(r);
    return json::parse(r->body);
}

httplib::Result post(const TestServer& s, const std::string& path, const json& body) {
    return s.client().Post(path.c_str(), body.dump(), "application/json");
}

// The job's object once it has finished (polled), or after `limit`.
json finished_job(const TestServer& s, const std::string& id,
                  std::chrono::seconds limit = std::chrono::seconds(60)) {
    const auto end = Clock::now() + limit;
    for (;;) {
        json job = body_of(s.client().Get(("/api/jobs/" + id).c_str()));
        const std::string state = job["state"];
        if (state != "queued" && state != "running") return job;
        if (Clock::now() > end) return job;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// `solve --json` minus what varies from run to run (the time).
json without_time(json j) {
    j.erase("time_s");
    return j;
}

json solve_request(const std::string& file) {
    return {{"problem", file_text(project_root() + "/" + file)}, {"name", file}};
}

// A search that takes minutes: the initial position under Dynamo rules, mate in 4.
const json LONG = {{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                   {"stipulation", "#4"}};

} // namespace

TEST_CASE("serve: examples/dynamo-2.pop solved through the API is solve --json's object",
          "[serve]") {
    TestServer s;
    auto accepted = post(s, "/api/solve", solve_request("examples/dynamo-2.pop"));
    REQUIRE(accepted);
    CHECK(accepted->status == 202);
    json job = finished_job(s, body_of(accepted)["id"]);
    CHECK(job["state"] == "done");
    CHECK(job["kind"] == "solve");
    REQUIRE(job["result"].size() == 1);

    Run cli = solve_file(project_root() + "/examples/dynamo-2.pop", true, 1);
    REQUIRE(cli.status == 0);
    json expected = json::parse(cli.out);
    expected["file"] = "examples/dynamo-2.pop"; // the CLI names the path it was given
    CHECK(without_time(job["result"][0]) == without_time(expected));

    Run text = solve_file(project_root() + "/examples/dynamo-2.pop", false, 1);
    CHECK(job["text"].get<std::string>() == text.out);
    CHECK(text.out.find(job["verdict"].get<std::string>()) != std::string::npos);
    CHECK(job["verdict"].get<std::string>().starts_with("verdict: sound"));
}

TEST_CASE("serve: a position with a stipulation is solved as mate --fen solves it", "[serve]") {
    TestServer s;
    auto r = post(s, "/api/solve",
                  {{"fen", "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1"},
                   {"stipulation", "#2"},
                   {"rules", "Dynamo"},
                   {"options", {{"tries", true}, {"variations", true}}}});
    REQUIRE(r);
    REQUIRE(r->status == 202);
    json job = finished_job(s, body_of(r)["id"]);
    REQUIRE(job["state"] == "done");
    const json& result = job["result"][0];
    CHECK(result["verdict"] == "sound");
    CHECK(result["keys"][0]["move"] == "Rh3-h2");
    CHECK(result["tries"].size() == 4);
}

TEST_CASE("serve: bad requests get their status codes", "[serve]") {
    server::ServerOptions options;
    options.queue = 0;
    TestServer s(options);
    auto c = s.client();

    SECTION("400: not JSON, not an object, a bad field, nesting too deep") {
        for (const std::string& body : std::vector<std::string>{
                 "{", "[1]", "\"x\"", "{\"problem\": 3}",
                 "{\"fen\": \"8/8 w\", \"stipulation\": \"#2\"}",
                 "{\"fen\": \"8/8/8/8/8/8/8/8 w - - 0 1\", \"stipulation\": \"#0x\"}",
                 std::string(100, '[') + std::string(100, ']')}) {
            auto r = c.Post("/api/solve", body, "application/json");
            REQUIRE(r);
            CHECK(r->status == 400);
            CHECK(body_of(r).contains("error"));
        }
    }
    SECTION("400 for a bad problem, with the reader's message as the command line prints it") {
        auto r = post(s, "/api/solve", solve_request("examples/error.pop"));
        REQUIRE(r);
        CHECK(r->status == 400);
        Run cli = solve_file(project_root() + "/examples/error.pop", false, 1);
        const std::string message = body_of(r)["error"];
        CHECK(!message.empty());
        // The command line names the file by the path it was given.
        std::string printed = cli.err;
        const std::string root = project_root() + "/";
        for (size_t at; (at = printed.find(root)) != std::string::npos;)
            printed.erase(at, root.size());
        CHECK(printed.find(message) != std::string::npos);
    }
    SECTION("404: unknown routes, jobs, problems and exports") {
        for (const char* path :
             {"/api/nothing", "/api/jobs/j999", "/api/jobs/j999/events",
              "/api/problems/..%2F..%2Fetc%2Fpasswd", "/nothing.js", "/api/problems/examples"}) {
            auto r = c.Get(path);
            REQUIRE(r);
            CHECK(r->status == 404);
        }
    }
    SECTION("405: a known route with another method") {
        auto r = c.Get("/api/solve");
        REQUIRE(r);
        CHECK(r->status == 405);
        r = c.Put("/api/info", "x", "text/plain");
        REQUIRE(r);
        CHECK(r->status == 405);
        r = c.Delete("/api/problems");
        REQUIRE(r);
        CHECK(r->status == 405);
        r = c.Post("/", "x", "text/plain");
        REQUIRE(r);
        CHECK(r->status == 405);
    }
    SECTION("413: a body over 1 MB") {
        json big = {{"problem", std::string(1 << 20, 'x')}};
        auto r = post(s, "/api/solve", big);
        REQUIRE(r);
        CHECK(r->status == 413);
        CHECK(body_of(r).contains("error"));
    }
    SECTION("403: another host (DNS rebinding)") {
        for (const char* host : {"evil.example", "evil.example:80", "127.0.0.1:1"}) {
            auto r = c.Get("/api/info", {{"Host", host}});
            REQUIRE(r);
            CHECK(r->status == 403);
            r = c.Get("/", {{"Host", host}});
            REQUIRE(r);
            CHECK(r->status == 403);
        }
        auto r = c.Get("/api/info", {{"Host", "localhost:" + std::to_string(s.port)}});
        REQUIRE(r);
        CHECK(r->status == 200);
    }
    SECTION("429: one job running, none may wait") {
        auto first = post(s, "/api/solve", LONG);
        REQUIRE(first);
        CHECK(first->status == 202);
        auto second = post(s, "/api/solve", LONG);
        REQUIRE(second);
        CHECK(second->status == 429);
        json refused = body_of(second);
        CHECK(refused["running"] == 1);
        CHECK(refused["queued"] == 0);
        c.Delete(("/api/jobs/" + body_of(first)["id"].get<std::string>()).c_str());
    }
}

TEST_CASE("serve: DELETE stops a long search within a second", "[serve]") {
    TestServer s;
    auto r = post(s, "/api/solve", LONG);
    REQUIRE(r);
    REQUIRE(r->status == 202);
    const std::string id = body_of(r)["id"];
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    CHECK(body_of(s.client().Get(("/api/jobs/" + id).c_str()))["state"] == "running");
    const auto start = Clock::now();
    auto stopped = s.client().Delete(("/api/jobs/" + id).c_str());
    REQUIRE(stopped);
    CHECK(body_of(stopped)["state"] == "stopped");
    json job = finished_job(s, id, std::chrono::seconds(1));
    CHECK(std::chrono::duration<double>(Clock::now() - start).count() < 1.0);
    CHECK(job["state"] == "stopped");
    CHECK(job["result"][0]["verdict"] == "unfinished");
    // The next job runs: the worker is free.
    auto next = post(s, "/api/solve", solve_request("examples/dynamo-2.pop"));
    REQUIRE(next);
    CHECK(finished_job(s, body_of(next)["id"])["state"] == "done");
}

TEST_CASE("serve: a queued job waits for the running one, and is stopped at once", "[serve]") {
    TestServer s;
    auto first = post(s, "/api/solve", LONG);
    auto second = post(s, "/api/solve", solve_request("examples/dynamo-2.pop"));
    REQUIRE(first);
    REQUIRE(second);
    const std::string a = body_of(first)["id"], b = body_of(second)["id"];
    CHECK(body_of(s.client().Get(("/api/jobs/" + b).c_str()))["state"] == "queued");
    s.client().Delete(("/api/jobs/" + a).c_str());
    CHECK(finished_job(s, b)["state"] == "done");
}

TEST_CASE("serve: two clients at once each get their own answer", "[serve]") {
    server::ServerOptions options;
    options.jobs = 2;
    TestServer s(options);
    const std::vector<std::string> files = {"examples/dynamo-2.pop", "examples/selfmate.pop"};
    std::vector<json> jobs(2);
    std::vector<std::thread> clients;
    for (size_t i = 0; i < 2; ++i)
        clients.emplace_back([&, i] {
            auto r = post(s, "/api/solve", solve_request(files[i]));
            if (r && r->status == 202) jobs[i] = finished_job(s, json::parse(r->body)["id"]);
        });
    for (auto& t : clients) t.join();
    for (size_t i = 0; i < 2; ++i) {
        INFO(files[i]);
        REQUIRE(jobs[i].is_object());
        CHECK(jobs[i]["state"] == "done");
        Run cli = solve_file(project_root() + "/" + files[i], true, 1);
        json expected = json::parse(cli.out.substr(0, cli.out.find('\n')));
        expected["file"] = files[i];
        CHECK(without_time(jobs[i]["result"][0]) == without_time(expected));
    }
}

TEST_CASE("serve: the events of a job end with the whole job", "[serve]") {
    TestServer s;
    auto r = post(s, "/api/solve", solve_request("examples/dynamo-2.pop"));
    REQUIRE(r);
    const std::string id = body_of(r)["id"];
    auto events = s.client().Get(("/api/jobs/" + id + "/events").c_str());
    REQUIRE(events);
    CHECK(events->status == 200);
    CHECK(events->get_header_value("Content-Type") == "text/event-stream");
    const std::string& text = events->body;
    CHECK(text.find("event: result\ndata: {") != std::string::npos);
    const size_t done = text.find("event: done\ndata: ");
    REQUIRE(done != std::string::npos);
    std::string data = text.substr(done + 18);
    json job = json::parse(data.substr(0, data.find('\n')));
    CHECK(job["state"] == "done");
    CHECK(job["id"] == id);
}

TEST_CASE("serve: read, replay, problems, exports, the page and a check", "[serve]") {
    TestServer s;
    auto c = s.client();
    SECTION("read") {
        json read = body_of(post(s, "/api/read", solve_request("examples/helpmate-twins.pop")));
        REQUIRE(read["problems"].size() == 2);
        CHECK(read["problems"][0]["stipulation"].get<std::string>().starts_with("h#"));
        json two = body_of(post(s, "/api/read", solve_request("examples/dynamo-2.pop")));
        CHECK(two["problems"][0]["fen"] == "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1");
        CHECK(two["problems"][0]["rules"] == "Dynamo");
        CHECK(two["problems"][0]["side_to_move"] == "w");
        auto bad = post(s, "/api/read", {{"problem", "begin\nfoo\nend\n"}});
        REQUIRE(bad);
        CHECK(bad->status == 400);
    }
    SECTION("replay") {
        json fens = body_of(post(s, "/api/replay",
                                 {{"fen", "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1"},
                                  {"rules", "Dynamo"},
                                  {"moves", {"Rh3-h2", "Kb1-a1", "Rc7-c1"}}}));
        REQUIRE(fens["fens"].size() == 3);
        CHECK(fens["fens"][0] == "8/2R5/8/8/3K4/8/7R/1k6 b - - 1 1");
        auto bad =
            post(s, "/api/replay",
                 {{"fen", "8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1"}, {"moves", {"Rh3-h2", "Kb1-c1"}}});
        REQUIRE(bad);
        CHECK(bad->status == 400);
        CHECK(body_of(bad)["error"].get<std::string>().starts_with("move 2 (Kb1-c1)"));
    }
    SECTION("problems: every example, and each one's text") {
        json list = body_of(c.Get("/api/problems"));
        std::set<std::string> names;
        for (const json& p : list) names.insert(p["name"]);
        CHECK(names.count("examples/dynamo-2.pop") == 1);
        CHECK(names.count("problems/collection/dynref-1.pop") == 1);
        auto text = c.Get("/api/problems/examples%2Fdynamo-2.pop");
        REQUIRE(text);
        CHECK(text->status == 200);
        CHECK(text->body == file_text(project_root() + "/examples/dynamo-2.pop"));
    }
    SECTION("the page") {
        auto page = c.Get("/");
        REQUIRE(page);
        CHECK(page->status == 200);
        CHECK(page->get_header_value("Content-Type").starts_with("text/html"));
        CHECK(page->body == file_text(project_root() + "/web/index.html"));
    }
    SECTION("exports") {
        auto r = post(s, "/api/solve", solve_request("examples/dynamo-2.pop"));
        const std::string id = body_of(r)["id"];
        REQUIRE(finished_job(s, id)["state"] == "done");
        auto pop = c.Get(("/api/jobs/" + id + "/export/pop").c_str());
        CHECK(pop->body == file_text(project_root() + "/examples/dynamo-2.pop"));
        auto fen = c.Get(("/api/jobs/" + id + "/export/fen").c_str());
        CHECK(fen->body.starts_with("8/2R5/8/8/3K4/7R/8/1k6 w - - 0 1\n"));
        auto svg = c.Get(("/api/jobs/" + id + "/export/svg").c_str());
        CHECK(svg->get_header_value("Content-Type") == "image/svg+xml");
        CHECK(svg->body.find("<svg") != std::string::npos);
        auto latex = c.Get(("/api/jobs/" + id + "/export/latex").c_str());
        CHECK(latex->body.find("\\begin{diagram}") != std::string::npos);
        CHECK(c.Get(("/api/jobs/" + id + "/export/pdf").c_str())->status == 404);
    }
    SECTION("check: the rows check --json writes") {
        auto r = post(s, "/api/check", solve_request("examples/collection.pop"));
        REQUIRE(r);
        REQUIRE(r->status == 202);
        json job = finished_job(s, body_of(r)["id"]);
        CHECK(job["kind"] == "check");
        CHECK(job["state"] == "done");
        CHECK(job["result"].size() == 3);
        for (const json& row : job["result"]) CHECK(row.contains("verdict"));
        CHECK(job["verdict"].get<std::string>().starts_with("3 problems"));
    }
}
