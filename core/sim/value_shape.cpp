#include "core/sim/value_shape.h"

#include <cstdio>

#include "core/util/text.h"

namespace core {

int32_t ValueShape::minRaw() const {
  return isSigned ? -(int32_t(1) << (8 * size - 1)) : 0;
}

int32_t ValueShape::maxRaw() const {
  return isSigned ? (int32_t(1) << (8 * size - 1)) - 1 : (int32_t(1) << (8 * size)) - 1;
}

int32_t ValueShape::wrap(int64_t v) const {
  uint8_t bytes[4] = {};
  encode(int32_t(uint32_t(uint64_t(v))), [&](int i, uint8_t b) { bytes[i] = b; });
  return decode([&](int i) { return bytes[i]; });
}

std::string valueShapeName(const ValueShape& s) {
  std::string n = (s.isSigned ? "s" : "u") + std::to_string(8 * s.size);
  if (s.size > 1 && s.bigEndian) n += "be";
  if (s.fracBits > 0)
    n += " " + std::to_string(8 * s.size - s.fracBits) + "." + std::to_string(s.fracBits);
  return n;
}

std::optional<ValueShape> parseValueShape(std::string_view name) {
  const std::string n = lower(trimView(name));
  if (n == "w") return kU16;
  for (int size = 1; size <= 3; ++size)
    for (int sign = 0; sign < 2; ++sign)
      for (int big = 0; big < (size > 1 ? 2 : 1); ++big)
        for (int frac = 0; frac <= 8 * size; ++frac) {
          const ValueShape s{size, sign == 1, big == 1, frac};
          if (valueShapeName(s) == n) return s;
        }
  return std::nullopt;
}

std::string valueHex(const ValueShape& s, int32_t raw) {
  const uint32_t bits = uint32_t(raw) & ((uint32_t(1) << (8 * s.size)) - 1);
  return hex(bits, 2 * s.size);
}

std::string valueDecimal(const ValueShape& s, int32_t raw) {
  if (s.fracBits == 0) return std::to_string(raw);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", double(raw) / double(int64_t(1) << s.fracBits));
  return buf;
}

std::string valueFraction(const ValueShape& s, int32_t raw) {
  if (s.fracBits == 0) return std::to_string(raw);
  const int32_t whole = raw >> s.fracBits, sub = raw & ((int32_t(1) << s.fracBits) - 1);
  return std::to_string(whole) + "." + std::to_string(sub) + "/" +
         std::to_string(int64_t(1) << s.fracBits);
}

}  // namespace core
