// twin: the changes of a twin (move, exchange, add, remove, stipulation, condition, continued),
// checked against the position they apply to, and the positions a problem's twins make.

#include "format/input/reader/reader.h"

#include "format/base/notation.h"

namespace dynamo {

namespace reader {

void apply_change(ProblemInstance& inst, const TwinChange& c) {
    Placement& b = inst.pieces;
    switch (c.kind) {
    case TwinChange::Kind::Move:
        if (Piece p = b.piece_on(c.from)) {
            if (Piece q = b.piece_on(c.to)) b.remove(q, c.to);
            b.remove(p, c.from);
            b.put(p, c.to);
        }
        break;
    case TwinChange::Kind::Exchange: {
        Piece p = b.piece_on(c.from), q = b.piece_on(c.to);
        if (p && q) {
            b.remove(p, c.from), b.remove(q, c.to);
            b.put(p, c.to), b.put(q, c.from);
        }
        break;
    }
    case TwinChange::Kind::Add:
        if (Piece q = b.piece_on(c.to)) b.remove(q, c.to);
        b.put(c.piece, c.to);
        break;
    case TwinChange::Kind::Remove:
        if (Piece q = b.piece_on(c.from)) b.remove(q, c.from);
        break;
    case TwinChange::Kind::Stipulation: inst.stipulation = c.stipulation; break;
    case TwinChange::Kind::Condition:
        inst.rules = c.rules;
        inst.condition_text = c.condition_text;
        break;
    }
}

ProblemInstance diagram_of(const Problem& p) {
    return ProblemInstance{"", p.pieces, p.stipulation, p.rules, p.condition_text};
}

std::string twin_letter(size_t index) {
    if (index < 26) return std::string(1, char('a' + index)) + ")";
    return "z" + std::to_string(index - 25) + ")";
}

// "move, exchange, ... continued" in the file's language; `or` before the last one.
Message Reader::supported_changes(bool or_last) const {
    std::vector<std::string> words;
    for (TwinKw k : {TwinKw::Move, TwinKw::Exchange, TwinKw::Add, TwinKw::Remove,
                     TwinKw::Stipulation, TwinKw::Condition, TwinKw::Continued})
        words.push_back(change_word(k));
    if (or_last) return or_list(words);
    std::string list;
    for (const std::string& w : words) list += (list.empty() ? "" : ", ") + w;
    return list;
}

Square Reader::read_square() {
    Token t = lex_.next();
    auto sq = t.text.size() == 2 ? square_at(t.text, 0) : std::nullopt;
    if (!sq) fail(t, Message(Phrase::ExpectedSquare, {found(t)}));
    return *sq;
}

void Reader::read_twin(Problem& p, const Token& keyword) {
    Twin twin;
    ProblemInstance state = diagram_of(p);
    std::vector<std::string> labels;
    auto change = [&](TwinChange c, std::string label) {
        apply_change(state, c);
        twin.changes.push_back(std::move(c));
        if (!label.empty()) labels.push_back(std::move(label));
    };
    bool first = true;
    for (;; first = false) {
        const Token& t = lex_.peek();
        if (t.eof()) break;
        auto kw = find_twin_change(t.text, lang_);
        if (kw.kind == Lookup<TwinKw>::None) break;
        if (kw.kind == Lookup<TwinKw>::Ambiguous)
            fail(t, Message(Phrase::AmbiguousTwinChange, {quoted(t.text), one_of(kw.candidates)}));
        Token word = lex_.next();
        switch (kw.value) {
        case TwinKw::Continued:
            if (!first)
                fail(word, Message(Phrase::ContinuedFirst, {change_word(TwinKw::Continued)}));
            twin.continued = true;
            if (previous_) state = *previous_;
            break;
        case TwinKw::Move:
        case TwinKw::Exchange: {
            bool move = kw.value == TwinKw::Move;
            std::string what = this->word(Cmd::Twin) + " " + change_word(kw.value);
            Token from_token = lex_.peek();
            Square from = read_square();
            Token to_token = lex_.peek();
            Square to = read_square();
            if (from == to)
                fail(to_token, Message(Phrase::TwoDifferentSquares,
                                       {change_word(kw.value), quoted(to_token.text)}));
            Piece p1 = state.pieces.piece_on(from), p2 = state.pieces.piece_on(to);
            if (!p1) fail(from_token, Message(Phrase::SquareEmpty, {what, square_name(from)}));
            TwinChange c;
            c.kind = move ? TwinChange::Kind::Move : TwinChange::Kind::Exchange;
            c.from = from, c.to = to;
            if (move) {
                // Popeye removes a piece standing on the target first, and says so.
                std::string label = p2 ? "-" + piece_text(p2, to) + "  " : "";
                change(c, label + piece_text(p1, from) + "-->" + square_name(to));
            } else {
                if (!p2) fail(to_token, Message(Phrase::SquareEmpty, {what, square_name(to)}));
                change(c, piece_text(p1, from) + "<-->" + piece_text(p2, to));
            }
            break;
        }
        case TwinKw::Add: {
            std::vector<std::pair<Piece, Square>> added;
            read_piece_groups(
                twin_change_word(TwinKw::Add, lang_), true,
                [&](Piece piece, Square s, const Token&) { added.emplace_back(piece, s); });
            for (auto [piece, s] : added) {
                TwinChange c;
                c.kind = TwinChange::Kind::Add;
                c.to = s, c.piece = piece;
                // Popeye marks a piece put on an empty square with '+', a replacement without.
                change(c, (state.pieces.piece_on(s) ? "" : "+") + piece_text(piece, s));
            }
            break;
        }
        case TwinKw::Remove: {
            std::vector<Square> squares;
            Token at = lex_.peek();
            read_squares(twin_change_word(TwinKw::Remove, lang_), &squares);
            for (Square s : squares) {
                Piece old = state.pieces.piece_on(s);
                if (!old)
                    fail(at, Message(Phrase::SquareEmpty,
                                     {this->word(Cmd::Twin) + " " + change_word(TwinKw::Remove),
                                      square_name(s)}));
                TwinChange c;
                c.kind = TwinChange::Kind::Remove;
                c.from = s;
                change(c, "-" + piece_text(old, s));
            }
            break;
        }
        case TwinKw::Stipulation: {
            TwinChange c;
            c.kind = TwinChange::Kind::Stipulation;
            c.stipulation = read_stipulation();
            change(c, c.stipulation.text);
            break;
        }
        case TwinKw::Condition: {
            TwinChange c;
            c.kind = TwinChange::Kind::Condition;
            read_condition(word, true, c.rules, c.condition_text);
            change(c, c.rules.name());
            break;
        }
        case TwinKw::SStipulation:
        case TwinKw::Rotate:
        case TwinKw::PolishType:
        case TwinKw::Mirror:
        case TwinKw::Shift:
        case TwinKw::Substitute:
            fail(word, Message(Phrase::TwinChangeNotSupported,
                               {quoted(word.text), supported_changes(false)}));
        }
    }
    if (twin.changes.empty())
        fail(lex_.peek().eof() ? keyword : lex_.peek(),
             Message(Phrase::ExpectedTwinChange,
                     {supported_changes(true),
                      twin.continued ? change_word(TwinKw::Continued) : this->word(Cmd::Twin),
                      found(lex_.peek())}));
    for (size_t i = 0; i < labels.size(); ++i) twin.label += (i ? "  " : "") + labels[i];
    p.twins.push_back(std::move(twin));
    previous_ = std::move(state);
}

} // namespace reader

// The diagram and its twins, with the stipulations as written.
namespace {

std::vector<ProblemInstance> twin_instances(const Problem& problem) {
    using namespace reader;
    std::vector<ProblemInstance> instances{diagram_of(problem)};
    if (problem.twins.empty()) return instances;
    instances[0].label = twin_letter(0);
    for (size_t i = 0; i < problem.twins.size(); ++i) {
        const Twin& twin = problem.twins[i];
        ProblemInstance inst = twin.continued ? instances.back() : instances[0];
        for (const TwinChange& c : twin.changes) apply_change(inst, c);
        inst.label = (twin.continued ? "+" : "") + twin_letter(i + 1) +
                     (twin.label.empty() ? "" : " " + twin.label);
        instances.push_back(std::move(inst));
    }
    return instances;
}

} // namespace

std::vector<ProblemInstance> problem_instances(const Problem& problem) {
    std::vector<ProblemInstance> instances = twin_instances(problem);
    for (ProblemInstance& inst : instances)
        inst.stipulation = effective_stipulation(inst.stipulation, problem.options);
    return instances;
}

} // namespace dynamo
