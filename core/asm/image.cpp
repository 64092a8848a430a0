#include "core/asm/image.h"

namespace core {

std::string AsmResult::diagnosticsText() const {
  std::string out;
  for (const auto& d : diagnostics) out += d.str() + '\n';
  return out;
}

}  // namespace core
