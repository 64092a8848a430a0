#include "core/sim/field_codec.h"

#include "core/sim/machine.h"
#include "core/sim/manifest.h"

namespace core {

uint16_t FieldCodec::byteAddress(int slot, int i) const {
  const int offset = slot * stride;
  if (split) return uint16_t((i == 0 ? address : hiAddress) + offset);
  // Big-endian keeps the most significant byte first.
  return uint16_t(address + offset + (bigEndian ? size - 1 - i : i));
}

int32_t FieldCodec::minRaw() const {
  return isSigned ? -(int32_t(1) << (8 * size - 1)) : 0;
}

int32_t FieldCodec::maxRaw() const {
  return isSigned ? (int32_t(1) << (8 * size - 1)) - 1 : (int32_t(1) << (8 * size)) - 1;
}

namespace {

template <typename ByteAt>
int32_t decode(const FieldCodec& f, int slot, ByteAt byteAt) {
  uint32_t v = 0;
  for (int i = 0; i < f.size; ++i) v |= uint32_t(byteAt(f.byteAddress(slot, i))) << (8 * i);
  if (f.isSigned) {
    const int shift = 32 - 8 * f.size;
    return int32_t(v << shift) >> shift;
  }
  return int32_t(v);
}

}  // namespace

int32_t readField(const Machine& m, const FieldCodec& f, int slot) {
  if (const uint8_t* mem = m.memory()) return readField(mem, f, slot);
  return decode(f, slot, [&](uint16_t a) { return m.peek(a); });
}

int32_t readField(const uint8_t* memory, const FieldCodec& f, int slot) {
  return decode(f, slot, [&](uint16_t a) { return memory[a]; });
}

void writeField(Machine& m, const FieldCodec& f, int slot, int32_t raw) {
  for (int i = 0; i < f.size; ++i)
    m.poke(f.byteAddress(slot, i), uint8_t(uint32_t(raw) >> (8 * i)));
}

int32_t unwrapRaw(const FieldCodec& f, int32_t before, int32_t after) {
  const int64_t mod = int64_t(1) << (8 * f.size);
  int64_t d = ((int64_t(after) - before) % mod + mod) % mod;
  if (d >= mod / 2) d -= mod;
  return int32_t(before + d);
}

FieldCodec fieldShape(const FieldBinding& f) {
  FieldCodec c;
  c.split = f.split();
  c.size = f.size;
  c.stride = f.stride;
  c.isSigned = f.isSigned;
  c.bigEndian = f.bigEndian;
  c.fracBits = f.fracBits;
  return c;
}

FieldCodec fieldShape(const RoutineManifest& m, const std::string& name) {
  auto it = m.fields.find(name);
  return it == m.fields.end() ? FieldCodec{} : fieldShape(it->second);
}

int32_t positionPixels(const RoutineManifest& m, int axis, int32_t raw) {
  auto it = m.fields.find(axis == 0 ? "x" : "y");
  return it == m.fields.end() ? raw : raw >> it->second.fracBits;
}

std::string formatFieldValue(const FieldCodec& f, int32_t raw) {
  if (f.fracBits == 0) return std::to_string(raw);
  return std::to_string(fieldPixels(f, raw)) + "." + std::to_string(fieldSubpixels(f, raw)) + "/" +
         std::to_string(1 << f.fracBits);
}

std::string fieldShapeText(const FieldCodec& f) {
  std::string s = (f.isSigned ? "s" : "u") + std::to_string(8 * f.size);
  if (f.size > 1 && f.bigEndian) s += "be";
  if (f.fracBits > 0)
    s += " " + std::to_string(8 * f.size - f.fracBits) + "." + std::to_string(f.fracBits);
  if (f.split) s += " split";
  return s;
}

}  // namespace core
