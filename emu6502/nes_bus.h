// The NES CPU address space, enough to call routines inside a real game:
//   $0000-$1FFF  2 KiB RAM, mirrored four times
//   $2000-$3FFF  PPU registers (mirrored every 8 bytes)   } reads return open bus,
//   $4000-$401F  APU and I/O registers                     } writes go to a log
//   $4020-$5FFF  expansion: open bus, writes logged
//   $6000-$7FFF  8 KiB PRG RAM (the trainer, if any, is loaded at $7000)
//   $8000-$FFFF  PRG ROM through the mapper (writes go to the mapper and the log)
// There is no PPU or APU. CHR ROM/RAM is readable for drawing tiles.
//
//   auto r = emu6502::loadInesFile("game.nes");
//   emu6502::NesBus bus(std::move(*r.cart));
//   emu6502::Cpu6502 cpu(bus);
//   cpu.reset();
//
// RAM, PRG RAM and the current PRG banks are exposed to the CPU as FastPages, so
// running from ROM costs no virtual call; the page map is rebuilt on every bank
// switch. saveState()/loadState() capture everything a routine can change.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "emu6502/bus.h"
#include "emu6502/ines.h"
#include "emu6502/mapper.h"

namespace emu6502 {

struct IoWrite {
  uint16_t addr;
  uint8_t value;
};

struct NesBusState {
  std::array<uint8_t, 2048> ram{};
  std::vector<uint8_t> prgRam;
  std::vector<uint8_t> chrRam;  // empty when the cartridge has CHR ROM
  std::vector<uint8_t> mapperRegs;
  uint8_t openBus = 0;
};

class NesBus : public Bus {
 public:
  NesBus();  // no cartridge: $8000-$FFFF read as open bus
  explicit NesBus(Cartridge cart);
  NesBus(const NesBus&) = delete;
  NesBus& operator=(const NesBus&) = delete;

  uint8_t read(uint16_t addr) override;
  void write(uint16_t addr, uint8_t v) override;
  void dummyWrite(uint16_t addr, uint8_t v) override;
  uint8_t peek(uint16_t addr) const override;
  // RAM and PRG RAM as stored; a PRG ROM address patches the ROM byte currently
  // mapped there (no mapper register changes); registers are left alone.
  void poke(uint16_t addr, uint8_t v) override;
  FastPages* fastPages() override { return &pages_; }

  const Cartridge& cartridge() const { return cart_; }
  bool hasCartridge() const { return mapper_ != nullptr; }
  const Mapper* mapper() const { return mapper_.get(); }
  std::array<uint8_t, 2048>& ram() { return ram_; }
  std::vector<uint8_t>& prgRam() { return prgRam_; }
  uint8_t openBus() const { return pages_.openBus; }
  Mirroring mirroring() const;

  // Pattern tables as the PPU would see them now ($0000-$1FFF, through CHR banking).
  uint8_t chrRead(uint16_t ppuAddr) const;
  void chrWrite(uint16_t ppuAddr, uint8_t v);  // CHR RAM only; ignored for CHR ROM
  const std::vector<uint8_t>& chrData() const { return chr_; }
  bool chrIsRam() const { return cart_.chr.empty(); }

  // Writes to registers, expansion and mapper space, in order. The log keeps the
  // first kIoLogLimit entries and counts the rest.
  static constexpr size_t kIoLogLimit = 1 << 20;
  const std::vector<IoWrite>& ioWrites() const { return ioLog_; }
  uint64_t droppedIoWrites() const { return ioDropped_; }
  void clearIoWrites();

  NesBusState saveState() const;
  void loadState(const NesBusState& state);

 private:
  void logIo(uint16_t addr, uint8_t v);
  void cartWrite(uint16_t addr, uint8_t v, bool consecutive);
  void mapPrg();

  Cartridge cart_;
  std::unique_ptr<Mapper> mapper_;
  std::array<uint8_t, 2048> ram_{};
  std::vector<uint8_t> prgRam_;
  std::vector<uint8_t> chr_;  // CHR ROM copy or CHR RAM
  FastPages pages_;
  std::vector<IoWrite> ioLog_;
  uint64_t ioDropped_ = 0;
  bool afterDummyWrite_ = false;
};

}  // namespace emu6502
