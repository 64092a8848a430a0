// Why a frame got its verdict, in words a designer reads: the class and its
// one-line meaning, where the oracle stopped against where the routine ended,
// the pixels missing or extra on each axis, the cell that blocked (with its
// metatile and collision byte) and the evidence message. The GUI's "Why"
// window shows these lines for the selected frame; they end with a pointer to
// docs/verdicts.md, which gives the long form.
//
//   for (const std::string& line : explainVerdict(verdict, scenario.map)) ...
#pragma once

#include <string>
#include <vector>

#include "core/check/verdict.h"

namespace core {

// The document a "Why" explanation points to (relative to the repository).
inline constexpr const char* kVerdictsDoc = "docs/verdicts.md";

std::vector<std::string> explainVerdict(const FrameVerdict& v, const MapDocument& map);

}  // namespace core
