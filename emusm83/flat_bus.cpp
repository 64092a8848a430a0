#include "emusm83/flat_bus.h"

namespace emusm83 {

FlatBus::FlatBus() {
  for (unsigned page = 0; page < 256; ++page) {
    pages_.read[page] = ram_.data() + page * 256;
    pages_.write[page] = ram_.data() + page * 256;
  }
}

void FlatBus::load(uint16_t addr, std::span<const uint8_t> bytes) {
  for (uint8_t b : bytes) ram_[addr++] = b;
}

}  // namespace emusm83
