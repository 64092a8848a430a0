// libFuzzer target for the Game Boy cartridge loader (emusm83/cartridge.h). A
// cartridge that loads is put on a GbBus: MBC register writes from the input, a
// read of every cartridge address, and a state round-trip.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "emusm83/cartridge.h"
#include "emusm83/gb_bus.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  emusm83::CartridgeLoad r =
      emusm83::loadCartridge(std::vector<uint8_t>(data, data + size), "fuzz.gb");
  if (!r.ok()) {
    if (r.error.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  emusm83::GbBus bus(std::move(*r.cart));
  const emusm83::GbBusState before = bus.saveState();
  for (size_t i = 0x150; i + 2 < size && i < 0x150 + 192; i += 3)
    bus.write(uint16_t(((data[i] << 8 | data[i + 1]) & 0x7FFF) | (data[i] & 0x80 ? 0xA000 : 0)),
              data[i + 2]);
  unsigned sum = 0;
  for (unsigned a = 0; a < 0x8000; ++a) sum += bus.peek(uint16_t(a)) + bus.read(uint16_t(a));
  for (unsigned a = 0xA000; a < 0xC000; ++a) sum += bus.read(uint16_t(a));
  const emusm83::GbBusState after = bus.saveState();
  bus.loadState(before);
  bus.loadState(after);
  if (!(bus.saveState() == after)) std::abort();
  return int(sum & 0);
}
