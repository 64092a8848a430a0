#include "emusm83/opcodes.h"

namespace emusm83 {

const char* operandName(Operand o) {
  switch (o) {
    case Operand::None:
      return "";
    case Operand::B:
      return "b";
    case Operand::C:
      return "c";
    case Operand::D:
      return "d";
    case Operand::E:
      return "e";
    case Operand::H:
      return "h";
    case Operand::L:
      return "l";
    case Operand::MemHl:
      return "[hl]";
    case Operand::A:
      return "a";
    case Operand::BC:
      return "bc";
    case Operand::DE:
      return "de";
    case Operand::HL:
      return "hl";
    case Operand::SP:
      return "sp";
    case Operand::AF:
      return "af";
    case Operand::MemBc:
      return "[bc]";
    case Operand::MemDe:
      return "[de]";
    case Operand::MemHlInc:
      return "[hl+]";
    case Operand::MemHlDec:
      return "[hl-]";
    case Operand::N8:
      return "n8";
    case Operand::N16:
      return "n16";
    case Operand::E8:
      return "e8";
    case Operand::Rel8:
      return "e8";
    case Operand::A16:
      return "n16";
    case Operand::MemA16:
      return "[n16]";
    case Operand::MemHighA8:
      return "[n16]";
    case Operand::MemHighC:
      return "[c]";
    case Operand::SpPlusE8:
      return "sp+e8";
    case Operand::CondNz:
      return "nz";
    case Operand::CondZ:
      return "z";
    case Operand::CondNc:
      return "nc";
    case Operand::CondC:
      return "c";
    case Operand::Vector:
      return "vec";
    case Operand::BitIndex:
      return "u3";
  }
  return "?";
}

}  // namespace emusm83
