// Cartridge mappers: the Mapper interface NesBus asks, and the list of boards it runs.
//
// Each board is one header in emu6502/mappers/ and the only place that knows its
// facts: its iNES number, its name, the PRG and CHR sizes it accepts and the PRG bank
// it switches, beside what its register writes do. boards.cpp lists them once (a Board
// row each), and makeMapper, the loader's size checks (parseInes), the supported list
// and the bank size the symbol readers count in (core::game::nesPrgBankSize) all read
// that list. A new board is a new header and one line there.
//
// A mapper only decides which part of PRG ROM each 8 KiB CPU window at
// $8000/$A000/$C000/$E000 shows, which part of CHR each 1 KiB PPU window shows, and
// the nametable mirroring. NesBus owns the data and asks the mapper after every
// register write. A board with a scanline counter (MMC3) is clocked by the PPU
// renderer (nes_ppu.h) on each filtered rise of PPU A12 and drives the CPU's IRQ
// line; without a renderer nothing clocks it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "emu6502/ines.h"

namespace emu6502 {

class Mapper {
 public:
  Mapper(size_t prgSize, size_t chrSize, Mirroring mirroring);
  virtual ~Mapper() = default;

  virtual unsigned number() const = 0;
  // A CPU write to $8000-$FFFF. `consecutive`: this write follows another write on
  // the very previous cycle (the second write of a read-modify-write).
  virtual void write(uint16_t addr, uint8_t value, bool consecutive) = 0;
  // Register state as bytes, for snapshots (see NesBus::saveState).
  virtual std::vector<uint8_t> saveRegisters() const = 0;
  virtual void loadRegisters(const std::vector<uint8_t>& regs) = 0;

  // Scanline counters: true for a board that counts PPU A12 rises (MMC3).
  virtual bool countsScanlines() const { return false; }
  // One filtered rise of PPU address line A12 (the renderer filters out the short
  // lows between fetches, as the MMC3 does with M2).
  virtual void clockScanline() {}
  // The level the board drives on the CPU's /IRQ pin (true = asserted).
  virtual bool irqLine() const { return false; }

  // Byte offsets into PRG ROM of the four 8 KiB CPU windows $8000..$FFFF.
  const std::array<uint32_t, 4>& prgWindows() const { return prg_; }
  // Byte offsets into CHR ROM/RAM of the eight 1 KiB PPU windows $0000..$1FFF.
  const std::array<uint32_t, 8>& chrWindows() const { return chr_; }
  Mirroring mirroring() const { return mirroring_; }

  // The switchable PRG window, the unit ld65's bank numbers count in (32 KiB for
  // boards with no switchable window, or the whole ROM when it is smaller).
  virtual uint32_t prgBankSize() const = 0;
  // Sets the registers so PRG bank `bank` (in prgBankSize() units) shows at
  // `cpuAddr`; true when it does afterwards. False leaves the registers as they were.
  bool mapPrgBank(uint16_t cpuAddr, unsigned bank);

 protected:
  // Writes the bank register that serves `cpuAddr`'s window (no check).
  virtual void selectPrg(uint16_t /*cpuAddr*/, unsigned /*bank*/) {}

  // Bank numbers wrap around the data size, as the unconnected high address
  // lines do on a real board.
  void setPrg8(unsigned window, unsigned bank);
  void setPrg16(unsigned window, unsigned bank);  // window 0 = $8000, 1 = $C000
  void setPrg32(unsigned bank);
  void setChr1(unsigned window, unsigned bank);
  void setChr4(unsigned window, unsigned bank);  // window 0 = $0000, 1 = $1000
  void setChr8(unsigned bank);
  unsigned prgBanks8() const { return static_cast<unsigned>(prgSize_ / 0x2000); }

  size_t prgSize_, chrSize_;
  Mirroring mirroring_;
  const bool fourScreen_;

 private:
  std::array<uint32_t, 4> prg_{};
  std::array<uint32_t, 8> chr_{};
};

// What a board states once, in its own class B (see emu6502/mappers/uxrom.h):
//   static constexpr unsigned kNumber = 2;           // iNES mapper number
//   static constexpr const char* kName = "UxROM";
//   static constexpr uint32_t kPrgBankSize = 0x4000;  // 0: PRG does not switch
//   static BoardSizeFault checkSizes(uint64_t prg, uint64_t chr);
// BoardMapper<B> answers Mapper's questions about it from those.
template <class B>
class BoardMapper : public Mapper {
 public:
  using Mapper::Mapper;
  unsigned number() const final { return B::kNumber; }
  uint32_t prgBankSize() const final { return B::kPrgBankSize ? B::kPrgBankSize : 0x8000; }
};

// A board whose whole state is one register that a write latches (UxROM, CNROM,
// AxROM): it saves, loads and resets that byte, and B::apply() (a friend) maps
// the banks from latch_.
template <class B>
class LatchBoard : public BoardMapper<B> {
 public:
  using BoardMapper<B>::BoardMapper;
  void init() { latch(0); }
  void write(uint16_t, uint8_t value, bool) override { latch(value); }
  std::vector<uint8_t> saveRegisters() const override { return {latch_}; }
  void loadRegisters(const std::vector<uint8_t>& r) override {
    latch(r.size() == 1 ? r[0] : latch_);
  }

 protected:
  void latch(uint8_t value) {
    latch_ = value;
    static_cast<B*>(this)->apply();
  }
  uint8_t latch_ = 0;
};

// Why a board refuses the ROM sizes a header declares; an empty message when it
// accepts them. `offset` is the header byte holding the size: 4 (PRG) or 5 (CHR).
struct BoardSizeFault {
  size_t offset = 0;
  std::string message;
  static BoardSizeFault prg(std::string m) { return {4, std::move(m)}; }
  static BoardSizeFault chr(std::string m) { return {5, std::move(m)}; }
};

// One supported board, as boards.cpp lists it.
struct Board {
  unsigned number;
  const char* name;      // "UxROM"
  uint32_t prgBankSize;  // the switchable PRG window; 0 when PRG does not switch
  // Board constraints on the header's sizes, so that the mapper never indexes past the data.
  BoardSizeFault (*checkSizes)(uint64_t prg, uint64_t chr);
  std::unique_ptr<Mapper> (*make)(const Cartridge& cart);
};

// Every board NesBus runs, by number.
std::span<const Board> boards();
// The board with iNES number `number`, or null when none runs it.
const Board* findBoard(unsigned number);

// The mapper for a validated cartridge (see parseInes); null for an unsupported one.
std::unique_ptr<Mapper> makeMapper(const Cartridge& cart);

}  // namespace emu6502
