#include "emu6502/bus.h"

namespace emu6502 {

const char* accessName(Access kind) {
  switch (kind) {
    case Access::OpcodeFetch:
      return "fetch";
    case Access::Operand:
      return "operand";
    case Access::Read:
      return "read";
    case Access::Write:
      return "write";
    case Access::DummyRead:
      return "dummy-read";
    case Access::DummyWrite:
      return "dummy-write";
  }
  return "?";
}

}  // namespace emu6502
