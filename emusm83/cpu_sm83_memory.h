// Internal to cpu_sm83.cpp: the two memory models the instruction engine
// (cpu_sm83_engine.h) is instantiated with. Each answers a read or write at once
// when the address is plain memory and returns false when it belongs to a device,
// which the engine then sends to the Bus.
//
// FlatMem is one 64 KiB array (FlatBus, no devices); PagedMem reads and writes
// through the bus's FastPages, 256-byte pages of ROM/RAM plus high RAM.
#pragma once

#include <cstdint>

#include "emusm83/bus.h"

#define EMUSM83_INLINE inline __attribute__((always_inline))

namespace emusm83 {

struct FlatMem {
  uint8_t* base;
  EMUSM83_INLINE bool read(uint16_t addr, uint8_t& v) const {
    v = base[addr];
    return true;
  }
  EMUSM83_INLINE bool write(uint16_t addr, uint8_t v) const {
    base[addr] = v;
    return true;
  }
};

struct PagedMem {
  FastPages* pages;
  EMUSM83_INLINE bool read(uint16_t addr, uint8_t& v) const {
    const uint8_t* page = pages->read[addr >> 8];
    if (!page) [[unlikely]] {
      if (!pages->highRam || addr < 0xFF80 || addr == 0xFFFF) return false;
      v = pages->highRam[addr - 0xFF80];
      return true;
    }
    v = page[addr & 0xFF];
    return true;
  }
  EMUSM83_INLINE bool write(uint16_t addr, uint8_t v) const {
    uint8_t* page = pages->write[addr >> 8];
    if (!page) [[unlikely]] {
      if (!pages->highRam || addr < 0xFF80 || addr == 0xFFFF) return false;
      pages->highRam[addr - 0xFF80] = v;
      return true;
    }
    page[addr & 0xFF] = v;
    return true;
  }
};

}  // namespace emusm83
