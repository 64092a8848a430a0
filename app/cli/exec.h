// `collido exec`: run a raw image or a ROM on one of the emulators, outside any
// scenario. Used to run public CPU test programs against the cores.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace app::cli {

struct ExecOptions {
  std::string cpu;                     // "6502" or "sm83"
  std::string image;                   // FILE[@ADDR] on the flat 64 KiB bus
  std::string gb;                      // Game Boy ROM (sm83 only)
  std::string pc;                      // start PC ("$8000", "0x8000", "32768")
  bool untilLoop = false;              // stop when the PC repeats (JMP * / jr @)
  uint64_t maxInstructions = 0;        // 0 = no limit beyond the default
  uint64_t maxCycles = 0;              // 0 = no limit beyond the default
  bool decimal = false;                // 6502 only: a decimal-capable NMOS 6502 instead of the 2A03
  bool serial = false;                 // print captured serial text (sm83)
  std::vector<std::string> untilText;  // stop once serial output contains any of these
};

// Prints "collido exec: MESSAGE" and returns kExitBadInput.
int badInput(const std::string& message);

// Each CPU's runner; they print their own report and return an ExitCode.
int exec6502(const ExecOptions& opts);
int execSm83(const ExecOptions& opts);

}  // namespace app::cli
