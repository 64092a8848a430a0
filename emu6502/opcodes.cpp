#include "emu6502/opcodes.h"

namespace emu6502 {

const char* addrModeName(AddrMode mode) {
  switch (mode) {
    case AddrMode::Imp:
      return "imp";
    case AddrMode::Acc:
      return "acc";
    case AddrMode::Imm:
      return "imm";
    case AddrMode::Zp:
      return "zp";
    case AddrMode::Zpx:
      return "zpx";
    case AddrMode::Zpy:
      return "zpy";
    case AddrMode::Abs:
      return "abs";
    case AddrMode::Abx:
      return "abx";
    case AddrMode::Aby:
      return "aby";
    case AddrMode::Ind:
      return "ind";
    case AddrMode::Izx:
      return "izx";
    case AddrMode::Izy:
      return "izy";
    case AddrMode::Rel:
      return "rel";
  }
  return "?";
}

const char* opClassName(OpClass cls) {
  switch (cls) {
    case OpClass::Official:
      return "official";
    case OpClass::Stable:
      return "unofficial-stable";
    case OpClass::Unstable:
      return "unofficial-unstable";
    case OpClass::Jam:
      return "jam";
  }
  return "?";
}

}  // namespace emu6502
