#include "core/game/fceux_nl.h"

namespace core::game {

bool parseFceuxNl(const std::string&, DebugInfo&, std::vector<Diagnostic>&, const std::string&,
                  int) {
  return true;
}

int fceuxNlBank(const std::string&) {
  return 0;
}

}  // namespace core::game
