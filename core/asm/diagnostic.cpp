#include "core/asm/diagnostic.h"

namespace core {

std::string Diagnostic::str() const {
  std::string out;
  if (!loc.file.empty()) {
    out += loc.file;
    if (loc.line > 0) {
      out += ':' + std::to_string(loc.line);
      if (loc.col > 0) out += ':' + std::to_string(loc.col);
    }
    out += ": ";
  }
  switch (severity) {
    case Severity::Error:
      out += "error: ";
      break;
    case Severity::Warning:
      out += "warning: ";
      break;
    case Severity::Note:
      out += "note: ";
      break;
  }
  return out + message;
}

bool hasErrors(const std::vector<Diagnostic>& diags) {
  for (const auto& d : diags)
    if (d.severity == Diagnostic::Severity::Error) return true;
  return false;
}

}  // namespace core
