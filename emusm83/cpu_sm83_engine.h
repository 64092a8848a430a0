// Internal to cpu_sm83.cpp: the instruction engine. One template per instruction
// family, instantiated per opcode, with register fields taken from the opcode bits
// at compile time (via the opcode table in emusm83/opcodes.h). The engine holds
// the registers in a local object, so after inlining they live in host registers
// and plain memory writes cannot alias them.
//
// Mem is FlatMem (one 64 KiB array) or PagedMem (FastPages with a fallback to the
// Bus); kObserve selects whether every M-cycle is reported to the observer.
#pragma once

#include <cstdint>

#include "emusm83/alu.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/opcodes.h"

#define EMUSM83_INLINE inline __attribute__((always_inline))

namespace emusm83 {

struct FlatMem {
  uint8_t* base;
  EMUSM83_INLINE bool read(uint16_t addr, uint8_t& v) const {
    v = base[addr];
    return true;
  }
  EMUSM83_INLINE bool write(uint16_t addr, uint8_t v) const {
    base[addr] = v;
    return true;
  }
};

struct PagedMem {
  FastPages* pages;
  EMUSM83_INLINE bool read(uint16_t addr, uint8_t& v) const {
    const uint8_t* page = pages->read[addr >> 8];
    if (!page) [[unlikely]] {
      if (!pages->highRam || addr < 0xFF80 || addr == 0xFFFF) return false;
      v = pages->highRam[addr - 0xFF80];
      return true;
    }
    v = page[addr & 0xFF];
    return true;
  }
  EMUSM83_INLINE bool write(uint16_t addr, uint8_t v) const {
    uint8_t* page = pages->write[addr >> 8];
    if (!page) [[unlikely]] {
      if (!pages->highRam || addr < 0xFF80 || addr == 0xFFFF) return false;
      pages->highRam[addr - 0xFF80] = v;
      return true;
    }
    page[addr & 0xFF] = v;
    return true;
  }
};

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
    switch (op) {
#define EMUSM83_OP(n) \
  case (n):           \
    exec<(n)>();      \
    break;
#define EMUSM83_OP4(n) EMUSM83_OP(n) EMUSM83_OP(n + 1) EMUSM83_OP(n + 2) EMUSM83_OP(n + 3)
#define EMUSM83_OP16(n) EMUSM83_OP4(n) EMUSM83_OP4(n + 4) EMUSM83_OP4(n + 8) EMUSM83_OP4(n + 12)
#define EMUSM83_OP64(n) \
  EMUSM83_OP16(n) EMUSM83_OP16(n + 16) EMUSM83_OP16(n + 32) EMUSM83_OP16(n + 48)
      EMUSM83_OP64(0x00) EMUSM83_OP64(0x40) EMUSM83_OP64(0x80) EMUSM83_OP64(0xC0)
#undef EMUSM83_OP
    }
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

  // ---- register fields ----
  EMUSM83_INLINE uint16_t hl() const {
    return static_cast<uint16_t>(h << 8 | l);
  }
  EMUSM83_INLINE void setHl(uint16_t v) {
    h = static_cast<uint8_t>(v >> 8), l = static_cast<uint8_t>(v);
  }

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

  // p field: BC DE HL SP (kStack: BC DE HL AF).
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

  EMUSM83_INLINE void setA(alu::Result r) {
    a = r.value, f = r.f;
  }

  // ---- instructions ----
  template <uint8_t Op>
  EMUSM83_INLINE void exec() {
    constexpr OpcodeInfo kInfo = kOpcodes[Op];
    constexpr int y = opY(Op), z = opZ(Op), p = opP(Op);
    using H = Handler;
    constexpr H kH = kInfo.handler;
    if constexpr (kH == H::Nop) {
    } else if constexpr (kH == H::Stop) {
      // STOP is 2 bytes; the second is skipped. The clock stops until a button
      // press, which this system does not have: runUntil reports Stopped.
      pc = static_cast<uint16_t>(pc + 1);
      cpu_.stopped_ = true;
      deadline = 0;
    } else if constexpr (kH == H::Halt) {
      cpu_.halted_ = true;
      cpu_.haltEntry_ = true;
      deadline = 0;
    } else if constexpr (kH == H::Di) {
      ime = false;
      cpu_.eiPending_ = false;
    } else if constexpr (kH == H::Ei) {
      cpu_.eiPending_ = true;
      deadline = 0;
    } else if constexpr (kH == H::Illegal) {
      pc = static_cast<uint16_t>(pc - 1);
      cpu_.lockIllegal(Op, pc);
      deadline = 0;
    } else if constexpr (kH == H::Prefix) {
      const uint8_t cbOp = read(pc, Access::Operand);
      pc = static_cast<uint16_t>(pc + 1);
      switch (cbOp) {
#define EMUSM83_OP(n) \
  case (n):           \
    execCb<(n)>();    \
    break;
        EMUSM83_OP64(0x00) EMUSM83_OP64(0x40) EMUSM83_OP64(0x80) EMUSM83_OP64(0xC0)
#undef EMUSM83_OP
      }
    } else if constexpr (kH == H::LdRrD16) {
      setR16<p>(imm16());
    } else if constexpr (kH == H::LdMrrA || kH == H::LdAMrr) {
      const uint16_t addr = p == 0 ? r16<0>() : p == 1 ? r16<1>() : hl();
      if constexpr (kH == H::LdMrrA)
        write(addr, a);
      else
        a = read(addr, Access::Read);
      if constexpr (p == 2) setHl(static_cast<uint16_t>(addr + 1));
      if constexpr (p == 3) setHl(static_cast<uint16_t>(addr - 1));
    } else if constexpr (kH == H::LdA16Sp) {
      const uint16_t addr = imm16();
      write(addr, static_cast<uint8_t>(sp));
      write(static_cast<uint16_t>(addr + 1), static_cast<uint8_t>(sp >> 8));
    } else if constexpr (kH == H::IncRr || kH == H::DecRr) {
      internal();
      setR16<p>(static_cast<uint16_t>(r16<p>() + (kH == H::IncRr ? 1 : -1)));
    } else if constexpr (kH == H::AddHlRr) {
      internal();
      const uint16_t v = r16<p>();
      f = alu::addHlFlags(hl(), v, f);
      setHl(static_cast<uint16_t>(hl() + v));
    } else if constexpr (kH == H::IncR || kH == H::DecR) {
      const alu::Result r = kH == H::IncR ? alu::inc8(r8<y>(), f) : alu::dec8(r8<y>(), f);
      r8<y>() = r.value, f = r.f;
    } else if constexpr (kH == H::IncMhl || kH == H::DecMhl) {
      const uint16_t addr = hl();
      const uint8_t v = read(addr, Access::Read);
      const alu::Result r = kH == H::IncMhl ? alu::inc8(v, f) : alu::dec8(v, f);
      f = r.f;
      write(addr, r.value);
    } else if constexpr (kH == H::LdRD8) {
      r8<y>() = imm8();
    } else if constexpr (kH == H::LdMhlD8) {
      const uint8_t v = imm8();
      write(hl(), v);
    } else if constexpr (kH == H::Rlca || kH == H::Rrca || kH == H::Rla || kH == H::Rra) {
      setA(alu::rotateA(y, a, f));
    } else if constexpr (kH == H::Daa) {
      setA(alu::daa(a, f));
    } else if constexpr (kH == H::Cpl) {
      a = static_cast<uint8_t>(~a);
      f = f | kFlagN | kFlagH;
    } else if constexpr (kH == H::Scf) {
      f = (f & kFlagZ) | kFlagC;
    } else if constexpr (kH == H::Ccf) {
      f = (f & kFlagZ) | ((f & kFlagC) ^ kFlagC);
    } else if constexpr (kH == H::JrR8 || kH == H::JrCcR8) {
      const auto off = static_cast<int8_t>(imm8());
      if constexpr (kH == H::JrCcR8) {
        if (!cond<y - 4>()) return;
      }
      internal();
      pc = static_cast<uint16_t>(pc + off);
    } else if constexpr (kH == H::LdRR) {
      if constexpr (y != z) r8<y>() = r8<z>();
    } else if constexpr (kH == H::LdRMhl) {
      r8<y>() = read(hl(), Access::Read);
    } else if constexpr (kH == H::LdMhlR) {
      write(hl(), r8<z>());
    } else if constexpr (kH == H::AluAR) {
      setA(alu::op8(y, a, r8<z>(), f));
    } else if constexpr (kH == H::AluAMhl) {
      setA(alu::op8(y, a, read(hl(), Access::Read), f));
    } else if constexpr (kH == H::AluAD8) {
      setA(alu::op8(y, a, imm8(), f));
    } else if constexpr (kH == H::RetCc) {
      internal();
      if (!cond<y>()) return;
      pc = pop16();
      internal();
      returnEnd = cyc;
    } else if constexpr (kH == H::Ret || kH == H::Reti) {
      pc = pop16();
      internal();
      returnEnd = cyc;
      if constexpr (kH == H::Reti) {
        ime = true;  // at once, unlike EI
        deadline = 0;
      }
    } else if constexpr (kH == H::PopRr) {
      setR16<p, true>(pop16());
    } else if constexpr (kH == H::PushRr) {
      internal();
      push16(r16<p, true>());
    } else if constexpr (kH == H::JpA16 || kH == H::JpCcA16) {
      const uint16_t addr = imm16();
      if constexpr (kH == H::JpCcA16) {
        if (!cond<y>()) return;
      }
      internal();
      pc = addr;
    } else if constexpr (kH == H::JpHl) {
      pc = hl();
    } else if constexpr (kH == H::CallA16 || kH == H::CallCcA16) {
      const uint16_t addr = imm16();
      if constexpr (kH == H::CallCcA16) {
        if (!cond<y>()) return;
      }
      internal();
      push16(pc);
      pc = addr;
    } else if constexpr (kH == H::Rst) {
      internal();
      push16(pc);
      pc = kInfo.value;
    } else if constexpr (kH == H::LdhA8A) {
      write(static_cast<uint16_t>(0xFF00 | imm8()), a);
    } else if constexpr (kH == H::LdhAA8) {
      a = read(static_cast<uint16_t>(0xFF00 | imm8()), Access::Read);
    } else if constexpr (kH == H::LdhCA) {
      write(static_cast<uint16_t>(0xFF00 | c), a);
    } else if constexpr (kH == H::LdhAC) {
      a = read(static_cast<uint16_t>(0xFF00 | c), Access::Read);
    } else if constexpr (kH == H::LdA16A) {
      write(imm16(), a);
    } else if constexpr (kH == H::LdAA16) {
      a = read(imm16(), Access::Read);
    } else if constexpr (kH == H::AddSpR8 || kH == H::LdHlSpR8) {
      const uint8_t off = imm8();
      internal();
      f = alu::addSpFlags(sp, off);
      const auto r = static_cast<uint16_t>(sp + static_cast<int8_t>(off));
      if constexpr (kH == H::AddSpR8) {
        internal();
        sp = r;
      } else {
        setHl(r);
      }
    } else if constexpr (kH == H::LdSpHl) {
      internal();
      sp = hl();
    } else {
      static_assert(kH == H::Nop, "unhandled opcode family");
    }
  }

  template <uint8_t Op>
  EMUSM83_INLINE void execCb() {
    constexpr OpcodeInfo kInfo = kCbOpcodes[Op];
    constexpr int y = opY(Op), z = opZ(Op);
    using H = Handler;
    constexpr H kH = kInfo.handler;
    if constexpr (kH == H::ShiftR) {
      const alu::Result r = alu::shift(y, r8<z>(), f);
      r8<z>() = r.value, f = r.f;
    } else if constexpr (kH == H::BitNR) {
      f = alu::bit(y, r8<z>(), f);
    } else if constexpr (kH == H::ResNR) {
      r8<z>() = static_cast<uint8_t>(r8<z>() & ~(1u << y));
    } else if constexpr (kH == H::SetNR) {
      r8<z>() = static_cast<uint8_t>(r8<z>() | (1u << y));
    } else {
      const uint16_t addr = hl();
      const uint8_t v = read(addr, Access::Read);
      if constexpr (kH == H::BitNMhl) {
        f = alu::bit(y, v, f);
      } else if constexpr (kH == H::ShiftMhl) {
        const alu::Result r = alu::shift(y, v, f);
        f = r.f;
        write(addr, r.value);
      } else if constexpr (kH == H::ResNMhl) {
        write(addr, static_cast<uint8_t>(v & ~(1u << y)));
      } else {
        static_assert(kH == H::SetNMhl);
        write(addr, static_cast<uint8_t>(v | (1u << y)));
      }
    }
  }

  CpuSm83& cpu_;
  Mem mem_;
  BusObserver* obs_;
  uint16_t lastAddr_ = 0;
  uint8_t lastData_ = 0;
};

#undef EMUSM83_OP4
#undef EMUSM83_OP16
#undef EMUSM83_OP64

}  // namespace emusm83
