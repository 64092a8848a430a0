// SM83 arithmetic: the flag rules of every ALU, rotate/shift and DAA operation, as
// constexpr functions on (value, F) so they can be tested on their own. The CPU
// engine inlines them. F's low nibble is always returned as 0.
#pragma once

#include <cstdint>

#include "emusm83/regs.h"

namespace emusm83::alu {

struct Result {
  uint8_t value;
  uint8_t f;
};

constexpr uint8_t zeroFlag(uint8_t v) {
  return v == 0 ? kFlagZ : 0;
}
constexpr uint8_t carryIn(uint8_t f) {
  return (f >> 4) & 1;
}

// 8-bit ALU op field (ADD ADC SUB SBC AND XOR OR CP) applied to A and v. CP returns
// A unchanged.
constexpr Result op8(unsigned op, uint8_t a, uint8_t v, uint8_t f) {
  switch (op & 7) {
    case 0:
    case 1: {
      const unsigned c = op == 1 ? carryIn(f) : 0;
      const unsigned r = a + v + c;
      const auto res = static_cast<uint8_t>(r);
      return {res,
              static_cast<uint8_t>(zeroFlag(res) | ((a & 0xF) + (v & 0xF) + c > 0xF ? kFlagH : 0) |
                                   (r > 0xFF ? kFlagC : 0))};
    }
    case 2:
    case 3:
    case 7: {
      const unsigned c = op == 3 ? carryIn(f) : 0;
      const auto res = static_cast<uint8_t>(a - v - c);
      const uint8_t flags =
          static_cast<uint8_t>(zeroFlag(res) | kFlagN | ((a & 0xF) < (v & 0xF) + c ? kFlagH : 0) |
                               (static_cast<unsigned>(a) < v + c ? kFlagC : 0));
      return {op == 7 ? a : res, flags};
    }
    case 4: {
      const auto res = static_cast<uint8_t>(a & v);
      return {res, static_cast<uint8_t>(zeroFlag(res) | kFlagH)};
    }
    case 5: {
      const auto res = static_cast<uint8_t>(a ^ v);
      return {res, zeroFlag(res)};
    }
    default: {
      const auto res = static_cast<uint8_t>(a | v);
      return {res, zeroFlag(res)};
    }
  }
}

constexpr Result inc8(uint8_t v, uint8_t f) {
  const auto r = static_cast<uint8_t>(v + 1);
  return {r, static_cast<uint8_t>((f & kFlagC) | zeroFlag(r) | ((v & 0xF) == 0xF ? kFlagH : 0))};
}

constexpr Result dec8(uint8_t v, uint8_t f) {
  const auto r = static_cast<uint8_t>(v - 1);
  return {
      r, static_cast<uint8_t>((f & kFlagC) | zeroFlag(r) | kFlagN | ((v & 0xF) == 0 ? kFlagH : 0))};
}

// CB shift op field (RLC RRC RL RR SLA SRA SWAP SRL). Z from the result, C = bit out.
constexpr Result shift(unsigned op, uint8_t v, uint8_t f) {
  unsigned r = 0, c = 0;
  switch (op & 7) {
    case 0:
      r = (v << 1) | (v >> 7), c = v >> 7;
      break;
    case 1:
      r = (v >> 1) | (v << 7), c = v & 1;
      break;
    case 2:
      r = (v << 1) | carryIn(f), c = v >> 7;
      break;
    case 3:
      r = (v >> 1) | (carryIn(f) << 7), c = v & 1;
      break;
    case 4:
      r = v << 1, c = v >> 7;
      break;
    case 5:
      r = (v >> 1) | (v & 0x80), c = v & 1;
      break;
    case 6:
      r = (v << 4) | (v >> 4), c = 0;
      break;
    default:
      r = v >> 1, c = v & 1;
      break;
  }
  const auto res = static_cast<uint8_t>(r);
  return {res, static_cast<uint8_t>(zeroFlag(res) | (c ? kFlagC : 0))};
}

// RLCA RRCA RLA RRA (ops 0..3): like the CB rotates on A, but Z is always clear.
constexpr Result rotateA(unsigned op, uint8_t a, uint8_t f) {
  const Result r = shift(op, a, f);
  return {r.value, static_cast<uint8_t>(r.f & kFlagC)};
}

// BIT n: Z = !bit, N = 0, H = 1, C unchanged.
constexpr uint8_t bit(unsigned n, uint8_t v, uint8_t f) {
  return static_cast<uint8_t>((f & kFlagC) | kFlagH | ((v >> n) & 1 ? 0 : kFlagZ));
}

// DAA adjusts A after a BCD add (N=0) or subtract (N=1), from H, C and A itself.
constexpr Result daa(uint8_t a, uint8_t f) {
  uint8_t adjust = 0;
  uint8_t carry = f & kFlagC;
  const bool sub = f & kFlagN;
  if ((f & kFlagH) || (!sub && (a & 0xF) > 9)) adjust |= 0x06;
  if (carry || (!sub && a > 0x99)) {
    adjust |= 0x60;
    carry = kFlagC;
  }
  const auto r = static_cast<uint8_t>(sub ? a - adjust : a + adjust);
  return {r, static_cast<uint8_t>(zeroFlag(r) | (f & kFlagN) | carry)};
}

// ADD HL, rr: Z unchanged, H from bit 11, C from bit 15.
constexpr uint8_t addHlFlags(uint16_t hl, uint16_t v, uint8_t f) {
  return static_cast<uint8_t>((f & kFlagZ) | ((hl & 0xFFF) + (v & 0xFFF) > 0xFFF ? kFlagH : 0) |
                              (hl + v > 0xFFFF ? kFlagC : 0));
}

// ADD SP, e8 and LD HL, SP+e8: Z = N = 0; H and C from the unsigned low-byte add.
constexpr uint8_t addSpFlags(uint16_t sp, uint8_t e) {
  return static_cast<uint8_t>(((sp & 0xF) + (e & 0xF) > 0xF ? kFlagH : 0) |
                              ((sp & 0xFF) + e > 0xFF ? kFlagC : 0));
}

}  // namespace emusm83::alu
