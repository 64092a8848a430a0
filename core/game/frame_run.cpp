#include "core/game/frame_run.h"

#include <algorithm>

#include "core/game/boot.h"
#include "core/sim/call_probe.h"

namespace core::game {

struct FrameRunner::Step {
  bool call = false;  // stopped at a routine's entry; else the frame ended (or the game faulted)
  uint16_t entry = 0;
  int slot = 0;
};

namespace {

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

// A second call for an entity in one frame joins its row.
void mergeInto(EntityFrame& row, const EntityFrame& more) {
  row.after = more.after;
  row.cycles += more.cycles;
  row.instructions += more.instructions;
  for (uint16_t c : more.cellsRead)
    if (std::find(row.cellsRead.begin(), row.cellsRead.end(), c) == row.cellsRead.end())
      row.cellsRead.push_back(c);
  for (uint16_t a : more.attrsRead)
    if (std::find(row.attrsRead.begin(), row.attrsRead.end(), a) == row.attrsRead.end())
      row.attrsRead.push_back(a);
  if (!isFault(row.halt) && !row.badWrite) {
    row.halt = more.halt;
    row.badWrite = more.badWrite;
    row.faultDetail = more.faultDetail;
  }
}

}  // namespace

bool FrameRunner::bind(const RoutineManifest& m, const DebugInfo& symbols, std::string* error) {
  entries_.clear();
  stops_.assign(0x10000, false);
  callBudget_ = m.cycleBudget;
  std::vector<std::string> names =
      m.game && !m.game->routines.empty() ? m.game->routines : std::vector<std::string>{m.entry};
  for (size_t i = 0; i < names.size(); ++i) {
    auto a = symbols.addressOf(names[i]);
    if (!a || *a > 0xFFFF) {
      *error = "game.routines[" + std::to_string(i) + "]: label \"" + names[i] +
               "\" is not defined by the game's symbols" + closestNamesText(symbols, names[i]);
      return false;
    }
    entries_.push_back(uint16_t(*a));
    stops_[*a] = true;
  }
  slot_ = EntitySlotRule{};
  const std::string rule = m.game ? m.game->entitySlot : "order";
  if (rule.rfind("label:", 0) == 0) {
    const std::string label = rule.substr(6);
    auto a = symbols.addressOf(label);
    if (!a || *a > 0xFFFF) {
      *error = "game.entitySlot: label \"" + label + "\" is not defined by the game's symbols" +
               closestNamesText(symbols, label);
      return false;
    }
    slot_.kind = EntitySlotRule::Kind::Label;
    slot_.address = uint16_t(*a);
  } else if (rule != "order") {
    slot_.kind = EntitySlotRule::Kind::Register;
    slot_.reg = rule;
  }
  return true;
}

void FrameRunner::alignToFrame(GameMachine& m) const {
  m.runFree(std::nullopt, m.cyclesToFrameStart());
}

FrameRunner::Step FrameRunner::next(GameMachine& m, uint64_t& budget, int& order) const {
  while (budget > 0) {
    const GameRun r = m.runFreeTo(stops_, budget);
    budget -= std::min(budget, r.cycles);
    if (r.reason == HaltKind::Breakpoint) {
      Step s{true, m.pc(), order++};
      if (slot_.kind == EntitySlotRule::Kind::Register)
        s.slot = int(registerValue(m, slot_.reg).value_or(0));
      else if (slot_.kind == EntitySlotRule::Kind::Label)
        s.slot = m.peek(slot_.address);
      return s;
    }
    // A game that jammed or locked up stays so: nothing more happens this frame.
    if (r.reason != HaltKind::CycleBudget && r.reason != HaltKind::InstructionBudget) break;
  }
  return {};
}

namespace {

// Runs the game's call standing at `entry` to its matching return.
CallResult runAdopted(GameMachine& m, uint16_t entry, uint64_t budget) {
  m.adoptNextCall();
  m.beginCall(entry);
  CallResult r = m.resume(budget, nullptr, nullptr);
  m.finishAdoptedCall();
  return r;
}

}  // namespace

void FrameRunner::runFrame(GameMachine& m, uint8_t buttons, const Binding& b, const Room& room,
                           const ReadFields& read, bool observe,
                           std::vector<EntityFrame>& rows) const {
  m.setButtons(buttons);
  uint64_t budget = m.cyclesToFrameStart();
  int order = 0;
  std::vector<bool> filled(rows.size(), false);
  EntityFrame extra;
  for (Step s = next(m, budget, order); s.call; s = next(m, budget, order)) {
    const bool recorded = s.slot >= 0 && s.slot < int(rows.size());
    EntityFrame& ef = recorded && !filled[size_t(s.slot)] ? rows[size_t(s.slot)] : extra;
    ef.cellsRead.clear();
    ef.attrsRead.clear();
    ef.badWrite = false;
    ef.faultDetail.clear();
    ef.input = buttons;
    if (recorded) read(s.slot, ef.before);
    detail::ProbeObserver probe(b, room, ef);
    m.setWatchSink(&probe, observe);
    CallResult r = runAdopted(m, s.entry, callBudget_);
    m.setWatchSink(nullptr);
    detail::takeResult(r, ef);
    budget -= std::min(budget, r.cycles);
    if (!recorded) continue;
    read(s.slot, ef.after);
    if (&ef == &extra)
      mergeInto(rows[size_t(s.slot)], extra);
    else
      filled[size_t(s.slot)] = true;
  }
  // An entity the game did not call for this frame: it stood still, and with no
  // input its row asks nothing of the oracle.
  for (size_t i = 0; i < rows.size(); ++i) {
    if (filled[i]) continue;
    EntityFrame& ef = rows[i];
    ef.input = 0;
    ef.cycles = ef.instructions = 0;
    ef.halt = HaltKind::Returned;
    ef.cellsRead.clear();
    ef.attrsRead.clear();
    ef.badWrite = false;
    ef.faultDetail.clear();
    read(int(i), ef.before);
    ef.after = ef.before;
  }
}

bool FrameRunner::runToCall(GameMachine& m, uint8_t buttons, int row, uint16_t* entry) const {
  m.setButtons(buttons);
  uint64_t budget = m.cyclesToFrameStart();
  int order = 0;
  for (Step s = next(m, budget, order); s.call; s = next(m, budget, order)) {
    if (s.slot == row) {
      if (entry) *entry = s.entry;
      m.adoptNextCall();
      return true;
    }
    CallResult r = runAdopted(m, s.entry, callBudget_);
    budget -= std::min(budget, r.cycles);
  }
  return false;
}

}  // namespace core::game
