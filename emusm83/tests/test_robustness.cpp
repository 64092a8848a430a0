// Hostile input: random files never crash the loader, and random code in every
// supported cartridge type runs (bank switching included) without leaving the
// emulator's memory, whatever it writes to the MBC and I/O registers.
#include <gtest/gtest.h>

#include <random>

#include "emusm83/cpu_sm83.h"
#include "emusm83/disasm.h"
#include "emusm83/gb_bus.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

TEST(Sm83Robustness, RandomFilesNeverCrashTheLoader) {
  std::mt19937 rng(1234);
  int loaded = 0;
  for (int i = 0; i < 300; ++i) {
    const size_t size = std::uniform_int_distribution<size_t>(0, 0x12000)(rng);
    std::vector<uint8_t> bytes(size);
    for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    if (size >= 0x150 && i % 2) {  // often make the size byte agree, to get further
      bytes[0x148] = 0;
      bytes[0x149] = static_cast<uint8_t>(rng() % 8);
      if (i % 4 == 1) bytes[0x147] = 0x01;
      bytes.resize(0x8000);
    }
    CartridgeLoad r = loadCartridge(std::move(bytes), "random.gb");
    EXPECT_NE(r.ok(), !r.error.empty());
    loaded += r.ok();
  }
  EXPECT_GT(loaded, 0);
}

TEST(Sm83Robustness, RandomCodeOnEveryCartridgeType) {
  std::mt19937 rng(99);
  const uint8_t types[] = {0x00, 0x01, 0x02, 0x03, 0x08, 0x0F, 0x10, 0x11,
                           0x12, 0x13, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E};
  for (uint8_t type : types) {
    for (int round = 0; round < 4; ++round) {
      test::RomSpec spec;
      spec.type = type;
      const bool mbc = type != 0x00 && type != 0x08;
      spec.romSizeCode = mbc ? static_cast<uint8_t>(rng() % 6) : 0;
      spec.ramSizeCode = static_cast<uint8_t>(rng() % 6);
      auto rom = test::makeRom(spec);
      for (size_t i = 0x150; i < rom.size(); ++i) rom[i] = static_cast<uint8_t>(rng());
      CartridgeLoad load = loadCartridge(std::move(rom), "fuzz.gb");
      ASSERT_TRUE(load.ok()) << load.error;
      GbBus bus(std::move(*load.cart));
      bus.setPostBootState();
      CpuSm83 cpu(bus);
      cpu.setPostBootState();
      for (int burst = 0; burst < 40; ++burst) {
        RunLimits limits;
        limits.maxCycles = 2000;
        cpu.runUntil(limits);
        if (cpu.locked()) {
          cpu.clearLock();
          cpu.regs.pc = static_cast<uint16_t>(rng());
        }
        // The disassembler reads whatever is mapped now.
        (void)disassemble(cpu.regs.pc, bus);
      }
    }
  }
}

}  // namespace
}  // namespace emusm83
