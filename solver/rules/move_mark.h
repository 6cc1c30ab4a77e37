// What a move does to the side that has to answer it.
#pragma once

#include <cstdint>

namespace dynamo {

enum class MoveMark : uint8_t { None, Check, Mate, Stalemate };

} // namespace dynamo
