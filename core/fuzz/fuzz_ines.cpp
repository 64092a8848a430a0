// libFuzzer target for the iNES / NES 2.0 loader (emu6502/ines.h). A cartridge that
// loads is put on a NesBus, which must answer every CPU address and round-trip its
// state; mapper register writes come from the file's own PRG bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  emu6502::InesResult r = emu6502::parseInes(std::span<const uint8_t>(data, size), "fuzz.nes");
  if (!r.ok()) {
    if (r.error.text().empty()) std::abort();  // a refusal always says why
    return 0;
  }
  if (!emu6502::mapperSupported(r.cart->mapper)) return 0;
  emu6502::NesBus bus(std::move(*r.cart));
  const emu6502::NesBusState before = bus.saveState();
  // Bank switching driven by the input: 64 writes into $8000-$FFFF, then a read
  // of every address of the cartridge space.
  for (size_t i = 0; i + 2 < size && i < 192; i += 3)
    bus.write(uint16_t(0x8000 | ((data[i] << 8 | data[i + 1]) & 0x7FFF)), data[i + 2]);
  unsigned sum = 0;
  for (unsigned a = 0x4020; a < 0x10000; ++a) sum += bus.peek(uint16_t(a)) + bus.read(uint16_t(a));
  for (unsigned a = 0; a < 0x2000; ++a) sum += bus.chrRead(uint16_t(a));
  const emu6502::NesBusState after = bus.saveState();
  bus.loadState(before);
  bus.loadState(after);
  if (!(bus.saveState() == after)) std::abort();
  return int(sum & 0);
}
