#include "format/parts/part_file.h"

#include "format/base/fen.h"
#include "format/base/fingerprint.h"
#include "format/base/notation.h"
#include "format/base/rules_text.h"
#include "format/output/report_json.h"
#include "solver/rules/legality.h"
#include "solver/rules/movegen.h"
#include "solver/search/goal_search.h"

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace dynamo {

using nlohmann::json;

namespace {

// A part file that does not hold what it should: the message says where.
struct Damaged : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A whole number of type T: a fraction, or a number beyond T, is damage (nlohmann's get<T>()
// would convert it with undefined behaviour).
template <typename T> T number(const json& j) {
    if (j.is_number_unsigned()) {
        if (j.get<uint64_t>() <= uint64_t(std::numeric_limits<T>::max()))
            return T(j.get<uint64_t>());
    } else if (j.is_number_integer()) {
        const int64_t v = j.get<int64_t>();
        if (v >= 0 ? uint64_t(v) <= uint64_t(std::numeric_limits<T>::max())
                   : std::is_signed_v<T> && v >= int64_t(std::numeric_limits<T>::min()))
            return T(v);
    } else if (!j.is_number()) {
        return j.get<T>(); // the JSON reader's own message (a type error)
    }
    throw Damaged("the number " + j.dump() + " where a whole number up to " +
                  std::to_string(std::numeric_limits<T>::max()) + " belongs");
}

MoveMark mark_from(const std::string& s) {
    if (s == "+") return MoveMark::Check;
    if (s == "#") return MoveMark::Mate;
    if (s == "=") return MoveMark::Stalemate;
    if (s.empty()) return MoveMark::None;
    throw Damaged("unknown mark '" + s + "'");
}

const char* state_name(FirstMoveFindings::State s) {
    switch (s) {
    case FirstMoveFindings::State::Done: return "done";
    case FirstMoveFindings::State::Open: return "open";
    case FirstMoveFindings::State::Skipped: return "skipped";
    case FirstMoveFindings::State::Elsewhere: break;
    }
    return "elsewhere";
}

// Moves as {code, move}: the engine's code, lossless; the notation, for people and as a check.
json move_ref(const Position& pos, Move m) {
    return json{{"code", m.raw()}, {"move", move_text(pos, m)}};
}

Move move_from(const Position& pos, const json& j) {
    uint32_t code = number<uint32_t>(j.at("code"));
    std::string text = j.at("move").get<std::string>();
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (m.raw() == code) {
            if (move_text(pos, m) != text)
                throw Damaged("move " + text + ": its code is " + move_text(pos, m) + " in " +
                              to_fen(pos));
            return m;
        }
    throw Damaged("move " + text + " (code " + std::to_string(code) + ") is not legal in " +
                  to_fen(pos));
}

class TreeWriter {
  public:
    explicit TreeWriter(const Position& pos) : pos_(pos) {}
    json play(const PlayNode& node) {
        json j = move_ref(pos_, node.move);
        j["mark"] = mark_field(node.mark);
        j["length"] = node.length;
        if (node.zugzwang) j["zugzwang"] = true;
        if (node.forced) j["forced"] = true; // r#: a mate the attacker must play ("?!?")
        pos_.make(node.move);
        if (!node.threats.empty()) {
            json threats = json::array();
            pos_.make_null();
            for (const PlayNode& t : node.threats) threats.push_back(play(t));
            pos_.unmake_null();
            j["threats"] = threats;
        }
        if (!node.defences.empty()) j["defences"] = defences(node.defences);
        pos_.unmake();
        return j;
    }
    json defence(const DefenceNode& d) {
        json j = move_ref(pos_, d.move);
        j["mark"] = mark_field(d.mark);
        if (d.refutes) j["refutes"] = true;
        if (!d.defends) j["defends"] = false; // the dual count needs it
        if (!d.continuations.empty()) {
            json c = json::array();
            pos_.make(d.move);
            for (const PlayNode& p : d.continuations) c.push_back(play(p));
            pos_.unmake();
            j["continuations"] = c;
        }
        return j;
    }
    json defences(const std::vector<DefenceNode>& list) {
        json a = json::array();
        for (const DefenceNode& d : list) a.push_back(defence(d));
        return a;
    }
    json root(const RootMove& r) {
        json j{{"kind", r.kind == RootMove::Kind::Key ? "key" : "try"}, {"play", play(r.play)}};
        if (!r.refutations.empty()) {
            pos_.make(r.play.move);
            j["refutations"] = defences(r.refutations);
            pos_.unmake();
        }
        return j;
    }
    Position& pos() { return pos_; }

  private:
    Position pos_;
};

// The plies a tree or line of a problem can hold: its stipulation's and the set play's, with room
// to spare. A deeper one is forged (and would make the reader recurse without end).
int max_plies(const Stipulation& stip) { return 2 * stip.moves + (stip.half ? 1 : 0) + 4; }

class TreeReader {
  public:
    TreeReader(const Position& pos, int max_plies) : pos_(pos), max_plies_(max_plies) {}
    PlayNode play(const json& j) {
        Deeper deeper(*this);
        PlayNode node;
        node.move = move_from(pos_, j);
        node.mark = mark_from(j.at("mark").get<std::string>());
        node.length = number<int>(j.at("length"));
        node.zugzwang = j.value("zugzwang", false);
        node.forced = j.value("forced", false);
        pos_.make(node.move);
        if (j.contains("threats")) {
            pos_.make_null();
            for (const json& t : j.at("threats")) node.threats.push_back(play(t));
            pos_.unmake_null();
        }
        if (j.contains("defences")) node.defences = defences(j.at("defences"));
        pos_.unmake();
        return node;
    }
    DefenceNode defence(const json& j) {
        Deeper deeper(*this);
        DefenceNode d;
        d.move = move_from(pos_, j);
        d.mark = mark_from(j.at("mark").get<std::string>());
        d.refutes = j.value("refutes", false);
        d.defends = j.value("defends", true);
        if (j.contains("continuations")) {
            pos_.make(d.move);
            for (const json& c : j.at("continuations")) d.continuations.push_back(play(c));
            pos_.unmake();
        }
        return d;
    }
    std::vector<DefenceNode> defences(const json& a) {
        std::vector<DefenceNode> list;
        for (const json& d : a) list.push_back(defence(d));
        return list;
    }
    RootMove root(const json& j) {
        RootMove r;
        std::string kind = j.at("kind").get<std::string>();
        if (kind != "key" && kind != "try") throw Damaged("unknown kind '" + kind + "'");
        r.kind = kind == "key" ? RootMove::Kind::Key : RootMove::Kind::Try;
        r.play = play(j.at("play"));
        if (j.contains("refutations")) {
            pos_.make(r.play.move);
            r.refutations = defences(j.at("refutations"));
            pos_.unmake();
        }
        return r;
    }
    Position& pos() { return pos_; }

  private:
    struct Deeper {
        TreeReader& reader;
        explicit Deeper(TreeReader& r) : reader(r) {
            if (++reader.depth_ > reader.max_plies_)
                throw Damaged("a tree deeper than its stipulation (" +
                              std::to_string(reader.max_plies_) + " plies at most)");
        }
        ~Deeper() { --reader.depth_; }
    };
    Position pos_;
    int max_plies_, depth_ = 0;
};

json line_json(const Position& diagram, const std::vector<Move>& line) {
    json a = json::array();
    Position pos = diagram;
    for (Move m : line) {
        a.push_back(move_ref(pos, m));
        pos.make(m);
    }
    return a;
}

std::vector<Move> line_from(const Position& diagram, const json& a, int max_plies) {
    if (!a.is_array() || a.size() > size_t(max_plies))
        throw Damaged("a line longer than its stipulation (" + std::to_string(max_plies) +
                      " plies at most)");
    std::vector<Move> line;
    Position pos = diagram;
    for (const json& j : a) {
        line.push_back(move_from(pos, j));
        pos.make(line.back());
    }
    return line;
}

json lines_json(const Position& diagram, const std::vector<std::vector<Move>>& lines) {
    json a = json::array();
    for (const auto& line : lines) a.push_back(line_json(diagram, line));
    return a;
}

std::vector<std::vector<Move>> lines_from(const Position& diagram, const json& a, int max_plies) {
    std::vector<std::vector<Move>> lines;
    for (const json& l : a) lines.push_back(line_from(diagram, l, max_plies));
    return lines;
}

AnalysisOptions options_from(const json& j) {
    AnalysisOptions a;
    a.tries = j.at("tries").get<bool>();
    a.max_refutations = number<int>(j.at("max_refutations"));
    a.variations = j.at("variations").get<bool>();
    a.threats = j.at("threats").get<bool>();
    a.set_play = j.at("set_play").get<bool>();
    a.immediate_mates = j.at("immediate_mates").get<bool>();
    a.intended = number<int>(j.at("intended"));
    a.max_solutions = number<int>(j.at("max_solutions"));
    a.max_keys = number<int>(j.at("max_keys"));
    a.popeye_max_solutions = j.value("popeye_max_solutions", false);
    a.no_short_variations = j.at("no_short_variations").get<bool>();
    a.every_short_line = j.value("every_short_line", false);
    const json& r = j.at("restrictions");
    a.restrictions.threat_length = number<int>(r.at("threat"));
    a.restrictions.max_flights = number<int>(r.at("max_flightsquares"));
    a.restrictions.nontrivial_max = number<int>(r.at("nontrivial_max"));
    a.restrictions.nontrivial_length = number<int>(r.at("nontrivial_length"));
    a.restrictions.keep_mating_piece = r.at("keep_mating_piece").get<bool>();
    return a;
}

FirstMoveFindings::State state_from(const std::string& s) {
    if (s == "done") return FirstMoveFindings::State::Done;
    if (s == "open") return FirstMoveFindings::State::Open;
    if (s == "skipped") return FirstMoveFindings::State::Skipped;
    throw Damaged("unknown state '" + s + "'");
}

// A helpmate's set play: its own analysis, all of it one part's (the first moves of the set
// position under the set play's stipulation, each done or open, with its lines; the shorter
// rounds).
json help_partial_json(const Position& pos, const PartialAnalysis& a) {
    json findings = json::array(), rounds = json::array();
    for (size_t i = 0; i < a.first_moves.size(); ++i) {
        const FirstMoveFindings& f = a.first_moves[i];
        json o = move_ref(pos, f.move);
        o["state"] = state_name(f.state);
        if (!f.lines.empty()) o["lines"] = lines_json(pos, f.lines);
        findings.push_back(o);
    }
    for (const ShortRound& r : a.short_rounds) {
        json lines = json::array();
        for (size_t i = 0; i < r.lines.size(); ++i)
            if (!r.lines[i].empty())
                lines.push_back({{"index", i}, {"lines", lines_json(pos, r.lines[i])}});
        rounds.push_back({{"plies", r.plies}, {"done", r.done}, {"lines", lines}});
    }
    return {{"findings", findings}, {"short", rounds}};
}

PartialAnalysis help_partial_from(const Position& pos, const Stipulation& stip, const json& j) {
    PartialAnalysis a;
    MoveList moves;
    first_moves_of(pos, stip, moves);
    const json& findings = j.at("findings");
    if (findings.size() != size_t(moves.size()))
        throw Damaged("the set play's first moves are not those of its position");
    for (size_t i = 0; i < findings.size(); ++i) {
        FirstMoveFindings f;
        f.move = move_from(pos, findings[i]);
        if (f.move != moves[int(i)]) throw Damaged("the set play's first moves are out of order");
        f.state = state_from(findings[i].at("state").get<std::string>());
        if (findings[i].contains("lines"))
            f.lines = lines_from(pos, findings[i].at("lines"), max_plies(stip));
        a.first_moves.push_back(std::move(f));
    }
    for (const json& r : j.at("short")) {
        ShortRound round;
        round.plies = number<int>(r.at("plies"));
        round.done = r.at("done").get<bool>();
        round.lines.resize(a.first_moves.size());
        for (const json& l : r.at("lines")) {
            size_t i = number<size_t>(l.at("index"));
            if (i >= round.lines.size())
                throw Damaged("a shorter set-play line under no first move");
            round.lines[i] = lines_from(pos, l.at("lines"), max_plies(stip));
        }
        a.short_rounds.push_back(std::move(round));
    }
    return a;
}

// As fields: the text alone does not say all (h#0.5, from WhiteToPlay, is not read as input).
Stipulation stipulation_from(const json& field) {
    Stipulation stip;
    stip.text = field.at("text").get<std::string>();
    std::string kind = field.at("kind").get<std::string>(),
                goal = field.at("goal").get<std::string>();
    if (kind != "direct" && kind != "self" && kind != "help" && kind != "reflex")
        throw Damaged("stipulation kind '" + kind + "'");
    stip.kind = kind == "direct"   ? Stipulation::Kind::Direct
                : kind == "self"   ? Stipulation::Kind::Self
                : kind == "reflex" ? Stipulation::Kind::Reflex
                                   : Stipulation::Kind::Help;
    if (goal != "mate" && goal != "stalemate") throw Damaged("stipulation goal '" + goal + "'");
    stip.goal = goal == "mate" ? Stipulation::Goal::Mate : Stipulation::Goal::Stalemate;
    stip.moves = number<int>(field.at("moves"));
    stip.half = field.at("half").get<bool>();
    stip.quodlibet = field.value("quodlibet", false);
    if (stip.quodlibet && stip.kind != Stipulation::Kind::Self)
        throw Damaged("Quodlibet on a stipulation other than s#N, s=N");
    // As the stipulation reader allows (format/base/stipulation_text.cpp).
    if (stip.moves < 0 || stip.moves > 99 || (stip.moves < 1 && !stip.half))
        throw Damaged("stipulation of " + std::to_string(stip.moves) + " moves");
    return stip;
}

// Shorter helpmates, round by round, each line under its first move.
std::vector<ShortRound> short_rounds_from(const Position& diagram, const json& rounds,
                                          size_t first_moves, int plies) {
    std::vector<ShortRound> out;
    for (const json& r : rounds) {
        ShortRound round;
        round.plies = number<int>(r.at("plies"));
        round.done = r.at("done").get<bool>();
        round.lines.resize(first_moves);
        for (const json& l : r.at("lines")) {
            size_t i = number<size_t>(l.at("index"));
            if (i >= round.lines.size()) throw Damaged("a shorter helpmate under no first move");
            round.lines[i] = lines_from(diagram, l.at("lines"), plies);
        }
        out.push_back(std::move(round));
    }
    return out;
}

PartProblem problem_from(const json& j, int part) {
    PartProblem p;
    p.problem.file = j.at("file").get<std::string>();
    p.problem.index = number<int>(j.at("index"));
    const json& h = j.at("header");
    p.problem.remarks = h.at("remarks").get<std::vector<std::string>>();
    p.problem.titles = h.at("titles").get<std::vector<std::string>>();
    p.problem.authors = h.at("authors").get<std::vector<std::string>>();
    p.problem.origins = h.at("origins").get<std::vector<std::string>>();
    p.problem.awards = h.at("awards").get<std::vector<std::string>>();
    p.label = j.at("twin").get<std::string>();
    p.instance = number<int>(j.at("twin_index"));
    p.instances = number<int>(j.at("twins"));
    p.id = j.at("id").get<std::string>();
    std::string error;
    auto rules = parse_rules(j.at("rules").get<std::string>(), &error);
    if (!rules) throw Damaged("rules: " + error);
    // NoWk, NoBk: more than the rules' words say (problem_position).
    rules->no_white_king = j.value("no_white_king", false);
    rules->no_black_king = j.value("no_black_king", false);
    if (!parse_fen(j.at("fen").get<std::string>(), *rules, p.diagram, &error))
        throw Damaged("fen: " + error);
    if (j.contains("castling_exclusive")) { // CastlingMutuallyExclusive: more than FEN says
        CastlingRights cr = p.diagram.castling();
        cr.exclusive = uint8_t(number<int>(j.at("castling_exclusive")) & 15);
        p.diagram.set_castling(cr);
        p.diagram.finish_setup();
    }
    p.stipulation = stipulation_from(j.at("stipulation"));
    const int plies = max_plies(p.stipulation);
    p.options = options_from(j.at("options"));
    // The options the header shows: Popeye's marks on the stipulation ("#6/1"), NoBoard.
    p.problem.options.threat_length = p.options.restrictions.threat_length;
    p.problem.options.max_flights = p.options.restrictions.max_flights;
    p.problem.options.nontrivial_max = p.options.restrictions.nontrivial_max;
    p.problem.options.nontrivial_length = p.options.restrictions.nontrivial_length;
    p.problem.options.no_board = h.value("no_board", false);
    p.problem.options.quodlibet = h.value("quodlibet", false); // its line under the stipulation
    if (problem_identity(p.diagram, p.stipulation, p.options) != p.id)
        throw Damaged("problem " + std::to_string(p.problem.index) +
                      ": its id does not match its position, stipulation, rules and options");

    // An illegal diagram is not searched: the file must say so, and say why, as the solver does.
    if (j.contains("illegal")) p.partial.illegal_reason = j.at("illegal").get<std::string>();
    if (p.partial.illegal_reason != illegal_reason(p.diagram).value_or(""))
        throw Damaged(p.partial.illegal_reason.empty()
                          ? "an illegal diagram not said to be illegal"
                          : "a diagram said to be illegal ('" + p.partial.illegal_reason +
                                "') that is not, or not for that reason");
    MoveList moves;
    // The generators assume a position that can arise: an illegal diagram has no first moves.
    if (p.partial.illegal_reason.empty()) first_moves_of(p.diagram, p.stipulation, moves);
    const json& shares = j.at("first_moves");
    if (shares.size() != size_t(moves.size()))
        throw Damaged("the first moves listed are not those of the diagram");
    p.partial.first_moves.resize(shares.size());
    for (size_t i = 0; i < shares.size(); ++i) {
        Move m = move_from(p.diagram, shares[i]);
        if (m != moves[int(i)])
            throw Damaged("the first moves are not in the order of the diagram's");
        p.shares.push_back(
            {m, number<uint64_t>(shares[i].at("cost")), number<int>(shares[i].at("part"))});
        p.partial.first_moves[i].move = m;
    }
    for (const json& f : j.at("findings")) {
        size_t i = number<size_t>(f.at("index"));
        if (i >= p.partial.first_moves.size() || p.shares[i].part != part)
            throw Damaged("a finding for a first move that is not this part's");
        FirstMoveFindings& findings = p.partial.first_moves[i];
        if (move_from(p.diagram, f) != findings.move)
            throw Damaged("a finding under the wrong first move");
        findings.state = state_from(f.at("state").get<std::string>());
        if (f.contains("root")) findings.root = TreeReader(p.diagram, plies).root(f.at("root"));
        if (f.contains("lines")) findings.lines = lines_from(p.diagram, f.at("lines"), plies);
    }
    for (size_t i = 0; i < p.shares.size(); ++i)
        if (p.shares[i].part == part &&
            p.partial.first_moves[i].state == FirstMoveFindings::State::Elsewhere)
            throw Damaged("first move " + move_text(p.diagram, p.shares[i].move) +
                          " of this part has no finding");
    if (j.contains("set_play")) {
        const json& s = j.at("set_play");
        p.partial.set_play_searched = true;
        p.partial.set_play_done = s.at("done").get<bool>();
        Position set = p.diagram;
        set.make_null();
        p.partial.set_play = TreeReader(set, plies).defences(s.at("defences"));
    }
    if (j.contains("forced"))
        for (const json& m : j.at("forced")) {
            p.partial.forced.push_back(TreeReader(p.diagram, plies).play(m));
            if (!p.partial.forced.back().forced || p.partial.forced.back().mark != MoveMark::Mate)
                throw Damaged("a forced mate that is not marked forced and mate");
        }
    if (j.contains("short"))
        p.partial.short_rounds =
            short_rounds_from(p.diagram, j.at("short"), p.partial.first_moves.size(), plies);
    if (j.contains("help_set_play"))
        p.partial.help_set_play.push_back(
            help_partial_from(help_set_play_position(p.diagram),
                              help_set_play_stipulation(p.stipulation), j.at("help_set_play")));
    p.partial.nodes = number<uint64_t>(j.at("nodes"));
    p.partial.seconds = j.at("time_s").get<double>();
    p.partial.threads = number<int>(j.at("threads"));
    return p;
}

} // namespace

json answer_options_json(const AnalysisOptions& a) {
    json j{{"tries", a.tries},
           {"max_refutations", a.max_refutations},
           {"variations", a.variations},
           {"threats", a.threats},
           {"set_play", a.set_play},
           {"immediate_mates", a.immediate_mates},
           {"intended", a.intended},
           {"max_solutions", a.max_solutions},
           {"max_keys", a.max_keys},
           {"popeye_max_solutions", a.popeye_max_solutions},
           {"no_short_variations", a.no_short_variations},
           {"restrictions",
            {{"threat", a.restrictions.threat_length},
             {"max_flightsquares", a.restrictions.max_flights},
             {"nontrivial_max", a.restrictions.nontrivial_max},
             {"nontrivial_length", a.restrictions.nontrivial_length},
             {"keep_mating_piece", a.restrictions.keep_mating_piece}}}};
    // --order popeye: a helpmate's shorter lines of every length (only when set, so that the
    // identity of the parts solved without it stays what it was).
    if (a.every_short_line) j["every_short_line"] = true;
    return j;
}

std::string problem_identity(const Position& diagram, const Stipulation& stip,
                             const AnalysisOptions& options) {
    std::string text = "dynamo part " + std::to_string(PART_FORMAT) + "\n" + to_fen(diagram) +
                       "\n" + stip.text + " " + std::to_string(int(stip.kind)) +
                       std::to_string(int(stip.goal)) + " " + std::to_string(stip.moves) +
                       (stip.half ? ".5" : "") + "\n" + diagram.rules().name() + "\n" +
                       answer_options_json(options).dump();
    if (diagram.castling().exclusive)
        text += "\nCastlingMutuallyExclusive " + std::to_string(diagram.castling().exclusive);
    // Only when set, so that the identity of the parts solved without them stays what it was.
    if (stip.quodlibet) text += "\nQuodlibet";
    if (diagram.rules().no_white_king) text += "\nNoWk";
    if (diagram.rules().no_black_king) text += "\nNoBk";
    return fingerprint(text);
}

json part_problem_json(const PartProblem& p, int part) {
    json j;
    j["file"] = p.problem.file;
    j["index"] = p.problem.index;
    j["twin"] = p.label;
    j["twin_index"] = p.instance;
    j["twins"] = p.instances;
    j["id"] = p.id;
    j["header"] = {{"remarks", p.problem.remarks},
                   {"titles", p.problem.titles},
                   {"authors", p.problem.authors},
                   {"origins", p.problem.origins},
                   {"awards", p.problem.awards}};
    if (p.problem.options.no_board) j["header"]["no_board"] = true;
    if (p.problem.options.quodlibet) j["header"]["quodlibet"] = true;
    j["fen"] = to_fen(p.diagram);
    if (p.diagram.castling().exclusive) j["castling_exclusive"] = p.diagram.castling().exclusive;
    const Stipulation& st = p.stipulation;
    j["stipulation"] = {{"text", st.text},
                        {"kind", st.kind == Stipulation::Kind::Direct   ? "direct"
                                 : st.kind == Stipulation::Kind::Self   ? "self"
                                 : st.kind == Stipulation::Kind::Reflex ? "reflex"
                                                                        : "help"},
                        {"goal", st.goal == Stipulation::Goal::Mate ? "mate" : "stalemate"},
                        {"moves", st.moves},
                        {"half", st.half}};
    if (st.quodlibet) j["stipulation"]["quodlibet"] = true;
    j["rules"] = p.diagram.rules().name();
    if (p.diagram.rules().no_white_king) j["no_white_king"] = true;
    if (p.diagram.rules().no_black_king) j["no_black_king"] = true;
    j["options"] = answer_options_json(p.options);
    if (!p.partial.illegal_reason.empty()) j["illegal"] = p.partial.illegal_reason;
    json shares = json::array();
    for (const FirstMoveShare& s : p.shares) {
        json m = move_ref(p.diagram, s.move);
        m["cost"] = s.cost;
        m["part"] = s.part;
        shares.push_back(m);
    }
    j["first_moves"] = shares;
    json findings = json::array(), open = json::array();
    bool finished = true;
    for (size_t i = 0; i < p.partial.first_moves.size(); ++i) {
        const FirstMoveFindings& f = p.partial.first_moves[i];
        if (f.state == FirstMoveFindings::State::Elsewhere) continue;
        json o = move_ref(p.diagram, f.move);
        o["index"] = i;
        o["state"] = state_name(f.state);
        if (f.root) o["root"] = TreeWriter(p.diagram).root(*f.root);
        if (!f.lines.empty()) o["lines"] = lines_json(p.diagram, f.lines);
        if (f.state == FirstMoveFindings::State::Open) {
            open.push_back(move_text(p.diagram, f.move));
            finished = false;
        }
        findings.push_back(o);
    }
    j["findings"] = findings;
    if (p.partial.set_play_searched) {
        Position set = p.diagram;
        set.make_null();
        j["set_play"] = {{"done", p.partial.set_play_done},
                         {"defences", TreeWriter(set).defences(p.partial.set_play)}};
        finished &= p.partial.set_play_done;
    }
    // r#: the diagram's mates the attacker is bound to play, from the part that has them.
    if (!p.partial.forced.empty()) {
        json forced = json::array();
        for (const PlayNode& m : p.partial.forced) forced.push_back(TreeWriter(p.diagram).play(m));
        j["forced"] = forced;
    }
    if (!p.partial.short_rounds.empty()) {
        json rounds = json::array();
        for (const ShortRound& r : p.partial.short_rounds) {
            json lines = json::array();
            for (size_t i = 0; i < r.lines.size(); ++i)
                if (!r.lines[i].empty())
                    lines.push_back({{"index", i}, {"lines", lines_json(p.diagram, r.lines[i])}});
            rounds.push_back({{"plies", r.plies}, {"done", r.done}, {"lines", lines}});
            finished &= r.done;
        }
        j["short"] = rounds;
    }
    for (const PartialAnalysis& set_part : p.partial.help_set_play) {
        j["help_set_play"] = help_partial_json(help_set_play_position(p.diagram), set_part);
        finished &= partial_finished(set_part);
    }
    j["finished"] = finished;
    j["open"] = open;
    j["part"] = part;
    j["nodes"] = p.partial.nodes;
    j["time_s"] = p.partial.seconds;
    j["threads"] = p.partial.threads;
    return j;
}

json part_file_json(int part, int parts, const std::vector<json>& problems) {
    json j;
    j["dynamo_part"] = PART_FORMAT;
    j["part"] = part;
    j["parts"] = parts;
    j["problems"] = problems;
    return j;
}

bool read_part_file(const std::string& path, PartFile& file, Message* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        file = PartFile{};
        file.path = path;
        if (error) *error = Message(Phrase::PartFileUnreadable, {path});
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return read_part_text(text.str(), path, file, error);
}

bool read_part_text(const std::string& text, const std::string& path, PartFile& file,
                    Message* error) {
    file = PartFile{};
    file.path = path;
    auto fail = [&](Message m) {
        if (error) *error = std::move(m);
        return false;
    };
    try {
        json j = json::parse(text);
        if (!j.is_object() || !j.contains("dynamo_part"))
            return fail(Message(Phrase::NotAPartFile, {path}));
        if (number<int>(j.at("dynamo_part")) != PART_FORMAT)
            return fail(Message(Phrase::PartFileFormat,
                                {path, j.at("dynamo_part").dump(), std::to_string(PART_FORMAT)}));
        file.part = number<int>(j.at("part"));
        file.parts = number<int>(j.at("parts"));
        if (file.parts < 1 || file.part < 0 || file.part >= file.parts)
            throw Damaged("part " + std::to_string(file.part) + "/" + std::to_string(file.parts));
        for (const json& p : j.at("problems")) file.problems.push_back(problem_from(p, file.part));
    } catch (const json::exception& e) {
        // (What is wrong inside the file is said in English, as JSON's reader says it.)
        return fail(Message(Phrase::PartFileNotReadable, {path, e.what()}));
    } catch (const Damaged& e) {
        return fail(Message(Phrase::PartFileDamaged, {path, e.what()}));
    }
    return true;
}

} // namespace dynamo
