// A flat 64 KiB RAM bus with no devices and no interrupts: for the conformance
// vectors, raw images and routines that need nothing but memory. Every page is plain
// RAM, so the CPU's fast path reads and writes it directly.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "emusm83/bus.h"

namespace emusm83 {

class FlatBus : public Bus {
 public:
  FlatBus();
  FlatBus(const FlatBus&) = delete;
  FlatBus& operator=(const FlatBus&) = delete;

  uint8_t read(uint16_t addr) override { return ram_[addr]; }
  void write(uint16_t addr, uint8_t v) override { ram_[addr] = v; }
  uint8_t peek(uint16_t addr) const override { return ram_[addr]; }
  void poke(uint16_t addr, uint8_t v) override { ram_[addr] = v; }
  FastPages* fastPages() override { return &pages_; }
  uint8_t* flatMemory() override { return ram_.data(); }

  std::array<uint8_t, 65536>& ram() { return ram_; }
  const std::array<uint8_t, 65536>& ram() const { return ram_; }
  // Copies bytes to addr, wrapping at $FFFF.
  void load(uint16_t addr, std::span<const uint8_t> bytes);

 private:
  std::array<uint8_t, 65536> ram_{};
  FastPages pages_;
};

}  // namespace emusm83
