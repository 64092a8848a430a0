// Pieces shared by the two Machine implementations.
#pragma once

#include <string>

#include "core/sim/machine.h"

namespace core::detail {

// Copies a ROM chunk into memory through `poke`, or reports a chunk that does not fit.
template <class Poke>
bool placeChunks(const AsmResult& image, Poke poke, std::string* error) {
  for (const ImageChunk& c : image.chunks) {
    if (c.address + (c.ram ? c.size : c.bytes.size()) > 0x10000) {
      if (error) *error = "segment " + c.name + " runs past $FFFF";
      return false;
    }
    if (c.ram) {
      for (uint32_t i = 0; i < c.size; ++i) poke(uint16_t(c.address + i), 0);
    } else {
      for (size_t i = 0; i < c.bytes.size(); ++i) poke(uint16_t(c.address + i), c.bytes[i]);
    }
  }
  return true;
}

}  // namespace core::detail
