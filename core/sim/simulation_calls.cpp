// The per-call arguments and answers of the frame runner (Simulation, declared in
// core/sim/simulation.h): the slot byte and register presets written before a
// call (numbers, slots, fields, the cell under the hitbox, another entity), the
// results read after it, and "apply", the caller's half of a "may it move?" routine.
#include <algorithm>

#include "core/check/verdict.h"
#include "core/sim/simulation.h"

namespace core {

namespace {

// A register by the name a preset or result uses; the SM83's 8-bit halves of BC,
// DE, HL and AF too (Machine::registers() lists the pairs).
uint32_t registerValue(const Machine& m, const std::string& name) {
  const std::vector<RegisterValue> regs = m.registers();
  auto find = [&](const char* n) -> uint32_t {
    for (const RegisterValue& r : regs)
      if (n == std::string(r.name)) return r.value;
    return 0;
  };
  if (m.cpu() == Cpu::Sm83 && name.size() == 1 && name != "A") {
    static const char* const kPairs[] = {"BC", "BC", "DE", "DE", "HL", "HL"};
    const size_t k = std::string("BCDEHL").find(name[0]);
    if (k != std::string::npos) return (find(kPairs[k]) >> (k % 2 ? 0 : 8)) & 0xFF;
  }
  if (m.cpu() == Cpu::Sm83 && name == "AF") return (find("A") << 8) | find("F");
  return find(name.c_str());
}

}  // namespace

void Simulation::prepareCall(int entity) {
  const int table = scenario_.tableOf(size_t(entity)), slot = scenario_.slotOf(size_t(entity));
  const std::optional<uint16_t>& slotByte =
      table == 0 ? binding_.slot : binding_.tables[size_t(table - 1)].slot;
  if (slotByte) machine_->poke(*slotByte, uint8_t(slot));
  if (binding_.presets.empty()) return;
  std::vector<std::pair<std::string, uint32_t>> regs;
  std::vector<int32_t> fields;
  const std::vector<Binding::Field>& own = binding_.fieldsOf(table);
  auto field = [&](const std::string& name, int index) -> uint32_t {
    if (fields.empty()) readTableFieldsInto(table, slot, fields);
    if (index < 0 || table != 0)
      for (size_t k = 0; k < own.size(); ++k)
        if (own[k].name == name) index = int(k);
    return index >= 0 && size_t(index) < fields.size() ? uint32_t(fields[size_t(index)]) : 0;
  };
  for (const Binding::Preset& p : binding_.presets) {
    uint32_t v = p.value;
    if (p.source == RegisterPreset::Source::Slot) {
      v = uint32_t(slot);
    } else if (p.source == RegisterPreset::Source::Field) {
      v = field(p.name, p.field);
    } else if (p.source == RegisterPreset::Source::Cell) {
      v = uint32_t(cellPreset(p, entity, table, slot));
    } else if (p.source == RegisterPreset::Source::Other) {
      v = uint32_t(p.other.index);
      if (!p.other.field.empty()) {
        const std::vector<Binding::Field>& of = binding_.fieldsOf(p.other.table);
        std::vector<int32_t> values;
        readTableFieldsInto(p.other.table, p.other.index, values);
        for (size_t k = 0; k < of.size(); ++k)
          if (of[k].name == p.other.field) v = uint32_t(values[k]);
      }
    }
    regs.push_back({p.reg, v});
  }
  machine_->setCallRegisters(std::move(regs));
}

// "cell:x" ...: the table column or row (the layout's origin and spacing applied)
// of the room cell under an edge of the entity's hitbox, before the call or, with
// `next`, after its intended motion.
int Simulation::cellPreset(const Binding::Preset& p, int entity, int table, int slot) const {
  std::vector<int32_t> v;
  readTableFieldsInto(table, slot, v);
  const RoutineManifest& m = scenario_.manifest;
  const Hitbox hb = scenario_.hitboxOf(size_t(entity));
  const std::vector<Binding::Field>& own = binding_.fieldsOf(table);
  int x = fieldPixels(own[0], v[0]), y = fieldPixels(own[1], v[1]);
  if (p.next) {
    const std::vector<std::string> names = binding_.recordedNames(table);
    v.resize(names.size(), 0);
    const Motion mv = intendedMotion(m, names, v, slot, lastInput_);
    x += mv.dx;
    y += mv.dy;
  }
  const int cs = std::max(scenario_.map.room.cellSize, 1);
  auto floorDiv = [](int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  const bool horizontal = p.edge == CellEdge::Left || p.edge == CellEdge::Right;
  const int px = horizontal ? x + hb.x - m.originX + (p.edge == CellEdge::Right ? hb.w - 1 : 0)
                            : y + hb.y - m.originY + (p.edge == CellEdge::Bottom ? hb.h - 1 : 0);
  const int cell = floorDiv(px, cs);
  return (horizontal ? binding_.cellOriginCol : binding_.cellOriginRow) +
         cell * std::max(binding_.cellSpacing, 1);
}

void Simulation::appendResults(std::vector<int32_t>& v, bool zero) const {
  for (const Binding::Result& r : binding_.results) {
    int32_t value = 0;
    if (!zero) {
      const uint32_t flags = machine_->flagBits();
      const bool m6502 = machine_->cpu() == Cpu::M6502;
      switch (r.source) {
        case ResultSpec::Source::Carry:
          value = int32_t(flags & 1);
          break;
        case ResultSpec::Source::Zero:
          value = (flags & (m6502 ? 2u : 8u)) ? 1 : 0;
          break;
        case ResultSpec::Source::Ram:
          value = machine_->peek(r.address);
          break;
        case ResultSpec::Source::Register:
          value = int32_t(registerValue(*machine_, r.reg));
          break;
      }
    }
    v.push_back(value);
  }
}

void Simulation::applyMove(int entity, int table, int slot, uint8_t input,
                           const std::vector<int32_t>& before, const std::vector<int32_t>& after) {
  const size_t k = binding_.fieldsOf(table).size() + size_t(binding_.applyResult);
  if (binding_.applyResult < 0 || k >= after.size()) return;
  if ((after[k] == 0) != binding_.applyWhenZero) return;
  (void)entity;
  const Motion mv =
      intendedMotion(scenario_.manifest, binding_.recordedNames(table), before, slot, input);
  const std::vector<Binding::Field>& f = binding_.fieldsOf(table);
  if (mv.dx) writeField(slot, f[0], after[0] + fieldFromPixels(f[0], mv.dx));
  if (mv.dy) writeField(slot, f[1], after[1] + fieldFromPixels(f[1], mv.dy));
}

}  // namespace core
