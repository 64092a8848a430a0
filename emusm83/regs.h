// SM83 register file, a plain struct so traces and snapshots can copy it.
#pragma once

#include <cstdint>

namespace emusm83 {

// Flag bits of F. The low nibble of F always reads 0.
enum Flag : uint8_t { kFlagZ = 0x80, kFlagN = 0x40, kFlagH = 0x20, kFlagC = 0x10 };

struct Regs {
  uint8_t a = 0, f = 0, b = 0, c = 0, d = 0, e = 0, h = 0, l = 0;
  uint16_t sp = 0, pc = 0;
  bool ime = false;  // interrupt master enable

  uint16_t af() const { return static_cast<uint16_t>(a << 8 | f); }
  uint16_t bc() const { return static_cast<uint16_t>(b << 8 | c); }
  uint16_t de() const { return static_cast<uint16_t>(d << 8 | e); }
  uint16_t hl() const { return static_cast<uint16_t>(h << 8 | l); }
  void setAf(uint16_t v) { a = static_cast<uint8_t>(v >> 8), f = static_cast<uint8_t>(v & 0xF0); }
  void setBc(uint16_t v) { b = static_cast<uint8_t>(v >> 8), c = static_cast<uint8_t>(v); }
  void setDe(uint16_t v) { d = static_cast<uint8_t>(v >> 8), e = static_cast<uint8_t>(v); }
  void setHl(uint16_t v) { h = static_cast<uint8_t>(v >> 8), l = static_cast<uint8_t>(v); }
  bool flag(Flag fl) const { return (f & fl) != 0; }

  bool operator==(const Regs&) const = default;
};

}  // namespace emusm83
