#include "core/debug/debugger.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "core/util/text.h"

namespace core {

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
bool branched(const Trace& t, int i) {
  const auto& s = t.steps[i];
  if (i + 1 >= int(t.steps.size())) return true;
  return t.steps[i + 1].pc != uint16_t(s.pc + s.bytes.size());
}

bool isTakenCall(const Trace& t, int i) {
  return isCallText(mnemonic(t.steps[i].text)) && branched(t, i);
}
bool isTakenReturn(const Trace& t, int i) {
  return isReturnText(mnemonic(t.steps[i].text)) && branched(t, i);
}

// The cursor for index `i`, where running off the end means "after the call".
int cursorAt(const Trace& t, int i) {
  return i >= int(t.steps.size()) ? -1 : i;
}

// Scans from `from` for the return that brings the call depth from `depth` to 0.
int afterReturn(const Trace& t, int from, int depth) {
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
int breakBetween(const Trace& t, int from, int target, const std::set<uint16_t>& bps) {
  if (bps.empty()) return target;
  int end = target < 0 ? int(t.steps.size()) : target;
  for (int j = from + 1; j < end; ++j)
    if (bps.count(t.steps[j].pc)) return j;
  return target;
}

// Collects the data reads and writes of one instruction.
class AccessLog final : public AccessObserver {
 public:
  std::vector<TraceAccess> accesses;
  void onAccess(uint16_t addr, uint8_t value, AccessKind kind) override {
    if (kind == AccessKind::Read || kind == AccessKind::Write)
      accesses.push_back({addr, value, kind});
  }
};

}  // namespace

int stepTarget(const Trace& t, int from, StepKind kind, const std::set<uint16_t>& bps) {
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

int firstBreakpoint(const Trace& t, const std::set<uint16_t>& bps) {
  if (bps.empty()) return -1;
  for (int j = 0; j < int(t.steps.size()); ++j)
    if (bps.count(t.steps[j].pc)) return j;
  return -1;
}

std::optional<uint16_t> parseAddress(const DebugInfo& dbg, const std::string& input,
                                     std::string* error) {
  std::string text = trim(input);
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
    text = trim(text.substr(0, plus));
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
  const DebugSymbol* sym = dbg.symbol(text);
  if (!sym || !sym->isLabel) {
    *error = sym ? "\"" + text + "\" is a constant, not an address"
                 : "no label \"" + text + "\" in the routine's debug info";
    return std::nullopt;
  }
  return uint16_t(sym->address + offset);
}

std::string addressName(const DebugInfo& dbg, uint16_t addr) {
  // The user's labels first; the linker's (`__RAM_START__`) only where none reaches.
  const DebugSymbol* best = nullptr;
  for (const bool linker : {false, true}) {
    for (const DebugSymbol& s : dbg.symbols) {
      if (!s.isLabel || s.address > addr || isLinkerSymbol(s.name) != linker) continue;
      const uint32_t span = s.size > 0 ? s.size : 16;  // unknown size: a short reach
      if (addr >= s.address + span) continue;
      if (!best || s.address > best->address || (s.address == best->address && s.scope.empty()))
        best = &s;
    }
    if (best) break;
  }
  if (!best) return hex(addr);
  if (best->address == addr) return best->name;
  char text[16];
  std::snprintf(text, sizeof text, "+%u", unsigned(addr - best->address));
  return best->name + text;
}

ValueShape nextWatchShape(const ValueShape& s) {
  const size_t n = std::size(kWatchShapes);
  for (size_t i = 0; i < n; ++i)
    if (kWatchShapes[i] == s) return kWatchShapes[(i + 1) % n];
  return kWatchShapes[0];
}

std::optional<Watch> parseWatch(const DebugInfo& dbg, Cpu cpu, const std::string& text,
                                std::string* error) {
  Watch w;
  w.expr = trim(text);
  std::optional<ValueShape> format;
  if (auto comma = w.expr.rfind(','); comma != std::string::npos) {
    format = parseValueShape(w.expr.substr(comma + 1));
    if (!format) {
      *error = "\"" + trim(w.expr.substr(comma + 1)) +
               "\" is not a format (u8, s8, u16, s16, u24, s24; u16be; u16 8.8)";
      return std::nullopt;
    }
    w.expr = trim(w.expr.substr(0, comma));
  }
  auto compiled = DebugExpr::parse(w.expr, cpu, dbg, error);
  if (!compiled) return std::nullopt;
  w.compiled = *compiled;
  w.address = compiled->plainAddress();
  if (format) {
    w.format = *format;
  } else if (const DebugSymbol* sym = dbg.symbol(w.expr); sym && sym->size == 2) {
    w.format = kU16;
  }
  return w;
}

std::string watchValueText(const std::vector<uint8_t>& memory, uint16_t addr, const ValueShape& f) {
  const int32_t raw = f.read([&](uint16_t a) { return memory[a]; }, addr);
  return valueHex(f, raw) + " " + valueDecimal(f, raw);
}

bool watchChanged(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, uint16_t addr,
                  const ValueShape& f) {
  for (int i = 0; i < f.size; ++i)
    if (a[uint16_t(addr + i)] != b[uint16_t(addr + i)]) return true;
  return false;
}

std::optional<Watchpoint> parseWatchpoint(const DebugInfo& dbg, const std::string& input,
                                          std::string* error) {
  Watchpoint w;
  w.text = trim(input);
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t comma = w.text.find(',', start);
    parts.push_back(trim(w.text.substr(start, comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  auto addr = parseAddress(dbg, parts[0], error);
  if (!addr) return std::nullopt;
  int length = 1;
  if (const DebugSymbol* s = dbg.symbol(parts[0]); s && s->size > 0) length = int(s->size);
  for (size_t i = 1; i < parts.size(); ++i) {
    std::string p = lower(parts[i]);
    if (p == "r" || p == "read") {
      w.onRead = true;
      w.onWrite = false;
    } else if (p == "w" || p == "write") {
      w.onRead = false;
      w.onWrite = true;
    } else if (p == "rw" || p == "wr" || p == "access") {
      w.onRead = w.onWrite = true;
    } else {
      char* end = nullptr;
      long n = std::strtol(p.c_str(), &end, 0);
      if (p.empty() || *end != 0 || n < 1 || n > 0x10000) {
        *error = "\"" + parts[i] + "\" is not r, w, rw or a byte count (1..65536)";
        return std::nullopt;
      }
      length = int(n);
    }
  }
  if (uint32_t(*addr) + uint32_t(length) > 0x10000) {
    *error = "the watched range runs past $FFFF";
    return std::nullopt;
  }
  w.begin = *addr;
  w.end = uint16_t(std::min<uint32_t>(uint32_t(*addr) + length, 0xFFFF));
  if (uint32_t(*addr) + length == 0x10000) w.end = 0xFFFF;  // [begin, $FFFF]: see hit()
  return w;
}

namespace {

bool hits(const Watchpoint& w, const TraceAccess& a) {
  if (!w.enabled) return false;
  const bool write = a.kind == AccessKind::Write;
  if (write ? !w.onWrite : !w.onRead) return false;
  return a.addr >= w.begin && (a.addr < w.end || (w.end == 0xFFFF && a.addr == 0xFFFF));
}

}  // namespace

// ---- Debugger ----------------------------------------------------------------

std::string Debugger::attach(Simulation* sim) {
  sim_ = sim;
  cursor_ = DebugCursor{};
  invalidate();
  if (!sim_) return {};
  const DebugInfo& dbg = sim_->image().debug;
  const Cpu cpu = sim_->scenario().manifest.cpu;
  std::string dropped;
  auto note = [&](const std::string& what, const std::string& why) {
    dropped += (dropped.empty() ? "" : "; ") + what + ": " + why;
  };
  for (auto it = breakpoints_.begin(); it != breakpoints_.end();) {
    if (!it->condition.empty()) {
      std::string err;
      it->compiled = DebugExpr::parse(it->condition, cpu, dbg, &err);
      if (!it->compiled) {
        note("breakpoint condition \"" + it->condition + "\"", err);
        it = breakpoints_.erase(it);
        continue;
      }
    }
    ++it;
  }
  for (auto it = watchpoints_.begin(); it != watchpoints_.end();) {
    std::string err;
    auto w = parseWatchpoint(dbg, it->text, &err);
    if (!w) {
      note("watchpoint " + it->text, err);
      it = watchpoints_.erase(it);
    } else {
      w->enabled = it->enabled;
      *it++ = *w;
    }
  }
  for (auto it = watches_.begin(); it != watches_.end();) {
    std::string err;
    auto w = parseWatch(dbg, cpu, it->expr + "," + valueShapeName(it->format), &err);
    if (!w) {
      note("watch " + it->expr, err);
      it = watches_.erase(it);
    } else {
      *it++ = *w;
    }
  }
  return dropped;
}

void Debugger::invalidate() {
  traceFrame_ = traceEntity_ = -1;
  trace_ = Trace{};
  memoryFrame_ = memoryEntity_ = -1;
  memoryStep_ = -2;
}

void Debugger::select(int frame, int entity) {
  if (cursor_.frame == frame && cursor_.entity == entity) return;
  cursor_ = {frame, entity, -1};
}

void Debugger::setStep(int step) {
  ensureTrace();
  const int n = int(trace_.steps.size());
  cursor_.step = step < 0 || step >= n ? -1 : step;
}

bool Debugger::ensureTrace() {
  if (!sim_ || cursor_.frame < 0 || cursor_.entity < 0) return false;
  if (cursor_.frame >= int(sim_->recording().frames.size()) ||
      cursor_.entity >= int(sim_->scenario().entities.size()))
    return false;
  if (traceFrame_ == cursor_.frame && traceEntity_ == cursor_.entity) return true;
  trace_ = sim_->trace(cursor_.frame, cursor_.entity);
  traceFrame_ = cursor_.frame;
  traceEntity_ = cursor_.entity;
  if (cursor_.step >= int(trace_.steps.size())) cursor_.step = -1;
  return true;
}

const Trace& Debugger::trace() {
  if (!ensureTrace()) trace_ = Trace{};
  return trace_;
}

std::optional<uint16_t> Debugger::cursorPc(bool* executed) {
  if (!ensureTrace() || trace_.steps.empty()) return std::nullopt;
  if (cursor_.step >= 0) {
    if (executed) *executed = false;
    return trace_.steps[cursor_.step].pc;
  }
  if (executed) *executed = true;
  return trace_.steps.back().pc;
}

bool Debugger::ensureMemory() {
  if (!ensureTrace()) return false;
  MemoryAtCursor& m = memory_;
  if (memoryFrame_ != cursor_.frame || memoryEntity_ != cursor_.entity) {
    // The machine at the start of the call, as the trace began it.
    sim_->seek(cursor_.frame, cursor_.entity);
    sim_->machine().beginCall(sim_->entryOf(cursor_.entity));
    m.start.resize(0x10000);
    for (uint32_t a = 0; a < 0x10000; ++a) m.start[a] = sim_->machine().peek(uint16_t(a));
    memoryFrame_ = cursor_.frame;
    memoryEntity_ = cursor_.entity;
    memoryStep_ = -2;
  }
  if (memoryStep_ == cursor_.step) return true;
  const int n = int(trace_.steps.size());
  const int upto = cursor_.step < 0 ? n : cursor_.step;  // instructions already executed
  m.now = m.start;
  m.touched.assign(m.start.size(), 0);
  for (int i = 0; i < upto; ++i) {
    const bool last = i == upto - 1;
    if (last) m.before = m.now;
    for (const TraceAccess& a : trace_.steps[i].accesses) {
      const bool write = a.kind == AccessKind::Write;
      if (write) m.now[a.addr] = a.value;
      if (!last) continue;
      if (write)
        m.touched[a.addr] |= kTouchWrite;
      else if (a.kind == AccessKind::Read)
        m.touched[a.addr] |= kTouchRead;
    }
  }
  if (upto == 0) m.before = m.now;
  memoryStep_ = cursor_.step;
  return true;
}

const MemoryAtCursor& Debugger::memory() {
  if (!ensureMemory()) memory_ = MemoryAtCursor{};
  return memory_;
}

ExprContext Debugger::contextAt(int step) {
  ExprContext ctx;
  if (!sim_) return ctx;
  ctx.flagNames = sim_->machine().flagNames();
  if (step >= 0 && step < int(trace_.steps.size())) {
    ctx.registers = trace_.steps[step].regsBefore;
    ctx.flags = trace_.steps[step].flagsBefore;
  } else {
    ctx.registers = trace_.regsAfter;
    ctx.flags = trace_.flagsAfter;
  }
  const std::vector<uint8_t>* mem = &memory_.now;
  ctx.read = [mem](uint16_t a) { return mem->empty() ? uint8_t(0) : (*mem)[a]; };
  return ctx;
}

bool Debugger::conditionHolds(const Breakpoint& b, const ExprContext& ctx) const {
  if (!b.enabled) return false;
  if (!b.compiled) return true;
  return b.compiled->eval(ctx) != 0;
}

bool Debugger::hasConditionsOrWatchpoints() const {
  for (const Watchpoint& w : watchpoints_)
    if (w.enabled) return true;
  for (const Breakpoint& b : breakpoints_)
    if (b.enabled && b.compiled) return true;
  return false;
}

std::string Debugger::stopText(const DebugStop& s) const {
  char text[160];
  const DebugInfo* dbg = sim_ ? &sim_->image().debug : nullptr;
  std::string where = dbg ? addressName(*dbg, s.pc) : std::string();
  switch (s.kind) {
    case DebugStop::Kind::Breakpoint: {
      const Breakpoint& b = breakpoints_[size_t(s.index)];
      std::snprintf(text, sizeof text, "Breakpoint at $%04X (%s)%s%s", s.pc, where.c_str(),
                    b.condition.empty() ? "" : ": ", b.condition.c_str());
      return text;
    }
    case DebugStop::Kind::Watchpoint: {
      const Watchpoint& w = watchpoints_[size_t(s.index)];
      std::string target = dbg ? addressName(*dbg, s.addr) : std::string();
      std::snprintf(text, sizeof text, "Watchpoint %s: %s $%02X %s %s ($%04X) at $%04X (%s)",
                    w.text.c_str(), s.write ? "writes" : "reads", s.value, s.write ? "to" : "from",
                    target.c_str(), s.addr, s.pc, where.c_str());
      return text;
    }
    case DebugStop::Kind::EndOfCall:
      return "End of the call";
    case DebugStop::Kind::Fault:
      return "The call faulted";
    case DebugStop::Kind::None:
      break;
  }
  return {};
}

bool Debugger::breakpointStop(uint16_t pc, ExprContext& ctx,
                              const std::function<void(ExprContext&)>& registers,
                              DebugStop* stop) const {
  bool filled = false;
  for (size_t k = 0; k < breakpoints_.size(); ++k) {
    const Breakpoint& b = breakpoints_[k];
    if (b.address != pc || !b.enabled) continue;
    if (!filled) registers(ctx);
    filled = true;
    if (!conditionHolds(b, ctx)) continue;
    stop->kind = DebugStop::Kind::Breakpoint;
    stop->index = int(k);
    stop->pc = pc;
    stop->text = stopText(*stop);
    return true;
  }
  return false;
}

bool Debugger::watchpointStop(uint16_t pc, const std::vector<TraceAccess>& accesses,
                              DebugStop* stop) const {
  for (const TraceAccess& a : accesses) {
    if (a.kind != AccessKind::Read && a.kind != AccessKind::Write) continue;
    for (size_t k = 0; k < watchpoints_.size(); ++k) {
      if (!hits(watchpoints_[k], a)) continue;
      stop->kind = DebugStop::Kind::Watchpoint;
      stop->index = int(k);
      stop->pc = pc;
      stop->addr = a.addr;
      stop->value = a.value;
      stop->write = a.kind == AccessKind::Write;
      stop->text = stopText(*stop);
      return true;
    }
  }
  return false;
}

int Debugger::scanTrace(int from, int end, DebugStop* stop) {
  if (!ensureMemory()) return -1;
  const int n = int(trace_.steps.size());
  if (end < 0 || end > n) end = n;
  if (breakpoints_.empty() && watchpoints_.empty()) return -1;
  // Memory before step `from + 1`, rebuilt from the call's start.
  std::vector<uint8_t> mem = memory_.start;
  for (int i = 0; i <= from && i < n; ++i)
    for (const TraceAccess& a : trace_.steps[i].accesses)
      if (a.kind == AccessKind::Write) mem[a.addr] = a.value;
  ExprContext ctx;
  ctx.flagNames = sim_->machine().flagNames();
  ctx.read = [&mem](uint16_t a) { return mem[a]; };
  for (int j = std::max(from + 1, 0); j < end; ++j) {
    const TraceStep& s = trace_.steps[j];
    const auto regs = [&s](ExprContext& c) {
      c.registers = s.regsBefore;
      c.flags = s.flagsBefore;
    };
    if (breakpointStop(s.pc, ctx, regs, stop) || watchpointStop(s.pc, s.accesses, stop)) return j;
    for (const TraceAccess& a : s.accesses)
      if (a.kind == AccessKind::Write) mem[a.addr] = a.value;
  }
  return -1;
}

DebugStop Debugger::step(StepKind kind) {
  DebugStop stop;
  if (!ensureTrace()) return stop;
  const int from = cursor_.step;
  const int target = stepTarget(trace_, from, kind, {});
  if (kind == StepKind::Into || kind == StepKind::Back) {
    cursor_.step = target;
    return stop;
  }
  // Over, Out and Run stop at the first breakpoint or watchpoint before their target.
  int scanFrom = from;
  int scanEnd = target;
  if (kind == StepKind::ToEnd && from < 0) {
    scanFrom = -1;  // from the end state, run starts the call again
    scanEnd = -1;
  }
  if (int j = scanTrace(scanFrom, scanEnd, &stop); j >= 0) {
    cursor_.step = j;
    return stop;
  }
  stop = DebugStop{};
  if (kind == StepKind::ToEnd && from < 0) return stop;  // nothing to stop at: stay
  cursor_.step = target;
  if (target < 0) {
    stop.kind = isFault(trace_.halt) ? DebugStop::Kind::Fault : DebugStop::Kind::EndOfCall;
    stop.text = stopText(stop);
  }
  return stop;
}

int Debugger::scanCall(int frame, int entity, DebugStop* stop) {
  if (!sim_->seek(frame, entity)) return -1;
  Machine& m = sim_->machine();
  m.beginCall(sim_->entryOf(entity));
  const bool slow = hasConditionsOrWatchpoints();
  if (!slow) {
    // Plain breakpoints: the machine's own breakpoint check at full speed.
    std::vector<bool> bps(0x10000, false);
    for (const Breakpoint& b : breakpoints_)
      if (b.enabled) bps[b.address] = true;
    // The machine halts *before* an instruction at a breakpoint, except that
    // it must leave the entry itself: test the entry first.
    uint64_t instructions = 0;
    if (bps[m.pc()]) {
      instructions = 0;
    } else {
      CallResult r = m.resume(sim_->scenario().manifest.cycleBudget, nullptr, &bps);
      if (r.reason != HaltKind::Breakpoint) return -1;
      instructions = r.instructions;
    }
    ExprContext none;  // plain breakpoints: no condition reads it
    breakpointStop(
        m.pc(), none, [](ExprContext&) {}, stop);
    return int(instructions);
  }
  AccessLog log;
  ExprContext ctx;
  ctx.flagNames = m.flagNames();
  ctx.read = [&m](uint16_t a) { return m.peek(a); };
  const uint64_t budget = sim_->scenario().manifest.cycleBudget;
  uint64_t cycles = 0;
  for (int i = 0; i < 1000000; ++i) {
    const uint16_t pc = m.pc();
    const auto regs = [&m](ExprContext& c) {
      c.registers = m.registers();
      c.flags = m.flagBits();
    };
    if (breakpointStop(pc, ctx, regs, stop)) return i;
    log.accesses.clear();
    CallResult r = m.step(watchpoints_.empty() ? nullptr : &log);
    if (watchpointStop(pc, log.accesses, stop)) return i;
    cycles += r.cycles;
    if (r.reason != HaltKind::Stepped || cycles >= budget) return -1;
  }
  return -1;
}

DebugStop Debugger::runRecording(int frame, int lastFrame, int entity) {
  DebugStop stop;
  if (!sim_ || (breakpoints_.empty() && watchpoints_.empty())) return stop;
  const int frames = int(sim_->recording().frames.size());
  const int entities = int(sim_->scenario().entities.size());
  lastFrame = std::min(lastFrame, frames - 1);
  for (int f = std::max(frame, 0); f <= lastFrame; ++f)
    for (int e = f == frame ? std::max(entity, 0) : 0; e < entities; ++e) {
      DebugStop s;
      const int j = scanCall(f, e, &s);
      if (j < 0) continue;
      cursor_ = {f, e, -1};
      invalidate();
      ensureTrace();
      cursor_.step = j < int(trace_.steps.size()) ? j : -1;
      char where[64];
      std::snprintf(where, sizeof where, "frame %d, %s: ", f,
                    sim_->scenario().entities[size_t(e)].name.c_str());
      s.text = where + s.text;
      return s;
    }
  return stop;
}

bool Debugger::hasBreakpoint(uint16_t addr) const {
  for (const Breakpoint& b : breakpoints_)
    if (b.address == addr) return true;
  return false;
}

bool Debugger::setBreakpoint(uint16_t addr, const std::string& condition, std::string* error) {
  Breakpoint b;
  b.address = addr;
  b.condition = trim(condition);
  if (!b.condition.empty()) {
    if (!sim_) {
      *error = "open a scenario first";
      return false;
    }
    b.compiled =
        DebugExpr::parse(b.condition, sim_->scenario().manifest.cpu, sim_->image().debug, error);
    if (!b.compiled) return false;
  }
  for (Breakpoint& old : breakpoints_)
    if (old.address == addr) {
      b.enabled = true;
      old = b;
      return true;
    }
  breakpoints_.push_back(b);
  return true;
}

void Debugger::removeBreakpoint(uint16_t addr) {
  std::erase_if(breakpoints_, [addr](const Breakpoint& b) { return b.address == addr; });
}

void Debugger::enableBreakpoint(uint16_t addr, bool on) {
  for (Breakpoint& b : breakpoints_)
    if (b.address == addr) b.enabled = on;
}

bool Debugger::addBreakpoint(const std::string& text, std::string* error) {
  if (!sim_) {
    *error = "open a scenario first";
    return false;
  }
  std::string where = trim(text), condition;
  if (auto at = where.find(" if "); at != std::string::npos) {
    condition = where.substr(at + 4);
    where = trim(where.substr(0, at));
  }
  auto addr = parseAddress(sim_->image().debug, where, error);
  if (!addr) return false;
  return setBreakpoint(*addr, condition, error);
}

bool Debugger::addWatchpoint(const std::string& text, std::string* error) {
  if (!sim_) {
    *error = "open a scenario first";
    return false;
  }
  auto w = parseWatchpoint(sim_->image().debug, text, error);
  if (!w) return false;
  watchpoints_.push_back(*w);
  return true;
}

void Debugger::removeWatchpoint(size_t index) {
  if (index < watchpoints_.size()) watchpoints_.erase(watchpoints_.begin() + long(index));
}

void Debugger::enableWatchpoint(size_t index, bool on) {
  if (index < watchpoints_.size()) watchpoints_[index].enabled = on;
}

bool Debugger::addWatch(const std::string& text, std::string* error) {
  if (!sim_) {
    *error = "open a scenario first";
    return false;
  }
  auto w = parseWatch(sim_->image().debug, sim_->scenario().manifest.cpu, text, error);
  if (!w) return false;
  watches_.push_back(*w);
  return true;
}

void Debugger::removeWatch(size_t index) {
  if (index < watches_.size()) watches_.erase(watches_.begin() + long(index));
}

void Debugger::setWatchFormat(size_t index, const ValueShape& f) {
  if (index < watches_.size()) watches_[index].format = f;
}

std::string Debugger::watchValue(size_t index) {
  if (index >= watches_.size() || !ensureMemory()) return "?";
  const Watch& w = watches_[index];
  if (w.address) return watchValueText(memory_.now, *w.address, w.format);
  const int64_t v = w.compiled.eval(contextAt(cursor_.step));
  return std::to_string(v);
}

bool Debugger::watchChangedByStep(size_t index) {
  if (index >= watches_.size() || !ensureMemory()) return false;
  const Watch& w = watches_[index];
  if (w.address) return watchChanged(memory_.before, memory_.now, *w.address, w.format);
  // An expression: compare its value one instruction earlier.
  const int prev = cursor_.step < 0 ? int(trace_.steps.size()) - 1 : cursor_.step - 1;
  if (prev < 0) return false;
  ExprContext now = contextAt(cursor_.step);
  ExprContext before = contextAt(prev);
  const std::vector<uint8_t>* mem = &memory_.before;
  before.read = [mem](uint16_t a) { return mem->empty() ? uint8_t(0) : (*mem)[a]; };
  return w.compiled.eval(now) != w.compiled.eval(before);
}

}  // namespace core
