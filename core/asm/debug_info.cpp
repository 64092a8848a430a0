#include "core/asm/debug_info.h"

#include <algorithm>

namespace core {

void DebugInfo::finalize() {
  std::stable_sort(lines.begin(), lines.end(),
                   [](const DebugLine& a, const DebugLine& b) { return a.address < b.address; });
}

std::optional<DebugInfo::Where> DebugInfo::lineFor(uint32_t address, int bank) const {
  // Lines are sorted by start; the containing line starts at or before `address`.
  auto it = std::upper_bound(lines.begin(), lines.end(), address,
                             [](uint32_t a, const DebugLine& l) { return a < l.address; });
  while (it != lines.begin()) {
    --it;
    if (address >= it->address + std::max<uint32_t>(it->size, 1)) {
      // Earlier lines may still be long data blocks that cover the address.
      if (address - it->address > 0x10000) break;
      continue;
    }
    if (bank >= 0 && it->bank != bank) continue;
    if (it->file < 0 || it->file >= static_cast<int>(files.size())) return std::nullopt;
    return Where{files[it->file], it->line};
  }
  return std::nullopt;
}

const DebugSymbol* DebugInfo::symbol(const std::string& name) const {
  for (const auto& s : symbols)
    if (s.name == name) return &s;
  return nullptr;
}

std::optional<uint32_t> DebugInfo::addressOf(const std::string& name) const {
  if (const DebugSymbol* s = symbol(name)) return s->address;
  return std::nullopt;
}

bool isLinkerSymbol(const std::string& name) {
  if (name.size() > 4 && name.starts_with("__") && name.ends_with("__")) return true;
  return name.size() > 3 && (name.starts_with("s__") || name.starts_with("l__"));
}

std::string DebugInfo::nameAt(uint32_t address) const {
  const DebugSymbol* best = nullptr;
  int bestRank = 0;
  for (const auto& s : symbols) {
    if (s.address != address || !s.isLabel) continue;
    const bool local =
        s.name.find('.') != std::string::npos || s.name.find("::") != std::string::npos;
    // Lower is better: the user's global names, the user's locals, then the linker's.
    const int rank = isLinkerSymbol(s.name) ? 2 : local ? 1 : 0;
    if (!best || rank < bestRank) {
      best = &s;
      bestRank = rank;
    }
  }
  return best ? best->name : std::string();
}

std::vector<uint32_t> DebugInfo::addressesFor(const std::string& file, int line) const {
  std::vector<uint32_t> out;
  for (const auto& l : lines) {
    if (l.line != line || l.file < 0 || l.file >= static_cast<int>(files.size())) continue;
    const std::string& f = files[l.file];
    bool same = f == file || (f.size() > file.size() && f.ends_with("/" + file)) ||
                (file.size() > f.size() && file.ends_with("/" + f));
    if (same) out.push_back(l.address);
  }
  return out;
}

}  // namespace core
