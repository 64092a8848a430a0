// How bytes in memory read as a number, and the one place that decodes them:
// 1 to 3 bytes, little- or big-endian, signed or unsigned, fixed point with
// `fracBits` fraction bits. Entity fields (field_codec.h, the manifest's
// `entity.fields`), the debugger's watches and the binding preview all hold a
// ValueShape, so a shape is read, named and printed the same way everywhere.
//
//   ValueShape s = *parseValueShape("s16be");
//   int32_t raw = s.read([&](uint16_t a) { return memory[a]; }, 0x0300);
//   valueShapeName(s);      // "s16be"
//   valueDecimal(s, raw);   // "-2"; "1.500" with fraction bits
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

struct ValueShape {
  int size = 1;  // 1..3 bytes
  bool isSigned = false;
  bool bigEndian = false;  // the most significant byte first
  int fracBits = 0;        // fixed point: the raw value is in units of 2^-fracBits

  ValueShape& shape() { return *this; }
  const ValueShape& shape() const { return *this; }
  bool operator==(const ValueShape&) const = default;

  // The offset of byte `i` (0 = least significant) from the value's first byte.
  int byteOffset(int i) const { return bigEndian ? size - 1 - i : i; }
  // The smallest and largest raw values the shape holds.
  int32_t minRaw() const;
  int32_t maxRaw() const;
  // `v`'s low 8*size bits as the shape reads them (sign-extended when isSigned).
  int32_t wrap(int64_t v) const;

  // The raw value from its bytes: byteOf(i) gives byte i, 0 the least significant.
  template <typename ByteOf>
  int32_t decode(ByteOf byteOf) const {
    uint32_t v = 0;
    for (int i = 0; i < size; ++i) v |= uint32_t(uint8_t(byteOf(i))) << (8 * i);
    if (!isSigned) return int32_t(v);
    const int shift = 32 - 8 * size;
    return int32_t(v << shift) >> shift;
  }
  // The bytes of `raw` (its low 8*size bits): setByte(i, byte) for byte i, 0 the
  // least significant. decode(encode(raw)) == wrap(raw).
  template <typename SetByte>
  void encode(int32_t raw, SetByte setByte) const {
    for (int i = 0; i < size; ++i) setByte(i, uint8_t(uint32_t(raw) >> (8 * i)));
  }
  // The raw value of the bytes from `address` on (wrapping past $FFFF);
  // peek(uint16_t) gives a byte.
  template <typename Peek>
  int32_t read(const Peek& peek, uint16_t address) const {
    return decode([&](int i) { return peek(uint16_t(address + byteOffset(i))); });
  }
};

inline constexpr ValueShape kU8{1, false}, kS8{1, true}, kU16{2, false}, kS16{2, true};

// "u8", "s16", "u16be", "s24"; fixed point adds the integer and fraction bits: "s16 12.4".
std::string valueShapeName(const ValueShape& s);
// The shape of a name valueShapeName gives (any case), or "w" for u16; nullopt for
// anything else.
std::optional<ValueShape> parseValueShape(std::string_view name);

// The raw value's bits in hex, two digits a byte: "$FE" (s8 -2), "$12FE".
std::string valueHex(const ValueShape& s, int32_t raw);
// The value in decimal: "-2"; fixed point with three decimals, "1.500".
std::string valueDecimal(const ValueShape& s, int32_t raw);
// The value in whole and sub-units: "12.5/16" (12 + 5/16) for fixed point, "12" for whole.
std::string valueFraction(const ValueShape& s, int32_t raw);

}  // namespace core
