// Diagnostics that users can cause (assembly errors, bad files, bad bindings).
// They are values with a location, printed as `file:line:col: message` so that
// editors and terminals can jump to them.
#pragma once

#include <string>
#include <vector>

namespace core {

struct SourceLoc {
  std::string file;  // as the user named it; empty when unknown
  int line = 0;      // 1-based; 0 when unknown
  int col = 0;       // 1-based; 0 when unknown
};

struct Diagnostic {
  enum class Severity { Error, Warning, Note };
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;

  // `file:line:col: error: message`, leaving out the parts that are unknown.
  std::string str() const;
};

// True when any diagnostic in the list is an error.
bool hasErrors(const std::vector<Diagnostic>& diags);

}  // namespace core
