// Flat memory with hooked pages: accesses to hooked pages reach the bus's
// read()/write()/dummyRead(), every other page is plain memory, and the result
// of a run is the same as on a plain flat bus.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/flat_bus.h"

namespace emu6502 {
namespace {

// A flat bus that hooks page $03 and logs what reaches read()/write().
class HookBus : public Bus {
 public:
  HookBus() { mask_[0] = uint64_t(1) << 3; }
  uint8_t read(uint16_t a) override {
    reads.push_back(a);
    return ram_[a];
  }
  void write(uint16_t a, uint8_t v) override {
    writes.push_back(a);
    ram_[a] = v;
  }
  uint8_t dummyRead(uint16_t a) override {
    dummyReads.push_back(a);
    return ram_[a];
  }
  uint8_t peek(uint16_t a) const override { return ram_[a]; }
  void poke(uint16_t a, uint8_t v) override { ram_[a] = v; }
  uint8_t* flatMemory() override { return ram_.data(); }
  const uint64_t* hookedPages() override { return mask_.data(); }

  std::vector<uint16_t> reads, writes, dummyReads;

 private:
  std::array<uint8_t, 65536> ram_{};
  std::array<uint64_t, 4> mask_{};
};

// LDX #$F0; LDA $0220,X (crosses into page 3: dummy read of $0210, read $0310);
// STA $0300; LDA $0400; STA $0005; RTS-less: ends at the sentinel $8010.
const uint8_t kProgram[] = {0xA2, 0xF0, 0xBD, 0x20, 0x02, 0x8D, 0x00, 0x03,
                            0xAD, 0x00, 0x04, 0x85, 0x05, 0xEA, 0xEA, 0xEA};

template <class B>
RunResult runProgram(B& bus, Cpu6502& cpu) {
  for (size_t i = 0; i < sizeof kProgram; ++i) bus.poke(uint16_t(0x8000 + i), kProgram[i]);
  bus.poke(0x0310, 0x5A);
  bus.poke(0x0400, 0x77);
  cpu.regs.pc = 0x8000;
  RunLimits limits;
  limits.sentinel = 0x800D;
  return cpu.runUntil(limits);
}

TEST(HookedPages, OnlyHookedPagesReachTheBus) {
  HookBus bus;
  Cpu6502 cpu(bus);
  RunResult r = runProgram(bus, cpu);
  EXPECT_EQ(r.reason, HaltReason::Returned);
  EXPECT_EQ(bus.reads, std::vector<uint16_t>({0x0310}));
  EXPECT_EQ(bus.writes, std::vector<uint16_t>({0x0300}));
  EXPECT_TRUE(bus.dummyReads.empty()) << "the dummy read at $0210 is on an unhooked page";
  EXPECT_EQ(bus.peek(0x0300), 0x5A);
  EXPECT_EQ(bus.peek(0x0005), 0x77);
}

TEST(HookedPages, SameRegistersAndCyclesAsAPlainFlatBus) {
  HookBus hooked;
  Cpu6502 a(hooked);
  FlatBus flat;
  Cpu6502 b(flat);
  RunResult ra = runProgram(hooked, a), rb = runProgram(flat, b);
  EXPECT_EQ(ra.cycles, rb.cycles);
  EXPECT_EQ(ra.instructions, rb.instructions);
  EXPECT_EQ(a.regs.a, b.regs.a);
  EXPECT_EQ(a.regs.x, b.regs.x);
  EXPECT_EQ(a.regs.pc, b.regs.pc);
}

}  // namespace
}  // namespace emu6502
