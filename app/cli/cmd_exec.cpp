#include <cstdio>
#include <memory>

#include "app/cli/command.h"
#include "app/cli/exec.h"

namespace app::cli {

int badInput(const std::string& message) {
  std::fprintf(stderr, "collido exec: %s\n", message.c_str());
  return kExitBadInput;
}

namespace {

CommandRegistrar reg(
    "exec", "Run a raw image or ROM on a CPU core (for CPU test programs)", [](CLI::App& sub) {
      auto o = std::make_shared<ExecOptions>();
      sub.add_option("--cpu", o->cpu, "CPU core")
          ->required()
          ->check(CLI::IsMember({"6502", "sm83"}));
      sub.add_option("--image", o->image, "Raw image FILE[@ADDR] on the flat bus");
      sub.add_option("--gb", o->gb, "Game Boy ROM, started at $0100 (sm83)");
      sub.add_option("--pc", o->pc, "Start address");
      sub.add_flag("--until-loop", o->untilLoop, "Stop when the PC repeats");
      sub.add_option("--max-instructions", o->maxInstructions, "Instruction budget");
      sub.add_option("--max-cycles", o->maxCycles, "Cycle budget");
      sub.add_flag("--decimal", o->decimal, "6502: decimal-mode ADC/SBC (NMOS 6502, not the 2A03)");
      sub.add_flag("--serial", o->serial, "Print captured serial output");
      sub.add_option("--until-text", o->untilText, "Stop once serial output contains TEXT");
      return [o] { return o->cpu == "6502" ? exec6502(*o) : execSm83(*o); };
    });

}  // namespace
}  // namespace app::cli
