// Internal to cpu6502.cpp: the instruction interpreter. Exec is instantiated per
// memory model (FlatMem: one plain 64 KiB array; HookedFlatMem: the same with
// some pages sent to the bus; PagedMem: FastPages with a virtual-call fallback) and per observer
// presence, so the fast path has no observer test and no virtual call in it at all.
//
// Each addressing-mode helper performs exactly the bus cycles of that mode, with
// the kind of each access, and returns the effective address. The decoder below is
// one line per opcode.
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

struct PagedMem {
  FastPages* pages;
  Bus* bus;
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

  // Runs one instruction. Returns false when it was a JAM.
  EMU6502_INLINE bool execute() {
    uint8_t op = rd(pc++, kFetch);
    cyc += kOpcodes[op].baseCycles;
    // One line per opcode, like a datasheet.
    // clang-format off
    switch (op) {
      // 0x
      case 0x00: brk(); break;
      case 0x01: ora(load(izx())); break;
      case 0x02: jam(); return false;
      case 0x03: rmw<&Alu::slo>(izx()); break;
      case 0x04: load(zp()); break;  // NOP zp
      case 0x05: ora(load(zp())); break;
      case 0x06: rmw<&Alu::asl>(zp()); break;
      case 0x07: rmw<&Alu::slo>(zp()); break;
      case 0x08: implied(); push(packP(kFlagB | kFlagU)); break;  // PHP
      case 0x09: ora(imm()); break;
      case 0x0A: implied(); a = asl(a); break;
      case 0x0B: anc(imm()); break;
      case 0x0C: load(abs()); break;  // NOP abs
      case 0x0D: ora(load(abs())); break;
      case 0x0E: rmw<&Alu::asl>(abs()); break;
      case 0x0F: rmw<&Alu::slo>(abs()); break;
      // 1x
      case 0x10: branch(!(fn & 0x80)); break;  // BPL
      case 0x11: ora(load(izyR())); break;
      case 0x12: jam(); return false;
      case 0x13: rmw<&Alu::slo>(izyW()); break;
      case 0x14: load(zpx()); break;  // NOP zp,X
      case 0x15: ora(load(zpx())); break;
      case 0x16: rmw<&Alu::asl>(zpx()); break;
      case 0x17: rmw<&Alu::slo>(zpx()); break;
      case 0x18: implied(); fc = 0; break;  // CLC
      case 0x19: ora(load(abyR())); break;
      case 0x1A: implied(); break;  // NOP
      case 0x1B: rmw<&Alu::slo>(abyW()); break;
      case 0x1C: load(abxR()); break;  // NOP abs,X
      case 0x1D: ora(load(abxR())); break;
      case 0x1E: rmw<&Alu::asl>(abxW()); break;
      case 0x1F: rmw<&Alu::slo>(abxW()); break;
      // 2x
      case 0x20: jsr(); break;
      case 0x21: and_(load(izx())); break;
      case 0x22: jam(); return false;
      case 0x23: rmw<&Alu::rla>(izx()); break;
      case 0x24: bit(load(zp())); break;
      case 0x25: and_(load(zp())); break;
      case 0x26: rmw<&Alu::rol>(zp()); break;
      case 0x27: rmw<&Alu::rla>(zp()); break;
      case 0x28: implied(); stackDummy(); pullP(pull()); break;  // PLP
      case 0x29: and_(imm()); break;
      case 0x2A: implied(); a = rol(a); break;
      case 0x2B: anc(imm()); break;
      case 0x2C: bit(load(abs())); break;
      case 0x2D: and_(load(abs())); break;
      case 0x2E: rmw<&Alu::rol>(abs()); break;
      case 0x2F: rmw<&Alu::rla>(abs()); break;
      // 3x
      case 0x30: branch(fn & 0x80); break;  // BMI
      case 0x31: and_(load(izyR())); break;
      case 0x32: jam(); return false;
      case 0x33: rmw<&Alu::rla>(izyW()); break;
      case 0x34: load(zpx()); break;
      case 0x35: and_(load(zpx())); break;
      case 0x36: rmw<&Alu::rol>(zpx()); break;
      case 0x37: rmw<&Alu::rla>(zpx()); break;
      case 0x38: implied(); fc = 1; break;  // SEC
      case 0x39: and_(load(abyR())); break;
      case 0x3A: implied(); break;
      case 0x3B: rmw<&Alu::rla>(abyW()); break;
      case 0x3C: load(abxR()); break;
      case 0x3D: and_(load(abxR())); break;
      case 0x3E: rmw<&Alu::rol>(abxW()); break;
      case 0x3F: rmw<&Alu::rla>(abxW()); break;
      // 4x
      case 0x40: rti(); break;
      case 0x41: eor(load(izx())); break;
      case 0x42: jam(); return false;
      case 0x43: rmw<&Alu::sre>(izx()); break;
      case 0x44: load(zp()); break;
      case 0x45: eor(load(zp())); break;
      case 0x46: rmw<&Alu::lsr>(zp()); break;
      case 0x47: rmw<&Alu::sre>(zp()); break;
      case 0x48: implied(); push(a); break;  // PHA
      case 0x49: eor(imm()); break;
      case 0x4A: implied(); a = lsr(a); break;
      case 0x4B: alr(imm()); break;
      case 0x4C: pc = abs(); break;  // JMP abs
      case 0x4D: eor(load(abs())); break;
      case 0x4E: rmw<&Alu::lsr>(abs()); break;
      case 0x4F: rmw<&Alu::sre>(abs()); break;
      // 5x
      case 0x50: branch(!fv); break;  // BVC
      case 0x51: eor(load(izyR())); break;
      case 0x52: jam(); return false;
      case 0x53: rmw<&Alu::sre>(izyW()); break;
      case 0x54: load(zpx()); break;
      case 0x55: eor(load(zpx())); break;
      case 0x56: rmw<&Alu::lsr>(zpx()); break;
      case 0x57: rmw<&Alu::sre>(zpx()); break;
      case 0x58: implied(); fi = 0; break;  // CLI
      case 0x59: eor(load(abyR())); break;
      case 0x5A: implied(); break;
      case 0x5B: rmw<&Alu::sre>(abyW()); break;
      case 0x5C: load(abxR()); break;
      case 0x5D: eor(load(abxR())); break;
      case 0x5E: rmw<&Alu::lsr>(abxW()); break;
      case 0x5F: rmw<&Alu::sre>(abxW()); break;
      // 6x
      case 0x60: rts(); break;
      case 0x61: adc(load(izx())); break;
      case 0x62: jam(); return false;
      case 0x63: rmw<&Alu::rra>(izx()); break;
      case 0x64: load(zp()); break;
      case 0x65: adc(load(zp())); break;
      case 0x66: rmw<&Alu::ror>(zp()); break;
      case 0x67: rmw<&Alu::rra>(zp()); break;
      case 0x68: implied(); stackDummy(); lda(pull()); break;  // PLA
      case 0x69: adc(imm()); break;
      case 0x6A: implied(); a = ror(a); break;
      case 0x6B: arr(imm()); break;
      case 0x6C: jmpIndirect(); break;
      case 0x6D: adc(load(abs())); break;
      case 0x6E: rmw<&Alu::ror>(abs()); break;
      case 0x6F: rmw<&Alu::rra>(abs()); break;
      // 7x
      case 0x70: branch(fv); break;  // BVS
      case 0x71: adc(load(izyR())); break;
      case 0x72: jam(); return false;
      case 0x73: rmw<&Alu::rra>(izyW()); break;
      case 0x74: load(zpx()); break;
      case 0x75: adc(load(zpx())); break;
      case 0x76: rmw<&Alu::ror>(zpx()); break;
      case 0x77: rmw<&Alu::rra>(zpx()); break;
      case 0x78: implied(); fi = 1; break;  // SEI
      case 0x79: adc(load(abyR())); break;
      case 0x7A: implied(); break;
      case 0x7B: rmw<&Alu::rra>(abyW()); break;
      case 0x7C: load(abxR()); break;
      case 0x7D: adc(load(abxR())); break;
      case 0x7E: rmw<&Alu::ror>(abxW()); break;
      case 0x7F: rmw<&Alu::rra>(abxW()); break;
      // 8x
      case 0x80: imm(); break;  // NOP #
      case 0x81: store(izx(), a); break;
      case 0x82: imm(); break;
      case 0x83: store(izx(), a & x); break;  // SAX
      case 0x84: store(zp(), y); break;
      case 0x85: store(zp(), a); break;
      case 0x86: store(zp(), x); break;
      case 0x87: store(zp(), a & x); break;
      case 0x88: implied(); nz(--y); break;  // DEY
      case 0x89: imm(); break;
      case 0x8A: implied(); nz(a = x); break;  // TXA
      case 0x8B: ane(imm()); break;
      case 0x8C: store(abs(), y); break;
      case 0x8D: store(abs(), a); break;
      case 0x8E: store(abs(), x); break;
      case 0x8F: store(abs(), a & x); break;
      // 9x
      case 0x90: branch(!fc); break;  // BCC
      case 0x91: store(izyW(), a); break;
      case 0x92: jam(); return false;
      case 0x93: shStore(izyBase(), y, a & x); break;  // SHA (zp),Y
      case 0x94: store(zpx(), y); break;
      case 0x95: store(zpx(), a); break;
      case 0x96: store(zpy(), x); break;
      case 0x97: store(zpy(), a & x); break;
      case 0x98: implied(); nz(a = y); break;  // TYA
      case 0x99: store(abyW(), a); break;
      case 0x9A: implied(); s = x; break;  // TXS
      case 0x9B: s = a & x; shStore(abs(), y, s); break;  // TAS
      case 0x9C: shStore(abs(), x, y); break;  // SHY
      case 0x9D: store(abxW(), a); break;
      case 0x9E: shStore(abs(), y, x); break;  // SHX
      case 0x9F: shStore(abs(), y, a & x); break;  // SHA abs,Y
      // Ax
      case 0xA0: ldy(imm()); break;
      case 0xA1: lda(load(izx())); break;
      case 0xA2: ldx(imm()); break;
      case 0xA3: lax(load(izx())); break;
      case 0xA4: ldy(load(zp())); break;
      case 0xA5: lda(load(zp())); break;
      case 0xA6: ldx(load(zp())); break;
      case 0xA7: lax(load(zp())); break;
      case 0xA8: implied(); nz(y = a); break;  // TAY
      case 0xA9: lda(imm()); break;
      case 0xAA: implied(); nz(x = a); break;  // TAX
      case 0xAB: lxa(imm()); break;
      case 0xAC: ldy(load(abs())); break;
      case 0xAD: lda(load(abs())); break;
      case 0xAE: ldx(load(abs())); break;
      case 0xAF: lax(load(abs())); break;
      // Bx
      case 0xB0: branch(fc); break;  // BCS
      case 0xB1: lda(load(izyR())); break;
      case 0xB2: jam(); return false;
      case 0xB3: lax(load(izyR())); break;
      case 0xB4: ldy(load(zpx())); break;
      case 0xB5: lda(load(zpx())); break;
      case 0xB6: ldx(load(zpy())); break;
      case 0xB7: lax(load(zpy())); break;
      case 0xB8: implied(); fv = 0; break;  // CLV
      case 0xB9: lda(load(abyR())); break;
      case 0xBA: implied(); nz(x = s); break;  // TSX
      case 0xBB: las(load(abyR())); break;
      case 0xBC: ldy(load(abxR())); break;
      case 0xBD: lda(load(abxR())); break;
      case 0xBE: ldx(load(abyR())); break;
      case 0xBF: lax(load(abyR())); break;
      // Cx
      case 0xC0: cmp(y, imm()); break;
      case 0xC1: cmp(a, load(izx())); break;
      case 0xC2: imm(); break;
      case 0xC3: rmw<&Alu::dcp>(izx()); break;
      case 0xC4: cmp(y, load(zp())); break;
      case 0xC5: cmp(a, load(zp())); break;
      case 0xC6: rmw<&Alu::dec>(zp()); break;
      case 0xC7: rmw<&Alu::dcp>(zp()); break;
      case 0xC8: implied(); nz(++y); break;  // INY
      case 0xC9: cmp(a, imm()); break;
      case 0xCA: implied(); nz(--x); break;  // DEX
      case 0xCB: sbx(imm()); break;
      case 0xCC: cmp(y, load(abs())); break;
      case 0xCD: cmp(a, load(abs())); break;
      case 0xCE: rmw<&Alu::dec>(abs()); break;
      case 0xCF: rmw<&Alu::dcp>(abs()); break;
      // Dx
      case 0xD0: branch(fz != 0); break;  // BNE
      case 0xD1: cmp(a, load(izyR())); break;
      case 0xD2: jam(); return false;
      case 0xD3: rmw<&Alu::dcp>(izyW()); break;
      case 0xD4: load(zpx()); break;
      case 0xD5: cmp(a, load(zpx())); break;
      case 0xD6: rmw<&Alu::dec>(zpx()); break;
      case 0xD7: rmw<&Alu::dcp>(zpx()); break;
      case 0xD8: implied(); fd = 0; break;  // CLD
      case 0xD9: cmp(a, load(abyR())); break;
      case 0xDA: implied(); break;
      case 0xDB: rmw<&Alu::dcp>(abyW()); break;
      case 0xDC: load(abxR()); break;
      case 0xDD: cmp(a, load(abxR())); break;
      case 0xDE: rmw<&Alu::dec>(abxW()); break;
      case 0xDF: rmw<&Alu::dcp>(abxW()); break;
      // Ex
      case 0xE0: cmp(x, imm()); break;
      case 0xE1: sbc(load(izx())); break;
      case 0xE2: imm(); break;
      case 0xE3: rmw<&Alu::isc>(izx()); break;
      case 0xE4: cmp(x, load(zp())); break;
      case 0xE5: sbc(load(zp())); break;
      case 0xE6: rmw<&Alu::inc>(zp()); break;
      case 0xE7: rmw<&Alu::isc>(zp()); break;
      case 0xE8: implied(); nz(++x); break;  // INX
      case 0xE9: sbc(imm()); break;
      case 0xEA: implied(); break;  // NOP
      case 0xEB: sbc(imm()); break;
      case 0xEC: cmp(x, load(abs())); break;
      case 0xED: sbc(load(abs())); break;
      case 0xEE: rmw<&Alu::inc>(abs()); break;
      case 0xEF: rmw<&Alu::isc>(abs()); break;
      // Fx
      case 0xF0: branch(fz == 0); break;  // BEQ
      case 0xF1: sbc(load(izyR())); break;
      case 0xF2: jam(); return false;
      case 0xF3: rmw<&Alu::isc>(izyW()); break;
      case 0xF4: load(zpx()); break;
      case 0xF5: sbc(load(zpx())); break;
      case 0xF6: rmw<&Alu::inc>(zpx()); break;
      case 0xF7: rmw<&Alu::isc>(zpx()); break;
      case 0xF8: implied(); fd = 1; break;  // SED
      case 0xF9: sbc(load(abyR())); break;
      case 0xFA: implied(); break;
      case 0xFB: rmw<&Alu::isc>(abyW()); break;
      case 0xFC: load(abxR()); break;
      case 0xFD: sbc(load(abxR())); break;
      case 0xFE: rmw<&Alu::inc>(abxW()); break;
      case 0xFF: rmw<&Alu::isc>(abxW()); break;
    }
    // clang-format on
    return true;
  }
};

}  // namespace emu6502::detail
