// gb_screen: runs a Game Boy ROM headless for a number of frames and writes the
// last frame GbPpu drew as a binary PPM (P6, 160x144). It is the runner behind
// scripts/check_gb_ppu_roms, which compares the picture with a test ROM's reference
// image; it is not part of the product (collido render --screen is).
//
//   gb_screen ROM.gb OUT.ppm [FRAMES]      # FRAMES after power-on, default 60
//
// Exit 0 when the frame was written, 1 when the ROM cannot be loaded or the CPU
// locked up (the message says why), 2 for a usage error.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include "emusm83/cartridge.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_ppu.h"

namespace {

bool writePpm(const std::string& path, const emusm83::GbFrame& frame) {
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << emusm83::kLcdWidth << ' ' << emusm83::kLcdHeight << "\n255\n";
  for (const uint32_t p : frame.pixels) {
    const char rgb[3] = {char(p & 0xFF), char(p >> 8 & 0xFF), char(p >> 16 & 0xFF)};
    out.write(rgb, 3);
  }
  return bool(out);
}

// The bus and CPU cannot be moved; they live together.
struct Machine {
  explicit Machine(emusm83::Cartridge cart) : bus(std::move(cart)), cpu(bus) {}
  emusm83::GbBus bus;
  emusm83::CpuSm83 cpu;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: gb_screen ROM.gb OUT.ppm [FRAMES]\n");
    return 2;
  }
  const long frames = argc == 4 ? std::strtol(argv[3], nullptr, 10) : 60;
  if (frames <= 0 || frames > 100000) {
    std::fprintf(stderr, "gb_screen: FRAMES must be 1-100000, not %s\n", argv[3]);
    return 2;
  }
  emusm83::CartridgeLoad load = emusm83::loadCartridgeFile(argv[1]);
  if (!load.ok()) {
    std::fprintf(stderr, "gb_screen: %s\n", load.error.c_str());
    return 1;
  }
  auto m = std::make_unique<Machine>(std::move(*load.cart));
  m->bus.setPostBootState();
  m->cpu.setPostBootState(m->bus.cgb());
  auto frame = std::make_unique<emusm83::GbFrame>();
  emusm83::GbPpu::blank(*frame);
  m->bus.setFrame(frame.get());
  // A frame is 154 lines of 114 M-cycles (twice as many at double speed); run by
  // cycles, so a program that keeps the LCD off still ends.
  constexpr uint64_t kFrameCycles = 114 * 154;
  uint64_t budget = uint64_t(frames) * kFrameCycles;
  while (budget > 0) {
    emusm83::RunLimits limits;
    limits.maxCycles = std::min<uint64_t>(budget, kFrameCycles);
    const uint64_t before = m->cpu.cycles;
    const emusm83::RunResult r = m->cpu.runUntil(limits);
    const uint64_t spent = m->cpu.cycles - before;
    budget -= std::min(budget, std::max<uint64_t>(spent, 1));
    if (r.reason == emusm83::HaltReason::Locked) {
      std::fprintf(stderr, "gb_screen: %s\n", m->cpu.lockReason());
      return 1;
    }
  }
  if (!writePpm(argv[2], *frame)) {
    std::fprintf(stderr, "gb_screen: cannot write %s\n", argv[2]);
    return 1;
  }
  std::printf("gb_screen: %s: %s, %llu frames drawn\n", argv[1], m->bus.cgb() ? "CGB" : "DMG",
              static_cast<unsigned long long>(m->bus.framesRendered()));
  return 0;
}
