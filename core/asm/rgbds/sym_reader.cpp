#include "core/asm/rgbds/sym_reader.h"

namespace core {

bool parseRgblinkSym(const std::string&, DebugInfo&, std::vector<Diagnostic>&, const std::string&) {
  return true;
}

}  // namespace core
