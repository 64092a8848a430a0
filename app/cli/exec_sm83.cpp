// `collido exec --cpu sm83`: runs a Game Boy ROM (--gb, from $0100 in the DMG
// post-boot state, on the Game Boy bus) or a raw image (--image FILE@ADDR, on the flat
// 64 KiB bus), then prints the captured serial text and the run's statistics.
//
// The run ends at the first of: a --until-text string appearing in the serial output,
// a jump to itself (--until-loop), STOP, a lock-up (illegal opcode, HALT that nothing
// can end), or the instruction/cycle budget. Exit code 0 when the program finished
// (text matched, loop, STOP), 1 when it ran out of budget or locked up, 2 on bad input.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/exec.h"
#include "core/util/files.h"
#include "emusm83/cartridge.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/flat_bus.h"
#include "emusm83/gb_bus.h"

namespace app::cli {
namespace {

constexpr uint64_t kDefaultMaxCycles = 4'000'000'000ull;  // about an hour of Game Boy time
// Serial text is checked between slices of this many M-cycles (about 4 ms of GB time).
constexpr uint64_t kSliceCycles = 4096;

}  // namespace

int execSm83(const ExecOptions& opts) {
  if (opts.gb.empty() == opts.image.empty())
    return badInput("--cpu sm83 needs exactly one of --gb ROM or --image FILE@ADDR");

  std::unique_ptr<emusm83::Bus> bus;
  emusm83::GbBus* gb = nullptr;
  uint16_t pc = 0x0100;
  if (!opts.gb.empty()) {
    // Read here, capped (files.h), so --gb /dev/zero or a FIFO is refused, not read forever.
    std::string error;
    auto rom = core::readBinaryFile(opts.gb, &error, core::kMaxBinaryBytes);
    if (!rom) return badInput(error);
    emusm83::CartridgeLoad load = emusm83::loadCartridge(std::move(*rom), opts.gb);
    if (!load.ok()) return badInput(load.error);
    for (const std::string& w : load.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    const emusm83::CartridgeHeader& h = load.cart->header();
    std::fprintf(stderr, "cartridge: \"%s\", type $%02X %s, %zu KiB ROM, %zu KiB RAM\n",
                 h.title.c_str(), h.type, emusm83::cartridgeTypeName(h.type), h.romBytes / 1024,
                 h.ramBytes / 1024);
    auto gbBus = std::make_unique<emusm83::GbBus>(std::move(*load.cart));
    gbBus->setPostBootState();
    gb = gbBus.get();
    bus = std::move(gbBus);
  } else {
    std::string file = opts.image;
    uint16_t addr = 0;
    if (const size_t at = file.rfind('@'); at != std::string::npos) {
      const auto a = parseAddress(file.substr(at + 1));
      if (!a) return badInput("bad load address in --image " + opts.image);
      addr = static_cast<uint16_t>(*a);
      file = file.substr(0, at);
    }
    std::string error;
    auto read = core::readBinaryFile(file, &error, core::kMaxBinaryBytes);
    if (!read) return badInput(error);
    const std::vector<uint8_t>& bytes = *read;
    if (bytes.empty()) return badInput(file + ": empty image");
    if (addr + bytes.size() > 0x10000) {
      char msg[96];
      std::snprintf(msg, sizeof msg, ": %zu bytes at $%04X run past $FFFF", bytes.size(), addr);
      return badInput(file + msg);
    }
    auto flat = std::make_unique<emusm83::FlatBus>();
    flat->load(addr, bytes);
    pc = addr;
    bus = std::move(flat);
  }
  if (!opts.pc.empty()) {
    const auto a = parseAddress(opts.pc);
    if (!a) return badInput("bad --pc " + opts.pc);
    pc = static_cast<uint16_t>(*a);
  }
  if (!gb && (opts.serial || !opts.untilText.empty()))
    std::fprintf(stderr,
                 "warning: --serial and --until-text need --gb (the flat bus has no "
                 "serial port)\n");

  emusm83::CpuSm83 cpu(*bus);
  if (gb) {
    cpu.setPostBootState();
  } else {
    cpu.regs.sp = 0xFFFE;
  }
  cpu.regs.pc = pc;

  const uint64_t maxCycles = opts.maxCycles ? opts.maxCycles : kDefaultMaxCycles;
  const uint64_t maxInstructions = opts.maxInstructions ? opts.maxInstructions : UINT64_MAX;
  const bool watchSerial = gb && !opts.untilText.empty();

  emusm83::RunLimits limits;
  limits.stopOnSelfLoop = opts.untilLoop;
  uint64_t instructions = 0, cycles = 0;
  emusm83::HaltReason reason = emusm83::HaltReason::None;
  std::string matched;
  size_t serialSeen = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    limits.maxInstructions = maxInstructions - instructions;
    limits.maxCycles = maxCycles - cycles;
    if (watchSerial) limits.maxCycles = std::min(limits.maxCycles, kSliceCycles);
    const emusm83::RunResult r = cpu.runUntil(limits);
    instructions += r.instructions;
    cycles += r.cycles;
    reason = r.reason;
    if (watchSerial && gb->serialOutput().size() != serialSeen) {
      serialSeen = gb->serialOutput().size();
      for (const std::string& text : opts.untilText) {
        if (gb->serialOutput().find(text) != std::string::npos) {
          matched = text;
          break;
        }
      }
      if (!matched.empty()) break;
    }
    if (reason != emusm83::HaltReason::CycleBudget || cycles >= maxCycles) break;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (gb && opts.serial) {
    const std::string& text = gb->serialOutput();
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (!text.empty() && text.back() != '\n') std::fputc('\n', stdout);
  }
  if (!matched.empty()) {
    std::printf("stop: serial text \"%s\"\n", matched.c_str());
  } else {
    std::printf("stop: %s", emusm83::haltReasonName(reason));
    if (reason == emusm83::HaltReason::Locked) std::printf(" (%s)", cpu.lockReason());
    std::printf("\n");
  }
  const emusm83::Regs& r = cpu.regs;
  std::printf("pc: $%04X  af: $%04X  bc: $%04X  de: $%04X  hl: $%04X  sp: $%04X\n", r.pc, r.af(),
              r.bc(), r.de(), r.hl(), r.sp);
  std::printf("instructions: %llu\n", static_cast<unsigned long long>(instructions));
  std::printf("M-cycles: %llu\n", static_cast<unsigned long long>(cycles));
  std::printf("seconds: %.3f\n", seconds);
  std::printf("M instructions/s: %.1f\n", seconds > 0 ? instructions / seconds / 1e6 : 0.0);

  const bool finished = !matched.empty() || reason == emusm83::HaltReason::Loop ||
                        reason == emusm83::HaltReason::Stopped ||
                        reason == emusm83::HaltReason::Returned;
  return finished ? kExitClean : kExitFindings;
}

}  // namespace app::cli
