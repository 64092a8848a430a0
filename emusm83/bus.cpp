#include "emusm83/bus.h"

namespace emusm83 {

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
    case Access::Internal:
      return "internal";
  }
  return "?";
}

}  // namespace emusm83
