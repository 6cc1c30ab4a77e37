#include "api.h"

#include "embedded.h"

#include "format/base/message.h"
#include "format/base/phrases.h"
#include "format/base/rules_text.h"
#include "format/base/stipulation_text.h"
#include "format/input/move_reader.h"
#include "format/input/problem_reader.h"
#include "solver/rules/legality.h"

#include <sstream>

namespace dynamo::server {

namespace {

using nlohmann::json;

// The field `key` of an object as a string, or `fallback` when absent or null.
std::string text_field(const json& request, const char* key, const std::string& fallback = "") {
    if (!request.is_object()) throw BadRequest("the request must be a JSON object");
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return fallback;
    if (!it->is_string()) throw BadRequest(std::string("\"") + key + "\" must be a string");
    return it->get<std::string>();
}

// A whole number in [low, high] (a JSON number or null: `fallback`).
int number_field(const json& object, const std::string& key, int low, int high, int fallback) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return fallback;
    if (!it->is_number_integer() || it->get<long long>() < low || it->get<long long>() > high)
        throw BadRequest("\"" + key + "\" must be a whole number from " + std::to_string(low) +
                         " to " + std::to_string(high));
    return int(it->get<long long>());
}

bool flag_field(const json& object, const std::string& key, bool fallback) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) throw BadRequest("\"" + key + "\" must be true or false");
    return it->get<bool>();
}

// The diagnostics of a reading, each as the command line prints it, a line each.
std::string diagnostics_text(const std::vector<Diagnostic>& errors, Language lang) {
    std::string text;
    for (const Diagnostic& d : errors) text += (text.empty() ? "" : "\n") + d.text(lang);
    return text;
}

// The problems of a text (the name stands for a file in the messages); BadRequest with every
// error the reader reports.
ReadResult read_text(const std::string& text, const std::string& name, Language lang) {
    ReadResult read = read_problems(text, name);
    if (!read.errors.empty()) throw BadRequest(diagnostics_text(read.errors, lang));
    if (read.problems.empty()) throw BadRequest(name + ": error: no problem in the text");
    return read;
}

RuleSet rules_of(const std::string& words, Language lang) {
    RulesError error;
    auto rules = parse_rules(words, &error);
    if (!rules) throw BadRequest("rules: " + rules_said(error).text(lang));
    return *rules;
}

// The position of a FEN under the rules; BadRequest naming what is wrong.
Position position_of(const std::string& fen, const RuleSet& rules, Language lang,
                     MoveCounters* counters = nullptr) {
    Position pos;
    Message said;
    if (!parse_fen_said(fen, rules, pos, &said, counters))
        throw BadRequest("fen: " + said.text(lang));
    return pos;
}

// The Popeye options a problem has set, in Popeye's words.
json option_words(const ProblemOptions& o) {
    json words = json::array();
    auto add = [&](bool on, const std::string& word) {
        if (on) words.push_back(word);
    };
    add(o.try_play, "Try");
    add(o.defence > 1, "Defence " + std::to_string(o.defence));
    add(o.variation, "Variation");
    add(o.threat_length >= 0, "Threat " + std::to_string(o.threat_length));
    add(o.max_flights >= 0, "MaxFlightsquares " + std::to_string(o.max_flights));
    add(o.no_threat, "NoThreat");
    add(o.set_play, "SetPlay");
    add(o.max_solutions > 0, "MaxSolutions " + std::to_string(o.max_solutions));
    add(o.nontrivial_max >= 0, "NonTrivial " + std::to_string(o.nontrivial_max) + " " +
                                   std::to_string(o.nontrivial_length));
    add(o.keep_mating_piece, "KeepMatingPiece");
    add(o.no_short_variations, "NoShortVariations");
    add(o.white_to_play, "WhiteToPlay");
    add(o.duplex, "Duplex");
    add(o.half_duplex, "HalfDuplex");
    add(o.mates_in_1, "MatesIn1");
    add(o.post_key_play, "PostKeyPlay");
    return words;
}

std::vector<std::string> fen_fields(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    return fields;
}

// The options of a FEN request ({"tries": true, "threat": 2, ...}) as a problem file's.
ProblemOptions options_of(const json& request) {
    ProblemOptions po;
    po.variation = true; // as `mate`: threats and variations unless asked otherwise
    auto it = request.find("options");
    if (it == request.end() || it->is_null()) return po;
    const json& o = *it;
    if (!o.is_object()) throw BadRequest("\"options\" must be an object");
    static const std::vector<std::string> known = {
        "tries",    "defence",    "variations",       "setplay",    "threat",
        "nothreat", "maxflights", "maxsolutions",     "nontrivial", "keepmatingpiece",
        "intended", "matesin1",   "noshortvariations"};
    for (const auto& [key, value] : o.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        std::string list;
        for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
        throw BadRequest("unknown option \"" + key + "\" (the options: " + list + ")");
    }
    po.defence = number_field(o, "defence", 1, 99, 1);
    po.try_play = flag_field(o, "tries", false) || po.defence > 1;
    po.variation = flag_field(o, "variations", true);
    po.set_play = flag_field(o, "setplay", false);
    po.threat_length = number_field(o, "threat", 0, 99, -1);
    po.no_threat = flag_field(o, "nothreat", false);
    po.max_flights = number_field(o, "maxflights", 0, 99, -1);
    po.max_solutions = number_field(o, "maxsolutions", 0, 1000000, 0);
    po.keep_mating_piece = flag_field(o, "keepmatingpiece", false);
    po.intended = number_field(o, "intended", 1, 1000000, 1);
    po.mates_in_1 = flag_field(o, "matesin1", false);
    po.no_short_variations = flag_field(o, "noshortvariations", false);
    if (auto n = o.find("nontrivial"); n != o.end() && !n->is_null()) {
        if (!n->is_array() || n->size() != 2 || !(*n)[0].is_number_integer() ||
            !(*n)[1].is_number_integer() || (*n)[0].get<long long>() < 0 ||
            (*n)[0].get<long long>() > 99 || (*n)[1].get<long long>() < 0 ||
            (*n)[1].get<long long>() > 99)
            throw BadRequest("\"nontrivial\" must be [M, T], two whole numbers from 0 to 99");
        po.nontrivial_max = (*n)[0].get<int>();
        po.nontrivial_length = (*n)[1].get<int>();
    }
    return po;
}

} // namespace

Language language_of(const json& request) {
    const std::string word = text_field(request, "lang", "en");
    Language lang;
    if (!parse_language(word, lang))
        throw BadRequest("\"lang\" must be en, de, fr or it, found \"" + escaped(word) + "\"");
    return lang;
}

json info_json(const ServerOptions& options) {
    json phrases = json::object();
    const std::pair<const char*, Phrase> words[] = {
        {"threat", Phrase::Threat},
        {"zugzwang", Phrase::Zugzwang},
        {"but", Phrase::But},
        {"key", Phrase::Key},
        {"keys", Phrase::Keys},
        {"try", Phrase::Try},
        {"tries", Phrase::Tries},
        {"variation", Phrase::Variation},
        {"variations", Phrase::Variations},
        {"dual", Phrase::Dual},
        {"duals", Phrase::Duals},
        {"cook", Phrase::Cook},
        {"verdict", Phrase::Verdict},
        {"solution", Phrase::Solution},
        {"solutions", Phrase::Solutions},
        {"refutes", Phrase::Refutes},
        {"twins", Phrase::Twins},
        {"problem_verdict", Phrase::ProblemVerdict},
        {"first_moves", Phrase::FirstMoves},
        {"nodes", Phrase::Nodes},
        {"at_depth", Phrase::AtDepth},
        {"sound", Phrase::VerdictSound},
        {"sound_with_duals", Phrase::VerdictSoundWithDuals},
        {"cooked", Phrase::VerdictCooked},
        {"short", Phrase::VerdictShort},
        {"no_solution", Phrase::VerdictNoSolution},
        {"illegal", Phrase::VerdictIllegal},
        {"unfinished", Phrase::VerdictUnfinished},
        {"incomplete", Phrase::VerdictIncomplete}};
    const std::pair<const char*, Language> languages[] = {{"en", Language::English},
                                                          {"de", Language::German},
                                                          {"fr", Language::French},
                                                          {"it", Language::Italian}};
    for (const auto& [code, lang] : languages) {
        json table = json::object();
        for (const auto& [key, p] : words) table[key] = std::string(phrase(p, lang));
        phrases[code] = table;
    }
    return {{"version", DYNAMO_VERSION},
            {"threads", options.threads},
            {"hash_mb", options.hash_mb},
            {"maxtime_s", options.max_seconds},
            {"jobs", options.jobs},
            {"queue", options.queue},
            {"languages", {"en", "de", "fr", "it"}},
            {"stipulations",
             {"#1", "#2",  "#3",  "#4",  "#5",    "s#1", "s#2", "s#3",     "r#2",  "r#3",
              "=2", "s=2", "h#1", "h#2", "h#2.5", "h#3", "h=2", "ser-h#3", "hs#2", "hs#2.5"}},
            {"phrases", phrases}};
}

json problems_json() {
    json list = json::array();
    for (const EmbeddedFile& file : problem_files()) {
        const std::string name(file.name);
        ReadResult read = read_problems(file.bytes, name);
        std::string title;
        for (const Problem& p : read.problems)
            if (!p.title().empty()) {
                title = p.title();
                break;
            }
        list.push_back({{"name", name}, {"title", title}, {"count", read.problems.size()}});
    }
    return list;
}

json read_json(const json& request) {
    const Language lang = language_of(request);
    const std::string text = text_field(request, "problem");
    const std::string name = text_field(request, "name", "problem");
    ReadResult read = read_text(text, name, lang);
    json problems = json::array();
    for (const Problem& problem : read.problems) {
        for (const ProblemInstance& instance : problem_instances(problem)) {
            const Position pos = problem_position(instance.pieces, instance.stipulation,
                                                  instance.rules, problem.options);
            const std::string fen = to_fen(pos);
            const std::vector<std::string> fields = fen_fields(fen);
            const std::string rules =
                instance.condition_text.empty() ? "orthodox" : instance.condition_text;
            problems.push_back({{"fen", fen},
                                {"stipulation", instance.stipulation.text},
                                {"rules", rules},
                                {"title", problem.title()},
                                {"author", problem.author()},
                                {"twin", instance.label},
                                {"options", option_words(problem.options)},
                                {"side_to_move", fields.size() > 1 ? fields[1] : "w"},
                                {"castling", fields.size() > 2 ? fields[2] : "-"}});
        }
    }
    return {{"problems", problems}};
}

json replay_json(const json& request) {
    const Language lang = language_of(request);
    const RuleSet rules = rules_of(text_field(request, "rules", "Dynamo"), lang);
    MoveCounters counters;
    Position pos =
        position_of(text_field(request, "fen", std::string(START_FEN)), rules, lang, &counters);
    if (auto cause = illegal_cause(pos))
        throw BadRequest("fen: " +
                         Message(Phrase::IllegalPosition, {illegal_said(*cause)}).text(lang));
    auto it = request.find("moves");
    if (it == request.end() || !it->is_array()) throw BadRequest("\"moves\" must be an array");
    if (it->size() > 10000) throw BadRequest("\"moves\": at most 10000 moves");
    json fens = json::array();
    int index = 0;
    for (const json& written : *it) {
        ++index;
        if (!written.is_string()) throw BadRequest("\"moves\" must be strings");
        std::string error;
        const Move m = parse_move(pos, written.get<std::string>(), &error, lang);
        if (m.is_none()) {
            // The reader names the position with to_fen's "0 1": the real counters instead.
            if (size_t at = error.find(to_fen(pos)); at != std::string::npos)
                error.replace(at, to_fen(pos).size(), to_fen(pos, counters));
            throw BadRequest("move " + std::to_string(index) + " (" +
                             escaped(written.get<std::string>()) + "): " + error);
        }
        counters = counters_after(pos, m, counters);
        pos.make(m);
        fens.push_back(to_fen(pos, counters));
    }
    return {{"fens", fens}};
}

SolveRequest solve_request(const json& request) {
    SolveRequest out;
    out.lang = language_of(request);
    const std::string name = text_field(request, "name", "problem");
    if (request.contains("problem")) {
        out.text = text_field(request, "problem");
        ReadResult read = read_text(out.text, name, out.lang);
        for (Problem& problem : read.problems) {
            for (const std::string& note : option_notes(problem, out.lang))
                out.notes.push_back(note);
            batch::Settings settings;
            auto instances = batch::solve_instances(problem, settings);
            out.units.push_back({std::move(problem), std::move(instances), {}});
        }
        return out;
    }
    // A position: solved as `mate --fen` solves it, the FEN's side to move first.
    const std::string fen = text_field(request, "fen");
    if (fen.empty()) throw BadRequest("give \"problem\" (a problem's text) or \"fen\"");
    Stipulation stip;
    Message said;
    if (!parse_stipulation_said(text_field(request, "stipulation", "#2"), stip, &said))
        throw BadRequest("stipulation: " + said.text(out.lang));
    const std::string rules_words = text_field(request, "rules", "Dynamo");
    const RuleSet rules = rules_of(rules_words, out.lang);
    SolveUnit unit;
    Position diagram = position_of(fen, rules, out.lang, &unit.counters);
    // Help play's first mover is fixed by the stipulation (Black in h#N, White in h#N.5).
    if (stip.help_play() && diagram.side_to_move() != stip.first_mover()) {
        diagram.set_side_to_move(stip.first_mover());
        diagram.finish_setup();
    }
    unit.problem.file = name;
    unit.problem.index = 1;
    unit.problem.stipulation = stip;
    unit.problem.has_stipulation = true;
    unit.problem.has_pieces = true;
    unit.problem.rules = rules;
    unit.problem.condition_text = rules_words;
    unit.problem.options = options_of(request);
    unit.problem.titles = {text_field(request, "title")};
    if (unit.problem.titles.front().empty()) unit.problem.titles.clear();
    unit.instances.push_back({"", diagram, stip});
    out.units.push_back(std::move(unit));
    return out;
}

CheckRequest check_request(const json& request) {
    CheckRequest out;
    out.lang = language_of(request);
    out.name = text_field(request, "name", "collection");
    auto it = request.find("problem");
    if (it == request.end() || !it->is_string())
        throw BadRequest("\"problem\" must be the text of a collection");
    // A collection is checked whatever its errors: each bad problem is a row of its own.
    out.reads.push_back(read_problems(it->get<std::string>(), out.name));
    return out;
}

} // namespace dynamo::server
