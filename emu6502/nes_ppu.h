// The NES picture: a 2C02 renderer that runs dot by dot beside the CPU, reading and
// advancing the PPU state NesBus holds (PPUCTRL/PPUMASK/PPUSTATUS, loopy v/t/x,
// OAM, palette RAM, nametables, CHR through the mapper) and writing the 256x240
// frame a player sees. NesSystem owns one when rendering is on
// (NesSystem::setRendering) and keeps it in step with the CPU: before every PPU
// register access, OAM DMA and mapper write the renderer catches up to the CPU's
// exact cycle, so a raster trick shows from the dot it happens.
//
//   nes.setRendering(true);
//   nes.run(limits);                                   // a frame or more
//   const std::vector<uint16_t>& px = nes.ppu()->frame();   // last finished frame
//   std::vector<uint8_t> rgba = emu6502::nesToRgba(px);     // nes_palette.h
//
// What it models (nesdev wiki "PPU rendering", "PPU scrolling", "PPU sprite
// evaluation"), on the visible lines 0-239 and the pre-render line 261:
//  - background: 8-dot fetch groups (nametable, attribute, pattern low/high) into
//    16-bit shifters, reloaded at dots 9, 17, ... 257 and 329/337; coarse X
//    increments at dots 8, 16, ... 256 and 328/336, fine Y at 256, the horizontal
//    bits t->v at 257, the vertical ones at 280-304 of the pre-render line; fine X
//    picks the shifter bit as each pixel is output (dots 1-256);
//  - sprites: evaluation at dot 257 for the next line (the first 8 in OAM order,
//    then the overflow flag with the hardware's diagonal OAM read), 8x8 and 8x16
//    from PPUCTRL at that dot, flips, the lowest opaque sprite deciding priority,
//    sprite-0 hit at the first pixel where sprite 0 and the background are both
//    opaque (never at x 255, nor in a masked left column); no sprites on line 0;
//    OAMADDR is cleared at dot 257;
//  - PPUMASK: both left-column masks, greyscale (AND $30), emphasis kept in the
//    pixel; with rendering off, the backdrop or the palette entry v points at;
//  - PPU A12 for the mapper's scanline counter (MMC3): low during nametable and
//    attribute fetches, the pattern table's bit during pattern fetches (sprite
//    slots without a sprite fetch tile $FF); outside rendering, bit 12 of the v a
//    $2006/$2007 access leaves; a rise after at least kA12Filter dots low clocks
//    Mapper::clockScanline().
// Not modelled: the odd frame's skipped dot (NesSystem's frame is kFrameDots
// long), OAM and $2007 accesses during rendering (their glitches), sprite
// evaluation reading OAM byte by byte across dots 65-256, the $2007 read's own
// address on the bus (only v before and after it is), PAL.
//
// A pixel is a 9-bit NES colour: bits 0-5 the palette value, bits 6-8 PPUMASK's
// emphasis bits 5-7 (red, green, blue on NTSC). saveState() holds the renderer's
// per-frame state (position, shifters, the next line's sprites, A12), not the
// pixels: a state restored at a frame boundary renders every later frame exactly.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace emu6502 {

class NesBus;

struct NesPpuState {
  uint32_t pos = 0;  // dots into the frame (0 = line 241 dot 1, as NesSystem counts)
  uint16_t line = 241, dot = 1;
  uint64_t dots = 0;    // since the renderer started, for the A12 filter
  uint64_t frames = 0;  // frames finished
  uint16_t patLo = 0, patHi = 0, attrLo = 0, attrHi = 0;  // background shifters
  uint8_t ntLatch = 0, attrLatch = 0, loLatch = 0, hiLatch = 0;
  // The line being drawn's sprites, one byte per x: bits 0-1 the pixel (0 =
  // transparent), 2-3 the palette, bit 4 behind the background, bit 5 sprite 0.
  std::array<uint8_t, 256> spriteLine{};
  uint8_t slotA12 = 0;  // bit i: sprite slot i fetched from $1000-$1FFF
  bool a12High = false;
  uint64_t a12Fell = 0;  // `dots` when A12 last went low
  bool operator==(const NesPpuState&) const = default;
};

class NesPpu {
 public:
  static constexpr int kWidth = 256;
  static constexpr int kHeight = 240;
  // NesSystem::kFrameCycles * 3: the frame NesSystem times, 2 dots short of 262x341.
  static constexpr uint32_t kFrameDots = 89340;
  static constexpr uint32_t kPreRenderDot = 6819;  // pos of line 261 dot 0
  static constexpr uint64_t kA12Filter = 10;       // about 3 M2 cycles

  // Starts at `pos` (see NesPpuState::pos) with empty shifters.
  NesPpu(NesBus& bus, uint32_t pos);
  NesPpu(const NesPpu&) = delete;
  NesPpu& operator=(const NesPpu&) = delete;

  // Renders every dot before `pos` of this frame (capped at kFrameDots).
  void runTo(uint32_t pos);
  // After runTo(kFrameDots): the frame is finished (frame() returns it) and the
  // next one starts at pos 0.
  void endFrame();

  const std::vector<uint16_t>& frame() const { return done_; }       // last finished
  const std::vector<uint16_t>& drawing() const { return drawing_; }  // in progress
  uint32_t pos() const { return s_.pos; }
  int line() const { return s_.line; }
  int dot() const { return s_.dot; }
  uint64_t framesDone() const { return s_.frames; }

  // v as the CPU left it after a $2006/$2007 access: outside rendering (lines
  // 240-260, or rendering off) A12 follows it.
  void addressBus(uint16_t v);

  // The first pos after `pos` where a line that fetches (0-239, 261) is at dot
  // 262 or 326, just after the A12 rises of the usual pattern-table layouts; the
  // CPU should look at the IRQ line there. kFrameDots when there is none.
  static uint32_t nextScanlineCheck(uint32_t pos);

  NesPpuState saveState() const { return s_; }
  void loadState(const NesPpuState& s) { s_ = s; }

 private:
  void step();
  void advance(uint32_t dots);
  void visibleSpan(unsigned dot, unsigned n);
  void blankSpan(unsigned x, unsigned n);
  void skipIdle(uint32_t target);
  void fetch(unsigned d);
  void reload();
  void evaluateSprites();
  void clearSprites();
  void a12(bool high);
  uint8_t chr(uint16_t addr) const;
  uint8_t nametable(uint16_t addr) const;

  NesBus& bus_;
  NesPpuState s_;
  bool counts_;  // the mapper has a scanline counter
  std::vector<uint16_t> drawing_, done_;
};

}  // namespace emu6502
