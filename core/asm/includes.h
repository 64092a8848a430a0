// The files a routine's sources pull in with `.include "name"` (ca65) or
// `INCLUDE "name"` (rgbds syntax), found by scanning the text the way the
// assemblers resolve names: beside the including file first, then in the
// include directories. The editor opens them as tabs, and the ca65 path copies
// them (with any unsaved text) into its scratch tree.
//
//   auto files = findIncludes(m.sources, IncludeSyntax::Ca65, reader);
//
// Only plain directives at the start of a line (after an optional label) are
// seen; includes made by macros or conditional assembly are not resolved, so
// the list can hold a file a build skips and miss one a macro builds.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace core {

enum class IncludeSyntax { Ca65, Rgbds };

// Text of `path` (unsaved editor buffers); nullopt reads the file on disk.
using IncludeReader = std::function<std::optional<std::string>(const std::string& path)>;

// The quoted name of an include directive on `line`, or nullopt.
std::optional<std::string> includeName(const std::string& line, IncludeSyntax syntax);

// Included files, transitively and in first-seen order, without the sources
// themselves and without files that cannot be found. Each is named
// `<including file's directory>/<name>` (or `<include dir>/<name>`),
// lexically normalised.
std::vector<std::string> findIncludes(const std::vector<std::string>& sources, IncludeSyntax syntax,
                                      const IncludeReader& read = nullptr,
                                      const std::vector<std::string>& includeDirs = {});

// `a` and `b` name the same file (compared as absolute, lexically normal paths).
bool samePath(const std::string& a, const std::string& b);

}  // namespace core
