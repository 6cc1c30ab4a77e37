// Which rules a position is played under: orthodox chess, or Dynamo with the switches of
// docs/rules.md, 11. Rule switches and sources. Plain data; the generators read it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dynamo {

struct RuleSet {
    enum class Variant : uint8_t { Orthodox, Dynamo };

    Variant variant = Variant::Dynamo;
    bool no_stationary_pull = false; // riders pull only while moving (vchess)
    bool strict_castling = false;    // any displacement of king/rook loses the right (vchess)
    bool undo_dynamo_only = false;   // the no-undo rule binds only dynamo moves (Wikipedia)
    // docs/rules.md, 7. A king is not moved through check: does not apply (vchess).
    bool king_through_check = false;

    bool is_dynamo() const { return variant == Variant::Dynamo; }
    bool operator==(const RuleSet&) const = default;

    static RuleSet orthodox() { return RuleSet{Variant::Orthodox}; }
    static RuleSet dynamo_default() { return RuleSet{}; }
    static RuleSet vchess() {
        RuleSet r;
        r.no_stationary_pull = r.strict_castling = r.king_through_check = true;
        return r;
    }

    // Reads the words of a `condition` line or of --rules: "Dynamo StrictCastling",
    // "orthodox", "vchess", "" (= orthodox, as Popeye). Case-insensitive; a keyword may be
    // abbreviated to a unique prefix. On failure returns nullopt and sets `error`.
    static std::optional<RuleSet> parse(std::string_view words, std::string* error = nullptr);
    // The same, the failure as data (format/ words it in the reader's language).
    struct Error {
        enum class Kind : uint8_t { UnknownWord, AmbiguousWord, OrthodoxAlone, SwitchesNeedDynamo };
        Kind kind = Kind::UnknownWord;
        std::string word;         // UnknownWord, AmbiguousWord: as given
        std::string text() const; // English
    };
    static std::optional<RuleSet> parse(std::string_view words, Error* error);

    // The canonical words, e.g. "Dynamo NoStationaryPull", or "orthodox".
    std::string name() const;
};

} // namespace dynamo
