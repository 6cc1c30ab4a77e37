// What a problem asks: direct mate, selfmate or helpmate in N moves.
#pragma once

#include "types.h"

#include <string>

namespace dynamo {

struct Stipulation {
    enum class Kind : uint8_t { Direct, Self, Help };
    enum class Goal : uint8_t { Mate, Stalemate };

    Kind kind = Kind::Direct;
    Goal goal = Goal::Mate;
    int moves = 1;      // N of #N, s#N, h#N; for h#N.5 the N
    bool half = false;  // h#N.5: White plays one half-move first
    std::string text;   // as written, normalised: "#2", "s#3", "h#2.5"

    // Who moves first in the diagram (option WhiteToPlay can turn h#N into h#(N-0.5)).
    Color first_mover() const { return kind == Kind::Help && !half ? BLACK : WHITE; }
    bool operator==(const Stipulation&) const = default;
};

} // namespace dynamo
