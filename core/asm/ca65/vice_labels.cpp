#include "core/asm/ca65/vice_labels.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "core/asm/symbol_text.h"

namespace core {
namespace {}  // namespace

bool parseViceLabels(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName) {
  struct Label {
    std::string name;
    uint32_t address;
  };
  std::vector<Label> labels;
  int errors = 0;
  auto error = [&](int line, int col, const std::string& msg) {
    diags.push_back({Diagnostic::Severity::Error, {fileName, line, col}, msg});
    ++errors;
  };

  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string cmd, addr, name, extra;
    if (!(words >> cmd)) continue;
    if (cmd != "al") {
      diags.push_back({Diagnostic::Severity::Warning,
                       {fileName, lineNo, 1},
                       "ignored VICE command '" + cmd + "'"});
      continue;
    }
    if (!(words >> addr >> name)) {
      error(lineNo, 1, "'al' needs an address and a label");
      continue;
    }
    int addrCol = static_cast<int>(line.find(addr)) + 1;
    int nameCol = static_cast<int>(line.find(name, addrCol - 1 + addr.size())) + 1;
    if (words >> extra) {
      error(lineNo, static_cast<int>(line.find(extra, nameCol - 1 + name.size())) + 1,
            "unexpected text after the label: '" + extra + "'");
      continue;
    }
    // An optional memory space prefix ("C:" for the CPU) comes before the address.
    std::string hex = addr;
    if (size_t colon = hex.find(':'); colon != std::string::npos) hex = hex.substr(colon + 1);
    uint32_t value = 0;
    if (!parseHexDigits(hex, value)) {
      error(lineNo, addrCol, "bad address '" + addr + "'");
      continue;
    }
    if (name.size() < 2 || name[0] != '.') {
      error(lineNo, nameCol, "label must start with '.': '" + name + "'");
      continue;
    }
    labels.push_back({name.substr(1), value});
  }

  // Cheap locals take the nearest ordinary label at or below them as parent.
  std::vector<Label> globals;
  for (const auto& l : labels)
    if (l.name[0] != '@') globals.push_back(l);
  std::stable_sort(globals.begin(), globals.end(),
                   [](const Label& a, const Label& b) { return a.address < b.address; });

  std::set<std::pair<std::string, uint32_t>> seen;
  for (const auto& l : labels) {
    DebugSymbol s;
    s.address = l.address;
    s.name = l.name;
    if (l.name[0] == '@') {
      auto it = std::upper_bound(globals.begin(), globals.end(), l.address,
                                 [](uint32_t a, const Label& g) { return a < g.address; });
      if (it != globals.begin()) {
        s.scope = std::prev(it)->name;
        s.name = s.scope + "::" + l.name;
      }
    }
    if (!seen.insert({s.name, s.address}).second) continue;
    out.symbols.push_back(std::move(s));
  }
  out.finalize();
  return errors == 0;
}

}  // namespace core
