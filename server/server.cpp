#include "server.h"

#include "embedded.h"
#include "jobs.h"

#include "batch/check.h"
#include "batch/summary.h"
#include "format/base/fen.h"
#include "format/output/report_json.h"
#include "solver/analysis/analysis.h"

#include <httplib.h>

#include <chrono>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace dynamo::server {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr size_t MAX_BODY = 1 << 20; // bytes of a request body: more is 413
constexpr int MAX_NESTING = 64;      // of a request's JSON: deeper is 400, unparsed
constexpr size_t MAX_PATH = 1024;    // of a request's path: longer is 414, before any route
constexpr int HTTP_THREADS = 16;     // connections served at once
constexpr int MAX_EVENT_STREAMS = 8; // of them event streams (each holds its connection)
constexpr auto STOP_GRACE = std::chrono::milliseconds(1500); // DELETE waits this long at most

void send_json(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.set_content(json_line(body), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, status, {{"error", message}});
}

// Whether the JSON text nests deeper than MAX_NESTING (brackets outside strings): refused before
// it is parsed, so that no request can make the parser or the value's destructor recurse deep.
bool too_deep(const std::string& text) {
    int depth = 0;
    bool in_string = false, escape = false;
    for (char c : text) {
        if (in_string) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > MAX_NESTING) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

json parse_body(const httplib::Request& req) {
    if (too_deep(req.body))
        throw BadRequest("the JSON nests deeper than " + std::to_string(MAX_NESTING) + " levels");
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded()) throw BadRequest("the body is not JSON");
    if (!body.is_object()) throw BadRequest("the request must be a JSON object");
    return body;
}

// A progress report of the analysis as the API gives it (docs/serve.md, "progress").
json progress_json(const Progress& p, const Position& diagram, Language lang,
                   Clock::time_point start, size_t problem, size_t problems) {
    return {{"searching", p.current.is_none() ? json(nullptr)
                                              : json("1." + move_text(diagram, p.current, lang))},
            {"done", p.done},
            {"total", p.total},
            {"depth", p.depth},
            {"nodes", p.nodes},
            {"elapsed_s", std::chrono::duration<double>(Clock::now() - start).count()},
            {"problem", problem},
            {"problems", problems}};
}

// A Popeye problem for a position given as a FEN (its side to move is the stipulation's).
std::string popeye_text(const SolveUnit& unit) {
    const Problem& p = unit.problem;
    std::string text = "begin\n";
    if (!p.title().empty()) text += "title " + p.title() + "\n";
    const std::string fen = to_fen(unit.instances.front().diagram);
    text += "forsyth " + fen.substr(0, fen.find(' ')) + "\n";
    text += "stipulation " + p.stipulation.text + "\n";
    if (!p.condition_text.empty() && p.condition_text != "orthodox")
        text += "condition " + p.condition_text + "\n";
    std::string options;
    const ProblemOptions& o = p.options;
    if (o.try_play) options += " Try";
    if (o.defence > 1) options += " Defence " + std::to_string(o.defence);
    if (o.variation) options += " Variation";
    if (o.set_play) options += " SetPlay";
    if (o.threat_length >= 0) options += " Threat " + std::to_string(o.threat_length);
    if (o.no_threat) options += " NoThreat";
    if (o.max_flights >= 0) options += " MaxFlightsquares " + std::to_string(o.max_flights);
    if (o.max_solutions > 0) options += " MaxSolutions " + std::to_string(o.max_solutions);
    if (o.keep_mating_piece) options += " KeepMatingPiece";
    if (o.no_short_variations) options += " NoShortVariations";
    if (o.mates_in_1) options += " MatesIn1";
    if (o.nontrivial_max >= 0)
        options += " NonTrivial " + std::to_string(o.nontrivial_max) + " " +
                   std::to_string(o.nontrivial_length);
    if (!options.empty()) text += "option" + options + "\n";
    return text + "end\n";
}

// The settings every analysis of the server runs with: its threads, its share of --hash (the
// whole process's bound, shared by the jobs that may run at once), its time limit, the job's stop.
batch::Settings job_settings(const ServerOptions& options, Language lang, Job& job) {
    batch::Settings settings;
    settings.lang = lang;
    settings.resources.threads = options.threads;
    settings.resources.hash_mb = std::max<size_t>(1, options.hash_mb / size_t(options.jobs));
    settings.resources.max_seconds = options.max_seconds;
    settings.resources.interrupt = &job.stop;
    return settings;
}

// A solve job: each problem and twin in turn, reported as `solve --json` and `solve --no-time`
// write it (batch/solve_report.h).
void solve_job(Job& job, const SolveRequest& request, const ServerOptions& options) {
    const batch::Settings settings = job_settings(options, request.lang, job);
    TextReportOptions text;
    text.lang = request.lang;
    auto kept = job.exports();
    auto exports = kept ? std::make_shared<JobExports>(*kept) : std::make_shared<JobExports>();
    exports->lang = request.lang;
    size_t problems = 0, index = 0;
    for (const SolveUnit& unit : request.units) problems += unit.instances.size();
    const auto start = Clock::now();
    std::ostringstream solution_text;
    std::string verdicts;
    for (const SolveUnit& unit : request.units) {
        batch::TwinVerdicts json_twins{{}, unit.instances.size()}, text_twins = json_twins;
        for (const batch::SolveInstance& instance : unit.instances) {
            if (job.stop) break;
            ++index;
            AnalysisOptions analysis = batch::analysis_options(settings, unit.problem.options);
            analysis.progress = [&job, &instance, &request, start, index,
                                 problems](const Progress& p) {
                job.set_progress(
                    progress_json(p, instance.diagram, request.lang, start, index, problems));
            };
            const Solution solution = analyse(instance.diagram, instance.stipulation, analysis);
            std::ostringstream line;
            batch::print_solution(line, unit.problem, instance.label, instance.diagram, solution,
                                  text, true, &json_twins);
            batch::print_solution(solution_text, unit.problem, instance.label, instance.diagram,
                                  solution, text, false, &text_twins, false,
                                  &instance == &unit.instances.front());
            verdicts += text_verdict(instance.diagram, solution, request.lang);
            job.add_result(json::parse(line.str()));
            job.set_text(solution_text.str(), verdicts);
            exports->items.push_back({unit.problem, instance.label, instance.diagram, solution,
                                      unit.counters, text.order});
        }
    }
    job.set_exports(exports);
}

// A check job: the rows `check --json` writes, one per problem instance, as each is delivered;
// the table `check` prints as the text, its total line as the verdict.
void check_job(Job& job, const CheckRequest& request, const ServerOptions& options) {
    batch::CheckRun run;
    run.run.settings = job_settings(options, request.lang, job);
    run.run.settings.verdict_only = true;
    const std::vector<batch::Item> items = batch::items_of(request.reads, {request.name});
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    std::string table;
    auto row = [&](const batch::CheckRow& r) {
        job.add_result(json::parse(r.json));
        table += r.text + "\n";
        job.set_text(table, "");
    };
    auto tick = [&](size_t done, size_t total) {
        job.set_progress({{"searching", nullptr},
                          {"done", done},
                          {"total", total},
                          {"depth", 0},
                          {"elapsed_s", elapsed()},
                          {"problem", std::min(done + 1, total)},
                          {"problems", total}});
    };
    const batch::Summary summary = batch::check_items(items, run, row, tick);
    const std::string total = summary.total_line(elapsed());
    job.set_text(table + total + "\n", total);
}

// An event of a server-sent stream.
std::string event(const char* name, const json& data) {
    return std::string("event: ") + name + "\ndata: " + json_line(data) + "\n\n";
}

} // namespace

struct Server::Impl {
    ServerOptions options;
    httplib::Server http;
    JobQueue jobs;
    int port = 0;
    std::atomic<int> event_streams{0};
    std::atomic<bool> closing{false};

    explicit Impl(const ServerOptions& o) : options(o), jobs(o.jobs, o.queue, o.kept) {
        options.jobs = std::max(options.jobs, 1);
        options.threads = std::max(options.threads, 1);
        routes();
    }

    // DNS rebinding: a page of another site, its name pointed at 127.0.0.1, would send its own
    // name in Host. Only our own address is answered.
    bool host_allowed(const httplib::Request& req) const {
        const std::string host = req.get_header_value("Host");
        const std::string p = ":" + std::to_string(port);
        return host == options.host + p || host == "localhost" + p || host == "127.0.0.1" + p;
    }

    // Wraps a handler: the Host guard first, then 400 for a bad request, 500 for our own faults.
    template <typename F> httplib::Server::Handler guarded(F f) {
        return [this, f](const httplib::Request& req, httplib::Response& res) {
            if (!host_allowed(req)) return send_error(res, 403, "forbidden host");
            try {
                f(req, res);
            } catch (const BadRequest& e) {
                send_error(res, 400, e.what());
            } catch (const json::exception& e) {
                send_error(res, 400, std::string("bad request: ") + e.what());
            } catch (const std::exception& e) {
                send_error(res, 500, std::string("internal error: ") + e.what());
            }
        };
    }

    std::shared_ptr<Job> job_of(const httplib::Request& req, httplib::Response& res) {
        auto job = jobs.find(req.matches[1]);
        if (!job) send_error(res, 404, "no job " + escaped(std::string(req.matches[1])));
        return job;
    }

    void accepted(httplib::Response& res, const std::shared_ptr<Job>& job) {
        if (!job)
            return send_json(
                res, 429,
                {{"error", "too many jobs: " + std::to_string(options.jobs) + " running and " +
                               std::to_string(options.queue) + " queued at most"},
                 {"running", jobs.running()},
                 {"queued", jobs.queued()}});
        send_json(res, 202, {{"id", job->id}});
    }

    void routes() {
        http.Get("/api/info", guarded([this](const httplib::Request&, httplib::Response& res) {
                     send_json(res, 200, info_json(options));
                 }));
        http.Get("/api/problems", guarded([](const httplib::Request&, httplib::Response& res) {
                     send_json(res, 200, problems_json());
                 }));
        http.Get("/api/problems/(.+)",
                 guarded([](const httplib::Request& req, httplib::Response& res) {
                     const EmbeddedFile* file = find_file(problem_files(), req.matches[1].str());
                     if (!file) return send_error(res, 404, "no such problem");
                     res.set_content(std::string(file->bytes), "text/plain; charset=utf-8");
                 }));
        http.Post("/api/read", guarded([](const httplib::Request& req, httplib::Response& res) {
                      send_json(res, 200, read_json(parse_body(req)));
                  }));
        http.Post("/api/replay", guarded([](const httplib::Request& req, httplib::Response& res) {
                      send_json(res, 200, replay_json(parse_body(req)));
                  }));
        http.Post(
            "/api/solve", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto request = std::make_shared<SolveRequest>(solve_request(parse_body(req)));
                auto exports = std::make_shared<JobExports>();
                exports->lang = request->lang;
                exports->popeye =
                    request->text.empty() ? popeye_text(request->units.front()) : request->text;
                const ServerOptions o = options;
                auto setup = [&](Job& job) {
                    job.set_exports(exports);
                    if (!request->notes.empty()) job.set_extra("notes", request->notes);
                };
                accepted(res, jobs.submit(
                                  "solve", [request, o](Job& job) { solve_job(job, *request, o); },
                                  setup));
            }));
        http.Post(
            "/api/check", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto request = std::make_shared<CheckRequest>(check_request(parse_body(req)));
                const ServerOptions o = options;
                accepted(res, jobs.submit("check",
                                          [request, o](Job& job) { check_job(job, *request, o); }));
            }));
        http.Get("/api/jobs/([A-Za-z0-9]+)",
                 guarded([this](const httplib::Request& req, httplib::Response& res) {
                     if (auto job = job_of(req, res)) send_json(res, 200, job->to_json());
                 }));
        http.Delete("/api/jobs/([A-Za-z0-9]+)",
                    guarded([this](const httplib::Request& req, httplib::Response& res) {
                        auto job = job_of(req, res);
                        if (!job) return;
                        jobs.stop(job, STOP_GRACE);
                        send_json(res, 200, {{"id", job->id}, {"state", state_name(job->state())}});
                    }));
        http.Get("/api/jobs/([A-Za-z0-9]+)/events",
                 guarded([this](const httplib::Request& req, httplib::Response& res) {
                     auto job = job_of(req, res);
                     if (job) events(job, res);
                 }));
        http.Get("/api/jobs/([A-Za-z0-9]+)/export/([a-z]+)",
                 guarded([this](const httplib::Request& req, httplib::Response& res) {
                     auto job = job_of(req, res);
                     if (job) export_job(*job, req.matches[2], res);
                 }));
        http.Get("/(.*)", guarded([](const httplib::Request& req, httplib::Response& res) {
                     const std::string name =
                         req.matches[1].str().empty() ? "index.html" : req.matches[1].str();
                     if (name.starts_with("api/")) {
                         // An API route asked with GET that takes another method.
                         if (const char* allow = allowed_methods(req.path)) {
                             res.set_header("Allow", allow);
                             return send_error(
                                 res, 405,
                                 "method not allowed (allowed: " + std::string(allow) + ")");
                         }
                         return send_error(res, 404, "not found");
                     }
                     const EmbeddedFile* file = find_file(web_files(), name);
                     if (!file) return send_error(res, 404, "not found");
                     res.set_content(std::string(file->bytes), std::string(file->content_type));
                 }));

        // A route known but asked with another method is 405, an unknown one 404; a status
        // httplib gives by itself (413, 400 for a malformed request) gets a JSON body too.
        http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return;
            if (res.status == 404 && !host_allowed(req))
                return send_error(res, 403, "forbidden host");
            if (res.status == 404) {
                if (const char* allow = allowed_methods(req.path)) {
                    res.set_header("Allow", allow);
                    return send_error(res, 405,
                                      "method not allowed (allowed: " + std::string(allow) + ")");
                }
                return send_error(res, 404, "not found");
            }
            if (res.status == 413)
                return send_error(res, 413,
                                  "request body over " + std::to_string(MAX_BODY) + " bytes");
            send_error(res, res.status,
                       res.status == 400 ? "bad request" : "error " + std::to_string(res.status));
        });
        // std::regex matches recursively, a level per character: the routes see no long path.
        http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
            if (req.path.size() <= MAX_PATH) return httplib::Server::HandlerResponse::Unhandled;
            send_error(res, 414, "path over " + std::to_string(MAX_PATH) + " bytes");
            return httplib::Server::HandlerResponse::Handled;
        });
        http.set_payload_max_length(MAX_BODY);
        http.set_keep_alive_timeout(2);
        http.set_read_timeout(5);
        http.set_write_timeout(5);
        http.new_task_queue = [] { return new httplib::ThreadPool(HTTP_THREADS); };
    }

    static const char* allowed_methods(const std::string& path) {
        static const std::pair<std::regex, const char*> routes[] = {
            {std::regex("/api/(info|problems|problems/.+)"), "GET"},
            {std::regex("/api/(read|replay|solve|check)"), "POST"},
            {std::regex("/api/jobs/[A-Za-z0-9]+"), "GET, DELETE"},
            {std::regex("/api/jobs/[A-Za-z0-9]+/(events|export/[a-z]+)"), "GET"},
            {std::regex("/(?!api/).*"), "GET"}};
        for (const auto& [pattern, allow] : routes)
            if (std::regex_match(path, pattern)) return allow;
        return nullptr;
    }

    // GET /api/jobs/ID/events: progress, each new result, then the whole job, as server-sent
    // events; a comment now and then finds a client gone.
    void events(const std::shared_ptr<Job>& job, httplib::Response& res) {
        if (event_streams.fetch_add(1) >= MAX_EVENT_STREAMS) {
            --event_streams;
            return send_error(res, 503, "too many event streams open; poll GET /api/jobs/ID");
        }
        struct Cursor {
            uint64_t version = 0;
            size_t results = 0;
            Clock::time_point last_write = Clock::now();
        };
        auto cursor = std::make_shared<Cursor>();
        res.set_header("Cache-Control", "no-cache");
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, job, cursor](size_t, httplib::DataSink& sink) {
                if (closing) return false;
                Job::News news = job->wait_news(cursor->version, cursor->results,
                                                std::chrono::milliseconds(250));
                std::string out;
                if (news.progress) out += event("progress", *news.progress);
                for (const json& r : news.results) out += event("result", r);
                cursor->version = news.version;
                cursor->results += news.results.size();
                if (news.finished) out += event("done", job->to_json());
                if (out.empty() && Clock::now() - cursor->last_write > std::chrono::seconds(2))
                    out = ": waiting\n\n";
                if (!out.empty()) {
                    cursor->last_write = Clock::now();
                    if (!sink.write(out.data(), out.size())) return false;
                }
                if (news.finished) sink.done();
                return true;
            },
            [this](bool) { --event_streams; });
    }

    void export_job(const Job& job, const std::string& format, httplib::Response& res) {
        static const std::map<std::string, std::pair<ExportFormat, const char*>> formats = {
            {"fen", {ExportFormat::Fen, "text/plain; charset=utf-8"}},
            {"svg", {ExportFormat::Svg, "image/svg+xml"}},
            {"latex", {ExportFormat::Latex, "application/x-latex"}}};
        auto exports = job.exports();
        if (!exports) return send_error(res, 404, "job " + job.id + " has no problem to export");
        if (format == "pop") return res.set_content(exports->popeye, "text/plain; charset=utf-8");
        auto it = formats.find(format);
        if (it == formats.end())
            return send_error(res, 404, "no export " + escaped(format) + " (pop, fen, svg, latex)");
        if (exports->items.empty())
            return send_error(res, 409, "job " + job.id + " has not finished");
        res.set_content(export_document(it->second.first, exports->items, exports->lang),
                        it->second.second);
    }
};

Server::Server(const ServerOptions& options) : impl_(std::make_unique<Impl>(options)) {}

Server::~Server() { stop(); }

int Server::bind() {
    const ServerOptions& o = impl_->options;
    int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host)
                           : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
    if (port < 0)
        throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port));
    impl_->port = port;
    return port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
    impl_->closing = true;
    impl_->http.stop();
}

std::string Server::url() const {
    return "http://" + impl_->options.host + ":" + std::to_string(impl_->port) + "/";
}

} // namespace dynamo::server
