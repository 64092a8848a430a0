// The NES CPU address space, enough to run a real game's init and main loop:
//   $0000-$1FFF  2 KiB RAM, mirrored four times
//   $2000-$3FFF  PPU registers (mirrored every 8 bytes): $2000/$2001 control and
//                mask, $2002 status (vblank and sprite-0 flags, cleared as on the
//                chip), $2003/$2004 OAM, $2005/$2006 scroll/address latch,
//                $2007 data into CHR RAM, 2 KiB nametable RAM (through the
//                mapper's mirroring) and palette RAM
//   $4000-$401F  APU and I/O: $4014 OAM DMA, $4016/$4017 two standard
//                controllers; the APU is not modelled (reads are open bus)
//   $4020-$5FFF  expansion: open bus
//   $6000-$7FFF  8 KiB PRG RAM (the trainer, if any, is loaded at $7000)
//   $8000-$FFFF  PRG ROM through the mapper
// Every write outside RAM and PRG RAM also goes to a log.
//
// There is no PPU renderer and no clock here: the bus holds the PPU's registers
// and memories, and NesSystem (nes_system.h) drives the frame timing through
// startVblank()/startPreRender()/spriteZeroHit(). A bus used alone never sets the
// vblank flag. When NesSystem renders (nes_ppu.h), the bus calls its PpuClock
// before every PPU register access, OAM DMA and mapper write, so the renderer has
// drawn up to that cycle before the write changes what it draws.
//
//   auto r = emu6502::loadInesFile("game.nes");
//   emu6502::NesSystem nes(std::move(*r.cart));   // or NesBus + Cpu6502 for no timing
//
// RAM, PRG RAM and the current PRG banks are exposed to the CPU as FastPages, so
// running from ROM costs no virtual call; the page map is rebuilt on every bank
// switch. Pages marked with setDataHook() leave the fast map and report each data
// read and write (never an instruction fetch) to the hook. saveState()/loadState()
// capture everything writable.
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

// Receives data reads/writes in "hooked" 256-byte CPU pages (for map-cell tracking).
struct DataHook {
  virtual ~DataHook() = default;
  virtual void onData(uint16_t addr, uint8_t value, bool write) = 0;
};

// Called before an access that can change (or read) what the PPU draws; the
// renderer catches up to the CPU's current cycle.
struct PpuClock {
  virtual ~PpuClock() = default;
  virtual void catchUp() = 0;
  // v after a $2006 address or a $2007 access: outside rendering it is what the
  // PPU puts on its address bus (MMC3 sees A12 there).
  virtual void addressBus(uint16_t v) = 0;
};

class NesPpu;

// The PPU state the CPU can see or change, without a renderer.
struct PpuRegs {
  uint8_t ctrl = 0;     // $2000
  uint8_t mask = 0;     // $2001
  uint8_t status = 0;   // $2002 bits 7 (vblank), 6 (sprite 0 hit), 5 (overflow)
  uint8_t oamAddr = 0;  // $2003
  uint16_t v = 0;       // current VRAM address (15 bits)
  uint16_t t = 0;       // temporary VRAM address, the $2005/$2006 latch target
  uint8_t fineX = 0;
  bool w = false;          // $2005/$2006 write toggle, reset by a $2002 read
  uint8_t readBuffer = 0;  // $2007 read buffer
  uint8_t latch = 0;       // the PPU data bus, what write-only registers read back
  bool operator==(const PpuRegs&) const = default;
};

struct NesBusState {
  std::array<uint8_t, 2048> ram{};
  std::vector<uint8_t> prgRam;
  std::vector<uint8_t> chrRam;  // empty when the cartridge has CHR ROM
  std::vector<uint8_t> mapperRegs;
  uint8_t openBus = 0;
  std::array<uint8_t, 2048> nametables{};
  std::vector<uint8_t> extraNametables;  // four-screen boards only: 2 more KiB
  std::array<uint8_t, 32> palette{};
  std::array<uint8_t, 256> oam{};
  PpuRegs ppu;
  std::array<uint8_t, 2> buttons{};  // canonical bytes (bit 7 A ... bit 0 Right)
  std::array<uint8_t, 2> shift{};    // controller shift registers
  bool strobe = false;
  bool nmiEdge = false;     // $2000 bit 7 set during vblank, not yet taken
  uint32_t dmaPending = 0;  // OAM DMA stall cycles not yet charged
  bool afterDummyWrite = false;
  bool operator==(const NesBusState&) const = default;
};

class NesBus : public Bus {
 public:
  NesBus();  // no cartridge: $8000-$FFFF read as open bus
  explicit NesBus(Cartridge cart);
  NesBus(const NesBus&) = delete;
  NesBus& operator=(const NesBus&) = delete;

  uint8_t read(uint16_t addr) override;
  void write(uint16_t addr, uint8_t v) override;
  uint8_t dummyRead(uint16_t addr) override;
  void dummyWrite(uint16_t addr, uint8_t v) override;
  uint8_t peek(uint16_t addr) const override;
  // RAM and PRG RAM as stored; a PRG ROM address patches the ROM byte currently
  // mapped there (no mapper register changes); registers are left alone.
  void poke(uint16_t addr, uint8_t v) override;
  // An instruction fetch: like read(), but never reported to the data hook.
  uint8_t fetch(uint16_t addr) override;
  FastPages* fastPages() override { return &pages_; }

  // Pages marked true leave the fast map; their data reads and writes (not fetches,
  // not dummy accesses) reach `hook` after they happen. A null hook turns it off.
  void setDataHook(DataHook* hook, const std::array<bool, 256>& pages);

  const Cartridge& cartridge() const { return cart_; }
  bool hasCartridge() const { return mapper_ != nullptr; }
  const Mapper* mapper() const { return mapper_.get(); }
  std::array<uint8_t, 2048>& ram() { return ram_; }
  std::vector<uint8_t>& prgRam() { return prgRam_; }
  uint8_t openBus() const { return pages_.openBus; }
  Mirroring mirroring() const;
  // See Mapper::mapPrgBank; false without a cartridge.
  bool mapPrgBank(uint16_t cpuAddr, unsigned bank);

  // Pattern tables as the PPU would see them now ($0000-$1FFF, through CHR banking).
  uint8_t chrRead(uint16_t ppuAddr) const;
  void chrWrite(uint16_t ppuAddr, uint8_t v);  // CHR RAM only; ignored for CHR ROM
  const std::vector<uint8_t>& chrData() const { return chr_; }
  bool chrIsRam() const { return cart_.chr.empty(); }

  // PPU memories as the CPU left them.
  const std::array<uint8_t, 2048>& nametableRam() const { return nametables_; }  // CIRAM
  const std::array<uint8_t, 32>& paletteRam() const { return palette_; }
  const std::array<uint8_t, 256>& oam() const { return oam_; }
  // $0000-$3FFF of the PPU's address space, through CHR banking and mirroring.
  uint8_t ppuPeek(uint16_t ppuAddr) const;
  const PpuRegs& ppuRegs() const { return ppu_; }

  // Controllers: canonical byte, bit 7 A, 6 B, 5 Select, 4 Start, 3 Up, 2 Down,
  // 1 Left, 0 Right (the order the shift register sends them).
  void setButtons(int port, uint8_t mask);

  // Frame timing, driven by NesSystem. startVblank() sets the vblank flag and
  // says whether $2000 asks for an NMI; startPreRender() clears vblank, sprite 0
  // and overflow; spriteZeroHit() sets the flag when rendering is on.
  bool startVblank();
  // The console's reset line: $2000/$2001, the write toggle and the read buffer
  // clear; the flags and memories stay.
  void resetPpu();
  void startPreRender();
  void spriteZeroHit();
  bool renderingOn() const { return (ppu_.mask & 0x18) == 0x18; }
  // $2000 bit 7 went from 0 to 1 while the vblank flag was set: the chip raises
  // an NMI right away. Returns and clears the request.
  bool takeNmiEdge();
  // OAM DMA stall cycles owed since the last call (513 per $4014 write; the odd-
  // cycle extra one is NesSystem's to add, it knows the cycle count).
  uint32_t takeDmaStall();
  uint32_t dmaStallOwed() const { return dmaPending_; }  // not yet taken
  // Null: no renderer (the default, and the audit fast path).
  void setPpuClock(PpuClock* clock) { clock_ = clock; }
  // The cartridge's IRQ line (MMC3's scanline counter); false without one.
  bool mapperIrq() const { return mapper_ && mapper_->irqLine(); }
  unsigned dmaCount() const { return dmaCount_; }  // $4014 writes since construction

  // Writes to registers, expansion and mapper space, in order. The log keeps the
  // first kIoLogLimit entries and counts the rest.
  static constexpr size_t kIoLogLimit = 1 << 20;
  const std::vector<IoWrite>& ioWrites() const { return ioLog_; }
  uint64_t droppedIoWrites() const { return ioDropped_; }
  void clearIoWrites();

  NesBusState saveState() const;
  void loadState(const NesBusState& state);

 private:
  friend class NesPpu;  // the renderer reads and advances the PPU state held here
  void logIo(uint16_t addr, uint8_t v);
  void cartWrite(uint16_t addr, uint8_t v, bool consecutive);
  void mapPrg();
  void exposePages(unsigned first = 0, unsigned end = 256);
  uint8_t ioRead(uint16_t addr);
  uint8_t ioPeek(uint16_t addr) const;
  void ioWrite(uint16_t addr, uint8_t v);
  uint8_t ppuRegRead(unsigned reg);
  void ppuRegWrite(unsigned reg, uint8_t v);
  uint8_t* nametableByte(uint16_t ppuAddr);
  const uint8_t* nametableByte(uint16_t ppuAddr) const;
  void ppuWrite(uint16_t ppuAddr, uint8_t v);
  void oamDma(uint8_t page);

  Cartridge cart_;
  std::unique_ptr<Mapper> mapper_;
  std::array<uint8_t, 2048> ram_{};
  std::vector<uint8_t> prgRam_;
  std::vector<uint8_t> chr_;  // CHR ROM copy or CHR RAM
  FastPages pages_;           // what the CPU sees: hooked pages are null
  FastPages direct_;          // the real mapping (read/write null = registers)
  DataHook* hook_ = nullptr;
  std::array<bool, 256> hooked_{};
  std::array<uint8_t, 2048> nametables_{};
  std::vector<uint8_t> extraNametables_;
  std::array<uint8_t, 32> palette_{};
  std::array<uint8_t, 256> oam_{};
  PpuRegs ppu_;
  std::array<uint8_t, 2> buttons_{}, shift_{};
  bool strobe_ = false;
  bool nmiEdge_ = false;
  uint32_t dmaPending_ = 0;
  unsigned dmaCount_ = 0;
  std::vector<IoWrite> ioLog_;
  uint64_t ioDropped_ = 0;
  bool afterDummyWrite_ = false;
  PpuClock* clock_ = nullptr;
};

}  // namespace emu6502
