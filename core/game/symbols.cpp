#include "core/game/symbols.h"

namespace core::game {

std::vector<std::string> findSymbolFiles(const std::string&) {
  return {};
}

bool loadSymbols(const std::string& path, DebugInfo& out, SymbolSource* source,
                 std::string* error) {
  return loadSymbols(path, out, source, error, nullptr);
}

bool loadSymbols(const std::string& path, DebugInfo&, SymbolSource* source, std::string* error,
                 const RomFile*) {
  if (source) *source = SymbolSource{path, "", 0};
  if (error) *error = path + ": symbol files are not read yet";
  return false;
}

std::vector<std::string> checkSymbols(const DebugInfo&, const RomFile&) {
  return {};
}

}  // namespace core::game
