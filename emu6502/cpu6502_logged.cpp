#include "emu6502/cpu6502_run.h"

namespace emu6502 {

RunResult Cpu6502::runLogged(const RunLimits& limits) {
  log_->begin();
  return run<detail::LoggedMem, false, false>(limits);
}

}  // namespace emu6502
