// Where one entity field sits in the routine's memory (the manifest's
// `entity.fields.NAME`, docs/manifest.md): its ValueShape (value_shape.h: 1 to 3
// bytes, endianness, sign, fixed point) at an address per slot, in one array or
// split across a low-byte and a high-byte array. Everything that reads an
// entity's field (the frame runner, the audits, the UI) goes through
// readField/writeField, which decode with the shape's own decode, so a shape is
// never decoded two ways.
//
//   int32_t raw = readField(machine, codec, slot);      // as the bytes hold it
//   int px = fieldPixels(codec, raw);                    // raw >> fracBits (floor)
//   writeField(machine, codec, slot, fieldFromPixels(codec, px));
#pragma once

#include <cstdint>
#include <string>

#include "core/sim/value_shape.h"

namespace core {

class Machine;
struct FieldBinding;
struct RoutineManifest;

// How one entity field is kept in the routine's memory (manifest `entity.fields.NAME`):
// the shape of its value (fracBits in units of 2^-fracBits pixels) and where its bytes are.
struct FieldCodec : ValueShape {
  uint16_t address = 0;    // slot 0's (low) byte
  uint16_t hiAddress = 0;  // split lo/hi arrays: slot 0's high byte (0 with split == false)
  bool split = false;
  int stride = 0;  // bytes between slots

  // The address of byte `i` (0 = least significant) of `slot`'s value.
  uint16_t byteAddress(int slot, int i) const;
  // Not ValueShape's ==, which would compare the shapes alone: a.shape() == b.shape().
  bool operator==(const FieldCodec&) const = delete;
};

// The raw value (sign-extended when isSigned), as the routine's bytes hold it.
int32_t readField(const Machine& m, const FieldCodec& f, int slot);
// The same from a flat 64 KiB view of memory (Machine::memory()).
int32_t readField(const uint8_t* memory, const FieldCodec& f, int slot);
// Writes the low 8*size bits of `raw` (ValueShape::encode).
void writeField(Machine& m, const FieldCodec& f, int slot, int32_t raw);

// Raw value <-> pixels and sub-pixels. Whole pixels are the floor of
// raw / 2^fracBits; the sub-pixel is what is left (0 .. 2^fracBits - 1).
inline int32_t fieldPixels(const FieldCodec& f, int32_t raw) {
  return raw >> f.fracBits;
}
inline int32_t fieldSubpixels(const FieldCodec& f, int32_t raw) {
  return raw & ((int32_t(1) << f.fracBits) - 1);
}
// A whole-pixel position as a raw value, the sub-pixel (0 .. 2^fracBits - 1) added.
inline int32_t fieldFromPixels(const FieldCodec& f, int32_t pixels, int32_t subpixels = 0) {
  return int32_t(uint32_t(pixels) << f.fracBits) + subpixels;
}
// The raw value after a call, unwrapped around the raw value before it: a field
// that wraps (x 255 -> 0 on one byte) moved by the short way round.
int32_t unwrapRaw(const FieldCodec& f, int32_t before, int32_t after);

// The shape of a manifest field (addresses left 0: nothing to read, only to convert).
FieldCodec fieldShape(const FieldBinding& f);
// The shape of the manifest's field `name`; a one-byte unsigned field when there is none.
FieldCodec fieldShape(const RoutineManifest& m, const std::string& name);
// Whole pixels of a recorded x (axis 0) or y (axis 1), the raw value floored by its fraction bits.
int32_t positionPixels(const RoutineManifest& m, int axis, int32_t raw);

}  // namespace core
