// Game Boy hardware a real game's init code needs (issue 15): LCD timing (LY, STAT
// modes, LYC, the VBlank and STAT interrupts) at exact M-cycles, the joypad, MBC3's
// frozen clock, mapRomBank, save states and the data hook. Programs are hand-assembled
// bytes: emusm83's tests link no assembler.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <vector>

#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

constexpr uint32_t kLine = 114;
constexpr uint32_t kFrame = kLine * 154;

// A post-boot bus (LCD on, frame at line 0 dot 0, IF clear). GbBus cannot be copied
// or moved, so the set-up happens in a constructor and makeBus returns a prvalue.
struct BootedBus : GbBus {
  explicit BootedBus(Cartridge cart) : GbBus(std::move(cart)) {
    setPostBootState();
    acknowledgeInterrupt(0x1F);
  }
};

Cartridge makeCart(
    std::initializer_list<uint8_t> code,
    std::initializer_list<std::pair<uint16_t, std::initializer_list<uint8_t>>> vectors,
    test::RomSpec spec) {
  auto rom = test::makeRom(spec);
  test::place(rom, 0x150, code);
  for (const auto& [addr, bytes] : vectors) test::place(rom, addr, bytes);
  CartridgeLoad r = loadCartridge(std::move(rom));
  EXPECT_TRUE(r.ok()) << r.error;
  return std::move(*r.cart);
}

// `code` at $0150 and `vectors` at their addresses.
BootedBus makeBus(
    std::initializer_list<uint8_t> code = {},
    std::initializer_list<std::pair<uint16_t, std::initializer_list<uint8_t>>> vectors = {},
    test::RomSpec spec = {}) {
  return BootedBus(makeCart(code, vectors, spec));
}

RunResult runProgram(CpuSm83& cpu, uint64_t maxCycles) {
  cpu.setPostBootState();
  cpu.regs.pc = 0x0150;
  RunLimits limits;
  limits.maxCycles = maxCycles;
  limits.stopOnSelfLoop = true;
  return cpu.runUntil(limits);
}

uint8_t mode(GbBus& bus) {
  return bus.read(0xFF41) & 3;
}

TEST(Sm83GbLcd, LyAndStatModesAtExactCycles) {
  auto bus = makeBus();
  EXPECT_EQ(bus.read(0xFF44), 0);
  EXPECT_EQ(mode(bus), 2);
  bus.tick(19);
  EXPECT_EQ(mode(bus), 2);
  bus.tick(1);  // 80 dots
  EXPECT_EQ(mode(bus), 3);
  bus.tick(42);
  EXPECT_EQ(mode(bus), 3);
  bus.tick(1);  // 80 + 172 dots
  EXPECT_EQ(mode(bus), 0);
  bus.tick(50);
  EXPECT_EQ(mode(bus), 0);
  EXPECT_EQ(bus.read(0xFF44), 0);
  bus.tick(1);  // 456 dots: next line
  EXPECT_EQ(bus.read(0xFF44), 1);
  EXPECT_EQ(mode(bus), 2);
  for (unsigned line = 2; line < 154; ++line) {
    bus.tick(kLine);
    EXPECT_EQ(bus.read(0xFF44), line);
    EXPECT_EQ(mode(bus), line >= 144 ? 1 : 2) << line;
  }
  bus.tick(kLine - 1);
  EXPECT_EQ(bus.read(0xFF44), 153);
  EXPECT_EQ(mode(bus), 1);
  bus.tick(1);
  EXPECT_EQ(bus.read(0xFF44), 0);
  EXPECT_EQ(mode(bus), 2);
  // Long ticks land where the same number of short ones do.
  bus.tick(kFrame * 5 + kLine * 7 + 30);
  EXPECT_EQ(bus.read(0xFF44), 7);
  EXPECT_EQ(mode(bus), 3);

  bus.write(0xFF40, 0x11);  // LCD off: LY 0, mode 0, time does not move it
  EXPECT_EQ(bus.read(0xFF44), 0);
  EXPECT_EQ(mode(bus), 0);
  bus.tick(5000);
  EXPECT_EQ(bus.read(0xFF44), 0);
  bus.write(0xFF40, 0x91);  // on again: line 0, dot 0
  EXPECT_EQ(mode(bus), 2);
  bus.tick(kLine);
  EXPECT_EQ(bus.read(0xFF44), 1);
}

TEST(Sm83GbLcd, LycCoincidenceBit) {
  auto bus = makeBus();
  bus.write(0xFF45, 3);
  EXPECT_FALSE(bus.read(0xFF41) & 4);
  bus.tick(kLine * 3);
  EXPECT_TRUE(bus.read(0xFF41) & 4);
  bus.tick(kLine - 1);
  EXPECT_TRUE(bus.read(0xFF41) & 4);
  bus.tick(1);
  EXPECT_FALSE(bus.read(0xFF41) & 4);
}

TEST(Sm83GbLcd, StatInterruptFromEachSourceOnItsRisingEdge) {
  auto bus = makeBus();
  bus.write(0xFF41, 0x08);                 // mode 0 (hblank)
  EXPECT_EQ(bus.cyclesUntilEvent(), 20u);  // the next mode change
  bus.tick(62);
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.tick(1);
  EXPECT_EQ(bus.interruptFlags(), kIntStat);
  bus.acknowledgeInterrupt(kIntStat);
  bus.tick(kLine);  // next line's hblank
  EXPECT_EQ(bus.interruptFlags(), kIntStat);
  bus.acknowledgeInterrupt(kIntStat);

  // Mode 0 and mode 2 together: the line stays high from hblank into the next OAM
  // scan, so the only edge per line is at hblank.
  bus.write(0xFF41, 0x28);
  EXPECT_EQ(bus.interruptFlags(), 0);  // already high in hblank: no edge
  bus.tick(kLine - 63);                // line 2, mode 2
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.tick(63);  // mode 3 (low), then mode 0: an edge
  EXPECT_EQ(bus.interruptFlags(), kIntStat);
  bus.acknowledgeInterrupt(kIntStat);

  bus.write(0xFF41, 0x10);  // mode 1: at LY 144
  bus.tick(kLine * 141 + 50);
  EXPECT_EQ(bus.read(0xFF44), 143);
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.tick(kLine - 113 + 63);  // exactly the start of line 144
  EXPECT_EQ(bus.read(0xFF44), 144);
  EXPECT_EQ(bus.interruptFlags(), kIntStat | kIntVBlank);
  bus.acknowledgeInterrupt(0x1F);

  bus.write(0xFF41, 0x40);  // LYC: a write that makes the line high raises it at once
  bus.write(0xFF45, 144);
  EXPECT_EQ(bus.interruptFlags(), kIntStat);
  bus.acknowledgeInterrupt(kIntStat);
  bus.write(0xFF45, 0);  // low again, and high at line 0
  bus.tick(kLine * 10);
  EXPECT_EQ(bus.read(0xFF44), 0);
  EXPECT_EQ(bus.interruptFlags(), kIntStat);  // no VBlank: 144 was passed already
}

// ld a,10 / ldh [rLYC],a / ld a,$40 / ldh [rSTAT],a / ld a,$02 / ldh [rIE],a /
// xor a / ldh [rIF],a / ei / halt / nop / jr @. The handler stores LY and STAT.
TEST(Sm83GbLcd, LycInterruptWakesHalt) {
  auto bus = makeBus({0x3E, 0x0A, 0xE0, 0x45, 0x3E, 0x40, 0xE0, 0x41, 0x3E, 0x02,
                      0xE0, 0xFF, 0xAF, 0xE0, 0x0F, 0xFB, 0x76, 0x00, 0x18, 0xFE},
                     {{0x48, {0xF0, 0x44, 0xEA, 0x00, 0xC0, 0xF0, 0x41, 0xEA, 0x01, 0xC0, 0xD9}}});
  CpuSm83 cpu(bus);
  const RunResult r = runProgram(cpu, 100000);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_EQ(bus.peek(0xC000), 10);
  EXPECT_EQ(bus.peek(0xC001) & 7, 4 | 2);  // coincidence, mode 2 (start of the line)
  EXPECT_GE(cpu.cycles, 10u * kLine);
  EXPECT_LT(cpu.cycles, 10u * kLine + 40);
}

// ld a,$01 / ldh [rIE],a / xor a / ldh [rIF],a / ei / halt / nop / ldh a,[rLY] /
// ld [$C001],a / jr @; the VBlank handler stores LY in $C000.
TEST(Sm83GbLcd, VBlankInterruptWakesHalt) {
  auto bus = makeBus({0x3E, 0x01, 0xE0, 0xFF, 0xAF, 0xE0, 0x0F, 0xFB, 0x76, 0x00, 0xF0, 0x44, 0xEA,
                      0x01, 0xC0, 0x18, 0xFE},
                     {{0x40, {0xF0, 0x44, 0xEA, 0x00, 0xC0, 0xD9}}});
  CpuSm83 cpu(bus);
  const RunResult r = runProgram(cpu, 100000);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_EQ(bus.peek(0xC000), 144);
  EXPECT_EQ(bus.peek(0xC001), 144);
  EXPECT_GE(cpu.cycles, 144u * kLine);
  EXPECT_LT(cpu.cycles, 144u * kLine + 40);
}

// IME off: HALT ends when VBlank is flagged, with no dispatch.
TEST(Sm83GbLcd, VBlankEndsHaltWithInterruptsOff) {
  auto bus =
      makeBus({0x3E, 0x01, 0xE0, 0xFF, 0xF3, 0x76, 0x00, 0xF0, 0x44, 0xEA, 0x00, 0xC0, 0x18, 0xFE});
  CpuSm83 cpu(bus);
  EXPECT_EQ(runProgram(cpu, 100000).reason, HaltReason::Loop);
  EXPECT_EQ(bus.peek(0xC000), 144);
}

// wait: ldh a,[rLY] / cp 144 / jr nz,wait / ld [$C000],a / jr @
TEST(Sm83GbLcd, LyPollingLoopExits) {
  auto bus = makeBus({0xF0, 0x44, 0xFE, 0x90, 0x20, 0xFA, 0xEA, 0x00, 0xC0, 0x18, 0xFE});
  CpuSm83 cpu(bus);
  EXPECT_EQ(runProgram(cpu, 100000).reason, HaltReason::Loop);
  EXPECT_EQ(bus.peek(0xC000), 144);
  EXPECT_GE(cpu.cycles, 144u * kLine);
  EXPECT_LT(cpu.cycles, 144u * kLine + 20);
}

// The hblank STAT interrupt ends a HALT loop once per visible line, 144 times a frame: ld a,$08 /
// ldh [rSTAT],a / ld a,$02 / ldh [rIE],a / ei / loop: halt / jr loop; handler inc b.
TEST(Sm83GbLcd, StatInterruptWaitsFinish) {
  auto bus = makeBus({0x3E, 0x08, 0xE0, 0x41, 0x3E, 0x02, 0xE0, 0xFF, 0xFB, 0x76, 0x18, 0xFD},
                     {{0x48, {0x04, 0xD9}}});
  CpuSm83 cpu(bus);
  cpu.setPostBootState();
  cpu.regs.pc = 0x0150;
  cpu.regs.b = 0;
  RunLimits limits;
  limits.maxCycles = kFrame;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::CycleBudget);
  EXPECT_EQ(cpu.regs.b, 144);
}

TEST(Sm83GbJoypad, ReadsTheSelectedGroups) {
  auto bus = makeBus();
  bus.setButtons(0x80 | 0x01);  // A, Right
  bus.write(0xFF00, 0x20);      // P14 low: directions
  EXPECT_EQ(bus.read(0xFF00), 0xC0 | 0x20 | 0x0E);
  bus.write(0xFF00, 0x10);  // P15 low: buttons
  EXPECT_EQ(bus.read(0xFF00), 0xC0 | 0x10 | 0x0E);
  bus.write(0xFF00, 0x00);  // both: the lines are ANDed
  EXPECT_EQ(bus.read(0xFF00), 0xC0 | 0x0E);
  bus.write(0xFF00, 0x30);  // neither
  EXPECT_EQ(bus.read(0xFF00), 0xFF);

  // Every button on its line: directions Right, Left, Up, Down; buttons A, B, Select, Start.
  const std::tuple<uint8_t, uint8_t, uint8_t> lines[] = {
      {0x01, 0x20, 0x01}, {0x02, 0x20, 0x02}, {0x08, 0x20, 0x04}, {0x04, 0x20, 0x08},
      {0x80, 0x10, 0x01}, {0x40, 0x10, 0x02}, {0x20, 0x10, 0x04}, {0x10, 0x10, 0x08},
  };
  for (const auto& [button, select, line] : lines) {
    bus.setButtons(button);
    bus.write(0xFF00, select);
    EXPECT_EQ(bus.read(0xFF00) & 0x0F, 0x0F & ~line) << int(button);
    bus.write(0xFF00, select ^ 0x30);  // the other group sees nothing
    EXPECT_EQ(bus.read(0xFF00) & 0x0F, 0x0F) << int(button);
  }
}

TEST(Sm83GbJoypad, NewPressOfASelectedButtonRaisesTheInterrupt) {
  auto bus = makeBus();
  bus.write(0xFF00, 0x30);
  bus.setButtons(0x80);  // A, but nothing selected
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.write(0xFF00, 0x10);  // selecting the buttons with A held: a line falls
  EXPECT_EQ(bus.interruptFlags(), kIntJoypad);
  bus.acknowledgeInterrupt(kIntJoypad);
  bus.setButtons(0x80 | 0x08);  // Up: not selected
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.setButtons(0x80 | 0x40);  // B: new and selected
  EXPECT_EQ(bus.interruptFlags(), kIntJoypad);
  bus.acknowledgeInterrupt(kIntJoypad);
  bus.setButtons(0x40);  // a release raises nothing
  bus.setButtons(0x40);  // nor does holding
  EXPECT_EQ(bus.interruptFlags(), 0);
}

// Marks the first bytes of every 16 KiB bank with its number.
GbBus bankedBus(test::RomSpec spec) {
  auto rom = test::makeRom(spec);
  for (size_t bank = 1; bank < rom.size() / 0x4000; ++bank) {
    rom[bank * 0x4000] = static_cast<uint8_t>(bank);
    rom[bank * 0x4000 + 1] = static_cast<uint8_t>(bank >> 8);
  }
  CartridgeLoad r = loadCartridge(std::move(rom), "t.gb");
  EXPECT_TRUE(r.ok()) << r.error;
  return GbBus(std::move(*r.cart));
}

TEST(Sm83GbMbc, Mbc1RamBanksInMode1) {
  GbBus bus = bankedBus({.type = 0x03, .romSizeCode = 2, .ramSizeCode = 3});  // 32 KiB RAM
  bus.write(0x0000, 0x0A);
  bus.write(0x4000, 0x02);
  bus.write(0xA000, 0x11);  // mode 0: always RAM bank 0
  EXPECT_EQ(bus.cartridge()->ram()[0], 0x11);
  bus.write(0x6000, 0x01);  // mode 1: the high bits pick the RAM bank
  bus.write(0xA000, 0x22);
  EXPECT_EQ(bus.cartridge()->ram()[2 * 0x2000], 0x22);
  EXPECT_EQ(bus.read(0x0000), 0x00);  // 128 KiB: bank 0 stays at $0000
  bus.write(0x6000, 0x00);
  EXPECT_EQ(bus.read(0xA000), 0x11);
}

TEST(Sm83GbMbc, MapRomBank) {
  GbBus mbc1 = bankedBus({.type = 0x01, .romSizeCode = 5});  // 1 MiB, 64 banks
  EXPECT_TRUE(mbc1.mapRomBank(0x25));
  EXPECT_EQ(mbc1.read(0x4000), 0x25);
  EXPECT_FALSE(mbc1.mapRomBank(0x20));  // MBC1 cannot show $20/$40/$60 at $4000
  EXPECT_FALSE(mbc1.mapRomBank(0));
  EXPECT_FALSE(mbc1.mapRomBank(64));
  EXPECT_EQ(mbc1.read(0x4000), 0x25);  // unchanged
  mbc1.write(0x6000, 0x01);            // mode 1: the high bits also move $0000
  EXPECT_EQ(mbc1.read(0x0000), 0x20);
  EXPECT_TRUE(mbc1.mapRomBank(0x23));
  EXPECT_FALSE(mbc1.mapRomBank(0x03));  // would move $0000-$3FFF
  EXPECT_EQ(mbc1.read(0x0000), 0x20);
  EXPECT_EQ(mbc1.read(0x4000), 0x23);

  GbBus mbc3 = bankedBus({.type = 0x11, .romSizeCode = 6});
  EXPECT_TRUE(mbc3.mapRomBank(0x7F));
  EXPECT_EQ(mbc3.read(0x4000), 0x7F);
  EXPECT_FALSE(mbc3.mapRomBank(0));

  GbBus mbc5 = bankedBus({.type = 0x19, .romSizeCode = 8});
  EXPECT_TRUE(mbc5.mapRomBank(0x1A3));
  EXPECT_EQ(mbc5.read(0x4000), 0xA3);
  EXPECT_EQ(mbc5.read(0x4001), 0x01);
  EXPECT_TRUE(mbc5.mapRomBank(0));
  EXPECT_EQ(mbc5.read(0x4000), 0x00);

  GbBus plain = bankedBus({});
  EXPECT_TRUE(plain.mapRomBank(1));
  EXPECT_FALSE(plain.mapRomBank(2));
}

TEST(Sm83GbMbc, Mbc3ClockIsFrozenAndReadThroughTheLatch) {
  GbBus bus = bankedBus({.type = 0x10, .romSizeCode = 1, .ramSizeCode = 3});
  bus.write(0x0000, 0x0A);
  bus.write(0x4000, 0x08);  // seconds
  bus.write(0xA000, 42);
  EXPECT_EQ(bus.read(0xA000), 0);  // not latched yet
  bus.write(0x6000, 0x00);
  bus.write(0x6000, 0x01);
  EXPECT_EQ(bus.read(0xBFFF), 42);  // the whole window shows the register
  bus.write(0xA000, 50);
  EXPECT_EQ(bus.read(0xA000), 42);  // still the latched copy
  bus.write(0x6000, 0x01);          // 1 without 0 first: no latch
  EXPECT_EQ(bus.read(0xA000), 42);
  bus.write(0x4000, 0x0C);  // day high: halt, carry, day bit 8 only
  bus.write(0xA000, 0xFF);
  bus.write(0x6000, 0x00);
  bus.write(0x6000, 0x01);
  EXPECT_EQ(bus.read(0xA000), 0xC1);
  bus.tick(10'000'000);  // no time passes
  bus.write(0x6000, 0x00);
  bus.write(0x6000, 0x01);
  bus.write(0x4000, 0x08);
  EXPECT_EQ(bus.read(0xA000), 50);
  bus.write(0x4000, 0x01);  // RAM bank 1 again
  bus.write(0xA000, 0x77);
  EXPECT_EQ(bus.cartridge()->ram()[0x2000], 0x77);
  bus.write(0x0000, 0x00);  // disabled: no clock either
  bus.write(0x4000, 0x08);
  EXPECT_EQ(bus.read(0xA000), 0xFF);
}

TEST(Sm83GbMbc, RamSizeCodeErrorNamesItsOffset) {
  auto rom = test::makeRom({.type = 0x03, .ramSizeCode = 0x07});
  CartridgeLoad r = loadCartridge(rom, "x.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("x.gb: $0149"), std::string::npos) << r.error;
}

// A program that touches every kind of state: MBC1 bank and RAM, WRAM, VRAM, OAM,
// timer, STAT and VBlank interrupts (the VBlank handler starts an OAM DMA).
TEST(Sm83GbState, SaveRunLoadRunIsIdentical) {
  auto bus = makeBus({0x3E, 0x0A, 0xEA, 0x00, 0x00,  // ld a,$0A / ld [$0000],a: RAM on
                      0x3E, 0x05, 0xE0, 0x07,        // timer every 4 M-cycles
                      0x3E, 0x48, 0xE0, 0x41,        // STAT: LYC and mode 0
                      0x3E, 0x20, 0xE0, 0x45,        // LYC 32
                      0x3E, 0x0F, 0xE0, 0xFF,        // IE: VBlank, STAT, timer, serial
                      0xFB,                          // ei
                      0x04, 0x78, 0xEA, 0x00, 0x20,  // loop: inc b / ld a,b / ld [$2000],a
                      0xFA, 0x00, 0x40,              // ld a,[$4000]
                      0x26, 0xC0, 0x68, 0x77,        // ld h,$C0 / ld l,b / ld [hl],a
                      0x26, 0x80, 0x77,              // VRAM
                      0x26, 0xA0, 0x77,              // cartridge RAM
                      0x26, 0xFE, 0x71,              // OAM (or the unusable area)
                      0x76, 0x18, 0xE8},             // halt / jr loop
                     {{0x40, {0x3E, 0xC0, 0xE0, 0x46, 0x0C, 0xD9}},  // DMA from $C000, inc c
                      {0x48, {0x14, 0xD9}},                          // inc d
                      {0x50, {0x1C, 0xD9}}},                         // inc e
                     {.type = 0x03, .romSizeCode = 2, .ramSizeCode = 2});
  CpuSm83 cpu(bus);
  runProgram(cpu, 30'000);
  bus.setButtons(0x81);
  const CpuState cpuSaved = cpu.state();
  const GbBusState busSaved = bus.saveState();

  RunLimits limits;
  limits.maxCycles = 50'000;
  cpu.runUntil(limits);
  const CpuState cpuFirst = cpu.state();
  const GbBusState busFirst = bus.saveState();
  EXPECT_GT(cpu.regs.c, 0);  // every interrupt ran
  EXPECT_GT(cpu.regs.d, 0);
  EXPECT_GT(cpu.regs.e, 0);
  EXPECT_NE(busFirst, busSaved);

  cpu.setState(cpuSaved);
  bus.loadState(busSaved);
  EXPECT_EQ(bus.saveState(), busSaved);
  cpu.runUntil(limits);
  EXPECT_EQ(cpu.state(), cpuFirst);
  EXPECT_TRUE(bus.saveState() == busFirst);
  EXPECT_EQ(bus.oam(), busFirst.oam);
  EXPECT_EQ(bus.vram(), busFirst.vram);
}

TEST(Sm83GbMbc, GlobalChecksumIsReportedNotChecked) {
  auto rom = test::makeRom({.type = 0x01});
  rom[0x14C] = 0x02;
  test::fixChecksum(rom);
  const uint16_t sum = globalChecksum(rom);
  rom[0x14E] = static_cast<uint8_t>(sum >> 8);
  rom[0x14F] = static_cast<uint8_t>(sum);
  CartridgeLoad r = loadCartridge(rom, "x.gb");
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.cart->header().globalChecksumOk());
  EXPECT_EQ(r.cart->header().version, 2);
  rom[0x14F] ^= 1;
  r = loadCartridge(rom, "x.gb");
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_FALSE(r.cart->header().globalChecksumOk());
  EXPECT_TRUE(r.warnings.empty());
}

TEST(Sm83GbMbc, OversizedFileIsRefusedWithoutReadingIt) {
  const auto path = std::filesystem::temp_directory_path() / "emusm83_oversized.gb";
  {
    auto rom = test::makeRom({.type = 0x19, .romSizeCode = 8});  // 8 MiB: the largest
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(rom.data()), static_cast<std::streamsize>(rom.size()));
  }
  EXPECT_TRUE(loadCartridgeFile(path.string()).ok());
  {
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out.put('\0');
  }
  CartridgeLoad r = loadCartridgeFile(path.string());
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("larger than 8388608 bytes"), std::string::npos) << r.error;
  std::filesystem::remove(path);
}

// A keyframe restores into another bus built from the same ROM: memory, the bank
// mapping, the clock registers and the LCD position all follow.
TEST(Sm83GbState, LoadsIntoAFreshBus) {
  auto a = bankedBus({.type = 0x10, .romSizeCode = 2, .ramSizeCode = 3});
  a.setPostBootState();
  a.write(0x0000, 0x0A);
  a.write(0x2000, 0x05);
  a.write(0x4000, 0x02);
  a.write(0xA010, 0x99);
  a.write(0x4000, 0x09);  // minutes
  a.write(0xA000, 0x21);
  a.write(0x6000, 0x00);
  a.write(0x6000, 0x01);
  a.write(0xFE10, 0x44);
  a.write(0x9800, 0x12);
  a.setButtons(0x04);
  a.tick(kLine * 50 + 30);
  const GbBusState saved = a.saveState();

  auto b = bankedBus({.type = 0x10, .romSizeCode = 2, .ramSizeCode = 3});
  b.loadState(saved);
  EXPECT_EQ(b.saveState(), saved);
  EXPECT_EQ(b.read(0x4000), 0x05);
  EXPECT_EQ(b.read(0xA000), 0x21);  // the minutes register, latched
  b.write(0x4000, 0x02);
  EXPECT_EQ(b.read(0xA010), 0x99);
  EXPECT_EQ(b.read(0xFF44), 50);
  EXPECT_EQ(b.read(0xFF41) & 3, 3);
  EXPECT_EQ(b.oam()[0x10], 0x44);
  EXPECT_EQ(b.vram()[0x1800], 0x12);
  EXPECT_EQ(b.buttons(), 0x04);
}

struct Recorder : DataHook {
  std::vector<std::tuple<uint16_t, uint8_t, bool>> seen;
  void onData(uint16_t addr, uint8_t value, bool write) override {
    seen.emplace_back(addr, value, write);
  }
};

// ld a,[$C123] / ld [$C1FF],a / ld a,[$C200] / push bc / pop bc / ldh a,[rLY] /
// jp $C180; at $C180 (hooked WRAM): ld a,[$C110] / jr @.
TEST(Sm83GbHook, ReportsDataAccessesInHookedPagesOnly) {
  auto bus = makeBus({0xFA, 0x23, 0xC1, 0xEA, 0xFF, 0xC1, 0xFA, 0x00, 0xC2, 0xC5, 0xC1, 0xF0, 0x44,
                      0xC3, 0x80, 0xC1});
  for (const auto& [addr, v] : {std::pair<uint16_t, uint8_t>{0xC123, 0x77},
                                {0xC110, 0x55},
                                {0xC180, 0xFA},
                                {0xC181, 0x10},
                                {0xC182, 0xC1},
                                {0xC183, 0x18},
                                {0xC184, 0xFE}})
    bus.poke(addr, v);
  Recorder rec;
  std::array<bool, 256> pages{};
  pages[0xC1] = pages[0xFF] = true;
  bus.setDataHook(&rec, pages);
  EXPECT_EQ(bus.fastPages()->read[0xC1], nullptr);
  EXPECT_NE(bus.fastPages()->read[0xC2], nullptr);  // the others stay fast
  EXPECT_EQ(bus.fastPages()->highRam, nullptr);

  CpuSm83 cpu(bus);
  EXPECT_EQ(runProgram(cpu, 1000).reason, HaltReason::Loop);
  const std::vector<std::tuple<uint16_t, uint8_t, bool>> expected = {
      {0xC123, 0x77, false}, {0xC1FF, 0x77, true},  {0xFFFD, 0x00, true},  {0xFFFC, 0x13, true},
      {0xFFFC, 0x13, false}, {0xFFFD, 0x00, false}, {0xFF44, 0x00, false}, {0xC110, 0x55, false},
  };
  EXPECT_EQ(rec.seen, expected);
  EXPECT_EQ(bus.peek(0xC1FF), 0x77);

  rec.seen.clear();
  bus.peek(0xC123);
  bus.poke(0xC124, 1);
  EXPECT_TRUE(rec.seen.empty());
  bus.setDataHook(nullptr, pages);  // off: all fast again
  EXPECT_NE(bus.fastPages()->read[0xC1], nullptr);
  EXPECT_NE(bus.fastPages()->highRam, nullptr);
  bus.write(0xC100, 1);
  EXPECT_TRUE(rec.seen.empty());
}

TEST(Sm83GbBus, OamDmaFromBankedRom) {
  GbBus bus = bankedBus({.type = 0x01, .romSizeCode = 2});
  bus.write(0x2000, 0x03);
  bus.write(0xFF46, 0x40);
  EXPECT_EQ(bus.oam()[0], 0x03);
  EXPECT_EQ(bus.read(0xFE00), 0x03);
}

}  // namespace
}  // namespace emusm83
