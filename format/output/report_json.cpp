#include "format/output/report_json.h"

#include "format/output/report_text.h"

namespace dynamo {

using nlohmann::json;

namespace {

json square_or(Square s, const char* out_word) {
    if (s == SQ_NONE) return out_word ? json(out_word) : json(nullptr);
    return square_name(s);
}

class TreeJson {
  public:
    TreeJson(const Position& diagram, Language lang) : pos_(diagram), lang_(lang) {}

    json play(const PlayNode& node) {
        json j = move_json(pos_, node.move, lang_);
        pos_.make(node.move);
        after(node, j);
        pos_.unmake();
        return j;
    }

    // PostKeyPlay: what follows the key, the diagram being the position after it.
    json post_key(const PlayNode& node) {
        json j;
        after(node, j);
        return j;
    }

  private:
    // What follows an attacker move (made): its mark and length, threats, variations.
    void after(const PlayNode& node, json& j) {
        j["mark"] = mark_field(node.mark);
        j["length"] = node.length;
        if (node.forced) j["forced"] = true; // r#: a mate the attacker must play, and fails
        if (!node.threats.empty()) {
            json threats = json::array();
            pos_.make_null();
            for (const PlayNode& t : node.threats) threats.push_back(play(t));
            pos_.unmake_null();
            j["threat"] = threats;
        }
        j["zugzwang"] = node.zugzwang;
        json variations = json::array();
        for (const DefenceNode& d : node.defences) variations.push_back(defence(d));
        j["variations"] = variations;
    }

  public:
    json defence(const DefenceNode& d) {
        json j = move_json(pos_, d.move, lang_);
        j["mark"] = mark_field(d.mark);
        if (d.refutes) j["refutes"] = true;
        if (!d.defends) j["defends"] = false; // leaves a threat working: no dual after it
        pos_.make(d.move);
        json continuations = json::array();
        for (const PlayNode& c : d.continuations) continuations.push_back(play(c));
        j["continuations"] = continuations;
        pos_.unmake();
        return j;
    }

    json refutations(const RootMove& r) {
        json list = json::array();
        pos_.make(r.play.move);
        for (const DefenceNode& d : r.refutations) list.push_back(defence(d));
        pos_.unmake();
        return list;
    }

  private:
    Position pos_;
    Language lang_;
};

} // namespace

// The JSON field of a move's mark: the sign alone, unspaced ("" for none).
const char* mark_field(MoveMark m) {
    switch (m) {
    case MoveMark::Check: return "+";
    case MoveMark::Mate: return "#";
    case MoveMark::Stalemate: return "=";
    case MoveMark::None: break;
    }
    return "";
}

json move_json(const Position& pos, Move m, Language lang) {
    json j;
    j["move"] = move_text(pos, m, lang);
    j["active_from"] = square_name(m.active_from());
    j["active_to"] = m.active_stays() ? json(nullptr) : square_or(m.active_to(), "out");
    j["passive_from"] = m.has_passive() ? json(square_name(m.passive_from())) : json(nullptr);
    j["passive_to"] = m.has_passive() ? square_or(m.passive_to(), "out") : json(nullptr);
    j["promotion"] =
        m.promotion() ? json(std::string(1, piece_letter(m.promotion(), lang))) : json(nullptr);
    return j;
}

namespace {

// The problem's own fields: its file, titles, authors, stipulation, rules, verdict, restrictions.
void problem_fields(json& j, const Problem& problem, const std::string& twin_label,
                    const Position& diagram, const Solution& solution) {
    j["file"] = problem.file;
    j["index"] = problem.index;
    if (!twin_label.empty()) j["twin"] = twin_label;
    j["title"] = problem.title();
    j["author"] = problem.author();
    j["origin"] = problem.origins.empty() ? "" : problem.origins.front();
    // Every line of each, in file order (the fields above keep the first).
    j["titles"] = problem.titles;
    j["authors"] = problem.authors;
    j["origins"] = problem.origins;
    j["awards"] = problem.awards;
    j["stipulation"] = solution.stipulation.text;
    if (solution.stipulation.quodlibet) j["quodlibet"] = true; // s#N, s=N: docs/format.md
    j["condition"] = diagram.rules().is_dynamo() ? diagram.rules().name() : "";
    j["verdict"] = verdict_name(solution.verdict);
    if (solution.verdict == Verdict::Illegal) j["illegal"] = solution.illegal_reason;
    auto restrictions = [](const SearchRestrictions& s) {
        json r = json::object();
        if (s.threat_length >= 0) r["threat"] = s.threat_length;
        if (s.max_flights >= 0) r["max_flightsquares"] = s.max_flights;
        if (s.nontrivial()) r["nontrivial"] = {s.nontrivial_max, s.nontrivial_length};
        if (s.keep_mating_piece) r["keep_mating_piece"] = true;
        return r;
    };
    if (solution.restrictions.any()) j["restrictions"] = restrictions(solution.restrictions);
    if (solution.unapplied.any()) j["not_applicable"] = restrictions(solution.unapplied);
    if (!solution.helpmate() && solution.solutions_capped) j["solutions_capped"] = true;
}

// The solution tree: keys, cooks, tries, the tree itself, the play after the key, set play.
void tree_fields(json& j, const Position& diagram, const Solution& solution, Language lang) {
    json keys = json::array(), tries = json::array(), tree = json::array();
    for (const RootMove& r : solution.root) {
        TreeJson writer(diagram, lang);
        json node = writer.play(r.play);
        node["kind"] = r.kind == RootMove::Kind::Key ? "key" : "try";
        if (r.kind == RootMove::Kind::Key) {
            keys.push_back(move_json(diagram, r.play.move, lang));
        } else {
            node["refutations"] = writer.refutations(r);
            json t = move_json(diagram, r.play.move, lang);
            t["refutations"] = node["refutations"];
            tries.push_back(t);
        }
        tree.push_back(node);
    }
    j["keys"] = keys;
    j["cooks"] = keys.size() > 1 ? keys : json::array();
    j["tries"] = tries;
    j["tree"] = tree;
    if (solution.post_key) j["post_key"] = TreeJson(diagram, lang).post_key(*solution.post_key);
    if (!solution.set_play.empty()) {
        json set = json::array();
        Position pos = diagram;
        pos.make_null();
        TreeJson writer(pos, lang);
        for (const DefenceNode& d : solution.set_play) set.push_back(writer.defence(d));
        j["set_play"] = set;
    }
}

// A line played from `from` (the diagram; set play: the other side to move).
json help_line_json(const HelpLine& line, const Position& from, bool after_pass, Language lang) {
    json moves = json::array();
    Position pos = from;
    for (size_t i = 0; i < line.moves.size(); ++i) {
        json m = move_json(pos, line.moves[i], lang);
        m["mark"] = mark_field(line.marks[i]);
        moves.push_back(m);
        pos.make(line.moves[i]);
    }
    return json{{"text", help_line_text(from, line, lang, after_pass)}, {"moves", moves}};
}

// A helpmate's solutions, its set play, and their counts.
void help_fields(json& j, const Position& diagram, const Solution& solution, Language lang) {
    json lines = json::array();
    for (const HelpLine& line : solution.help_lines)
        lines.push_back(help_line_json(line, diagram, false, lang));
    j["solutions"] = lines;
    if (!solution.help_set_play.empty()) { // SetPlay: the other side first
        const Position set = help_set_play_position(diagram);
        json set_lines = json::array();
        for (const HelpLine& line : solution.help_set_play)
            set_lines.push_back(help_line_json(line, set, solution.stipulation.half, lang));
        j["set_play"] = set_lines;
    }
    j["solutions_found"] = solution.solutions;
    j["intended"] = solution.intended;
    j["solutions_capped"] = solution.solutions_capped;
}

// What the verdict rests on besides the solution: short solutions and short keys, then the
// doubled play by kind (docs/duals.md): duals (mate, continuation), threat duals, short mates.
json findings_json(const Position& diagram, const Solution& solution, Language lang) {
    json findings = json::array();
    for (size_t i = 0; i < solution.short_lines.size() && i < size_t(SHORT_LINES_SHOWN); ++i) {
        const HelpLine& line = solution.short_lines[i];
        json f = help_line_json(line, diagram, false, lang);
        f["type"] = "short";
        f["stipulation"] = short_stipulation(solution, line).text;
        findings.push_back(f);
    }
    for (const RootMove& r : solution.root)
        if (r.kind == RootMove::Kind::Key && r.play.length < solution.stipulation.moves)
            findings.push_back({{"type", "short"},
                                {"key", move_json(diagram, r.play.move, lang)},
                                {"length", r.play.length}});
    static constexpr const char* types[] = {"dual", "dual", "threat_dual", "short_mate"};
    for (const Dual& d : solution.duals) {
        Position pos = diagram;
        json line = json::array(), continuations = json::array();
        for (Move m : d.line) {
            line.push_back(move_json(pos, m, lang));
            pos.make(m);
        }
        if (d.line.size() % 2 == 1) pos.make_null(); // threats: played after a pass
        for (Move m : d.continuations) continuations.push_back(move_json(pos, m, lang));
        json f = {{"type", types[int(d.kind)]},
                  {"kind", dual_kind_name(d.kind)},
                  {"line", line},
                  {"continuations", continuations},
                  {"length", d.length}};
        if (d.kind == DualKind::Short) f["allowed"] = d.allowed;
        findings.push_back(f);
    }
    return findings;
}

} // namespace

json solution_json(const Problem& problem, const std::string& twin_label, const Position& diagram,
                   const Solution& solution, Language lang) {
    json j;
    problem_fields(j, problem, twin_label, diagram, solution);
    tree_fields(j, diagram, solution, lang);
    if (solution.helpmate()) help_fields(j, diagram, solution, lang);
    json counts = json::object();
    for (DualKind k : {DualKind::Mate, DualKind::Continuation, DualKind::Threat, DualKind::Short})
        counts[dual_kind_name(k)] = solution.duals_of(k);
    if (!solution.helpmate()) j["duals"] = counts;
    j["findings"] = findings_json(diagram, solution, lang);
    j["finished"] = solution.finished;
    j["time_s"] = solution.seconds;
    j["nodes"] = solution.nodes;
    j["threads"] = solution.threads;
    return j;
}

} // namespace dynamo
