#include "core/sim/collision_rule.h"

#include <algorithm>

#include "core/map/collision_bits.h"

namespace core {

namespace {

// The predicate's answer: a flag or a register, after the call returned.
bool answerSet(const CollisionRule& rule, const Machine& machine) {
  if (rule.answer == "carry") return machine.flagBits() & 1;
  if (rule.answer == "zero") return machine.flagBits() & (machine.cpu() == Cpu::M6502 ? 2 : 8);
  for (const RegisterValue& r : machine.registers())
    if (rule.answer == r.name) return r.value != 0;
  return false;
}

}  // namespace

bool ruleCollision(const RoutineManifest& m, const Binding& b, Machine& machine, int count,
                   std::vector<uint8_t>* out, std::string* error) {
  const CollisionRule& rule = m.rule;
  out->clear();
  if (rule.kind == CollisionRuleKind::Map) return true;
  out->assign(size_t(std::max(count, 0)), 0);
  const uint8_t solid = kSolid;
  switch (rule.kind) {
    case CollisionRuleKind::Map:
      break;
    case CollisionRuleKind::Threshold:
      for (int id = 0; id < count; ++id) (*out)[size_t(id)] = id >= rule.threshold ? solid : 0;
      break;
    case CollisionRuleKind::Ids:
      for (int id : rule.ids)
        if (id < count) (*out)[size_t(id)] = solid;
      break;
    case CollisionRuleKind::Lookup:
      if (count > rule.count) {
        *error = "map.rule.count: the map has " + std::to_string(count) +
                 " metatiles but the routine's table holds " + std::to_string(rule.count);
        return false;
      }
      for (int id = 0; id < count; ++id)
        (*out)[size_t(id)] =
            machine.peek(uint16_t(*b.ruleTable + id * rule.stride)) & rule.mask ? solid : 0;
      break;
    case CollisionRuleKind::Predicate: {
      const Snapshot start = machine.snapshot();
      for (int id = 0; id < count; ++id) {
        machine.restore(start);
        machine.setCallRegisters({{rule.inRegister, uint32_t(id & 0xFF)}});
        const CallResult r = machine.call(*b.rulePredicate, rule.cycleBudget, nullptr);
        if (r.reason != HaltKind::Returned) {
          *error = "map.rule.label: \"" + rule.routine + "\" did not return for tile id " +
                   std::to_string(id) + " within " + std::to_string(rule.cycleBudget) +
                   " cycles (" + haltKindName(r.reason) +
                   (r.detail.empty() ? "" : ": " + r.detail) + ")";
          machine.setCallRegisters({});
          machine.restore(start);
          return false;
        }
        (*out)[size_t(id)] = answerSet(rule, machine) == rule.solidWhenSet ? solid : 0;
      }
      machine.setCallRegisters({});
      machine.restore(start);
      break;
    }
  }
  return true;
}

}  // namespace core
