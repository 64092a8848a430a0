#include "core/sim/machine.h"

namespace core {

std::unique_ptr<Machine> makeMachine6502();
std::unique_ptr<Machine> makeMachineSm83();

std::unique_ptr<Machine> makeMachine(Cpu cpu) {
  return cpu == Cpu::M6502 ? makeMachine6502() : makeMachineSm83();
}

const char* haltKindName(HaltKind k) {
  switch (k) {
    case HaltKind::Returned:
      return "returned";
    case HaltKind::Breakpoint:
      return "breakpoint";
    case HaltKind::InstructionBudget:
      return "instruction budget";
    case HaltKind::CycleBudget:
      return "cycle budget";
    case HaltKind::Jam:
      return "JAM";
    case HaltKind::Locked:
      return "illegal opcode";
    case HaltKind::Stopped:
      return "STOP";
    case HaltKind::Stepped:
      return "stepped";
    case HaltKind::LostReturn:
      return "lost return";
    case HaltKind::HaltForever:
      return "halt with no interrupt enabled";
  }
  return "?";
}

bool isFault(HaltKind k) {
  return k == HaltKind::CycleBudget || k == HaltKind::InstructionBudget || k == HaltKind::Jam ||
         k == HaltKind::Locked || k == HaltKind::Stopped || k == HaltKind::LostReturn ||
         k == HaltKind::HaltForever;
}

const char* cpuName(Cpu cpu) {
  return cpu == Cpu::M6502 ? "6502" : "sm83";
}

}  // namespace core
