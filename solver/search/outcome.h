// A search's answer at a node: exact, or Unknown when the search was stopped.
#pragma once

#include <cstdint>

namespace dynamo {

enum class Outcome : uint8_t { Fail, Win, Unknown };

} // namespace dynamo
