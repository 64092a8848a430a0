// NesSystem: frame timing ($2002 vblank and sprite-0 flags, NMI), OAM DMA, PPU
// memory through $2006/$2007, controllers, the data hook, banking through
// mapPrgBank and state round trips, on hand-assembled programs.
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <utility>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"
#include "emu6502/nes_system.h"

namespace emu6502 {
namespace {

constexpr uint16_t kNmiHandler = 0x9000;

// NROM-256 with CHR RAM: `main` at $8000 (the reset vector), `nmi` at $9000,
// the rest NOPs.
Cartridge nrom(std::initializer_list<uint8_t> main, std::initializer_list<uint8_t> nmi = {0x40},
               Mirroring mirroring = Mirroring::Horizontal) {
  Cartridge c;
  c.mapper = 0;
  c.prg.assign(0x8000, 0xEA);
  std::copy(main.begin(), main.end(), c.prg.begin());
  std::copy(nmi.begin(), nmi.end(), c.prg.begin() + (kNmiHandler - 0x8000));
  c.prg[0x7FFA] = kNmiHandler & 0xFF;
  c.prg[0x7FFB] = kNmiHandler >> 8;
  c.prg[0x7FFC] = 0x00;
  c.prg[0x7FFD] = 0x80;
  c.chrRamSize = 0x2000;
  c.mirroring = mirroring;
  return c;
}

// Every 8 KiB PRG bank filled with its number, so a peek names the mapped bank.
Cartridge banked(unsigned mapper, unsigned prg8k) {
  Cartridge c;
  c.mapper = mapper;
  for (unsigned b = 0; b < prg8k; ++b) c.prg.insert(c.prg.end(), 0x2000, static_cast<uint8_t>(b));
  c.chrRamSize = 0x2000;
  return c;
}

RunLimits cyclesLimit(uint64_t cycles) {
  RunLimits l;
  l.maxCycles = cycles;
  return l;
}

// ---- timing ----

TEST(NesSystem, VblankWaitFinishesWithinOneFrame) {
  NesSystem nes(nrom({0x2C, 0x02, 0x20,     // wait: BIT $2002
                      0x10, 0xFB,           //       BPL wait
                      0x4C, 0x05, 0x80}));  //       JMP *
  nes.reset();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 2 * NesSystem::kFrameCycles;
  const RunResult r = nes.run(limits);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_LE(r.cycles, NesSystem::kFrameCycles);
  EXPECT_EQ(nes.frame(), 1u);
  EXPECT_LT(nes.frameCycle(), 20u);             // the wait ends right after vblank starts
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x80, 0);  // the BIT read cleared the flag
}

TEST(NesSystem, StatusReadClearsVblankAndPreRenderClearsIt) {
  NesSystem nes(nrom({0x4C, 0x00, 0x80}));  // JMP *
  nes.reset();
  EXPECT_EQ(nes.frameCycle(), NesSystem::kPreRenderCycle);
  nes.run(cyclesLimit(NesSystem::kFrameCycles - NesSystem::kPreRenderCycle - 10));
  EXPECT_EQ(nes.frame(), 0u);
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x80, 0);
  nes.run(cyclesLimit(20));
  EXPECT_EQ(nes.frame(), 1u);
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x80, 0x80);
  EXPECT_EQ(nes.bus().read(0x2002) & 0x80, 0x80);
  EXPECT_EQ(nes.bus().read(0x2002) & 0x80, 0);

  // Not read this time: the pre-render line clears it.
  nes.run(cyclesLimit(NesSystem::kFrameCycles));
  EXPECT_EQ(nes.frame(), 2u);
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x80, 0x80);
  nes.run(cyclesLimit(NesSystem::kPreRenderCycle + 10));
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x80, 0);
}

TEST(NesSystem, FrameIsExactlyFrameCyclesLong) {
  NesSystem nes(nrom({0x4C, 0x00, 0x80}));
  nes.reset();
  const uint64_t start = nes.cpu().cycles;
  nes.run(cyclesLimit(NesSystem::kFrameCycles * 10));
  EXPECT_EQ(nes.frame(), 10u);
  const uint64_t spent = nes.cpu().cycles - start;
  EXPECT_EQ((spent + NesSystem::kPreRenderCycle) % NesSystem::kFrameCycles, nes.frameCycle());
}

// main: LDA #$80 / STA $2000 / JMP * ; nmi: INC $10 / RTI
Cartridge nmiCounter(bool enable) {
  if (enable) return nrom({0xA9, 0x80, 0x8D, 0x00, 0x20, 0x4C, 0x05, 0x80}, {0xE6, 0x10, 0x40});
  return nrom({0x4C, 0x00, 0x80}, {0xE6, 0x10, 0x40});
}

TEST(NesSystem, NmiRunsOncePerFrameWhenEnabled) {
  NesSystem nes(nmiCounter(true));
  nes.reset();
  nes.run(cyclesLimit(10 * NesSystem::kFrameCycles));
  EXPECT_EQ(nes.frame(), 10u);
  EXPECT_EQ(nes.bus().peek(0x10), 10);
  EXPECT_EQ(nes.bus().ppuRegs().ctrl, 0x80);

  nes.reset();  // clears $2000: no NMI until the game enables it again
  EXPECT_EQ(nes.bus().ppuRegs().ctrl, 0);
  EXPECT_EQ(nes.frame(), 0u);
  EXPECT_EQ(nes.frameCycle(), NesSystem::kPreRenderCycle);
}

TEST(NesSystem, NoNmiWhenDisabled) {
  NesSystem nes(nmiCounter(false));
  nes.reset();
  nes.run(cyclesLimit(10 * NesSystem::kFrameCycles));
  EXPECT_EQ(nes.frame(), 10u);
  EXPECT_EQ(nes.bus().peek(0x10), 0);
}

TEST(NesSystem, HeldNmiIsTakenOnceWhenReleased) {
  NesSystem nes(nmiCounter(true));
  nes.reset();
  nes.setNmiHeld(true);
  nes.run(cyclesLimit(10 * NesSystem::kFrameCycles));
  EXPECT_EQ(nes.frame(), 10u);
  EXPECT_EQ(nes.bus().peek(0x10), 0);
  EXPECT_TRUE(nes.saveState().nmiPending);
  nes.setNmiHeld(false);
  nes.run(cyclesLimit(100));
  EXPECT_EQ(nes.bus().peek(0x10), 1);
  EXPECT_FALSE(nes.saveState().nmiPending);
}

// Setting $2000 bit 7 while the vblank flag is still set raises an NMI at once.
TEST(NesSystem, EnablingNmiDuringVblankRaisesOne) {
  NesSystem nes(nmiCounter(false));
  nes.reset();
  nes.run(cyclesLimit(NesSystem::kFrameCycles - NesSystem::kPreRenderCycle + 50));
  ASSERT_EQ(nes.frame(), 1u);
  nes.bus().write(0x2000, 0x80);
  nes.run(cyclesLimit(50));
  EXPECT_EQ(nes.bus().peek(0x10), 1);

  // Not after the flag was read.
  NesSystem quiet(nmiCounter(false));
  quiet.reset();
  quiet.run(cyclesLimit(NesSystem::kFrameCycles - NesSystem::kPreRenderCycle + 50));
  quiet.bus().read(0x2002);
  quiet.bus().write(0x2000, 0x80);
  quiet.run(cyclesLimit(50));
  EXPECT_EQ(quiet.bus().peek(0x10), 0);
}

// LDA #$18 / STA $2001 / wait: BIT $2002 / BVC wait / JMP *
Cartridge spriteZeroWait(uint8_t mask) {
  return nrom({0xA9, mask, 0x8D, 0x01, 0x20, 0x2C, 0x02, 0x20, 0x50, 0xFB, 0x4C, 0x0A, 0x80});
}

TEST(NesSystem, SpriteZeroWaitFinishesAtSpriteLine) {
  NesSystem nes(spriteZeroWait(0x18));
  nes.bus().write(0x2003, 0);
  nes.bus().write(0x2004, 100);  // Y: top row on line 101
  nes.reset();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 2 * NesSystem::kFrameCycles;
  EXPECT_EQ(nes.run(limits).reason, HaltReason::Loop);
  EXPECT_EQ(nes.frame(), 0u);
  const uint32_t hit = ((21 + 101) * 341 + 1) / 3;
  EXPECT_GE(nes.frameCycle(), hit);
  EXPECT_LE(nes.frameCycle(), hit + 16);
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x40, 0x40);  // reading does not clear it
  // The pre-render line clears it.
  nes.run(
      cyclesLimit(NesSystem::kFrameCycles - nes.frameCycle() + NesSystem::kPreRenderCycle + 10));
  EXPECT_EQ(nes.frame(), 1u);
  EXPECT_EQ(nes.bus().peek(0x2002) & 0x40, 0);
}

TEST(NesSystem, NoSpriteZeroHitWithRenderingOff) {
  NesSystem nes(spriteZeroWait(0x08));  // background only
  nes.reset();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 3 * NesSystem::kFrameCycles;
  EXPECT_EQ(nes.run(limits).reason, HaltReason::CycleBudget);
}

// ---- OAM DMA ----

TEST(NesSystem, OamDmaCopiesAndStalls) {
  for (const bool evenStart : {false, true}) {
    // LDA #2 (2) or LDA $00 (3) / STA $4014 (4) / JMP *
    NesSystem nes(evenStart ? nrom({0xA5, 0x00, 0xA9, 0x02, 0x8D, 0x14, 0x40, 0x4C, 0x07, 0x80})
                            : nrom({0xEA, 0xA9, 0x02, 0x8D, 0x14, 0x40, 0x4C, 0x06, 0x80}));
    for (unsigned i = 0; i < 256; ++i) nes.bus().poke(static_cast<uint16_t>(0x200 + i), uint8_t(i));
    nes.bus().write(0x2003, 0x10);  // DMA starts at OAMADDR and wraps
    nes.reset();
    const uint64_t before = nes.cpu().cycles;
    RunLimits limits;
    limits.sentinel = evenStart ? 0x8007 : 0x8006;
    const RunResult r = nes.run(limits);
    ASSERT_EQ(r.reason, HaltReason::Returned);
    const uint64_t code = evenStart ? 3 + 2 + 4 : 2 + 2 + 4;
    const uint64_t stall = r.cycles - code;
    EXPECT_EQ(nes.cpu().cycles - before, r.cycles);
    // 513 cycles, one more when the DMA would start on an odd cycle
    EXPECT_EQ(stall, 513u + ((before + code) & 1)) << "start " << before;
    EXPECT_EQ(nes.frameCycle(), NesSystem::kPreRenderCycle + r.cycles);
    for (unsigned i = 0; i < 256; ++i) EXPECT_EQ(nes.bus().oam()[(i + 0x10) & 0xFF], i);
    EXPECT_EQ(nes.bus().dmaCount(), 1u);
  }
}

TEST(NesSystem, OamRegisters) {
  NesSystem nes(nrom({0xEA}));
  nes.bus().write(0x2003, 0xFE);
  nes.bus().write(0x2004, 0x11);
  nes.bus().write(0x2004, 0x22);
  nes.bus().write(0x2004, 0x33);  // wraps to 0
  EXPECT_EQ(nes.bus().oam()[0xFE], 0x11);
  EXPECT_EQ(nes.bus().oam()[0xFF], 0x22);
  EXPECT_EQ(nes.bus().oam()[0x00], 0x33);
  nes.bus().write(0x2003, 0xFF);
  EXPECT_EQ(nes.bus().read(0x2004), 0x22);
}

// ---- PPU memory ----

void setAddr(NesBus& bus, uint16_t a) {
  bus.write(0x2006, static_cast<uint8_t>(a >> 8));
  bus.write(0x2006, static_cast<uint8_t>(a));
}

TEST(NesSystem, NametableWritesFollowMirroring) {
  NesSystem h(nrom({0xEA}, {0x40}, Mirroring::Horizontal));
  NesSystem v(nrom({0xEA}, {0x40}, Mirroring::Vertical));
  for (NesSystem* nes : {&h, &v}) {
    NesBus& bus = nes->bus();
    const std::pair<uint16_t, uint8_t> writes[] = {
        {0x2000, 0x11}, {0x2401, 0x22}, {0x2802, 0x33}, {0x2C03, 0x44}, {0x3004, 0x55}};
    for (auto [addr, value] : writes) {
      setAddr(bus, addr);
      bus.write(0x2007, value);
    }
  }
  // Horizontal: $2000/$2400 share page 0, $2800/$2C00 page 1; $3000 mirrors $2000.
  EXPECT_EQ(h.bus().nametableRam()[0x000], 0x11);
  EXPECT_EQ(h.bus().nametableRam()[0x001], 0x22);
  EXPECT_EQ(h.bus().nametableRam()[0x402], 0x33);
  EXPECT_EQ(h.bus().nametableRam()[0x403], 0x44);
  EXPECT_EQ(h.bus().nametableRam()[0x004], 0x55);
  EXPECT_EQ(h.bus().ppuPeek(0x2401), 0x22);
  EXPECT_EQ(h.bus().ppuPeek(0x2C02), 0x33);
  // Vertical: $2000/$2800 share page 0, $2400/$2C00 page 1.
  EXPECT_EQ(v.bus().nametableRam()[0x000], 0x11);
  EXPECT_EQ(v.bus().nametableRam()[0x401], 0x22);
  EXPECT_EQ(v.bus().nametableRam()[0x002], 0x33);
  EXPECT_EQ(v.bus().nametableRam()[0x403], 0x44);
  EXPECT_EQ(v.bus().ppuPeek(0x2802), 0x33);
}

// Four-screen boards bring 2 KiB of their own for $2800/$2C00.
TEST(NesSystem, FourScreenNametables) {
  NesSystem nes(nrom({0xEA}, {0x40}, Mirroring::FourScreen));
  NesBus& bus = nes.bus();
  for (uint16_t base : {0x2000, 0x2400, 0x2800, 0x2C00}) {
    setAddr(bus, base);
    bus.write(0x2007, static_cast<uint8_t>(base >> 8));
  }
  EXPECT_EQ(bus.nametableRam()[0x000], 0x20);
  EXPECT_EQ(bus.nametableRam()[0x400], 0x24);
  EXPECT_EQ(bus.ppuPeek(0x2800), 0x28);
  EXPECT_EQ(bus.ppuPeek(0x2C00), 0x2C);
  EXPECT_EQ(bus.saveState().extraNametables.size(), 2048u);
}

TEST(NesSystem, AddressIncrementAndChrRam) {
  NesSystem nes(nrom({0xEA}));
  NesBus& bus = nes.bus();
  bus.write(0x2000, 0x04);  // +32: down a column
  setAddr(bus, 0x2005);
  bus.write(0x2007, 1);
  bus.write(0x2007, 2);
  EXPECT_EQ(bus.nametableRam()[0x005], 1);
  EXPECT_EQ(bus.nametableRam()[0x025], 2);
  bus.write(0x2000, 0x00);
  setAddr(bus, 0x0010);  // CHR RAM
  bus.write(0x2007, 0xAB);
  bus.write(0x2007, 0xCD);
  EXPECT_EQ(bus.chrRead(0x0010), 0xAB);
  EXPECT_EQ(bus.chrRead(0x0011), 0xCD);
  EXPECT_EQ(bus.ppuRegs().v, 0x0012);
}

TEST(NesSystem, PaletteAndItsMirrors) {
  NesSystem nes(nrom({0xEA}));
  NesBus& bus = nes.bus();
  setAddr(bus, 0x3F10);
  bus.write(0x2007, 0x0F);  // $3F10 is $3F00
  bus.write(0x2007, 0x21);  // $3F11 is its own entry
  setAddr(bus, 0x3F24);     // $3F20-$3FFF mirror $3F00-$3F1F; $3F04 too via $3F14
  bus.write(0x2007, 0xFF);  // six bits are kept
  EXPECT_EQ(bus.paletteRam()[0x00], 0x0F);
  EXPECT_EQ(bus.paletteRam()[0x11], 0x21);
  EXPECT_EQ(bus.paletteRam()[0x10], 0x00);
  EXPECT_EQ(bus.paletteRam()[0x04], 0x3F);
  EXPECT_EQ(bus.ppuPeek(0x3F00), 0x0F);
  EXPECT_EQ(bus.ppuPeek(0x3F14), 0x3F);
  // Palette reads are not buffered.
  setAddr(bus, 0x3F11);
  EXPECT_EQ(bus.read(0x2007) & 0x3F, 0x21);
}

TEST(NesSystem, DataReadsAreBuffered) {
  NesSystem nes(nrom({0xEA}));
  NesBus& bus = nes.bus();
  setAddr(bus, 0x2100);
  bus.write(0x2007, 0x5A);
  bus.write(0x2007, 0x6B);
  setAddr(bus, 0x2100);
  EXPECT_EQ(bus.peek(0x2007), 0x00);  // the stale buffer, peek changes nothing
  EXPECT_EQ(bus.read(0x2007), 0x00);
  EXPECT_EQ(bus.read(0x2007), 0x5A);
  EXPECT_EQ(bus.read(0x2007), 0x6B);
  // A palette read fills the buffer with the nametable byte underneath.
  setAddr(bus, 0x2F05);
  bus.write(0x2007, 0x77);
  setAddr(bus, 0x3F05);
  bus.read(0x2007);
  EXPECT_EQ(bus.ppuRegs().readBuffer, 0x77);
}

TEST(NesSystem, StatusReadResetsTheAddressLatch) {
  NesSystem nes(nrom({0xEA}));
  NesBus& bus = nes.bus();
  bus.write(0x2006, 0x21);  // first half only
  bus.read(0x2002);         // toggle back to the first write
  setAddr(bus, 0x2345);
  EXPECT_EQ(bus.ppuRegs().v, 0x2345);
  bus.write(0x2005, 0x7D);  // scroll X: coarse 15, fine 5
  bus.write(0x2005, 0x5E);  // scroll Y: coarse 11, fine 6
  EXPECT_EQ(bus.ppuRegs().fineX, 5);
  EXPECT_EQ(bus.ppuRegs().t & 0x1F, 15);
  EXPECT_EQ((bus.ppuRegs().t >> 5) & 0x1F, 11);
  EXPECT_EQ(bus.ppuRegs().t >> 12, 6);
}

// ---- controllers ----

TEST(NesSystem, ControllerShiftsEightButtonsThenOnes) {
  NesSystem nes(nrom({0xEA}));
  NesBus& bus = nes.bus();
  nes.setButtons(0, 0xA5);  // A, Select, Down, Right
  nes.setButtons(1, 0x40);  // B
  bus.write(0x4016, 1);
  EXPECT_EQ(bus.read(0x4016) & 1, 1);  // strobe high: A again and again
  EXPECT_EQ(bus.read(0x4016) & 1, 1);
  bus.write(0x4016, 0);
  const int want0[] = {1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1};
  const int want1[] = {0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  for (int i = 0; i < 11; ++i) {
    EXPECT_EQ(bus.read(0x4016) & 1, want0[i]) << i;
    EXPECT_EQ(bus.read(0x4017) & 1, want1[i]) << i;
  }
}

TEST(NesSystem, JoypadReadLoop) {
  // LDA #1 / STA $4016 / LDA #0 / STA $4016 / LDX #8
  // loop: LDA $4016 / LSR A / ROL $20 / DEX / BNE loop / JMP *
  NesSystem nes(nrom({0xA9, 0x01, 0x8D, 0x16, 0x40, 0xA9, 0x00, 0x8D, 0x16, 0x40, 0xA2, 0x08,
                      0xAD, 0x16, 0x40, 0x4A, 0x26, 0x20, 0xCA, 0xD0, 0xF7, 0x4C, 0x15, 0x80}));
  nes.reset();
  nes.setButtons(0, 0x93);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 10000;
  EXPECT_EQ(nes.run(limits).reason, HaltReason::Loop);
  EXPECT_EQ(nes.bus().peek(0x20), 0x93);
}

// ---- data hook ----

struct Recorder : DataHook {
  struct Event {
    uint16_t addr;
    uint8_t value;
    bool write;
    bool operator==(const Event&) const = default;
  };
  std::vector<Event> events;
  void onData(uint16_t addr, uint8_t value, bool write) override {
    events.push_back({addr, value, write});
  }
};

TEST(NesSystem, DataHookSeesDataAccessesNotFetches) {
  // LDA $0305 / STA $0306 / INC $0307 / LDA $8020 / JMP *
  NesSystem nes(nrom(
      {0xAD, 0x05, 0x03, 0x8D, 0x06, 0x03, 0xEE, 0x07, 0x03, 0xAD, 0x20, 0x80, 0x4C, 0x0C, 0x80}));
  nes.bus().poke(0x0305, 0x42);
  nes.bus().poke(0x0307, 0x09);
  Recorder rec;
  std::array<bool, 256> pages{};
  pages[0x03] = pages[0x80] = true;  // the code's own page too
  nes.bus().setDataHook(&rec, pages);
  EXPECT_EQ(nes.bus().fastPages()->read[0x03], nullptr);
  EXPECT_EQ(nes.bus().fastPages()->read[0x80], nullptr);
  EXPECT_NE(nes.bus().fastPages()->read[0x04], nullptr);
  nes.reset();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 1000;
  EXPECT_EQ(nes.run(limits).reason, HaltReason::Loop);
  const std::vector<Recorder::Event> want = {{0x0305, 0x42, false},
                                             {0x0306, 0x42, true},
                                             {0x0307, 0x09, false},
                                             {0x0307, 0x0A, true},
                                             {0x8020, 0xEA, false}};
  EXPECT_EQ(rec.events, want);
  EXPECT_EQ(nes.bus().peek(0x0306), 0x42);
  EXPECT_EQ(nes.bus().peek(0x0307), 0x0A);

  nes.bus().setDataHook(nullptr, pages);  // off: the fast map is back
  EXPECT_NE(nes.bus().fastPages()->read[0x03], nullptr);
  EXPECT_NE(nes.bus().fastPages()->read[0x80], nullptr);
}

// ---- breakpoints across slices ----

TEST(NesSystem, BreakpointHoldsAtEverySliceBoundary) {
  NesSystem nes(nrom({0xE8, 0x4C, 0x00, 0x80}));  // loop: INX / JMP loop
  nes.reset();
  std::vector<bool> bp(65536, false);
  bp[0x8000] = true;
  RunLimits limits;
  limits.breakpoints = &bp;
  limits.maxCycles = 100000;
  for (int i = 1; i <= 3000; ++i) {  // 15,000 cycles: many slices and events
    const RunResult r = nes.run(limits);
    ASSERT_EQ(r.reason, HaltReason::Breakpoint) << i;
    ASSERT_EQ(r.instructions, 2u) << i;
    ASSERT_EQ(nes.cpu().regs.x, static_cast<uint8_t>(i));
  }
}

// ---- mappers through NesSystem ----

TEST(NesSystem, Mmc1BanksBySerialWritesAndMapPrgBank) {
  NesSystem nes(banked(1, 16));  // 128 KiB, mode 3: $C000 fixed to the last bank
  NesBus& bus = nes.bus();
  for (int i = 0; i < 5; ++i) bus.write(0xE000, static_cast<uint8_t>(3 >> i));
  EXPECT_EQ(bus.peek(0x8000), 6);  // 16 KiB bank 3 = 8 KiB bank 6
  EXPECT_TRUE(nes.mapPrgBank(0x8000, 5));
  EXPECT_EQ(bus.peek(0x8000), 10);
  EXPECT_EQ(bus.peek(0xA000), 11);
  EXPECT_TRUE(nes.mapPrgBank(0xC123, 7));   // already there
  EXPECT_FALSE(nes.mapPrgBank(0xC000, 2));  // the fixed window
  EXPECT_FALSE(nes.mapPrgBank(0x8000, 8));  // no such bank
  EXPECT_EQ(bus.peek(0x8000), 10);          // nothing changed
  EXPECT_EQ(bus.peek(0xC000), 14);
}

TEST(NesSystem, UxromAndMmc3MapPrgBank) {
  NesSystem ux(banked(2, 8));
  EXPECT_TRUE(ux.mapPrgBank(0x8000, 2));
  EXPECT_EQ(ux.bus().peek(0x9FFF), 4);
  EXPECT_FALSE(ux.mapPrgBank(0xC000, 1));
  ux.bus().write(0x8000, 1);
  EXPECT_EQ(ux.bus().peek(0x8000), 2);

  NesSystem m3(banked(4, 16));
  EXPECT_TRUE(m3.mapPrgBank(0x8000, 5));
  EXPECT_TRUE(m3.mapPrgBank(0xA000, 9));
  EXPECT_FALSE(m3.mapPrgBank(0xC000, 3));  // second-last fixed in PRG mode 0
  EXPECT_TRUE(m3.mapPrgBank(0xC000, 14));
  EXPECT_TRUE(m3.mapPrgBank(0xE000, 15));
  EXPECT_EQ(m3.bus().peek(0x8000), 5);
  EXPECT_EQ(m3.bus().peek(0xA000), 9);
  EXPECT_EQ(m3.bus().peek(0xC000), 14);

  NesSystem nr(banked(0, 4));
  EXPECT_TRUE(nr.mapPrgBank(0x8000, 0));
  EXPECT_FALSE(nr.mapPrgBank(0x8000, 1));
  EXPECT_FALSE(nr.mapPrgBank(0x6000, 0));
}

TEST(NesSystem, AxromBanksAndOneScreenMirroring) {
  NesSystem nes(banked(7, 16));  // 128 KiB: four 32 KiB banks
  NesBus& bus = nes.bus();
  bus.write(0x8000, 0x12);  // bank 2, upper nametable
  EXPECT_EQ(bus.peek(0x8000), 8);
  EXPECT_EQ(bus.peek(0xE000), 11);
  EXPECT_EQ(bus.mirroring(), Mirroring::SingleUpper);
  setAddr(bus, 0x2803);
  bus.write(0x2007, 0x99);
  EXPECT_EQ(bus.nametableRam()[0x403], 0x99);
  EXPECT_TRUE(nes.mapPrgBank(0xC000, 3));
  EXPECT_EQ(bus.peek(0xC000), 14);
  EXPECT_EQ(bus.mirroring(), Mirroring::SingleUpper);  // the mirroring bit is kept
}

// ---- state ----

// A program that touches everything: NMI on, DMA each frame, $2007 writes, a
// joypad read, a counter; the hook logs page $02 and $03.
Cartridge busyGame() {
  return nrom(
      {
          0xA9, 0x80, 0x8D, 0x00, 0x20,  // LDA #$80 / STA $2000
          0xA9, 0x1E, 0x8D, 0x01, 0x20,  // LDA #$1E / STA $2001
          0xE6, 0x30,                    // loop: INC $30
          0xA5, 0x30, 0x8D, 0x07, 0x20,  // LDA $30 / STA $2007
          0x99, 0x00, 0x03,              // STA $0300,Y
          0xC8,                          // INY
          0x4C, 0x0A, 0x80,              // JMP loop
      },
      {
          0xA9, 0x02, 0x8D, 0x14, 0x40,  // nmi: LDA #2 / STA $4014
          0xA9, 0x01, 0x8D, 0x16, 0x40,  // LDA #1 / STA $4016
          0xA9, 0x00, 0x8D, 0x16, 0x40,  // LDA #0 / STA $4016
          0xAD, 0x16, 0x40,              // LDA $4016
          0xE6, 0x31,                    // INC $31
          0xA6, 0x31,                    // LDX $31
          0x9D, 0x00, 0x02,              // STA $0200,X
          0x2C, 0x02, 0x20,              // BIT $2002
          0x40,                          // RTI
      });
}

TEST(NesSystem, StateRoundTripIsExact) {
  NesSystem nes(busyGame());
  Recorder rec;
  std::array<bool, 256> pages{};
  pages[0x02] = pages[0x03] = true;
  nes.bus().setDataHook(&rec, pages);
  nes.setButtons(0, 0x81);
  nes.reset();
  nes.run(cyclesLimit(3 * NesSystem::kFrameCycles + 1234));
  const NesSystemState saved = nes.saveState();
  const size_t mark = rec.events.size();

  const auto runOn = [&] {
    const RunResult r = nes.run(cyclesLimit(2 * NesSystem::kFrameCycles + 777));
    std::vector<uint8_t> view;
    for (uint32_t a = 0; a < 0x10000; ++a) view.push_back(nes.bus().peek(static_cast<uint16_t>(a)));
    for (uint16_t a = 0; a < 0x4000; ++a) view.push_back(nes.bus().ppuPeek(a));
    return std::make_pair(r.cycles, view);
  };
  const auto first = runOn();
  const NesSystemState after = nes.saveState();
  const std::vector<Recorder::Event> firstEvents(rec.events.begin() + mark, rec.events.end());
  ASSERT_FALSE(firstEvents.empty());
  EXPECT_GT(after.frame, saved.frame);
  EXPECT_NE(after.bus.oam, saved.bus.oam);

  nes.loadState(saved);
  EXPECT_EQ(nes.saveState(), saved);
  rec.events.resize(mark);
  const auto second = runOn();
  EXPECT_EQ(nes.saveState(), after);
  EXPECT_EQ(first, second);
  const std::vector<Recorder::Event> secondEvents(rec.events.begin() + mark, rec.events.end());
  EXPECT_EQ(firstEvents, secondEvents);
}

}  // namespace
}  // namespace emu6502
