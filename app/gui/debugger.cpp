#include "app/gui/debugger.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace app {

namespace {

std::string mnemonic(const std::string& text) {
  std::string m;
  for (char c : text) {
    if (c == ' ' || c == '\t') break;
    m += char(std::toupper(static_cast<unsigned char>(c)));
  }
  return m;
}

bool isCallText(const std::string& m) {
  return m == "JSR" || m == "CALL" || m == "RST";
}
bool isReturnText(const std::string& m) {
  return m == "RTS" || m == "RTI" || m == "RET" || m == "RETI";
}

// A call or return whose condition held: the next instruction is not the one after it.
bool branched(const core::Trace& t, int i) {
  const auto& s = t.steps[i];
  if (i + 1 >= int(t.steps.size())) return true;
  return t.steps[i + 1].pc != uint16_t(s.pc + s.bytes.size());
}

bool isTakenCall(const core::Trace& t, int i) {
  return isCallText(mnemonic(t.steps[i].text)) && branched(t, i);
}
bool isTakenReturn(const core::Trace& t, int i) {
  return isReturnText(mnemonic(t.steps[i].text)) && branched(t, i);
}

// The cursor for index `i`, where running off the end means "after the call".
int cursorAt(const core::Trace& t, int i) {
  return i >= int(t.steps.size()) ? -1 : i;
}

// Scans from `from` for the return that brings the call depth from `depth` to 0.
int afterReturn(const core::Trace& t, int from, int depth) {
  for (int j = from; j < int(t.steps.size()); ++j) {
    if (isTakenCall(t, j)) {
      ++depth;
    } else if (isTakenReturn(t, j) && --depth == 0) {
      return cursorAt(t, j + 1);
    }
  }
  return -1;
}

// The first breakpoint strictly after `from` and before `target` (-1 = the end).
int breakBetween(const core::Trace& t, int from, int target, const std::set<uint16_t>& bps) {
  if (bps.empty()) return target;
  int end = target < 0 ? int(t.steps.size()) : target;
  for (int j = from + 1; j < end; ++j)
    if (bps.count(t.steps[j].pc)) return j;
  return target;
}

}  // namespace

int stepTarget(const core::Trace& t, int from, StepKind kind, const std::set<uint16_t>& bps) {
  const int n = int(t.steps.size());
  if (n == 0) return -1;
  switch (kind) {
    case StepKind::Into:
      return from < 0 ? 0 : cursorAt(t, from + 1);
    case StepKind::Back:
      return from < 0 ? n - 1 : std::max(from - 1, 0);
    case StepKind::Over:
      if (from < 0) return 0;
      if (!isTakenCall(t, from)) return cursorAt(t, from + 1);
      return breakBetween(t, from, afterReturn(t, from + 1, 1), bps);
    case StepKind::Out:
      if (from < 0) return -1;
      return breakBetween(t, from, afterReturn(t, from, 1), bps);
    case StepKind::ToEnd:
      // From the end state, "run" starts the call again and stops at a breakpoint.
      if (from < 0) return firstBreakpoint(t, bps);
      return breakBetween(t, from, -1, bps);
  }
  return from;
}

int firstBreakpoint(const core::Trace& t, const std::set<uint16_t>& bps) {
  if (bps.empty()) return -1;
  for (int j = 0; j < int(t.steps.size()); ++j)
    if (bps.count(t.steps[j].pc)) return j;
  return -1;
}

std::optional<uint16_t> parseAddress(const core::DebugInfo& dbg, const std::string& input,
                                     std::string* error) {
  std::string text = input;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(0, 1);
  if (text.empty()) {
    *error = "type an address ($0300) or a label";
    return std::nullopt;
  }
  int offset = 0;
  if (auto plus = text.rfind('+'); plus != std::string::npos && plus > 0) {
    char* end = nullptr;
    offset = int(std::strtol(text.c_str() + plus + 1, &end, 0));
    if (*end != 0) {
      *error = "\"" + text.substr(plus + 1) + "\" is not a number";
      return std::nullopt;
    }
    text.resize(plus);
  }
  const bool dollar = text[0] == '$';
  const bool hex = dollar || text.starts_with("0x") || text.starts_with("0X");
  if (hex) {
    char* end = nullptr;
    long v = std::strtol(text.c_str() + (dollar ? 1 : 2), &end, 16);
    if (*end == 0 && v >= 0 && v <= 0xFFFF) return uint16_t(v + offset);
    *error = "\"" + text + "\" is not an address from $0000 to $FFFF";
    return std::nullopt;
  }
  const core::DebugSymbol* sym = dbg.symbol(text);
  if (!sym || !sym->isLabel) {
    *error = sym ? "\"" + text + "\" is a constant, not an address"
                 : "no label \"" + text + "\" in the routine's debug info";
    return std::nullopt;
  }
  return uint16_t(sym->address + offset);
}

const char* watchFormatName(WatchFormat f) {
  switch (f) {
    case WatchFormat::U8:
      return "u8";
    case WatchFormat::S8:
      return "s8";
    case WatchFormat::U16:
      return "u16";
    case WatchFormat::S16:
      return "s16";
  }
  return "?";
}

int watchBytes(WatchFormat f) {
  return f == WatchFormat::U16 || f == WatchFormat::S16 ? 2 : 1;
}

std::optional<Watch> parseWatch(const core::DebugInfo& dbg, const std::string& text,
                                std::string* error) {
  Watch w;
  w.expr = text;
  std::optional<WatchFormat> format;
  if (auto comma = text.rfind(','); comma != std::string::npos) {
    std::string name = text.substr(comma + 1);
    name.erase(
        std::remove_if(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }),
        name.end());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (name == "w") name = "u16";
    for (WatchFormat f : kWatchFormats)
      if (name == watchFormatName(f)) format = f;
    if (!format) {
      *error = "\"" + text.substr(comma + 1) + "\" is not a format (u8, s8, u16, s16)";
      return std::nullopt;
    }
    w.expr = text.substr(0, comma);
  }
  auto addr = parseAddress(dbg, w.expr, error);
  if (!addr) return std::nullopt;
  while (!w.expr.empty() && std::isspace(static_cast<unsigned char>(w.expr.back())))
    w.expr.pop_back();
  if (format) {
    w.format = *format;
  } else if (const core::DebugSymbol* sym = dbg.symbol(w.expr); sym && sym->size == 2) {
    w.format = WatchFormat::U16;
  }
  return w;
}

std::string watchValueText(const std::vector<uint8_t>& memory, uint16_t addr, WatchFormat f) {
  const unsigned lo = memory[addr];
  const unsigned word = lo | unsigned(memory[uint16_t(addr + 1)]) << 8;
  char text[24];
  switch (f) {
    case WatchFormat::U8:
      std::snprintf(text, sizeof text, "$%02X %u", lo, lo);
      break;
    case WatchFormat::S8:
      std::snprintf(text, sizeof text, "$%02X %d", lo, int(int8_t(lo)));
      break;
    case WatchFormat::U16:
      std::snprintf(text, sizeof text, "$%04X %u", word, word);
      break;
    case WatchFormat::S16:
      std::snprintf(text, sizeof text, "$%04X %d", word, int(int16_t(word)));
      break;
  }
  return text;
}

bool watchChanged(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, uint16_t addr,
                  WatchFormat f) {
  for (int i = 0; i < watchBytes(f); ++i)
    if (a[uint16_t(addr + i)] != b[uint16_t(addr + i)]) return true;
  return false;
}

std::string addressName(const core::DebugInfo& dbg, uint16_t addr) {
  const core::DebugSymbol* best = nullptr;
  for (const core::DebugSymbol& s : dbg.symbols) {
    if (!s.isLabel || s.address > addr) continue;
    const uint32_t span = s.size > 0 ? s.size : 16;  // unknown size: a short reach
    if (addr >= s.address + span) continue;
    if (!best || s.address > best->address || (s.address == best->address && s.scope.empty()))
      best = &s;
  }
  char text[16];
  if (!best) {
    std::snprintf(text, sizeof text, "$%04X", addr);
    return text;
  }
  if (best->address == addr) return best->name;
  std::snprintf(text, sizeof text, "+%u", unsigned(addr - best->address));
  return best->name + text;
}

void memoryAtStep(MemoryAtCursor& m, const core::Trace& t, int step) {
  const int n = int(t.steps.size());
  const int upto = step < 0 || step > n ? n : step;  // instructions already executed
  m.now = m.start;
  m.touched.assign(m.start.size(), 0);
  for (int i = 0; i < upto; ++i) {
    const bool last = i == upto - 1;
    if (last) m.before = m.now;
    for (const core::TraceAccess& a : t.steps[i].accesses) {
      const bool write = a.kind == core::AccessKind::Write;
      if (write) m.now[a.addr] = a.value;
      if (!last) continue;
      if (write)
        m.touched[a.addr] |= kTouchWrite;
      else if (a.kind == core::AccessKind::Read)
        m.touched[a.addr] |= kTouchRead;
    }
  }
  if (upto == 0) m.before = m.now;
  m.step = step;
}

}  // namespace app
