// Placeholder until the sm83 core lands; replaced by the core's own runner.
#include <cstdio>

#include "app/cli/command.h"
#include "app/cli/exec.h"

namespace app::cli {

int execSm83(const ExecOptions&) {
  std::fprintf(stderr, "collido exec: the sm83 core is not built into this version\n");
  return kExitBadInput;
}

}  // namespace app::cli
