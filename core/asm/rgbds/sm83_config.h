// What one run of the built-in SM83 assembler is told (internal, see rgbasm.h): the
// include paths, how files are read, -D symbols, the -P file, the -Q precision and the
// budgets that stop a runaway source, and the rgbds release whose language it follows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace core::sm83 {

// The rgbds release the language follows, predeclared as __RGBDS_MAJOR__ etc.
inline constexpr int32_t kRgbdsMajor = 1, kRgbdsMinor = 0, kRgbdsPatch = 4;
inline constexpr const char* kRgbdsVersion = "1.0.4";

// Nested INCLUDE, macro and REPT levels: rgbasm's default (-r 64), and the most
// `OPT r` may ask for here (contexts are kept on a vector, not the C++ stack).
inline constexpr size_t kDefaultRecursionDepth = 64;
inline constexpr size_t kMaxRecursionDepth = 4096;

struct AsmConfig {
  std::vector<std::string> includeDirs;
  std::function<std::optional<std::string>(const std::string& path)> readFile;
  std::vector<std::pair<std::string, std::string>> defines;
  std::string preinclude;
  int fixPrecision = 16;  // -Q
  uint64_t maxLines = 4'000'000;
  uint64_t maxIterations = 4'000'000;
  uint64_t maxExpandedBytes = 64ull << 20;
};

}  // namespace core::sm83
