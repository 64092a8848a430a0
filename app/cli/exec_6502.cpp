// Placeholder until the 6502 core lands; replaced by the core's own runner.
#include <cstdio>

#include "app/cli/command.h"
#include "app/cli/exec.h"

namespace app::cli {

int exec6502(const ExecOptions&) {
  std::fprintf(stderr, "collido exec: the 6502 core is not built into this version\n");
  return kExitBadInput;
}

}  // namespace app::cli
