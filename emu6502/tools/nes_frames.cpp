// nes_frames: runs an iNES file on NesSystem with the renderer on and writes the
// pictures of the requested frames to stdout, 256x240 bytes each, one NES colour
// index (0-63, emphasis dropped) a pixel. scripts/check_ppu_roms compares them
// with test ROMs' reference pictures; it is not part of the tests.
//
//   nes_frames game.nes 60 120 > frames.raw
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "emu6502/ines.h"
#include "emu6502/nes_system.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: nes_frames ROM FRAME... (frames counted from power-on)\n");
    return 2;
  }
  emu6502::InesResult rom = emu6502::loadInesFile(argv[1]);
  if (!rom.ok()) {
    std::fprintf(stderr, "%s: %s\n", argv[1], rom.error.text().c_str());
    return 2;
  }
  std::vector<uint64_t> frames;
  for (int i = 2; i < argc; ++i) {
    char* end = nullptr;
    const unsigned long long f = std::strtoull(argv[i], &end, 10);
    if (!end || *end || f == 0 || f > 100000) {
      std::fprintf(stderr, "%s: not a frame number (1-100000)\n", argv[i]);
      return 2;
    }
    frames.push_back(f);
  }
  emu6502::NesSystem nes(std::move(*rom.cart));
  nes.setRendering(true);
  nes.reset();
  std::vector<unsigned char> out(emu6502::NesPpu::kWidth * emu6502::NesPpu::kHeight);
  for (uint64_t want : frames) {
    emu6502::RunLimits limits;
    limits.maxCycles = emu6502::NesSystem::kFrameCycles;
    while (nes.ppu()->framesDone() < want) {
      const emu6502::RunResult r = nes.run(limits);
      if (r.reason == emu6502::HaltReason::Jam) {
        std::fprintf(stderr, "%s: the CPU jammed at $%04X\n", argv[1], nes.cpu().regs.pc);
        return 1;
      }
    }
    const std::vector<uint16_t>& px = nes.ppu()->frame();
    for (size_t k = 0; k < px.size(); ++k) out[k] = static_cast<unsigned char>(px[k] & 0x3F);
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return 0;
}
