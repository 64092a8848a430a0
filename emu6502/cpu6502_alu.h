// Internal to the 6502 interpreter: register file, status flags and the
// arithmetic/logic operations. Flags are kept unpacked so that the common
// "set N and Z from a result" is two register moves: N is bit 7 of `fn`, Z is
// set when `fz` is zero. P is packed only when pushed or handed back in Regs.
#pragma once

#include <cstdint>

#include "emu6502/cpu6502.h"

#define EMU6502_INLINE [[gnu::always_inline]] inline

namespace emu6502::detail {

struct Alu {
  uint16_t pc;
  uint8_t a, x, y, s;
  uint8_t fn, fz, fc, fv, fi, fd;
  uint8_t fbu;  // bits 4-5 of P as handed in; they have no latch in the chip
  bool decimal;
  uint8_t magic;

  Alu(const Regs& r, const CpuConfig& cfg)
      : pc(r.pc),
        a(r.a),
        x(r.x),
        y(r.y),
        s(r.s),
        decimal(cfg.decimalMode),
        magic(cfg.unstableMagic) {
    unpackP(r.p);
    fbu = r.p & (kFlagB | kFlagU);
  }

  void save(Regs& r) const {
    r.pc = pc;
    r.a = a;
    r.x = x;
    r.y = y;
    r.s = s;
    r.p = packP(0) | fbu;
  }

  EMU6502_INLINE uint8_t packP(uint8_t extra) const {
    return static_cast<uint8_t>((fn & 0x80) | (fv << 6) | (fd << 3) | (fi << 2) |
                                (fz == 0 ? 2 : 0) | fc | extra);
  }
  EMU6502_INLINE void unpackP(uint8_t p) {
    fn = p;
    fz = (p & kFlagZ) ? 0 : 1;
    fc = p & 1;
    fi = (p >> 2) & 1;
    fd = (p >> 3) & 1;
    fv = (p >> 6) & 1;
  }
  // PLP/RTI: the pulled B bit goes nowhere and U reads as 1.
  EMU6502_INLINE void pullP(uint8_t p) {
    unpackP(p);
    fbu = kFlagU;
  }

  EMU6502_INLINE void nz(uint8_t v) { fn = fz = v; }

  // Loads and logic
  EMU6502_INLINE void lda(uint8_t v) { nz(a = v); }
  EMU6502_INLINE void ldx(uint8_t v) { nz(x = v); }
  EMU6502_INLINE void ldy(uint8_t v) { nz(y = v); }
  EMU6502_INLINE void lax(uint8_t v) { nz(a = x = v); }
  EMU6502_INLINE void ora(uint8_t v) { nz(a |= v); }
  EMU6502_INLINE void and_(uint8_t v) { nz(a &= v); }
  EMU6502_INLINE void eor(uint8_t v) { nz(a ^= v); }
  EMU6502_INLINE void bit(uint8_t v) {
    fz = a & v;
    fn = v;
    fv = (v >> 6) & 1;
  }
  EMU6502_INLINE void cmp(uint8_t r, uint8_t v) {
    fc = r >= v;
    nz(static_cast<uint8_t>(r - v));
  }

  // Arithmetic. The 2A03 has no BCD adder; a stock NMOS 6502 does (decimal=true).
  EMU6502_INLINE void adcBinary(uint8_t v) {
    unsigned sum = a + v + fc;
    fv = ((~(a ^ v) & (a ^ sum)) >> 7) & 1;
    fc = sum >> 8;
    nz(a = static_cast<uint8_t>(sum));
  }
  EMU6502_INLINE void adc(uint8_t v) {
    if (decimal && fd) [[unlikely]]
      adcDecimal(v);
    else
      adcBinary(v);
  }
  EMU6502_INLINE void sbc(uint8_t v) {
    if (decimal && fd) [[unlikely]]
      sbcDecimal(v);
    else
      adcBinary(static_cast<uint8_t>(~v));
  }
  // NMOS decimal mode: Z comes from the binary sum, N and V from the sum after the
  // low-nibble fix-up, C from the final result.
  void adcDecimal(uint8_t v) {
    unsigned bin = a + v + fc;
    unsigned lo = (a & 0x0F) + (v & 0x0F) + fc;
    unsigned hi = (a & 0xF0) + (v & 0xF0);
    if (lo > 0x09) {
      lo += 0x06;
      hi += 0x10;
    }
    fz = static_cast<uint8_t>(bin);
    fn = static_cast<uint8_t>(hi);
    fv = ((~(a ^ v) & (a ^ hi)) >> 7) & 1;
    if (hi > 0x90) hi += 0x60;
    fc = hi > 0xFF;
    a = static_cast<uint8_t>((lo & 0x0F) | (hi & 0xF0));
  }
  // NMOS decimal SBC: every flag is the binary result's, only A is adjusted.
  void sbcDecimal(uint8_t v) {
    unsigned borrow = fc ^ 1;
    unsigned bin = a - v - borrow;
    unsigned lo = (a & 0x0F) - (v & 0x0F) - borrow;
    unsigned res;
    if (lo & 0x10)
      res = ((lo - 6) & 0x0F) | ((a & 0xF0) - (v & 0xF0) - 0x10);
    else
      res = (lo & 0x0F) | ((a & 0xF0) - (v & 0xF0));
    if (res & 0x100) res -= 0x60;
    fv = (((a ^ v) & (a ^ bin)) >> 7) & 1;
    fc = bin < 0x100;
    nz(static_cast<uint8_t>(bin));
    a = static_cast<uint8_t>(res);
  }

  // Shifts and increments (read-modify-write bodies; also used on A)
  EMU6502_INLINE uint8_t asl(uint8_t v) {
    fc = v >> 7;
    v = static_cast<uint8_t>(v << 1);
    nz(v);
    return v;
  }
  EMU6502_INLINE uint8_t lsr(uint8_t v) {
    fc = v & 1;
    v >>= 1;
    nz(v);
    return v;
  }
  EMU6502_INLINE uint8_t rol(uint8_t v) {
    uint8_t r = static_cast<uint8_t>((v << 1) | fc);
    fc = v >> 7;
    nz(r);
    return r;
  }
  EMU6502_INLINE uint8_t ror(uint8_t v) {
    uint8_t r = static_cast<uint8_t>((v >> 1) | (fc << 7));
    fc = v & 1;
    nz(r);
    return r;
  }
  EMU6502_INLINE uint8_t inc(uint8_t v) {
    nz(++v);
    return v;
  }
  EMU6502_INLINE uint8_t dec(uint8_t v) {
    nz(--v);
    return v;
  }

  // Undocumented read-modify-write combinations
  EMU6502_INLINE uint8_t slo(uint8_t v) {
    v = asl(v);
    ora(v);
    return v;
  }
  EMU6502_INLINE uint8_t rla(uint8_t v) {
    v = rol(v);
    and_(v);
    return v;
  }
  EMU6502_INLINE uint8_t sre(uint8_t v) {
    v = lsr(v);
    eor(v);
    return v;
  }
  EMU6502_INLINE uint8_t rra(uint8_t v) {
    v = ror(v);
    adc(v);
    return v;
  }
  EMU6502_INLINE uint8_t dcp(uint8_t v) {
    v = dec(v);
    cmp(a, v);
    return v;
  }
  EMU6502_INLINE uint8_t isc(uint8_t v) {
    v = inc(v);
    sbc(v);
    return v;
  }

  // Undocumented immediates
  EMU6502_INLINE void anc(uint8_t v) {
    and_(v);
    fc = a >> 7;
  }
  EMU6502_INLINE void alr(uint8_t v) { a = lsr(a & v); }
  // ARR: AND then ROR, with C and V taken from bits 6 and 5 of the result (the
  // adder is involved). In decimal mode the NMOS chip also fixes up the nibbles.
  void arr(uint8_t v) {
    uint8_t t = a & v;
    a = static_cast<uint8_t>((t >> 1) | (fc << 7));
    if (decimal && fd) [[unlikely]] {
      fn = fc ? 0x80 : 0;
      fz = a;
      fv = ((t ^ a) >> 6) & 1;
      if ((t & 0x0F) + (t & 1) > 5) a = static_cast<uint8_t>((a & 0xF0) | ((a + 6) & 0x0F));
      fc = ((t >> 4) + ((t >> 4) & 1)) > 5;
      if (fc) a = static_cast<uint8_t>(a + 0x60);
      return;
    }
    nz(a);
    fc = (a >> 6) & 1;
    fv = ((a >> 6) ^ (a >> 5)) & 1;
  }
  EMU6502_INLINE void sbx(uint8_t v) {
    uint8_t t = a & x;
    fc = t >= v;
    nz(x = static_cast<uint8_t>(t - v));
  }
  EMU6502_INLINE void ane(uint8_t v) { nz(a = (a | magic) & x & v); }
  EMU6502_INLINE void lxa(uint8_t v) { nz(a = x = (a | magic) & v); }
  EMU6502_INLINE void las(uint8_t v) { nz(a = x = s = v & s); }
};

}  // namespace emu6502::detail
