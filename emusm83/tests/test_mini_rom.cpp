// End to end, the way `collido exec --gb` runs a test ROM: a small self-checking ROM
// of our own (public test ROMs cannot be fetched here) is written to a file, loaded,
// started from $0100 in the post-boot state, and reports over serial. It checks MBC1
// bank switching, a call into the switched bank, and a timer interrupt that ends
// HALT, then prints "Passed" or "Failed".
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

std::vector<uint8_t> miniTestRom() {
  auto rom = test::makeRom({.type = 0x01, .romSizeCode = 1, .title = "MINI CPU TEST"});
  using test::place;
  place(rom, 0x0050, {0x06, 0x77, 0xD9});  // timer: ld b, $77 / reti
  // $0200 print: ld a, [hl+] / or a / ret z / ldh [$01], a / ld a, $81 / ldh [$02], a / jr print
  place(rom, 0x0200, {0x2A, 0xB7, 0xC8, 0xE0, 0x01, 0x3E, 0x81, 0xE0, 0x02, 0x18, 0xF5});
  const char* passed = "Passed\n";
  const char* failed = "Failed\n";
  const char* banner = "mini cpu test\n";
  std::copy(passed, passed + 8, rom.begin() + 0x300);
  std::copy(failed, failed + 8, rom.begin() + 0x310);
  std::copy(banner, banner + 15, rom.begin() + 0x320);
  place(rom, 0x0150,
        {
            0x31, 0xFF, 0xDF,  // ld sp, $DFFF
            0x21, 0x20, 0x03,  // ld hl, banner
            0xCD, 0x00, 0x02,  // call print
            0x3E, 0x02,        // ld a, 2
            0xEA, 0x00, 0x20,  // ld [$2000], a      ; MBC1: bank 2 at $4000
            0xCD, 0x00, 0x40,  // call $4000         ; returns the bank's id in A
            0xFE, 0xB2,        // cp a, $B2
            0xC2, 0xA0, 0x01,  // jp nz, fail
            0x3E, 0x04,        // ld a, IE_TIMER
            0xE0, 0xFF,        // ldh [$FFFF], a
            0x3E, 0xF0,        // ld a, $F0
            0xE0, 0x05,        // ldh [TIMA], a
            0x3E, 0x05,        // ld a, $05         ; on, 4 M-cycles per tick
            0xE0, 0x07,        // ldh [TAC], a
            0xAF,              // xor a, a
            0xE0, 0x0F,        // ldh [IF], a
            0xFB,              // ei
            0x76,              // halt              ; the timer handler sets B
            0x00,              // nop
            0x78,              // ld a, b
            0xFE, 0x77,        // cp a, $77
            0xC2, 0xA0, 0x01,  // jp nz, fail
            0x21, 0x00, 0x03,  // ld hl, passed
            0xCD, 0x00, 0x02,  // call print
            0x18, 0xFE,        // jr @
        });
  place(rom, 0x01A0, {0x21, 0x10, 0x03, 0xCD, 0x00, 0x02, 0x18, 0xFE});  // fail
  place(rom, 0x4000, {0x3E, 0xB1, 0xC9});                                // bank 1
  place(rom, 0x8000, {0x3E, 0xB2, 0xC9});                                // bank 2
  test::fixChecksum(rom);
  return rom;
}

std::string runRomFile(const std::vector<uint8_t>& rom, HaltReason* reason) {
  // One file per test and process: ctest -j runs this file's tests side by side,
  // and a shared name let one test load the ROM another was still writing.
  const auto path = std::filesystem::temp_directory_path() /
                    ("emusm83_mini_test_" + std::to_string(::getpid()) + "_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".gb");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(rom.data()), static_cast<std::streamsize>(rom.size()));
  }
  CartridgeLoad load = loadCartridgeFile(path.string());
  std::filesystem::remove(path);
  EXPECT_TRUE(load.ok()) << load.error;
  EXPECT_TRUE(load.warnings.empty());
  if (!load.ok()) return {};
  GbBus bus(std::move(*load.cart));
  bus.setPostBootState();
  CpuSm83 cpu(bus);
  cpu.setPostBootState();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 1'000'000;
  *reason = cpu.runUntil(limits).reason;
  return bus.serialOutput();
}

TEST(Sm83MiniRom, PassesOverSerial) {
  HaltReason reason{};
  EXPECT_EQ(runRomFile(miniTestRom(), &reason), "mini cpu test\nPassed\n");
  EXPECT_EQ(reason, HaltReason::Loop);
}

TEST(Sm83MiniRom, ReportsAWrongBank) {
  auto rom = miniTestRom();
  rom[0x8001] = 0xB1;  // bank 2 now claims to be bank 1
  HaltReason reason{};
  EXPECT_EQ(runRomFile(rom, &reason), "mini cpu test\nFailed\n");
}

}  // namespace
}  // namespace emusm83
