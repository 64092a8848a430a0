// Internal to cpu6502.cpp: the instruction interpreter. Exec is instantiated per
// memory model (FlatMem: one plain 64 KiB array; HookedFlatMem: the same with
// some pages sent to the bus; PagedMem: FastPages with a virtual-call fallback) and per observer
// presence, so the fast path has no observer test and no virtual call in it at all.
//
// Each addressing-mode helper performs exactly the bus cycles of that mode, with
// the kind of each access, and returns the effective address. The decoder is not
// written out: exec<opcode>() reads the opcode's mnemonic, mode, cycles and
// page-cross penalty from kOpcodes at compile time, so the table in opcodes.h is
// the datasheet both the CPU and the disassembler follow.
#pragma once

#include <cstdint>

#include "emu6502/bus.h"
#include "emu6502/cpu6502_alu.h"
#include "emu6502/opcodes.h"

namespace emu6502::detail {

struct FlatMem {
  uint8_t* m;
  EMU6502_INLINE uint8_t read(uint16_t a) { return m[a]; }
  EMU6502_INLINE uint8_t dummyRead(uint16_t a) { return m[a]; }
  EMU6502_INLINE void write(uint16_t a, uint8_t v) { m[a] = v; }
  EMU6502_INLINE void dummyWrite(uint16_t a, uint8_t v) { m[a] = v; }
};

// Flat memory except for hooked pages, whose data accesses reach the bus. The
// mask is copied in when a run starts, and instruction fetches (see Exec::rd)
// always read memory directly: a hook is for watching data tables.
struct HookedFlatMem {
  uint8_t* m;
  uint64_t hooks[4];
  Bus* bus;
  EMU6502_INLINE bool hooked(uint16_t a) const { return (hooks[a >> 14] >> ((a >> 8) & 63)) & 1; }
  EMU6502_INLINE uint8_t fetch(uint16_t a) { return m[a]; }
  EMU6502_INLINE uint8_t read(uint16_t a) { return hooked(a) ? bus->read(a) : m[a]; }
  EMU6502_INLINE uint8_t dummyRead(uint16_t a) { return hooked(a) ? bus->dummyRead(a) : m[a]; }
  EMU6502_INLINE void write(uint16_t a, uint8_t v) {
    if (hooked(a))
      bus->write(a, v);
    else
      m[a] = v;
  }
  EMU6502_INLINE void dummyWrite(uint16_t a, uint8_t v) {
    if (hooked(a))
      bus->dummyWrite(a, v);
    else
      m[a] = v;
  }
};

// HookedFlatMem that tells an AccessLog what the run read and wrote.
struct LoggedMem : HookedFlatMem {
  AccessLog* log;
  EMU6502_INLINE uint8_t fetch(uint16_t a) {
    uint8_t v = m[a];
    log->onFetch(a, v);
    return v;
  }
  EMU6502_INLINE uint8_t read(uint16_t a) {
    uint8_t v = HookedFlatMem::read(a);
    log->onRead(a, v, false);
    return v;
  }
  EMU6502_INLINE void write(uint16_t a, uint8_t v) {
    log->onWrite(a);
    HookedFlatMem::write(a, v);
  }
  EMU6502_INLINE void dummyWrite(uint16_t a, uint8_t v) {
    log->onWrite(a);
    HookedFlatMem::dummyWrite(a, v);
  }
};

struct PagedMem {
  FastPages* pages;
  Bus* bus;
  EMU6502_INLINE uint8_t fetch(uint16_t a) {
    uint8_t* p = pages->read[a >> 8];
    uint8_t v = p ? p[a & 0xFF] : bus->fetch(a);
    pages->openBus = v;
    return v;
  }
  EMU6502_INLINE uint8_t read(uint16_t a) {
    uint8_t* p = pages->read[a >> 8];
    uint8_t v = p ? p[a & 0xFF] : bus->read(a);
    pages->openBus = v;
    return v;
  }
  EMU6502_INLINE uint8_t dummyRead(uint16_t a) {
    uint8_t* p = pages->read[a >> 8];
    uint8_t v = p ? p[a & 0xFF] : bus->dummyRead(a);
    pages->openBus = v;
    return v;
  }
  EMU6502_INLINE void write(uint16_t a, uint8_t v) {
    uint8_t* p = pages->write[a >> 8];
    pages->openBus = v;
    if (p)
      p[a & 0xFF] = v;
    else
      bus->write(a, v);
  }
  EMU6502_INLINE void dummyWrite(uint16_t a, uint8_t v) {
    uint8_t* p = pages->write[a >> 8];
    pages->openBus = v;
    if (p)
      p[a & 0xFF] = v;
    else
      bus->dummyWrite(a, v);
  }
};

template <class Mem, bool kObserve>
struct Exec : Alu {
  Mem mem;
  BusObserver* obs;
  uint64_t cyc = 0;

  Exec(Mem m, BusObserver* o, const Regs& r, const CpuConfig& cfg) : Alu(r, cfg), mem(m), obs(o) {}

  static constexpr Access kFetch = Access::OpcodeFetch;
  static constexpr Access kOperand = Access::Operand;
  static constexpr Access kRead = Access::Read;
  static constexpr Access kWrite = Access::Write;
  static constexpr Access kDummyRead = Access::DummyRead;
  static constexpr Access kDummyWrite = Access::DummyWrite;

  // ---- bus cycles ----
  EMU6502_INLINE uint8_t rd(uint16_t addr, Access k) {
    uint8_t v;
    if constexpr (requires { mem.fetch(addr); }) {
      if (k == kFetch || k == kOperand)
        v = mem.fetch(addr);
      else
        v = k == kDummyRead ? mem.dummyRead(addr) : mem.read(addr);
    } else {
      v = k == kDummyRead ? mem.dummyRead(addr) : mem.read(addr);
    }
    if constexpr (kObserve) obs->onAccess(addr, v, k);
    return v;
  }
  EMU6502_INLINE void wr(uint16_t addr, uint8_t v, Access k) {
    if (k == kDummyWrite)
      mem.dummyWrite(addr, v);
    else
      mem.write(addr, v);
    if constexpr (kObserve) obs->onAccess(addr, v, k);
  }
  EMU6502_INLINE uint8_t load(uint16_t ea) { return rd(ea, kRead); }
  EMU6502_INLINE void store(uint16_t ea, uint8_t v) { wr(ea, v, kWrite); }
  EMU6502_INLINE uint8_t imm() { return rd(pc++, kOperand); }
  // Single-byte instructions still read the byte after the opcode.
  EMU6502_INLINE void implied() { rd(pc, kDummyRead); }
  EMU6502_INLINE void push(uint8_t v) { wr(static_cast<uint16_t>(0x100 | s--), v, kWrite); }
  EMU6502_INLINE uint8_t pull() { return rd(static_cast<uint16_t>(0x100 | ++s), kRead); }
  EMU6502_INLINE void stackDummy() { rd(static_cast<uint16_t>(0x100 | s), kDummyRead); }

  // ---- addressing modes: effective address ----
  EMU6502_INLINE uint16_t zp() { return imm(); }
  EMU6502_INLINE uint16_t zpIndexed(uint8_t index) {
    uint8_t base = imm();
    rd(base, kDummyRead);
    return static_cast<uint8_t>(base + index);
  }
  EMU6502_INLINE uint16_t zpx() { return zpIndexed(x); }
  EMU6502_INLINE uint16_t zpy() { return zpIndexed(y); }
  EMU6502_INLINE uint16_t abs() {
    uint16_t lo = imm();
    return static_cast<uint16_t>(lo | (imm() << 8));
  }
  // Indexed reads first read the address with the uncorrected high byte; only when
  // the index carried does the CPU spend another cycle on the right one.
  EMU6502_INLINE uint16_t indexedRead(uint16_t base, uint8_t index) {
    uint16_t ea = static_cast<uint16_t>(base + index);
    if ((base ^ ea) & 0xFF00) [[unlikely]] {
      rd(static_cast<uint16_t>((base & 0xFF00) | (ea & 0xFF)), kDummyRead);
      ++cyc;
    }
    return ea;
  }
  // Stores and read-modify-writes always spend the fix-up cycle.
  EMU6502_INLINE uint16_t indexedWrite(uint16_t base, uint8_t index) {
    uint16_t ea = static_cast<uint16_t>(base + index);
    rd(static_cast<uint16_t>((base & 0xFF00) | (ea & 0xFF)), kDummyRead);
    return ea;
  }
  EMU6502_INLINE uint16_t abxR() { return indexedRead(abs(), x); }
  EMU6502_INLINE uint16_t abyR() { return indexedRead(abs(), y); }
  EMU6502_INLINE uint16_t abxW() { return indexedWrite(abs(), x); }
  EMU6502_INLINE uint16_t abyW() { return indexedWrite(abs(), y); }
  EMU6502_INLINE uint16_t izx() {
    uint8_t ptr = static_cast<uint8_t>(zpIndexed(x));
    uint16_t lo = rd(ptr, kRead);
    return static_cast<uint16_t>(lo | (rd(static_cast<uint8_t>(ptr + 1), kRead) << 8));
  }
  EMU6502_INLINE uint16_t izyBase() {
    uint8_t ptr = imm();
    uint16_t lo = rd(ptr, kRead);
    return static_cast<uint16_t>(lo | (rd(static_cast<uint8_t>(ptr + 1), kRead) << 8));
  }
  EMU6502_INLINE uint16_t izyR() { return indexedRead(izyBase(), y); }
  EMU6502_INLINE uint16_t izyW() { return indexedWrite(izyBase(), y); }

  // ---- instruction shapes ----
  // Read-modify-write: read, write the old value back while the ALU works, then
  // write the result. Hardware registers see both writes.
  template <uint8_t (Alu::*kOp)(uint8_t)>
  EMU6502_INLINE void rmw(uint16_t ea) {
    uint8_t v = load(ea);
    wr(ea, v, kDummyWrite);
    store(ea, (this->*kOp)(v));
  }
  EMU6502_INLINE void branch(bool taken) {
    int8_t offset = static_cast<int8_t>(imm());
    if (!taken) return;
    rd(pc, kDummyRead);
    ++cyc;
    uint16_t target = static_cast<uint16_t>(pc + offset);
    if ((target ^ pc) & 0xFF00) {
      rd(static_cast<uint16_t>((pc & 0xFF00) | (target & 0xFF)), kDummyRead);
      ++cyc;
    }
    pc = target;
  }
  // SHA/SHX/SHY/TAS store reg & (H+1), H being the high byte of the base address.
  // When the index crosses a page the stored value also replaces the address high
  // byte (the corrected upstream model).
  EMU6502_INLINE void shStore(uint16_t base, uint8_t index, uint8_t reg) {
    uint16_t ea = indexedWrite(base, index);
    uint8_t v = reg & static_cast<uint8_t>((base >> 8) + 1);
    if ((base ^ ea) & 0xFF00) ea = static_cast<uint16_t>((v << 8) | (ea & 0xFF));
    store(ea, v);
  }

  EMU6502_INLINE void brk() {
    imm();  // the padding byte: BRK returns past it
    push(static_cast<uint8_t>(pc >> 8));
    push(static_cast<uint8_t>(pc));
    push(packP(kFlagB | kFlagU));
    fi = 1;
    uint16_t lo = load(0xFFFE);
    pc = static_cast<uint16_t>(lo | (load(0xFFFF) << 8));
  }
  EMU6502_INLINE void jsr() {
    uint16_t lo = imm();
    stackDummy();
    push(static_cast<uint8_t>(pc >> 8));
    push(static_cast<uint8_t>(pc));
    pc = static_cast<uint16_t>(lo | (rd(pc, kOperand) << 8));
  }
  EMU6502_INLINE void rti() {
    implied();
    stackDummy();
    pullP(pull());
    uint16_t lo = pull();
    pc = static_cast<uint16_t>(lo | (pull() << 8));
  }
  EMU6502_INLINE void rts() {
    implied();
    stackDummy();
    uint16_t lo = pull();
    pc = static_cast<uint16_t>(lo | (pull() << 8));
    rd(pc++, kDummyRead);
  }
  // JMP ($xxFF) takes the high byte from $xx00: the pointer never carries.
  EMU6502_INLINE void jmpIndirect() {
    uint16_t ptr = abs();
    uint16_t lo = load(ptr);
    pc = static_cast<uint16_t>(
        lo | (load(static_cast<uint16_t>((ptr & 0xFF00) | ((ptr + 1) & 0xFF))) << 8));
  }
  // JAM: the upstream model reads the next byte twice and stops with PC on the
  // opcode (real chips then keep reading $FFFF). Nothing runs until a reset.
  EMU6502_INLINE void jam() {
    rd(pc, kOperand);
    rd(pc, kDummyRead);
    --pc;
  }

  // ---- the decoder, generated from kOpcodes ----
  // Effective address of a data access in `kMode`. Reads with a page-cross
  // penalty in the table spend the fix-up cycle only when the index carries;
  // everything else indexed (stores, read-modify-writes) always spends it.
  template <AddrMode kMode, bool kPenalty>
  EMU6502_INLINE uint16_t ea() {
    if constexpr (kMode == AddrMode::Zp) return zp();
    if constexpr (kMode == AddrMode::Zpx) return zpx();
    if constexpr (kMode == AddrMode::Zpy) return zpy();
    if constexpr (kMode == AddrMode::Abs) return abs();
    if constexpr (kMode == AddrMode::Abx) return kPenalty ? abxR() : abxW();
    if constexpr (kMode == AddrMode::Aby) return kPenalty ? abyR() : abyW();
    if constexpr (kMode == AddrMode::Izx) return izx();
    if constexpr (kMode == AddrMode::Izy) return kPenalty ? izyR() : izyW();
    static_assert(kMode != AddrMode::Imp && kMode != AddrMode::Acc && kMode != AddrMode::Imm &&
                  kMode != AddrMode::Ind && kMode != AddrMode::Rel);
  }
  // The operand byte of a read instruction: the immediate, or a load.
  template <AddrMode kMode, bool kPenalty>
  EMU6502_INLINE uint8_t operand() {
    if constexpr (kMode == AddrMode::Imm)
      return imm();
    else
      return load(ea<kMode, kPenalty>());
  }

  // One opcode, chosen at compile time from its table entry.
  template <uint8_t kOpcode>
  EMU6502_INLINE bool exec() {
    using M = Mnemonic;
    constexpr OpcodeInfo kInfo = kOpcodes[kOpcode];
    constexpr M kOp = kInfo.op;
    constexpr AddrMode kMode = kInfo.mode;
    constexpr bool kP = kInfo.pageCrossPenalty;
    cyc += kInfo.baseCycles;
    // clang-format off
    // Reads: operand byte into the ALU.
    if constexpr (kOp == M::LDA) lda(operand<kMode, kP>());
    else if constexpr (kOp == M::LDX) ldx(operand<kMode, kP>());
    else if constexpr (kOp == M::LDY) ldy(operand<kMode, kP>());
    else if constexpr (kOp == M::LAX) lax(operand<kMode, kP>());
    else if constexpr (kOp == M::ORA) ora(operand<kMode, kP>());
    else if constexpr (kOp == M::AND) and_(operand<kMode, kP>());
    else if constexpr (kOp == M::EOR) eor(operand<kMode, kP>());
    else if constexpr (kOp == M::ADC) adc(operand<kMode, kP>());
    else if constexpr (kOp == M::SBC) sbc(operand<kMode, kP>());
    else if constexpr (kOp == M::CMP) cmp(a, operand<kMode, kP>());
    else if constexpr (kOp == M::CPX) cmp(x, operand<kMode, kP>());
    else if constexpr (kOp == M::CPY) cmp(y, operand<kMode, kP>());
    else if constexpr (kOp == M::BIT) bit(operand<kMode, kP>());
    else if constexpr (kOp == M::LAS) las(operand<kMode, kP>());
    else if constexpr (kOp == M::ANC) anc(operand<kMode, kP>());
    else if constexpr (kOp == M::ALR) alr(operand<kMode, kP>());
    else if constexpr (kOp == M::ARR) arr(operand<kMode, kP>());
    else if constexpr (kOp == M::ANE) ane(operand<kMode, kP>());
    else if constexpr (kOp == M::LXA) lxa(operand<kMode, kP>());
    else if constexpr (kOp == M::SBX) sbx(operand<kMode, kP>());
    // Undocumented NOPs still perform their mode's bus cycles.
    else if constexpr (kOp == M::NOP && kMode == AddrMode::Imp) implied();
    else if constexpr (kOp == M::NOP) operand<kMode, kP>();
    // Stores.
    else if constexpr (kOp == M::STA) store(ea<kMode, false>(), a);
    else if constexpr (kOp == M::STX) store(ea<kMode, false>(), x);
    else if constexpr (kOp == M::STY) store(ea<kMode, false>(), y);
    else if constexpr (kOp == M::SAX) store(ea<kMode, false>(), a & x);
    // Read-modify-write, on memory or on A.
    else if constexpr (kOp == M::ASL) modify<&Alu::asl, kMode>();
    else if constexpr (kOp == M::LSR) modify<&Alu::lsr, kMode>();
    else if constexpr (kOp == M::ROL) modify<&Alu::rol, kMode>();
    else if constexpr (kOp == M::ROR) modify<&Alu::ror, kMode>();
    else if constexpr (kOp == M::INC) modify<&Alu::inc, kMode>();
    else if constexpr (kOp == M::DEC) modify<&Alu::dec, kMode>();
    else if constexpr (kOp == M::SLO) modify<&Alu::slo, kMode>();
    else if constexpr (kOp == M::RLA) modify<&Alu::rla, kMode>();
    else if constexpr (kOp == M::SRE) modify<&Alu::sre, kMode>();
    else if constexpr (kOp == M::RRA) modify<&Alu::rra, kMode>();
    else if constexpr (kOp == M::DCP) modify<&Alu::dcp, kMode>();
    else if constexpr (kOp == M::ISC) modify<&Alu::isc, kMode>();
    // Branches.
    else if constexpr (kOp == M::BPL) branch(!(fn & 0x80));
    else if constexpr (kOp == M::BMI) branch(fn & 0x80);
    else if constexpr (kOp == M::BVC) branch(!fv);
    else if constexpr (kOp == M::BVS) branch(fv);
    else if constexpr (kOp == M::BCC) branch(!fc);
    else if constexpr (kOp == M::BCS) branch(fc);
    else if constexpr (kOp == M::BNE) branch(fz != 0);
    else if constexpr (kOp == M::BEQ) branch(fz == 0);
    // Implied: registers and flags.
    else if constexpr (kOp == M::CLC) { implied(); fc = 0; }
    else if constexpr (kOp == M::SEC) { implied(); fc = 1; }
    else if constexpr (kOp == M::CLI) { implied(); fi = 0; }
    else if constexpr (kOp == M::SEI) { implied(); fi = 1; }
    else if constexpr (kOp == M::CLV) { implied(); fv = 0; }
    else if constexpr (kOp == M::CLD) { implied(); fd = 0; }
    else if constexpr (kOp == M::SED) { implied(); fd = 1; }
    else if constexpr (kOp == M::DEX) { implied(); nz(--x); }
    else if constexpr (kOp == M::DEY) { implied(); nz(--y); }
    else if constexpr (kOp == M::INX) { implied(); nz(++x); }
    else if constexpr (kOp == M::INY) { implied(); nz(++y); }
    else if constexpr (kOp == M::TAX) { implied(); nz(x = a); }
    else if constexpr (kOp == M::TAY) { implied(); nz(y = a); }
    else if constexpr (kOp == M::TXA) { implied(); nz(a = x); }
    else if constexpr (kOp == M::TYA) { implied(); nz(a = y); }
    else if constexpr (kOp == M::TSX) { implied(); nz(x = s); }
    else if constexpr (kOp == M::TXS) { implied(); s = x; }
    // Stack and control flow.
    else if constexpr (kOp == M::PHA) { implied(); push(a); }
    else if constexpr (kOp == M::PHP) { implied(); push(packP(kFlagB | kFlagU)); }
    else if constexpr (kOp == M::PLA) { implied(); stackDummy(); lda(pull()); }
    else if constexpr (kOp == M::PLP) { implied(); stackDummy(); pullP(pull()); }
    else if constexpr (kOp == M::BRK) brk();
    else if constexpr (kOp == M::JSR) jsr();
    else if constexpr (kOp == M::RTI) rti();
    else if constexpr (kOp == M::RTS) rts();
    else if constexpr (kOp == M::JMP && kMode == AddrMode::Ind) jmpIndirect();
    else if constexpr (kOp == M::JMP) pc = abs();
    // Unstable stores: value & (H+1) of the base address.
    else if constexpr (kOp == M::SHA && kMode == AddrMode::Izy) shStore(izyBase(), y, a & x);
    else if constexpr (kOp == M::SHA) shStore(abs(), y, a & x);
    else if constexpr (kOp == M::SHX) shStore(abs(), y, x);
    else if constexpr (kOp == M::SHY) shStore(abs(), x, y);
    else if constexpr (kOp == M::TAS) { s = a & x; shStore(abs(), y, s); }
    else if constexpr (kOp == M::JAM) { jam(); return false; }
    else static_assert(kOp == M::JAM, "opcode without a handler");
    // clang-format on
    return true;
  }

  template <uint8_t (Alu::*kOp)(uint8_t), AddrMode kMode>
  EMU6502_INLINE void modify() {
    if constexpr (kMode == AddrMode::Acc) {
      implied();
      a = (this->*kOp)(a);
    } else {
      rmw<kOp>(ea<kMode, false>());
    }
  }

  // Runs one instruction. Returns false when it was a JAM.
  EMU6502_INLINE bool execute() {
    const uint8_t op = rd(pc++, kFetch);
    switch (op) {
#define EMU6502_OP(n) \
  case (n):           \
    return exec<(n)>();
#define EMU6502_OP4(n) EMU6502_OP(n) EMU6502_OP(n + 1) EMU6502_OP(n + 2) EMU6502_OP(n + 3)
#define EMU6502_OP16(n) EMU6502_OP4(n) EMU6502_OP4(n + 4) EMU6502_OP4(n + 8) EMU6502_OP4(n + 12)
#define EMU6502_OP64(n) \
  EMU6502_OP16(n) EMU6502_OP16(n + 16) EMU6502_OP16(n + 32) EMU6502_OP16(n + 48)
      EMU6502_OP64(0x00) EMU6502_OP64(0x40) EMU6502_OP64(0x80) EMU6502_OP64(0xC0)
#undef EMU6502_OP
#undef EMU6502_OP4
#undef EMU6502_OP16
#undef EMU6502_OP64
    }
    return true;
  }
};

}  // namespace emu6502::detail
