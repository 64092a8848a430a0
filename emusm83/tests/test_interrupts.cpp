// Interrupts on a real GbBus: priority, the 5 M-cycle dispatch and its bus cycles,
// the EI delay, DI, RETI, HALT (wake-up, the halt bug, lock-up), STOP, illegal
// opcodes, and the timer overflow interrupt.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

struct Recorder : BusObserver {
  struct Cycle {
    uint16_t addr;
    uint8_t value;
    Access kind;
  };
  std::vector<Cycle> cycles;
  void onAccess(uint16_t addr, uint8_t value, Access kind) override {
    cycles.push_back({addr, value, kind});
  }
};

// Each vector loads a distinct value into A (ld a, n / reti): 1 2 4 8 16.
std::vector<uint8_t> romWithVectors(std::initializer_list<uint8_t> main) {
  auto rom = test::makeRom();
  for (unsigned i = 0; i < 5; ++i) {
    const size_t v = 0x40 + 8 * i;
    rom[v] = 0x3E;
    rom[v + 1] = static_cast<uint8_t>(1u << i);
    rom[v + 2] = 0xD9;
  }
  test::place(rom, 0x150, main);
  return rom;
}

struct Machine {
  explicit Machine(std::vector<uint8_t> rom)
      : bus(std::move(*loadCartridge(std::move(rom)).cart)), cpu(bus) {
    cpu.regs.pc = 0x150;
    cpu.regs.sp = 0xD000;
  }
  uint16_t stackWord() const {
    return static_cast<uint16_t>(bus.peek(cpu.regs.sp) | bus.peek(cpu.regs.sp + 1) << 8);
  }
  GbBus bus;
  CpuSm83 cpu;
};

TEST(Sm83Interrupts, LowestBitWinsAndDispatchTakesFiveCycles) {
  Machine m(romWithVectors({0x00, 0x00, 0x00, 0x18, 0xFE}));
  m.cpu.regs.ime = true;
  m.bus.poke(0xFFFF, 0x1F);
  m.bus.poke(0xFF0F, kIntTimer | kIntSerial | kIntJoypad);
  Recorder rec;
  m.cpu.setObserver(&rec);
  // Dispatch (5) + `ld a, 4` at $0050 (2).
  EXPECT_EQ(m.cpu.step(), 7u);
  EXPECT_EQ(m.cpu.regs.a, 4);
  EXPECT_FALSE(m.cpu.regs.ime);
  EXPECT_EQ(m.bus.interruptFlags(), kIntSerial | kIntJoypad);
  EXPECT_EQ(m.cpu.regs.sp, 0xCFFE);
  EXPECT_EQ(m.stackWord(), 0x0150);
  ASSERT_EQ(rec.cycles.size(), 7u);
  EXPECT_EQ(rec.cycles[0].kind, Access::Internal);
  EXPECT_EQ(rec.cycles[1].kind, Access::Internal);
  EXPECT_EQ(rec.cycles[2].kind, Access::Write);
  EXPECT_EQ(rec.cycles[2].addr, 0xCFFF);
  EXPECT_EQ(rec.cycles[2].value, 0x01);
  EXPECT_EQ(rec.cycles[3].addr, 0xCFFE);
  EXPECT_EQ(rec.cycles[3].value, 0x50);
  EXPECT_EQ(rec.cycles[4].kind, Access::Internal);
  EXPECT_EQ(rec.cycles[5].kind, Access::OpcodeFetch);
  EXPECT_EQ(rec.cycles[5].addr, 0x0050);

  // RETI enables IME at once: the serial interrupt is taken right after it.
  EXPECT_EQ(m.cpu.step(), 4u);  // reti
  EXPECT_TRUE(m.cpu.regs.ime);
  EXPECT_EQ(m.cpu.regs.pc, 0x0150);
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.a, 8);
  m.cpu.step();  // reti
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.a, 16);
  EXPECT_EQ(m.bus.interruptFlags(), 0);
}

TEST(Sm83Interrupts, NothingIsTakenWithImeOffOrIeClear) {
  Machine m(romWithVectors({0x00, 0x00, 0x00}));
  m.bus.poke(0xFFFF, 0x1F);
  m.bus.poke(0xFF0F, kIntVBlank);
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.pc, 0x151);
  m.cpu.regs.ime = true;
  m.bus.poke(0xFFFF, 0x00);
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.pc, 0x152);
  EXPECT_EQ(m.bus.interruptFlags(), kIntVBlank);
}

TEST(Sm83Interrupts, EiTakesEffectAfterTheNextInstruction) {
  Machine m(romWithVectors({0xFB, 0x3C, 0x3C, 0x3C}));  // ei / inc a x3
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF0F, kIntTimer);
  m.cpu.regs.a = 0x10;
  m.cpu.step();  // ei
  EXPECT_FALSE(m.cpu.regs.ime);
  EXPECT_TRUE(m.cpu.eiPending());
  m.cpu.step();  // inc a runs before any dispatch
  EXPECT_EQ(m.cpu.regs.a, 0x11);
  EXPECT_TRUE(m.cpu.regs.ime);
  m.cpu.step();  // now the timer interrupt
  EXPECT_EQ(m.cpu.regs.a, 4);
  EXPECT_EQ(m.stackWord(), 0x0152);
}

TEST(Sm83Interrupts, EiThenDiTakesNothing) {
  Machine m(romWithVectors({0xFB, 0xF3, 0x00, 0x00}));  // ei / di / nop / nop
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF0F, kIntTimer);
  for (int i = 0; i < 4; ++i) m.cpu.step();
  EXPECT_EQ(m.cpu.regs.pc, 0x154);
  EXPECT_FALSE(m.cpu.regs.ime);
  EXPECT_FALSE(m.cpu.eiPending());
}

TEST(Sm83Interrupts, RunUntilTakesInterruptsToo) {
  // ei / nop / jr @: the pending VBlank is taken after the nop, then the loop ends it.
  Machine m(romWithVectors({0xFB, 0x00, 0x18, 0xFE}));
  m.bus.poke(0xFFFF, kIntVBlank);
  m.bus.poke(0xFF0F, kIntVBlank);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxInstructions = 50;
  const RunResult r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 1);
  EXPECT_EQ(r.instructions, 5u);  // ei nop ld reti jr
  EXPECT_EQ(r.cycles, 1u + 1 + 5 + 2 + 4 + 3);
}

TEST(Sm83Interrupts, HaltWakesOnTimerOverflow) {
  // halt / nop / jr @; the timer runs at 4 M-cycles per tick from TIMA=$F0.
  Machine m(romWithVectors({0x76, 0x00, 0x18, 0xFE}));
  m.cpu.regs.ime = true;
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF05, 0xF0);
  m.bus.poke(0xFF07, 0x05);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 10000;
  const RunResult r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 4);
  EXPECT_EQ(m.cpu.regs.pc, 0x152);
  // 16 timer ticks of 4 M-cycles elapse before the overflow wakes the CPU.
  EXPECT_GE(r.cycles, 64u);
  EXPECT_LE(r.cycles, 64u + 1 + 5 + 2 + 4 + 1 + 3 + 4);
  EXPECT_LE(m.bus.timer().tima(), 0x05);  // reloaded from TMA=0, counting again
}

TEST(Sm83Interrupts, HaltWithImeOffResumesWithoutDispatch) {
  Machine m(romWithVectors({0x76, 0x3C, 0x18, 0xFE}));  // halt / inc a / jr @
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF05, 0xFF);
  m.bus.poke(0xFF07, 0x05);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 1000;
  EXPECT_EQ(m.cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 1);  // inc a ran once: no halt bug, no handler
  EXPECT_EQ(m.bus.interruptFlags(), kIntTimer);
}

TEST(Sm83Interrupts, StepWhileHaltedCountsOneCycle) {
  Machine m(romWithVectors({0x76, 0x00}));
  m.bus.poke(0xFFFF, kIntTimer);
  m.cpu.step();
  EXPECT_TRUE(m.cpu.halted());
  const uint64_t before = m.cpu.cycles;
  EXPECT_EQ(m.cpu.step(), 1u);
  EXPECT_EQ(m.cpu.cycles, before + 1);
  EXPECT_EQ(m.cpu.regs.pc, 0x151);
  m.bus.requestInterrupt(kIntTimer);
  m.cpu.step();  // wakes (IME off: no dispatch) and runs the nop
  EXPECT_FALSE(m.cpu.halted());
  EXPECT_EQ(m.cpu.regs.pc, 0x152);
}

TEST(Sm83Interrupts, HaltBugReadsTheNextByteTwice) {
  // halt / ld a, $14 with an interrupt already pending and IME off: the byte after
  // HALT is fetched twice, so the CPU runs `ld a, $3E` and then `inc d` ($14).
  Machine m(romWithVectors({0x76, 0x3E, 0x14, 0x00}));
  m.bus.poke(0xFFFF, kIntSerial);
  m.bus.poke(0xFF0F, kIntSerial);
  m.cpu.step();  // halt: does not halt
  EXPECT_TRUE(m.cpu.step() > 0);
  EXPECT_EQ(m.cpu.regs.a, 0x3E);
  EXPECT_EQ(m.cpu.regs.pc, 0x152);
  EXPECT_FALSE(m.cpu.halted());
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.d, 1);
  EXPECT_EQ(m.cpu.regs.pc, 0x153);
}

TEST(Sm83Interrupts, HaltBugInRunUntil) {
  Machine m(romWithVectors({0x76, 0x3C, 0x18, 0xFE}));  // halt / inc a / jr @
  m.bus.poke(0xFFFF, kIntSerial);
  m.bus.poke(0xFF0F, kIntSerial);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxInstructions = 20;
  EXPECT_EQ(m.cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 2);  // inc a ran twice
}

TEST(Sm83Interrupts, HaltWithNothingEnabledLocks) {
  Machine m(romWithVectors({0x76, 0x00}));
  RunLimits limits;
  limits.maxCycles = 100000;
  const RunResult r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::Locked);
  EXPECT_TRUE(m.cpu.locked());
  EXPECT_NE(std::string(m.cpu.lockReason()).find("HALT at $0150"), std::string::npos)
      << m.cpu.lockReason();
}

TEST(Sm83Interrupts, HaltingOnAStoppedTimerHitsTheCycleBudget) {
  Machine m(romWithVectors({0x76, 0x00}));
  m.bus.poke(0xFFFF, kIntTimer);  // enabled, but the timer is off: only the budget ends it
  RunLimits limits;
  limits.maxCycles = 5000;
  const RunResult r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::CycleBudget);
  EXPECT_EQ(r.cycles, 5000u);
  EXPECT_TRUE(m.cpu.halted());
}

TEST(Sm83Interrupts, AccessesAreTagged) {
  // ld a, [$C000] / set 1, [hl] / push bc
  Machine m(romWithVectors({0xFA, 0x00, 0xC0, 0xCB, 0xCE, 0xC5}));
  m.cpu.regs.setHl(0xC010);
  Recorder rec;
  m.cpu.setObserver(&rec);
  m.cpu.step();
  m.cpu.step();
  m.cpu.step();
  const Access want[] = {Access::OpcodeFetch, Access::Operand,  Access::Operand, Access::Read,
                         Access::OpcodeFetch, Access::Operand,  Access::Read,    Access::Write,
                         Access::OpcodeFetch, Access::Internal, Access::Write,   Access::Write};
  ASSERT_EQ(rec.cycles.size(), std::size(want));
  for (size_t i = 0; i < rec.cycles.size(); ++i) EXPECT_EQ(rec.cycles[i].kind, want[i]) << i;
  EXPECT_EQ(rec.cycles[7].addr, 0xC010);
  EXPECT_EQ(rec.cycles[7].value, 0x02);
  EXPECT_STREQ(accessName(Access::Operand), "operand");
}

TEST(Sm83Interrupts, ClearLockEndsAHaltLockUp) {
  Machine m(romWithVectors({0x76, 0x3C, 0x18, 0xFE}));  // halt / inc a / jr @
  EXPECT_EQ(m.cpu.runUntil({}).reason, HaltReason::Locked);
  m.cpu.clearLock();
  EXPECT_FALSE(m.cpu.halted());
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  EXPECT_EQ(m.cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 1);
}

TEST(Sm83Interrupts, StateRoundTripKeepsThePendingEi) {
  Machine m(romWithVectors({0xFB, 0x3C, 0x3C}));  // ei / inc a / inc a
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF0F, kIntTimer);
  m.cpu.step();
  const CpuState saved = m.cpu.state();
  EXPECT_TRUE(saved.eiPending);
  m.cpu.step();
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.a, 4);  // the interrupt was taken
  m.cpu.setState(saved);
  m.bus.poke(0xFF0F, kIntTimer);
  EXPECT_EQ(m.cpu.state(), saved);
  m.cpu.step();
  m.cpu.step();
  EXPECT_EQ(m.cpu.regs.a, 4);  // the same again after restoring
}

TEST(Sm83Interrupts, IllegalOpcodeLocks) {
  Machine m(romWithVectors({0x00, 0xDD, 0x00}));
  const RunResult r = m.cpu.runUntil({});
  EXPECT_EQ(r.reason, HaltReason::Locked);
  EXPECT_EQ(r.instructions, 2u);
  EXPECT_STREQ(m.cpu.lockReason(), "illegal opcode $DD at $0151");
  EXPECT_EQ(m.cpu.regs.pc, 0x151);
  EXPECT_EQ(m.cpu.step(), 0u);
  EXPECT_EQ(m.cpu.runUntil({}).reason, HaltReason::Locked);
  m.cpu.clearLock();
  m.cpu.regs.pc = 0x152;
  EXPECT_EQ(m.cpu.step(), 1u);
}

TEST(Sm83Interrupts, StopReportsStoppedAndResumes) {
  Machine m(romWithVectors({0x10, 0x00, 0x3C, 0x18, 0xFE}));  // stop / inc a / jr @
  RunResult r = m.cpu.runUntil({});
  EXPECT_EQ(r.reason, HaltReason::Stopped);
  EXPECT_EQ(m.cpu.regs.pc, 0x152);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::Loop);
  EXPECT_EQ(m.cpu.regs.a, 1);
}

TEST(Sm83Interrupts, IePushCancelsDispatch) {
  // SP=$0000: pushing PC's high byte writes $FFFF (IE) = $01, which removes the
  // pending timer interrupt after it was selected: PC becomes $0000.
  Machine m(romWithVectors({0x00}));
  m.cpu.regs.sp = 0x0000;
  m.cpu.regs.pc = 0x0150;
  m.cpu.regs.ime = true;
  m.bus.poke(0xFFFF, kIntTimer);
  m.bus.poke(0xFF0F, kIntTimer);
  EXPECT_EQ(m.cpu.step(), 5u + 1);  // dispatch, then the nop at $0000
  EXPECT_EQ(m.cpu.regs.pc, 0x0001);
  EXPECT_EQ(m.bus.interruptFlags(), kIntTimer);
}

TEST(Sm83Interrupts, BreakpointsAndSentinel) {
  // call $0160 / jr @ ; $0160: inc a / inc a / ret
  auto rom = romWithVectors({0xCD, 0x60, 0x01, 0x18, 0xFE});
  test::place(rom, 0x160, {0x3C, 0x3C, 0xC9});
  Machine m(rom);
  std::vector<bool> bp(0x10000, false);
  bp[0x161] = true;
  RunLimits limits;
  limits.breakpoints = &bp;
  limits.sentinel = 0x0153;
  RunResult r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::Breakpoint);
  EXPECT_EQ(m.cpu.regs.pc, 0x161);
  r = m.cpu.runUntil(limits);  // resumes past the breakpoint
  EXPECT_EQ(r.reason, HaltReason::Returned);
  EXPECT_EQ(m.cpu.regs.a, 2);
  EXPECT_EQ(r.instructions, 2u);
  limits.sentinel.reset();
  limits.maxInstructions = 3;
  r = m.cpu.runUntil(limits);
  EXPECT_EQ(r.reason, HaltReason::InstructionBudget);
  EXPECT_EQ(r.instructions, 3u);
}

}  // namespace
}  // namespace emusm83
