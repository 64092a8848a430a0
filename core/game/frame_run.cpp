#include "core/game/frame_run.h"

#include <algorithm>
#include <array>

#include "core/game/boot.h"
#include "core/sim/call_probe.h"
#include "core/util/json_reader.h"

namespace core::game {

namespace {

constexpr uint8_t kRoutine = 1, kFrom = 2, kTo = 4, kVelocity = 8;

// An 8-bit SM83 register inside the pairs registers() reports.
std::optional<uint32_t> registerValue(const Machine& m, const std::string& name) {
  static const struct {
    const char* name;
    const char* pair;
    int shift;
  } kHalves[] = {{"B", "BC", 8}, {"C", "BC", 0}, {"D", "DE", 8},
                 {"E", "DE", 0}, {"H", "HL", 8}, {"L", "HL", 0}};
  const std::vector<RegisterValue> regs = m.registers();
  for (const RegisterValue& r : regs)
    if (name == r.name) return r.value;
  for (const auto& h : kHalves)
    if (name == h.name)
      for (const RegisterValue& r : regs)
        if (std::string(h.pair) == r.name) return (r.value >> h.shift) & 0xFF;
  return std::nullopt;
}

void addUnique(std::vector<uint16_t>& v, const std::vector<uint16_t>& more) {
  for (uint16_t c : more)
    if (std::find(v.begin(), v.end(), c) == v.end()) v.push_back(c);
}

// A second call for an entity in one frame joins its row.
void mergeInto(EntityFrame& row, const EntityFrame& more) {
  row.after = more.after;
  row.cycles += more.cycles;
  row.instructions += more.instructions;
  addUnique(row.cellsRead, more.cellsRead);
  addUnique(row.attrsRead, more.attrsRead);
  if (!isFault(row.halt) && !row.badWrite) {
    row.halt = more.halt;
    row.badWrite = more.badWrite;
    row.faultDetail = more.faultDetail;
  }
}

// A call inside a frame span, or one for an entity the scenario does not list
// (`more`, its SpanCall in more.calls): in the row's calls, a fault in it is the row's.
void joinCall(EntityFrame& ef, EntityFrame& more) {
  ef.instructions += more.instructions;
  if (isFault(more.halt) && !isFault(ef.halt)) {
    ef.halt = more.halt;
    ef.faultDetail = more.faultDetail;
  }
  if (more.badWrite && !ef.badWrite) {
    ef.badWrite = true;
    if (!isFault(more.halt)) ef.faultDetail = more.faultDetail;
  }
  for (SpanCall& c : more.calls) ef.calls.push_back(std::move(c));
}

// A row with nothing recorded yet (the vectors keep their capacity).
void resetRow(EntityFrame& ef) {
  ef.input = 0;
  ef.cycles = ef.instructions = 0;
  ef.halt = HaltKind::Returned;
  ef.cellsRead.clear();
  ef.attrsRead.clear();
  ef.calls.clear();
  ef.badWrite = false;
  ef.faultDetail.clear();
  ef.spanSeen = false;
  ef.gameIntent.reset();
}

// Forwards the watched accesses to the span's probe and the call's.
class TeeObserver final : public AccessObserver {
 public:
  AccessObserver* span = nullptr;
  AccessObserver* call = nullptr;
  void onAccess(uint16_t addr, uint8_t value, AccessKind kind) override {
    if (span) span->onAccess(addr, value, kind);
    if (call) call->onAccess(addr, value, kind);
  }
};

std::optional<uint16_t> labelAddress(const DebugInfo& symbols, const std::string& name) {
  // A number ("$014C", "0x14C", "332") stands where a label goes.
  if (auto n = parseNumberText(name); n && *n >= 0 && *n <= 0xFFFF) return uint16_t(*n);
  auto a = symbols.addressOf(name);
  if (!a || *a > 0xFFFF) return std::nullopt;
  return uint16_t(*a);
}

}  // namespace

struct FrameRunner::Step {
  bool call = false;  // stopped at a routine's entry
  bool mark = false;  // stopped at a span or velocity label (with `marks`)
  uint16_t entry = 0;
  int slot = 0;
  // Else the frame ended (Returned), or the game faulted outside a call (the halt).
  HaltKind halt = HaltKind::Returned;
  std::string detail;
};

// What one frame has seen so far.
struct FrameRunner::FrameState {
  GameMachine* m = nullptr;
  const Binding* b = nullptr;
  const std::vector<uint16_t>* cellBases = nullptr;
  const Room* room = nullptr;
  const FrameRunner::ReadFields* read = nullptr;
  bool observe = true;
  uint8_t buttons = 0;
  std::vector<EntityFrame>* rows = nullptr;
  uint64_t budget = 0;  // cycles to the frame's end
  int order = 0;
  // The span: open from its start to its end; done once it ended this frame.
  bool open = false, done = false;
  uint64_t openedAt = 0;  // `budget` when it opened
  EntityFrame spanOut;    // the span's cells and attributes read
  std::unique_ptr<detail::ProbeObserver> spanProbe;
  TeeObserver tee;
  int dx = -1, dy = -1;  // field indices of the velocity intent
  std::vector<std::optional<std::array<int32_t, 2>>> velocity;  // per row, when taken
  std::vector<bool> filled;                                     // span "call": row has its call
  std::vector<int32_t> scratch;
  // Span "call": calls for entities the scenario does not list, for the last
  // row at the frame's end (its own call may come after them).
  std::vector<EntityFrame> extra;

  void watch() {
    tee.span = open ? spanProbe.get() : nullptr;
    m->setWatchSink(tee.span || tee.call ? &tee : nullptr, observe);
  }
  void takeVelocity(size_t row) {
    if (velocity[row] || (dx < 0 && dy < 0)) return;
    (*read)(int(row), scratch);
    std::array<int32_t, 2> v{};
    if (dx >= 0 && size_t(dx) < scratch.size()) v[0] = scratch[size_t(dx)];
    if (dy >= 0 && size_t(dy) < scratch.size()) v[1] = scratch[size_t(dy)];
    velocity[row] = v;
  }
  // The velocity intent into the row's `before` (taken now, at the span's end,
  // when no `velocityAt` label was passed).
  void applyVelocity(size_t row) {
    EntityFrame& ef = (*rows)[row];
    if (!velocity[row]) {
      if (dx >= 0 && size_t(dx) < ef.after.size()) ef.before[size_t(dx)] = ef.after[size_t(dx)];
      if (dy >= 0 && size_t(dy) < ef.after.size()) ef.before[size_t(dy)] = ef.after[size_t(dy)];
      return;
    }
    if (dx >= 0 && size_t(dx) < ef.before.size()) ef.before[size_t(dx)] = (*velocity[row])[0];
    if (dy >= 0 && size_t(dy) < ef.before.size()) ef.before[size_t(dy)] = (*velocity[row])[1];
  }
  void openSpan() {
    for (size_t i = 0; i < rows->size(); ++i) (*read)(int(i), (*rows)[i].before);
    open = true;
    openedAt = budget;
    spanOut.cellsRead.clear();
    spanOut.attrsRead.clear();
    watch();
  }
  void closeSpan() {
    for (size_t i = 0; i < rows->size(); ++i) {
      EntityFrame& ef = (*rows)[i];
      (*read)(int(i), ef.after);
      applyVelocity(i);
      ef.spanSeen = true;
      ef.input = buttons;
      ef.cycles = uint32_t(openedAt - std::min(openedAt, budget));
      addUnique(ef.cellsRead, spanOut.cellsRead);
      addUnique(ef.attrsRead, spanOut.attrsRead);
    }
    open = false;
    done = true;
    watch();
  }
};

int FrameRunner::rowOf(int slot, int rows) const {
  if (rows <= 0) return -1;
  return slot >= 0 && slot < rows ? slot : rows - 1;
}

bool FrameRunner::bind(const RoutineManifest& m, const DebugInfo& symbols, std::string* error) {
  entries_.clear();
  stops_.assign(0x10000, false);
  innerStops_.assign(0x10000, false);
  marks_.assign(0x10000, 0);
  callBudget_ = m.cycleBudget;
  std::vector<std::string> names =
      m.game && (!m.game->routines.empty() || m.game->noRoutines)
          ? m.game->routines
          : std::vector<std::string>{m.entry};
  for (size_t i = 0; i < names.size(); ++i) {
    auto a = symbols.addressOf(names[i]);
    if (!a || *a > 0xFFFF) {
      *error = "game.routines[" + std::to_string(i) + "]: label \"" + names[i] +
               "\" is not defined by the game's symbols" + closestNamesText(symbols, names[i]);
      return false;
    }
    entries_.push_back(uint16_t(*a));
    stops_[*a] = true;
    marks_[*a] |= kRoutine;
  }
  auto markLabel = [&](const std::string& name, const char* path, uint8_t kind) {
    auto a = labelAddress(symbols, name);
    if (!a) {
      *error = std::string(path) + ": label \"" + name + "\" is not defined by the game's symbols" +
               closestNamesText(symbols, name);
      return false;
    }
    stops_[*a] = true;
    innerStops_[*a] = true;
    marks_[*a] |= kind;
    return true;
  };
  span_ = m.game ? m.game->span : GameSpec::Span::Frame;
  if (span_ == GameSpec::Span::Labels &&
      (!markLabel(m.game->spanFrom, "game.span.from", kFrom) ||
       !markLabel(m.game->spanTo, "game.span.to", kTo)))
    return false;
  if (m.game && !m.game->velocityAt.empty() &&
      !markLabel(m.game->velocityAt, "game.velocityAt", kVelocity))
    return false;
  gameIntent_ = m.game && m.game->gameIntent;
  if (gameIntent_ && !m.attributes) {
    *error = "game.intent: \"game\" needs map.attributes (every metatile is made passable there)";
    return false;
  }
  dxField_ = m.motion.from == IntentSource::Velocity ? m.motion.dx.field : "";
  dyField_ = m.motion.from == IntentSource::Velocity ? m.motion.dy.field : "";
  slot_ = EntitySlotRule{};
  const std::string rule = m.game ? m.game->entitySlot : "order";
  if (rule.rfind("label:", 0) == 0) {
    const std::string label = rule.substr(6);
    auto a = labelAddress(symbols, label);
    if (!a) {
      *error = "game.entitySlot: label \"" + label + "\" is not defined by the game's symbols" +
               closestNamesText(symbols, label);
      return false;
    }
    slot_.kind = EntitySlotRule::Kind::Label;
    slot_.address = *a;
  } else if (rule != "order") {
    slot_.kind = EntitySlotRule::Kind::Register;
    slot_.reg = rule;
  }
  return true;
}

void FrameRunner::alignToFrame(GameMachine& m) const {
  m.runFree(std::nullopt, m.cyclesToFrameStart());
}

FrameRunner::Step FrameRunner::next(GameMachine& m, uint64_t& budget, int& order,
                                    bool marks) const {
  while (budget > 0) {
    const GameRun r = m.runFreeTo(stops_, budget);
    budget -= std::min(budget, r.cycles);
    if (r.reason == HaltKind::Breakpoint) {
      const uint8_t k = marks_[m.pc()];
      if (!(k & kRoutine)) {
        if (!marks) continue;
        Step s;
        s.mark = true;
        s.entry = m.pc();
        return s;
      }
      Step s;
      s.call = true;
      s.mark = (k & ~kRoutine) && marks;
      s.entry = m.pc();
      s.slot = order++;
      if (slot_.kind == EntitySlotRule::Kind::Register)
        s.slot = int(registerValue(m, slot_.reg).value_or(0));
      else if (slot_.kind == EntitySlotRule::Kind::Label)
        s.slot = m.peek(slot_.address);
      return s;
    }
    // A game that jammed or locked up stays so: nothing more happens this frame.
    if (r.reason != HaltKind::CycleBudget && r.reason != HaltKind::InstructionBudget) {
      Step s;
      s.halt = r.reason;
      s.detail = r.detail;
      return s;
    }
  }
  return {};
}

// A span or velocity label at `pc`. `callRow`: the row whose call is running
// (span "call"), else -1.
void FrameRunner::mark(GameMachine& m, FrameState& st, uint16_t pc, int callRow) const {
  (void)m;
  const uint8_t k = marks_[pc];
  if (k & kVelocity) {
    if (span_ == GameSpec::Span::Call) {
      if (callRow >= 0) st.takeVelocity(size_t(callRow));
    } else if (st.open) {
      for (size_t i = 0; i < st.rows->size(); ++i) st.takeVelocity(i);
    }
  }
  if (span_ != GameSpec::Span::Labels) return;
  if ((k & kTo) && st.open)
    st.closeSpan();
  else if ((k & kFrom) && !st.open && !st.done)
    st.openSpan();
}

// Runs the game's call standing at `s.entry` to its matching return, watching
// the span's labels inside it, and records it.
void FrameRunner::runCall(GameMachine& m, FrameState& st, const Step& s) const {
  std::vector<EntityFrame>& rows = *st.rows;
  const int row = rowOf(s.slot, int(rows.size()));
  const bool callSpan = span_ == GameSpec::Span::Call;
  // Span "call": the entity's own call (the first of the frame) makes its row.
  const bool own = callSpan && row >= 0 && row == s.slot && !st.filled[size_t(row)];
  const bool joins = callSpan && row >= 0 && row == s.slot && !own;
  const bool openAtStart = st.open, doneAtStart = st.done;
  EntityFrame out;
  if (callSpan && row == s.slot && row >= 0) (*st.read)(s.slot, out.before);
  if (own) st.velocity[size_t(row)].reset();
  detail::ProbeObserver probe(*st.b, *st.cellBases, *st.room, out);
  st.tee.call = &probe;
  st.watch();
  m.adoptNextCall();
  m.beginCall(s.entry);
  CallResult total;
  uint64_t left = callBudget_;
  for (;;) {
    CallResult r = m.resume(left, nullptr, &innerStops_);
    total.cycles += r.cycles;
    total.instructions += r.instructions;
    left -= std::min(left, r.cycles);
    total.reason = r.reason;
    total.detail = r.detail;
    if (r.reason != HaltKind::Breakpoint) break;
    mark(m, st, m.pc(), own || joins ? row : -1);
    if (left == 0) {
      total.reason = HaltKind::CycleBudget;
      break;
    }
  }
  m.finishAdoptedCall();
  st.tee.call = nullptr;
  st.watch();
  detail::takeResult(total, out);
  st.budget -= std::min(st.budget, total.cycles);
  if (row < 0) return;
  SpanCall call{s.entry, s.slot, out.cycles, out.halt, out.cellsRead};
  EntityFrame& ef = rows[size_t(row)];
  if (callSpan && (own || joins)) {
    (*st.read)(s.slot, out.after);
    out.input = st.buttons;
    if (own) {
      std::vector<SpanCall> calls = std::move(ef.calls);
      out.calls = std::move(calls);
      std::swap(ef, out);
      ef.spanSeen = true;
      st.filled[size_t(row)] = true;
    } else {
      mergeInto(ef, out);
    }
    ef.calls.push_back(std::move(call));
    if (own) {
      // The velocity: at the label inside this call, else at its return.
      st.applyVelocity(size_t(row));
    }
    return;
  }
  // A label span lists the calls made inside it (or that it opened or closed in).
  if (!callSpan && !openAtStart && !st.open && !(st.done && !doneAtStart)) return;
  out.calls.push_back(std::move(call));
  if (callSpan) {
    st.extra.push_back(std::move(out));  // an entity the scenario does not list
    return;
  }
  joinCall(ef, out);
}

std::vector<std::optional<std::array<int32_t, 2>>> FrameRunner::ghostIntents(
    GameMachine& m, uint8_t buttons, const Binding& b, const ReadFields& read,
    size_t rows) const {
  std::vector<std::optional<std::array<int32_t, 2>>> out(rows);
  if (!b.attributes || b.fields.size() < 2) return out;
  m.setButtons(buttons);
  const Snapshot start = m.snapshot();
  std::vector<std::vector<int32_t>> from(rows);
  for (size_t i = 0; i < rows; ++i) read(int(i), from[i]);
  const uint8_t passable = encodeAttribute(b.attrFormat, 0);
  for (int k = 0; k < b.attrCount; ++k)
    m.poke(uint16_t(*b.attributes + k * b.attrStride + b.attrOffset), passable);
  m.runFree(std::nullopt, m.cyclesToFrameStart());
  std::vector<int32_t> to;
  for (size_t i = 0; i < rows; ++i) {
    read(int(i), to);
    std::array<int32_t, 2> d{};
    for (size_t axis = 0; axis < 2 && axis < to.size() && axis < from[i].size(); ++axis) {
      const Binding::Field& f = b.fields[axis];
      d[axis] = fieldPixels(f, unwrapRaw(f, from[i][axis], to[axis])) -
                fieldPixels(f, from[i][axis]);
    }
    out[i] = d;
  }
  m.restore(start);
  return out;
}

void FrameRunner::runFrame(GameMachine& m, uint8_t buttons, const Binding& b,
                           const std::vector<uint16_t>& cellBases, const Room& room,
                           const ReadFields& read, bool observe,
                           std::vector<EntityFrame>& rows) const {
  std::vector<std::optional<std::array<int32_t, 2>>> intents;
  if (gameIntent_ && span_ == GameSpec::Span::Frame)
    intents = ghostIntents(m, buttons, b, read, rows.size());
  m.setButtons(buttons);
  FrameState st;
  st.m = &m;
  st.b = &b;
  st.cellBases = &cellBases;
  st.room = &room;
  st.read = &read;
  st.observe = observe;
  st.buttons = buttons;
  st.rows = &rows;
  st.budget = m.cyclesToFrameStart();
  st.spanProbe = std::make_unique<detail::ProbeObserver>(b, cellBases, room, st.spanOut);
  st.dx = dxField_.empty() ? -1 : b.fieldIndex(dxField_);
  st.dy = dyField_.empty() ? -1 : b.fieldIndex(dyField_);
  st.velocity.assign(rows.size(), std::nullopt);
  st.filled.assign(rows.size(), false);
  for (EntityFrame& ef : rows) resetRow(ef);
  if (span_ == GameSpec::Span::Frame) st.openSpan();
  const bool callSpan = span_ == GameSpec::Span::Call;
  for (;;) {
    Step s = next(m, st.budget, st.order, true);
    if (s.mark) mark(m, st, s.entry, -1);
    if (s.call) {
      runCall(m, st, s);
      continue;
    }
    if (s.mark) continue;
    if (isFault(s.halt) && !rows.empty()) {
      // The game itself faulted outside a call: every row of the span says so.
      for (EntityFrame& ef : rows)
        if (!isFault(ef.halt)) {
          ef.halt = s.halt;
          ef.faultDetail = s.detail;
        }
    }
    break;
  }
  if (st.open) st.closeSpan();
  m.setWatchSink(nullptr);
  for (EntityFrame& more : st.extra) joinCall(rows.back(), more);
  for (size_t i = 0; i < intents.size() && i < rows.size(); ++i)
    if (rows[i].spanSeen) rows[i].gameIntent = intents[i];
  // An entity with no span (or, span "call", no call of its own) this frame: it
  // stood still, and with no input its row asks nothing of the oracle.
  for (size_t i = 0; i < rows.size(); ++i) {
    EntityFrame& ef = rows[i];
    if (callSpan ? st.filled[i] : ef.spanSeen) continue;
    ef.input = 0;
    ef.cycles = 0;
    read(int(i), ef.before);
    ef.after = ef.before;
  }
}

bool FrameRunner::runToCall(GameMachine& m, uint8_t buttons, int row, int rows,
                            uint16_t* entry) const {
  m.setButtons(buttons);
  uint64_t budget = m.cyclesToFrameStart();
  int order = 0;
  for (Step s = next(m, budget, order, false); s.call; s = next(m, budget, order, false)) {
    if (rowOf(s.slot, rows) == row) {
      if (entry) *entry = s.entry;
      m.adoptNextCall();
      return true;
    }
    m.adoptNextCall();
    m.beginCall(s.entry);
    CallResult r = m.resume(callBudget_, nullptr, nullptr);
    m.finishAdoptedCall();
    budget -= std::min(budget, r.cycles);
  }
  return false;
}

}  // namespace core::game
