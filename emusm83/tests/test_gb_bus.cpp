// The Game Boy bus: memory map, echo RAM, HRAM/IE/IF, the timer and its interrupt,
// serial capture, LY and VBlank, OAM DMA, post-boot state, side-effect-free peek/poke.
#include <gtest/gtest.h>

#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_timer.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

GbBus makeBus(std::initializer_list<uint8_t> code = {}) {
  auto rom = test::makeRom();
  test::place(rom, 0x150, code);
  CartridgeLoad r = loadCartridge(std::move(rom));
  EXPECT_TRUE(r.ok()) << r.error;
  return GbBus(std::move(*r.cart));
}

TEST(Sm83GbTimer, DivCountsEvery64MCycles) {
  GbTimer t;
  t.tick(63);
  EXPECT_EQ(t.div(), 0);
  t.tick(1);
  EXPECT_EQ(t.div(), 1);
  t.writeDiv();
  EXPECT_EQ(t.div(), 0);
}

TEST(Sm83GbTimer, TimaRatesFromTac) {
  const struct {
    uint8_t tac;
    uint64_t mcyclesPerTick;
  } rates[] = {{0x04, 256}, {0x05, 4}, {0x06, 16}, {0x07, 64}};
  for (const auto& r : rates) {
    GbTimer t;
    t.writeTac(r.tac);
    t.tick(r.mcyclesPerTick * 10 - 1);
    EXPECT_EQ(t.tima(), 9) << int(r.tac);
    t.tick(1);
    EXPECT_EQ(t.tima(), 10) << int(r.tac);
  }
  GbTimer off;
  off.writeTac(0x01);  // bit 2 clear: stopped
  off.tick(10000);
  EXPECT_EQ(off.tima(), 0);
  EXPECT_EQ(off.cyclesUntilOverflow(), UINT64_MAX);
}

TEST(Sm83GbTimer, OverflowReloadsFromTma) {
  GbTimer t;
  t.writeTma(0xF0);
  t.writeTima(0xFE);
  t.writeTac(0x05);
  EXPECT_EQ(t.cyclesUntilOverflow(), 8u);
  EXPECT_FALSE(t.tick(7));
  EXPECT_EQ(t.tima(), 0xFF);
  EXPECT_TRUE(t.tick(1));
  EXPECT_EQ(t.tima(), 0xF0);
  // A long jump ahead wraps through TMA more than once.
  EXPECT_TRUE(t.tick(4 * (16 + 16 + 3)));
  EXPECT_EQ(t.tima(), 0xF3);
}

TEST(Sm83GbTimer, DivWriteCanTickTima) {
  GbTimer t;
  t.writeTac(0x05);  // bit 3 of the counter
  t.tick(2);         // counter = 8: bit 3 set
  EXPECT_EQ(t.tima(), 0);
  t.writeDiv();  // the falling edge counts
  EXPECT_EQ(t.tima(), 1);
}

TEST(Sm83GbBus, TimerInterruptThroughTheBus) {
  GbBus bus = makeBus();
  bus.write(0xFF06, 0x80);  // TMA
  bus.write(0xFF05, 0xFF);  // TIMA
  bus.write(0xFF07, 0x05);
  EXPECT_EQ(bus.cyclesUntilEvent(), 4u);
  bus.tick(3);
  EXPECT_EQ(bus.interruptFlags(), 0);
  bus.tick(1);
  EXPECT_EQ(bus.interruptFlags(), kIntTimer);
  EXPECT_EQ(bus.read(0xFF05), 0x80);
  EXPECT_EQ(bus.read(0xFF0F), 0xE0 | kIntTimer);
  EXPECT_EQ(bus.read(0xFF07), 0xFD);
}

TEST(Sm83GbBus, TimerInterruptRunsItsHandler) {
  // ei / ld a, 0 / inc a / jr -3: counts until the timer handler at $0050 sets B.
  auto rom = test::makeRom();
  test::place(rom, 0x50, {0x06, 0x42, 0xD9});  // ld b, $42 / reti
  test::place(rom, 0x150, {0xFB, 0x3E, 0x00, 0x3C, 0x18, 0xFD});
  GbBus bus(std::move(*loadCartridge(std::move(rom)).cart));
  CpuSm83 cpu(bus);
  cpu.regs.pc = 0x150;
  cpu.regs.sp = 0xFFFE;
  bus.write(0xFFFF, kIntTimer);
  bus.write(0xFF05, 0xF0);
  bus.write(0xFF07, 0x05);  // overflow after 16 * 4 M-cycles
  RunLimits limits;
  limits.maxCycles = 200;
  const RunResult r = cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::CycleBudget);
  EXPECT_EQ(cpu.regs.b, 0x42);
  // ~64 M-cycles of a 4-cycle loop (inc a + jr = 4 M-cycles) before the interrupt,
  // then the loop continues: A counts all iterations.
  EXPECT_GT(cpu.regs.a, 30);
  EXPECT_LT(cpu.regs.a, 50);
}

TEST(Sm83GbBus, SerialTransferCompletesAtOnce) {
  GbBus bus = makeBus();
  bus.write(0xFF01, 'O');
  bus.write(0xFF02, 0x81);
  bus.write(0xFF01, 'K');
  bus.write(0xFF02, 0x80);  // external clock: no partner, never completes
  EXPECT_EQ(bus.serialOutput(), "O");
  bus.write(0xFF02, 0x81);
  EXPECT_EQ(bus.serialOutput(), "OK");
  EXPECT_EQ(bus.read(0xFF01), 0xFF);
  EXPECT_EQ(bus.read(0xFF02), 0x7F);
  EXPECT_EQ(bus.interruptFlags(), kIntSerial);
  bus.clearSerialOutput();
  EXPECT_EQ(bus.serialOutput(), "");
}

TEST(Sm83GbBus, SerialFromCpu) {
  // ld a, 'H' / ldh [$01], a / ld a, $81 / ldh [$02], a, twice, then jr @.
  GbBus bus = makeBus({0x3E, 'H', 0xE0, 0x01, 0x3E, 0x81, 0xE0, 0x02, 0x3E, 'i', 0xE0, 0x01, 0x3E,
                       0x81, 0xE0, 0x02, 0x18, 0xFE});
  CpuSm83 cpu(bus);
  cpu.regs.pc = 0x150;
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(bus.serialOutput(), "Hi");
}

TEST(Sm83GbBus, WramEchoHramAndIe) {
  GbBus bus = makeBus();
  bus.write(0xC123, 0x11);
  EXPECT_EQ(bus.read(0xE123), 0x11);
  bus.write(0xFDFF, 0x22);
  EXPECT_EQ(bus.read(0xDDFF), 0x22);
  bus.write(0xDFFF, 0x33);
  EXPECT_EQ(bus.read(0xDFFF), 0x33);
  bus.write(0xFF80, 0x44);
  bus.write(0xFFFE, 0x55);
  EXPECT_EQ(bus.read(0xFF80), 0x44);
  EXPECT_EQ(bus.read(0xFFFE), 0x55);
  bus.write(0xFFFF, 0x1F);
  EXPECT_EQ(bus.interruptEnable(), 0x1F);
  bus.write(0x8000, 0x66);
  bus.write(0xFE9F, 0x77);
  EXPECT_EQ(bus.read(0x8000), 0x66);
  EXPECT_EQ(bus.read(0xFE9F), 0x77);
  EXPECT_EQ(bus.read(0xFEA0), 0x00);
  EXPECT_EQ(bus.read(0xA000), 0xFF);  // no cartridge RAM
  EXPECT_EQ(bus.read(0xFF00), 0xCF);  // no buttons pressed
}

TEST(Sm83GbBus, PostBootState) {
  GbBus bus = makeBus();
  bus.setPostBootState();
  EXPECT_EQ(bus.read(0xFF40), 0x91);
  EXPECT_EQ(bus.read(0xFF04), 0xAB);
  EXPECT_EQ(bus.read(0xFF0F), 0xE1);
  EXPECT_EQ(bus.read(0xFF07), 0xF8);
  EXPECT_EQ(bus.read(0xFF47), 0xFC);
  EXPECT_EQ(bus.read(0xFF44), 0x00);
  EXPECT_EQ(bus.read(0xFFFF), 0x00);
  CpuSm83 cpu(bus);
  cpu.setPostBootState();
  EXPECT_EQ(cpu.regs.af(), 0x01B0);
  EXPECT_EQ(cpu.regs.bc(), 0x0013);
  EXPECT_EQ(cpu.regs.de(), 0x00D8);
  EXPECT_EQ(cpu.regs.hl(), 0x014D);
  EXPECT_EQ(cpu.regs.sp, 0xFFFE);
  EXPECT_EQ(cpu.regs.pc, 0x0100);
}

TEST(Sm83GbBus, LyStubAdvancesAndRaisesVBlank) {
  GbBus bus = makeBus();
  bus.setPostBootState();
  bus.acknowledgeInterrupt(0x1F);
  EXPECT_EQ(bus.read(0xFF44), 0);
  bus.tick(114);
  EXPECT_EQ(bus.read(0xFF44), 1);
  EXPECT_EQ(bus.read(0xFF41) & 3, 2);  // start of a line: OAM scan
  bus.tick(114 * 142 + 100);
  EXPECT_EQ(bus.read(0xFF44), 143);
  EXPECT_EQ(bus.interruptFlags(), 0);
  EXPECT_EQ(bus.cyclesUntilEvent(), 14u);
  bus.tick(14);
  EXPECT_EQ(bus.read(0xFF44), 144);
  EXPECT_EQ(bus.read(0xFF41) & 3, 1);
  EXPECT_EQ(bus.interruptFlags(), kIntVBlank);
  bus.tick(114 * 10);
  EXPECT_EQ(bus.read(0xFF44), 0);  // wrapped after line 153
  bus.write(0xFF45, 0);
  EXPECT_TRUE(bus.read(0xFF41) & 4);  // LY == LYC
  bus.write(0xFF40, 0x00);            // LCD off: LY stays 0
  bus.tick(1000);
  EXPECT_EQ(bus.read(0xFF44), 0);
}

TEST(Sm83GbBus, OamDmaCopies) {
  GbBus bus = makeBus();
  for (unsigned i = 0; i < 160; ++i)
    bus.write(static_cast<uint16_t>(0xC100 + i), static_cast<uint8_t>(i ^ 0x5A));
  bus.write(0xFF46, 0xC1);
  for (unsigned i = 0; i < 160; ++i)
    EXPECT_EQ(bus.read(static_cast<uint16_t>(0xFE00 + i)), (i ^ 0x5A));
}

TEST(Sm83GbBus, PeekAndPokeHaveNoSideEffects) {
  GbBus bus = makeBus();
  bus.write(0xFF07, 0x05);
  bus.tick(100);
  const uint8_t div = bus.peek(0xFF04);
  bus.poke(0xFF01, 'X');
  bus.poke(0xFF02, 0x81);  // no transfer
  EXPECT_EQ(bus.serialOutput(), "");
  EXPECT_EQ(bus.peek(0xFF02) & 0x80, 0x80);
  EXPECT_EQ(bus.interruptFlags(), 0);
  EXPECT_EQ(bus.peek(0xFF04), div);  // peeks do not reset DIV
  bus.poke(0xFF0F, kIntJoypad);
  EXPECT_EQ(bus.interruptFlags(), kIntJoypad);
  bus.poke(0xFFFF, 0x04);
  EXPECT_EQ(bus.peek(0xFFFF), 0x04);
  bus.poke(0xFF44, 99);  // LY stays computed
  EXPECT_EQ(bus.peek(0xFF44), 0);
}

TEST(Sm83GbBus, NoCartridgeReadsFF) {
  GbBus bus;
  EXPECT_EQ(bus.read(0x0000), 0xFF);
  EXPECT_EQ(bus.read(0x7FFF), 0xFF);
  bus.write(0x2000, 1);  // no MBC: ignored
  EXPECT_EQ(bus.cartridge(), nullptr);
}

}  // namespace
}  // namespace emusm83
