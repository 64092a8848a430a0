// libFuzzer target that runs a random image on each CPU and bus for up to N
// instructions and checks three things:
//  - every CPU cycle is one access reported on the bus (6502: each cycle; SM83:
//    each M-cycle while not halted), so no access bypasses the bus;
//  - the observed path (an observer attached) and the fast path end in the same
//    registers, cycle count and bus state;
//  - a snapshot taken halfway restores exactly: re-running the second half from
//    it ends where the first run did.
// Input: byte 0 picks the CPU and bus (6502 flat, 6502 NES with mapper from byte 1,
// SM83 flat, SM83 Game Boy with cartridge type from byte 1), bytes 2-3 the
// instruction count (at most 4096), the rest is the image.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/flat_bus.h"
#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"
#include "emusm83/cartridge.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/flat_bus.h"
#include "emusm83/gb_bus.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

template <class Access>
struct Counter {
  unsigned accesses = 0;
  void onAccess(uint16_t, uint8_t, Access) { ++accesses; }
};
struct Count6502 : emu6502::BusObserver, Counter<emu6502::Access> {
  void onAccess(uint16_t a, uint8_t v, emu6502::Access k) override { Counter::onAccess(a, v, k); }
};
struct CountSm83 : emusm83::BusObserver, Counter<emusm83::Access> {
  void onAccess(uint16_t a, uint8_t v, emusm83::Access k) override { Counter::onAccess(a, v, k); }
};

// ---- 6502 ----

struct Nes6502 {
  std::unique_ptr<emu6502::Bus> bus;
  std::unique_ptr<emu6502::Cpu6502> cpu;
};

Nes6502 make6502(bool nes, uint8_t arg, std::span<const uint8_t> image) {
  Nes6502 m;
  if (nes) {
    // Through the iNES loader, so the board is one it accepts: PRG from the image
    // (16 KiB to 128 KiB), 8 KiB of CHR RAM.
    static const unsigned kMappers[] = {0, 1, 2, 3, 4, 7};
    const unsigned mapper = kMappers[arg % 6];
    // NROM and CNROM boards hold 16 or 32 KiB; the others here take up to 128 KiB.
    const size_t maxBanks = mapper == 0 || mapper == 3 ? 2 : 8;
    size_t banks = mapper == 7 ? 2 : 1;
    while (banks * 16384 < image.size() && banks < maxBanks) banks *= 2;
    std::vector<uint8_t> file(16 + banks * 16384, 0xEA);
    const uint8_t header[8] = {
        'N', 'E', 'S', 0x1A, uint8_t(banks), 0, uint8_t(mapper << 4), uint8_t(mapper & 0xF0)};
    std::copy_n(header, 8, file.begin());
    std::copy_n(image.begin(), std::min(image.size(), banks * 16384), file.begin() + 16);
    emu6502::InesResult r = emu6502::parseInes(file, "fuzz.nes");
    check(r.ok());
    m.bus = std::make_unique<emu6502::NesBus>(std::move(*r.cart));
  } else {
    auto flat = std::make_unique<emu6502::FlatBus>();
    flat->load(0, image.first(std::min<size_t>(image.size(), 65536)));
    m.bus = std::move(flat);
  }
  m.cpu = std::make_unique<emu6502::Cpu6502>(*m.bus);
  m.cpu->reset();
  return m;
}

struct State6502 {
  emu6502::Regs regs;
  uint64_t cycles;
  bool jammed;
  std::vector<uint8_t> flat;
  std::optional<emu6502::NesBusState> nes;
  bool operator==(const State6502&) const = default;
};

State6502 save(Nes6502& m) {
  State6502 s{m.cpu->regs, m.cpu->cycles, m.cpu->jammed(), {}, {}};
  if (auto* nes = dynamic_cast<emu6502::NesBus*>(m.bus.get()))
    s.nes = nes->saveState();
  else
    s.flat.assign(m.bus->flatMemory(), m.bus->flatMemory() + 65536);
  return s;
}

void restore(Nes6502& m, const State6502& s) {
  m.cpu->regs = s.regs;
  m.cpu->cycles = s.cycles;
  m.cpu->setJammed(s.jammed);
  if (auto* nes = dynamic_cast<emu6502::NesBus*>(m.bus.get()))
    nes->loadState(*s.nes);
  else
    std::copy(s.flat.begin(), s.flat.end(), m.bus->flatMemory());
}

void run6502(bool nes, uint8_t arg, unsigned n, std::span<const uint8_t> image) {
  Nes6502 watched = make6502(nes, arg, image), fast = make6502(nes, arg, image);
  Count6502 counter;
  watched.cpu->setObserver(&counter);
  State6502 half{};
  for (unsigned i = 0; i < n; ++i) {
    counter.accesses = 0;
    const unsigned c = watched.cpu->step();
    check(counter.accesses == c);
    if (i == n / 2) half = save(fast);
    fast.cpu->step();
  }
  if (n == 0) half = save(fast);
  const State6502 end = save(fast);
  check(save(watched) == end);
  restore(fast, half);
  for (unsigned i = n / 2; i < n; ++i) fast.cpu->step();
  check(save(fast) == end);
}

// ---- SM83 ----

struct GbSm83 {
  std::unique_ptr<emusm83::Bus> bus;
  std::unique_ptr<emusm83::CpuSm83> cpu;
};

std::optional<GbSm83> makeSm83(bool gb, uint8_t arg, std::span<const uint8_t> image) {
  GbSm83 m;
  if (gb) {
    static const uint8_t kTypes[] = {0x00, 0x01, 0x03, 0x08, 0x10, 0x13, 0x19, 0x1B};
    size_t code = 0;
    while ((size_t(32768) << code) < image.size() && code < 3) ++code;
    std::vector<uint8_t> rom(size_t(32768) << code, 0x00);
    std::copy_n(image.begin(), std::min(image.size(), rom.size()), rom.begin());
    rom[0x147] = kTypes[arg % 8];
    rom[0x148] = uint8_t(code);
    rom[0x149] = rom[0x147] == 0x01 || rom[0x147] == 0x00 ? 0 : 2;
    auto r = emusm83::loadCartridge(std::move(rom), "fuzz.gb");
    if (!r.ok()) return std::nullopt;
    m.bus = std::make_unique<emusm83::GbBus>(std::move(*r.cart));
  } else {
    auto flat = std::make_unique<emusm83::FlatBus>();
    flat->load(0, image.first(std::min<size_t>(image.size(), 65536)));
    m.bus = std::move(flat);
  }
  m.cpu = std::make_unique<emusm83::CpuSm83>(*m.bus);
  if (gb) m.cpu->setPostBootState();
  return m;
}

struct StateSm83 {
  emusm83::CpuState cpu;
  std::vector<uint8_t> flat;
  std::optional<emusm83::GbBusState> gb;
  bool operator==(const StateSm83&) const = default;
};

StateSm83 save(GbSm83& m) {
  StateSm83 s{m.cpu->state(), {}, {}};
  if (auto* gb = dynamic_cast<emusm83::GbBus*>(m.bus.get())) {
    s.gb = gb->saveState();
  } else {
    auto& ram = static_cast<emusm83::FlatBus&>(*m.bus).ram();
    s.flat.assign(ram.begin(), ram.end());
  }
  return s;
}

void restore(GbSm83& m, const StateSm83& s) {
  if (auto* gb = dynamic_cast<emusm83::GbBus*>(m.bus.get())) {
    gb->loadState(*s.gb);
  } else {
    auto& ram = static_cast<emusm83::FlatBus&>(*m.bus).ram();
    std::copy(s.flat.begin(), s.flat.end(), ram.begin());
  }
  m.cpu->setState(s.cpu);
}

void runSm83(bool gb, uint8_t arg, unsigned n, std::span<const uint8_t> image) {
  auto watched = makeSm83(gb, arg, image), fast = makeSm83(gb, arg, image);
  if (!watched || !fast) return;
  CountSm83 counter;
  watched->cpu->setObserver(&counter);
  StateSm83 half = save(*fast);
  for (unsigned i = 0; i < n; ++i) {
    const bool wasHalted = watched->cpu->halted();
    counter.accesses = 0;
    const unsigned m = watched->cpu->step();
    if (!wasHalted && !watched->cpu->halted()) check(counter.accesses == m);
    if (i == n / 2) half = save(*fast);
    fast->cpu->step();
  }
  const StateSm83 end = save(*fast);
  check(save(*watched) == end);
  restore(*fast, half);
  for (unsigned i = n / 2; i < n; ++i) fast->cpu->step();
  check(save(*fast) == end);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  const unsigned n = (data[2] | data[3] << 8) % 4097;
  const std::span<const uint8_t> image(data + 4, size - 4);
  switch (data[0] % 4) {
    case 0:
      run6502(false, data[1], n, image);
      break;
    case 1:
      run6502(true, data[1], n, image);
      break;
    case 2:
      runSm83(false, data[1], n, image);
      break;
    default:
      runSm83(true, data[1], n, image);
      break;
  }
  return 0;
}
