// Internal to cpu_sm83.cpp: the instruction engine. It executes each opcode through
// the handler the opcode table names for it (emusm83/opcodes.h): the dispatch below
// is built from the table's two 16x16 grids, and every handler is a small function,
// EMUSM83_HANDLER(Name), instantiated per opcode so its register, condition and ALU
// fields come from the opcode bits at compile time. The switch over the grid gives
// the compiler one jump table with every handler inlined.
//
// The engine holds the registers in a local object, so after inlining they live in
// host registers and plain memory writes cannot alias them. Mem is FlatMem or
// PagedMem (cpu_sm83_memory.h); kObserve selects whether every M-cycle is reported
// to the observer.
#pragma once

#include <cstdint>

#include "emusm83/alu.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/cpu_sm83_memory.h"
#include "emusm83/opcodes.h"

// The handler `Name` of opcode (or CB opcode) Op: what the instruction does after
// its opcode fetch.
#define EMUSM83_HANDLER(Name) \
  template <uint8_t Op>       \
  EMUSM83_INLINE void exec##Name()

// One row of a grid as 16 cases, each calling its handler.
// clang-format off
#define EMUSM83_CASE(row, col, Name) \
  case (row) + (col):                \
    exec##Name<(row) + (col)>();     \
    break;
#define EMUSM83_DISPATCH_ROW(row, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, hA, hB, hC, hD, hE, hF) \
  EMUSM83_CASE(row, 0x0, h0) EMUSM83_CASE(row, 0x1, h1) EMUSM83_CASE(row, 0x2, h2)               \
  EMUSM83_CASE(row, 0x3, h3) EMUSM83_CASE(row, 0x4, h4) EMUSM83_CASE(row, 0x5, h5)               \
  EMUSM83_CASE(row, 0x6, h6) EMUSM83_CASE(row, 0x7, h7) EMUSM83_CASE(row, 0x8, h8)               \
  EMUSM83_CASE(row, 0x9, h9) EMUSM83_CASE(row, 0xA, hA) EMUSM83_CASE(row, 0xB, hB)               \
  EMUSM83_CASE(row, 0xC, hC) EMUSM83_CASE(row, 0xD, hD) EMUSM83_CASE(row, 0xE, hE)               \
  EMUSM83_CASE(row, 0xF, hF)
// clang-format on

namespace emusm83 {

template <class Mem, bool kObserve>
class Engine {
 public:
  Engine(CpuSm83& cpu, Mem mem) : cpu_(cpu), mem_(mem), obs_(cpu.observer_) {}

  uint8_t a = 0, f = 0, b = 0, c = 0, d = 0, e = 0, h = 0, l = 0;
  uint16_t sp = 0, pc = 0;
  bool ime = false;
  uint64_t cyc = 0;
  uint64_t deadline = 0;
  uint64_t returnEnd = 0;  // cyc at the end of the last return taken (CpuSm83::lastReturnEnd)

  EMUSM83_INLINE void load() {
    const Regs& r = cpu_.regs;
    a = r.a, f = r.f, b = r.b, c = r.c, d = r.d, e = r.e, h = r.h, l = r.l;
    sp = r.sp, pc = r.pc, ime = r.ime;
    cyc = cpu_.cycles;
    deadline = cpu_.deadline_;
    returnEnd = cpu_.returnEnd_;
    if constexpr (kObserve) lastAddr_ = cpu_.lastAddr_, lastData_ = cpu_.lastData_;
  }

  EMUSM83_INLINE void store() const {
    Regs& r = cpu_.regs;
    r.a = a, r.f = f, r.b = b, r.c = c, r.d = d, r.e = e, r.h = h, r.l = l;
    r.sp = sp, r.pc = pc, r.ime = ime;
    cpu_.cycles = cyc;
    cpu_.deadline_ = deadline;
    cpu_.returnEnd_ = returnEnd;
    if constexpr (kObserve) cpu_.lastAddr_ = lastAddr_, cpu_.lastData_ = lastData_;
  }

  // One instruction. With the halt bug armed, the opcode fetch leaves PC alone, so
  // the byte after HALT is read twice.
  EMUSM83_INLINE void execute(bool haltBug) {
    const uint8_t op = read(pc, Access::OpcodeFetch);
    pc = static_cast<uint16_t>(pc + !haltBug);
    switch (op) { EMUSM83_UNPREFIXED_GRID(EMUSM83_DISPATCH_ROW) }
  }

 private:
  // ---- bus cycles: each is one M-cycle ----
  EMUSM83_INLINE uint8_t read(uint16_t addr, Access kind) {
    ++cyc;
    uint8_t v;
    // A read has no effect on IE/IF, and ticking the bus up to now cannot raise an
    // interrupt before the deadline, so the deadline stands.
    if (!mem_.read(addr, v)) [[unlikely]]
      v = cpu_.slowRead(addr, cyc, kind);
    if constexpr (kObserve) {
      lastAddr_ = addr, lastData_ = v;
      obs_->onAccess(addr, v, kind);
    }
    return v;
  }

  EMUSM83_INLINE void write(uint16_t addr, uint8_t v) {
    ++cyc;
    if (!mem_.write(addr, v)) [[unlikely]] {
      cpu_.slowWrite(addr, v, cyc);
      deadline = 0;  // the write may have changed IE/IF: re-check at the boundary
    }
    if constexpr (kObserve) {
      lastAddr_ = addr, lastData_ = v;
      obs_->onAccess(addr, v, Access::Write);
    }
  }

  EMUSM83_INLINE void internal() {
    ++cyc;
    if constexpr (kObserve) obs_->onAccess(lastAddr_, lastData_, Access::Internal);
  }

  EMUSM83_INLINE uint8_t imm8() {
    const uint8_t v = read(pc, Access::Operand);
    pc = static_cast<uint16_t>(pc + 1);
    return v;
  }
  EMUSM83_INLINE uint16_t imm16() {
    const uint8_t lo = imm8();
    return static_cast<uint16_t>(lo | imm8() << 8);
  }
  EMUSM83_INLINE uint8_t readHl() { return read(hl(), Access::Read); }
  EMUSM83_INLINE uint8_t pop8() {
    const uint8_t v = read(sp, Access::Read);
    sp = static_cast<uint16_t>(sp + 1);
    return v;
  }
  EMUSM83_INLINE uint16_t pop16() {
    const uint8_t lo = pop8();
    return static_cast<uint16_t>(lo | pop8() << 8);
  }
  EMUSM83_INLINE void push16(uint16_t v) {
    sp = static_cast<uint16_t>(sp - 1);
    write(sp, static_cast<uint8_t>(v >> 8));
    sp = static_cast<uint16_t>(sp - 1);
    write(sp, static_cast<uint8_t>(v));
  }

  // ---- register fields, decoded from the opcode bits ----
  EMUSM83_INLINE uint16_t hl() const { return static_cast<uint16_t>(h << 8 | l); }
  EMUSM83_INLINE void setHl(uint16_t v) {
    h = static_cast<uint8_t>(v >> 8), l = static_cast<uint8_t>(v);
  }

  // 8-bit register field: B C D E H L - A (6 is [hl], which is memory).
  template <int R>
  EMUSM83_INLINE uint8_t& r8() {
    static_assert(R != 6, "[hl] is memory");
    if constexpr (R == 0)
      return b;
    else if constexpr (R == 1)
      return c;
    else if constexpr (R == 2)
      return d;
    else if constexpr (R == 3)
      return e;
    else if constexpr (R == 4)
      return h;
    else if constexpr (R == 5)
      return l;
    else
      return a;
  }

  // 16-bit register field p: BC DE HL SP (kStack: BC DE HL AF).
  template <int P, bool kStack = false>
  EMUSM83_INLINE uint16_t r16() const {
    if constexpr (P == 0)
      return static_cast<uint16_t>(b << 8 | c);
    else if constexpr (P == 1)
      return static_cast<uint16_t>(d << 8 | e);
    else if constexpr (P == 2)
      return hl();
    else if constexpr (kStack)
      return static_cast<uint16_t>(a << 8 | f);
    else
      return sp;
  }
  template <int P, bool kStack = false>
  EMUSM83_INLINE void setR16(uint16_t v) {
    const auto hi = static_cast<uint8_t>(v >> 8), lo = static_cast<uint8_t>(v);
    if constexpr (P == 0)
      b = hi, c = lo;
    else if constexpr (P == 1)
      d = hi, e = lo;
    else if constexpr (P == 2)
      h = hi, l = lo;
    else if constexpr (kStack)
      a = hi, f = lo & 0xF0;
    else
      sp = v;
  }

  // Memory field p: [bc] [de] [hl+] [hl-]. The access goes to mrr(); HL steps after.
  template <int P>
  EMUSM83_INLINE uint16_t mrr() const {
    return P == 0 ? r16<0>() : P == 1 ? r16<1>() : hl();
  }
  template <int P>
  EMUSM83_INLINE void stepMrr(uint16_t addr) {
    if constexpr (P == 2) setHl(static_cast<uint16_t>(addr + 1));
    if constexpr (P == 3) setHl(static_cast<uint16_t>(addr - 1));
  }

  // Condition field: NZ Z NC C.
  template <int CC>
  EMUSM83_INLINE bool cond() const {
    if constexpr (CC == 0)
      return !(f & kFlagZ);
    else if constexpr (CC == 1)
      return f & kFlagZ;
    else if constexpr (CC == 2)
      return !(f & kFlagC);
    else
      return f & kFlagC;
  }

  EMUSM83_INLINE void set(uint8_t& r, alu::Result x) { r = x.value, f = x.f; }
  EMUSM83_INLINE void setA(alu::Result x) { set(a, x); }

  // ---- shared steps of the jumps, calls and returns ----
  EMUSM83_INLINE void jr(int8_t off) {
    internal();
    pc = static_cast<uint16_t>(pc + off);
  }
  EMUSM83_INLINE void jp(uint16_t addr) {
    internal();
    pc = addr;
  }
  EMUSM83_INLINE void call(uint16_t addr) {
    internal();
    push16(pc);
    pc = addr;
  }
  EMUSM83_INLINE void ret() {
    pc = pop16();
    internal();
    returnEnd = cyc;
  }
  // SP+e8 with its flags (add sp, e8 and ld hl, sp+e8).
  EMUSM83_INLINE uint16_t spPlusE8() {
    const uint8_t off = imm8();
    internal();
    f = alu::addSpFlags(sp, off);
    return static_cast<uint16_t>(sp + static_cast<int8_t>(off));
  }

  // ---- the handlers, grouped by the regions of the grid ----

  // Control.
  EMUSM83_HANDLER(Nop) {}
  // STOP is 2 bytes; the second is skipped. The clock stops until a button press,
  // which this system does not have: runUntil reports Stopped.
  EMUSM83_HANDLER(Stop) {
    pc = static_cast<uint16_t>(pc + 1);
    cpu_.stopped_ = true;
    deadline = 0;
  }
  EMUSM83_HANDLER(Halt) {
    cpu_.halted_ = true;
    cpu_.haltEntry_ = true;
    deadline = 0;
  }
  EMUSM83_HANDLER(Di) {
    ime = false;
    cpu_.eiPending_ = false;
  }
  EMUSM83_HANDLER(Ei) {
    cpu_.eiPending_ = true;
    deadline = 0;
  }
  EMUSM83_HANDLER(Illegal) {
    pc = static_cast<uint16_t>(pc - 1);
    cpu_.lockIllegal(Op, pc);
    deadline = 0;
  }
  EMUSM83_HANDLER(CbPrefix) {
    switch (imm8()) { EMUSM83_CB_GRID(EMUSM83_DISPATCH_ROW) }
  }

  // 16-bit loads and arithmetic.
  EMUSM83_HANDLER(LdRrD16) { setR16<opP(Op)>(imm16()); }
  EMUSM83_HANDLER(LdMrrA) {
    const uint16_t addr = mrr<opP(Op)>();
    write(addr, a);
    stepMrr<opP(Op)>(addr);
  }
  EMUSM83_HANDLER(LdAMrr) {
    const uint16_t addr = mrr<opP(Op)>();
    a = read(addr, Access::Read);
    stepMrr<opP(Op)>(addr);
  }
  EMUSM83_HANDLER(LdMa16Sp) {
    const uint16_t addr = imm16();
    write(addr, static_cast<uint8_t>(sp));
    write(static_cast<uint16_t>(addr + 1), static_cast<uint8_t>(sp >> 8));
  }
  EMUSM83_HANDLER(IncRr) {
    internal();
    setR16<opP(Op)>(static_cast<uint16_t>(r16<opP(Op)>() + 1));
  }
  EMUSM83_HANDLER(DecRr) {
    internal();
    setR16<opP(Op)>(static_cast<uint16_t>(r16<opP(Op)>() - 1));
  }
  EMUSM83_HANDLER(AddHlRr) {
    internal();
    const uint16_t v = r16<opP(Op)>();
    f = alu::addHlFlags(hl(), v, f);
    setHl(static_cast<uint16_t>(hl() + v));
  }

  // 8-bit increments and immediate loads.
  EMUSM83_HANDLER(IncR) { set(r8<opY(Op)>(), alu::inc8(r8<opY(Op)>(), f)); }
  EMUSM83_HANDLER(DecR) { set(r8<opY(Op)>(), alu::dec8(r8<opY(Op)>(), f)); }
  EMUSM83_HANDLER(IncMhl) {
    const uint16_t addr = hl();
    const alu::Result r = alu::inc8(read(addr, Access::Read), f);
    f = r.f;
    write(addr, r.value);
  }
  EMUSM83_HANDLER(DecMhl) {
    const uint16_t addr = hl();
    const alu::Result r = alu::dec8(read(addr, Access::Read), f);
    f = r.f;
    write(addr, r.value);
  }
  EMUSM83_HANDLER(LdRD8) { r8<opY(Op)>() = imm8(); }
  EMUSM83_HANDLER(LdMhlD8) {
    const uint8_t v = imm8();
    write(hl(), v);
  }

  // Accumulator and flags. The rotates are the CB shift ops RLC RRC RL RR (0-3) on
  // A, with Z cleared.
  EMUSM83_HANDLER(Rlca) { setA(alu::rotateA(0, a, f)); }
  EMUSM83_HANDLER(Rrca) { setA(alu::rotateA(1, a, f)); }
  EMUSM83_HANDLER(Rla) { setA(alu::rotateA(2, a, f)); }
  EMUSM83_HANDLER(Rra) { setA(alu::rotateA(3, a, f)); }
  EMUSM83_HANDLER(Daa) { setA(alu::daa(a, f)); }
  EMUSM83_HANDLER(Cpl) {
    a = static_cast<uint8_t>(~a);
    f = f | kFlagN | kFlagH;
  }
  EMUSM83_HANDLER(Scf) { f = (f & kFlagZ) | kFlagC; }
  EMUSM83_HANDLER(Ccf) { f = (f & kFlagZ) | ((f & kFlagC) ^ kFlagC); }

  // Relative jumps: the offset is read even when the condition fails.
  EMUSM83_HANDLER(JrR8) { jr(static_cast<int8_t>(imm8())); }
  EMUSM83_HANDLER(JrCcR8) {
    const auto off = static_cast<int8_t>(imm8());
    if (cond<opY(Op) - 4>()) jr(off);
  }

  // 8-bit register loads ($40-$7F).
  EMUSM83_HANDLER(LdRR) {
    if constexpr (opY(Op) != opZ(Op)) r8<opY(Op)>() = r8<opZ(Op)>();
  }
  EMUSM83_HANDLER(LdRMhl) { r8<opY(Op)>() = readHl(); }
  EMUSM83_HANDLER(LdMhlR) { write(hl(), r8<opZ(Op)>()); }

  // 8-bit ALU ($80-$BF, and the immediates): the operation is field y.
  EMUSM83_HANDLER(AluAR) { setA(alu::op8(opY(Op), a, r8<opZ(Op)>(), f)); }
  EMUSM83_HANDLER(AluAMhl) { setA(alu::op8(opY(Op), a, readHl(), f)); }
  EMUSM83_HANDLER(AluAD8) { setA(alu::op8(opY(Op), a, imm8(), f)); }

  // Returns, stack, jumps and calls.
  EMUSM83_HANDLER(RetCc) {
    internal();
    if (cond<opY(Op)>()) ret();
  }
  EMUSM83_HANDLER(Ret) { ret(); }
  EMUSM83_HANDLER(Reti) {
    ret();
    ime = true;  // at once, unlike EI
    deadline = 0;
  }
  EMUSM83_HANDLER(PopRr) { setR16<opP(Op), true>(pop16()); }
  EMUSM83_HANDLER(PushRr) {
    internal();
    push16(r16<opP(Op), true>());
  }
  EMUSM83_HANDLER(JpCcA16) {
    const uint16_t addr = imm16();
    if (cond<opY(Op)>()) jp(addr);
  }
  EMUSM83_HANDLER(JpA16) { jp(imm16()); }
  EMUSM83_HANDLER(JpHl) { pc = hl(); }
  EMUSM83_HANDLER(CallCcA16) {
    const uint16_t addr = imm16();
    if (cond<opY(Op)>()) call(addr);
  }
  EMUSM83_HANDLER(CallA16) { call(imm16()); }
  EMUSM83_HANDLER(Rst) { call(kOpcodes[Op].value); }

  // High-page and absolute loads.
  EMUSM83_HANDLER(LdhMa8A) { write(static_cast<uint16_t>(0xFF00 | imm8()), a); }
  EMUSM83_HANDLER(LdhAMa8) { a = read(static_cast<uint16_t>(0xFF00 | imm8()), Access::Read); }
  EMUSM83_HANDLER(LdhMcA) { write(static_cast<uint16_t>(0xFF00 | c), a); }
  EMUSM83_HANDLER(LdhAMc) { a = read(static_cast<uint16_t>(0xFF00 | c), Access::Read); }
  EMUSM83_HANDLER(LdMa16A) { write(imm16(), a); }
  EMUSM83_HANDLER(LdAMa16) { a = read(imm16(), Access::Read); }

  // Stack pointer arithmetic.
  EMUSM83_HANDLER(AddSpR8) {
    const uint16_t r = spPlusE8();
    internal();
    sp = r;
  }
  EMUSM83_HANDLER(LdHlSpR8) { setHl(spPlusE8()); }
  EMUSM83_HANDLER(LdSpHl) {
    internal();
    sp = hl();
  }

  // CB-prefixed: shifts, BIT, RES, SET; the register field is z, the shift or bit y.
  EMUSM83_HANDLER(ShiftR) { set(r8<opZ(Op)>(), alu::shift(opY(Op), r8<opZ(Op)>(), f)); }
  EMUSM83_HANDLER(ShiftMhl) {
    const uint16_t addr = hl();
    const alu::Result r = alu::shift(opY(Op), read(addr, Access::Read), f);
    f = r.f;
    write(addr, r.value);
  }
  EMUSM83_HANDLER(BitNR) { f = alu::bit(opY(Op), r8<opZ(Op)>(), f); }
  EMUSM83_HANDLER(BitNMhl) { f = alu::bit(opY(Op), readHl(), f); }
  EMUSM83_HANDLER(ResNR) { r8<opZ(Op)>() &= static_cast<uint8_t>(~(1u << opY(Op))); }
  EMUSM83_HANDLER(ResNMhl) {
    const uint16_t addr = hl();
    write(addr, static_cast<uint8_t>(read(addr, Access::Read) & ~(1u << opY(Op))));
  }
  EMUSM83_HANDLER(SetNR) { r8<opZ(Op)>() |= static_cast<uint8_t>(1u << opY(Op)); }
  EMUSM83_HANDLER(SetNMhl) {
    const uint16_t addr = hl();
    write(addr, static_cast<uint8_t>(read(addr, Access::Read) | (1u << opY(Op))));
  }

  CpuSm83& cpu_;
  Mem mem_;
  BusObserver* obs_;
  uint16_t lastAddr_ = 0;
  uint8_t lastData_ = 0;
};

}  // namespace emusm83

#undef EMUSM83_DISPATCH_ROW
#undef EMUSM83_CASE
#undef EMUSM83_HANDLER
