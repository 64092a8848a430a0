// The files a routine's sources pull in with `.include "name"` (ca65) or
// `INCLUDE "name"` (rgbds syntax), found by scanning the text the way the
// assemblers resolve names: beside the including file first, then in the
// include directories. The editor opens them as tabs, and the ca65 path copies
// them (with any unsaved text) into its scratch tree; checkIncludedFiles refuses
// a directive naming a device or FIFO before an assembler reads it.
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

#include "core/asm/diagnostic.h"

namespace core {

enum class IncludeSyntax { Ca65, Rgbds };

// Text of `path` (unsaved editor buffers); nullopt reads the file on disk.
using IncludeReader = std::function<std::optional<std::string>(const std::string& path)>;

// An `.include`/`.incbin` (ca65) or `INCLUDE`/`INCBIN` (rgbds) directive on a line.
struct IncludeDirective {
  std::string name;     // as quoted
  int col = 0;          // 1-based column of the directive's first character
  bool binary = false;  // .incbin / INCBIN: read as bytes, never scanned for includes
};

// The directive on `line`, or nullopt.
std::optional<IncludeDirective> includeDirective(const std::string& line, IncludeSyntax syntax);

// The quoted name of an include (not incbin) directive on `line`, or nullopt.
std::optional<std::string> includeName(const std::string& line, IncludeSyntax syntax);

// Where `name`, written in `includer`, may be found, in the order searched:
// beside the includer, then in each include directory (an absolute name: itself).
std::vector<std::string> includeCandidates(const std::string& includer, const std::string& name,
                                           const std::vector<std::string>& includeDirs);

// Included files, transitively and in first-seen order, without the sources
// themselves and without files that cannot be found. Each is named
// `<including file's directory>/<name>` (or `<include dir>/<name>`),
// lexically normalised.
std::vector<std::string> findIncludes(const std::vector<std::string>& sources, IncludeSyntax syntax,
                                      const IncludeReader& read = nullptr,
                                      const std::vector<std::string>& includeDirs = {});

// Errors at the directive (file:line:col) for each include or incbin in the
// sources, or in what they include, whose file exists but cannot be read whole:
// a device, a FIFO, a directory (ca65 reads /dev/zero as no bytes and waits on a
// FIFO until its timeout) or a file past the size cap. A name that is not found
// is left to the assembler, which reports it. An incbin is also looked for in
// the working directory, as ca65 does.
std::vector<Diagnostic> checkIncludedFiles(const std::vector<std::string>& sources,
                                           IncludeSyntax syntax,
                                           const IncludeReader& read = nullptr,
                                           const std::vector<std::string>& includeDirs = {});

// `a` and `b` name the same file (compared as absolute, lexically normal paths).
bool samePath(const std::string& a, const std::string& b);

}  // namespace core
