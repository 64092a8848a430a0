#include "core/sim/field_codec.h"

#include "core/sim/machine.h"
#include "core/sim/manifest.h"

namespace core {

uint16_t FieldCodec::byteAddress(int slot, int i) const {
  const int offset = slot * stride;
  if (split) return uint16_t((i == 0 ? address : hiAddress) + offset);
  // Big-endian keeps the most significant byte first.
  return uint16_t(address + offset + byteOffset(i));
}

int32_t readField(const Machine& m, const FieldCodec& f, int slot) {
  if (const uint8_t* mem = m.memory()) return readField(mem, f, slot);
  return f.decode([&](int i) { return m.peek(f.byteAddress(slot, i)); });
}

int32_t readField(const uint8_t* memory, const FieldCodec& f, int slot) {
  return f.decode([&](int i) { return memory[f.byteAddress(slot, i)]; });
}

void writeField(Machine& m, const FieldCodec& f, int slot, int32_t raw) {
  f.encode(raw, [&](int i, uint8_t b) { m.poke(f.byteAddress(slot, i), b); });
}

int32_t unwrapRaw(const FieldCodec& f, int32_t before, int32_t after) {
  const int64_t mod = int64_t(1) << (8 * f.size);
  int64_t d = ((int64_t(after) - before) % mod + mod) % mod;
  if (d >= mod / 2) d -= mod;
  return int32_t(before + d);
}

FieldCodec fieldShape(const FieldBinding& f) {
  FieldCodec c;
  c.shape() = f.shape();
  c.split = f.split();
  c.stride = f.stride;
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

}  // namespace core
