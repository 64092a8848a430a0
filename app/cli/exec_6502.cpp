// `collido exec --cpu 6502`: runs a raw binary on the flat 64 KiB bus, the way CPU
// test programs (e.g. a functional test that ends in `JMP *`) are run against the
// core, and reports where and how it stopped.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/exec.h"
#include "core/util/files.h"
#include "core/util/text.h"
#include "emu6502/cpu6502.h"
#include "emu6502/disasm.h"
#include "emu6502/flat_bus.h"

namespace app::cli {
namespace {

constexpr uint64_t kDefaultInstructionBudget = 2'000'000'000;

std::string flagString(uint8_t p) {
  const char* names = "NV-BDIZC";
  std::string out;
  for (int bit = 7; bit >= 0; --bit) {
    const char c = names[7 - bit];
    out += (p >> bit) & 1 ? c : static_cast<char>(c == '-' ? '-' : c + ('a' - 'A'));
  }
  return out;
}

using core::hex;

}  // namespace

int exec6502(const ExecOptions& o) {
  if (!o.gb.empty())
    return badInput("--gb is for --cpu sm83; use --image FILE[@ADDR] for the 6502");
  if (o.serial || !o.untilText.empty())
    return badInput("--serial and --until-text are for --cpu sm83");
  if (o.image.empty()) return badInput("--cpu 6502 needs --image FILE[@ADDR]");

  // FILE@ADDR: the address is whatever follows the last '@' (unless the whole
  // argument names an existing file).
  std::string path = o.image;
  uint32_t loadAddr = 0;
  std::error_code ec;
  if (const size_t at = o.image.rfind('@');
      at != std::string::npos && !std::filesystem::exists(o.image, ec)) {
    const std::optional<uint32_t> addr = parseAddress(o.image.substr(at + 1));
    if (!addr)
      return badInput("bad load address in --image " + o.image + " (use FILE@$0400, FILE@0x400)");
    path = o.image.substr(0, at);
    loadAddr = *addr;
  }
  // Capped and checked first (files.h): /dev/zero or a FIFO is refused, not read forever.
  std::string error;
  const auto read = core::readBinaryFile(path, &error, core::kMaxBinaryBytes);
  if (!read) return badInput(error);
  const std::vector<uint8_t>& bytes = *read;
  if (bytes.empty()) return badInput("image " + path + " is empty");
  if (loadAddr + bytes.size() > 0x10000)
    return badInput("image " + path + " (" + std::to_string(bytes.size()) + " bytes) loaded at " +
                    hex(loadAddr) + " runs past $FFFF");

  // A stock NMOS 6502 (BCD ADC/SBC) instead of the 2A03, for test programs that
  // check decimal mode. Picked up once ExecOptions has a `decimal` flag.
  emu6502::CpuConfig config;
  config.decimalMode = [](const auto& opts) {
    if constexpr (requires { opts.decimal; })
      return static_cast<bool>(opts.decimal);
    else
      return false;
  }(o);

  emu6502::FlatBus bus;
  bus.load(static_cast<uint16_t>(loadAddr), bytes);
  emu6502::Cpu6502 cpu(bus, config);
  if (!o.pc.empty()) {
    const std::optional<uint32_t> pc = parseAddress(o.pc);
    if (!pc) return badInput("bad --pc " + o.pc + " (use $0400, 0x400 or 1024)");
    cpu.regs.pc = static_cast<uint16_t>(*pc);
  } else {
    cpu.regs.pc = static_cast<uint16_t>(bus.peek(0xFFFC) | (bus.peek(0xFFFD) << 8));
  }
  const uint16_t startPc = cpu.regs.pc;

  emu6502::RunLimits limits;
  limits.stopOnSelfLoop = o.untilLoop;
  limits.maxInstructions = o.maxInstructions ? o.maxInstructions : kDefaultInstructionBudget;
  if (o.maxCycles) limits.maxCycles = o.maxCycles;

  const auto t0 = std::chrono::steady_clock::now();
  const emu6502::RunResult r = cpu.runUntil(limits);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const emu6502::Regs& g = cpu.regs;
  const emu6502::DisasmLine at = emu6502::disassemble(g.pc, bus);
  std::printf("image: %s at $%04X (%zu bytes), start $%04X, %s\n", path.c_str(), loadAddr,
              bytes.size(), startPc,
              config.decimalMode ? "NMOS 6502 (decimal mode)" : "2A03 (no decimal mode)");
  std::printf("halt: %s at $%04X: %s\n", emu6502::haltReasonName(r.reason), g.pc, at.text.c_str());
  std::printf("PC=$%04X A=$%02X X=$%02X Y=$%02X S=$%02X P=$%02X (%s)\n", g.pc, g.a, g.x, g.y, g.s,
              g.p, flagString(g.p).c_str());
  std::printf("instructions: %llu\n", static_cast<unsigned long long>(r.instructions));
  std::printf("cycles: %llu\n", static_cast<unsigned long long>(r.cycles));
  std::printf("seconds: %.3f\n", seconds);
  std::printf("M instructions/s: %.1f\n",
              seconds > 0 ? static_cast<double>(r.instructions) / seconds / 1e6 : 0.0);

  switch (r.reason) {
    case emu6502::HaltReason::Loop:
      return kExitClean;
    case emu6502::HaltReason::Jam:
      return kExitFindings;
    default:
      return o.untilLoop ? kExitFindings : kExitClean;  // budget ran out before the loop
  }
}

}  // namespace app::cli
