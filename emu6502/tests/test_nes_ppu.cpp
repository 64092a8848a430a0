// NesPpu through NesSystem::setRendering: synthetic PPU states (nametables, CHR,
// palette, OAM written through the registers) rendered and compared pixel for pixel
// with a direct, timing-free model written here from the nesdev wiki's description
// (the tile under each scrolled pixel, the first opaque sprite of the line's first
// eight); then what only timing shows: sprite-0 hit at its pixel, mid-frame scroll
// splits by $2005 and $2006, the MMC3 scanline IRQ's line, overflow, masks,
// greyscale/emphasis, the palette's RGB values and state round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"
#include "emu6502/nes_palette.h"
#include "emu6502/nes_ppu.h"
#include "emu6502/nes_system.h"

namespace emu6502 {
namespace {

constexpr int kW = NesPpu::kWidth;
constexpr int kH = NesPpu::kHeight;

// NROM-256 with CHR RAM (or mapper `mapper` with `chrRom`): `main` at $8000, the
// NMI at $9000 (RTI unless given), the IRQ at $A000.
Cartridge cart(std::initializer_list<uint8_t> main, std::initializer_list<uint8_t> irq = {0x40},
               unsigned mapper = 0, std::vector<uint8_t> chrRom = {}) {
  Cartridge c;
  c.mapper = mapper;
  c.prg.assign(0x8000, 0xEA);
  std::copy(main.begin(), main.end(), c.prg.begin());
  c.prg[0x1000] = 0x40;  // RTI
  std::copy(irq.begin(), irq.end(), c.prg.begin() + 0x2000);
  c.prg[0x7FFA] = 0x00;
  c.prg[0x7FFB] = 0x90;
  c.prg[0x7FFC] = 0x00;
  c.prg[0x7FFD] = 0x80;
  c.prg[0x7FFE] = 0x00;
  c.prg[0x7FFF] = 0xA0;
  c.chr = std::move(chrRom);
  if (c.chr.empty()) c.chrRamSize = 0x2000;
  c.mirroring = Mirroring::Vertical;
  return c;
}

Cartridge idleCart() {
  return cart({0x4C, 0x00, 0x80});  // JMP $8000
}

RunLimits cycles(uint64_t n) {
  RunLimits l;
  l.maxCycles = n;
  return l;
}

void vram(NesSystem& nes, uint16_t addr, std::span<const uint8_t> bytes) {
  nes.bus().write(0x2006, static_cast<uint8_t>(addr >> 8));
  nes.bus().write(0x2006, static_cast<uint8_t>(addr));
  for (uint8_t b : bytes) nes.bus().write(0x2007, b);
}

void oam(NesSystem& nes, std::span<const uint8_t> bytes) {
  nes.bus().write(0x2003, 0);
  for (uint8_t b : bytes) nes.bus().write(0x2004, b);
}

// Random CHR RAM, both nametables and their attributes; palette entry i = i + 1
// (so $3F10 = 17 lands on the backdrop).
void fillVideo(NesSystem& nes, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> chr(0x2000), nt(0x800);
  for (auto& b : chr) b = static_cast<uint8_t>(rng());
  for (auto& b : nt) b = static_cast<uint8_t>(rng());
  vram(nes, 0x0000, chr);
  vram(nes, 0x2000, nt);
  std::vector<uint8_t> pal(32);
  for (unsigned i = 0; i < 32; ++i) pal[i] = static_cast<uint8_t>(i + 1);
  vram(nes, 0x3F00, pal);
}

// After reset, with rendering on: PPUCTRL, the scroll and PPUMASK as a game's NMI
// would leave them, then frames until `frames` are done.
void start(NesSystem& nes, uint8_t ctrl, uint8_t mask, uint8_t scrollX = 0, uint8_t scrollY = 0) {
  nes.bus().write(0x2000, ctrl);
  nes.bus().read(0x2002);
  nes.bus().write(0x2005, scrollX);
  nes.bus().write(0x2005, scrollY);
  nes.bus().write(0x2001, mask);
}

void scroll(NesSystem& nes, uint8_t x, uint8_t y) {
  nes.bus().read(0x2002);
  nes.bus().write(0x2005, x);
  nes.bus().write(0x2005, y);
}

void runFrames(NesSystem& nes, uint64_t frames) {
  while (nes.ppu()->framesDone() < frames) nes.run(cycles(1000));
}

// ---- the model: what each pixel shows in a static scene ----

// The background's palette index (0 = transparent) at (px, py) of the 512x480 plane
// of four nametables.
unsigned planeIndex(const NesBus& bus, uint8_t ctrl, unsigned px, unsigned py) {
  px %= 512;
  py %= 480;
  const unsigned table = (py / 240) * 2 + px / 256;
  const unsigned x = px % 256, y = py % 240;
  const uint16_t base = static_cast<uint16_t>(0x2000 + table * 0x400);
  const unsigned tile = bus.ppuPeek(static_cast<uint16_t>(base + (y / 8) * 32 + x / 8));
  const unsigned attr = bus.ppuPeek(static_cast<uint16_t>(base + 0x3C0 + (y / 32) * 8 + x / 32));
  const unsigned palette = (attr >> (((y / 16) & 1) * 4 + ((x / 16) & 1) * 2)) & 3;
  const uint16_t addr = static_cast<uint16_t>(((ctrl & 0x10) ? 0x1000 : 0) + tile * 16 + y % 8);
  const unsigned bit = 7 - x % 8;
  const unsigned p = ((bus.ppuPeek(addr) >> bit) & 1) | (((bus.ppuPeek(addr + 8) >> bit) & 1) << 1);
  return p ? palette * 4 + p : 0;
}

struct SpritePixel {
  unsigned index = 0;  // 0 = none; else 0x10 + palette * 4 + pixel
  bool behind = false;
  bool zero = false;
};

// The first opaque pixel at (x, y) among the first eight sprites in range of line y.
SpritePixel spriteAt(const NesBus& bus, uint8_t ctrl, int x, int y) {
  const auto& o = bus.oam();
  const int h = (ctrl & 0x20) ? 16 : 8;
  int found = 0;
  SpritePixel out;
  for (int n = 0; n < 64 && found < 8; ++n) {
    const int row0 = y - 1 - o[n * 4];
    if (y < 1 || row0 < 0 || row0 >= h) continue;
    ++found;
    const int col0 = x - o[n * 4 + 3];
    if (col0 < 0 || col0 >= 8 || out.index) continue;
    const uint8_t tile = o[n * 4 + 1], attr = o[n * 4 + 2];
    const int row = (attr & 0x80) ? h - 1 - row0 : row0;
    const int col = (attr & 0x40) ? 7 - col0 : col0;
    unsigned addr;
    if (h == 16)
      addr = (tile & 1) * 0x1000 + ((tile & 0xFE) + (row >= 8)) * 16 + row % 8;
    else
      addr = ((ctrl & 0x08) ? 0x1000 : 0) + tile * 16 + row;
    const unsigned bit = 7 - col;
    const unsigned p = ((bus.ppuPeek(static_cast<uint16_t>(addr)) >> bit) & 1) |
                       (((bus.ppuPeek(static_cast<uint16_t>(addr + 8)) >> bit) & 1) << 1);
    if (p) out = {0x10u + (attr & 3u) * 4 + p, (attr & 0x20) != 0, n == 0};
  }
  return out;
}

std::vector<uint16_t> model(const NesBus& bus, uint8_t ctrl, uint8_t mask, unsigned scrollX,
                            unsigned scrollY) {
  std::vector<uint16_t> out(kW * kH);
  const unsigned ox = ((ctrl & 1) ? 256 : 0) + scrollX, oy = ((ctrl & 2) ? 240 : 0) + scrollY;
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) {
      unsigned bg = 0;
      if ((mask & 0x08) && (x >= 8 || (mask & 0x02)))
        bg = planeIndex(bus, ctrl, ox + static_cast<unsigned>(x), oy + static_cast<unsigned>(y));
      SpritePixel sp;
      if ((mask & 0x10) && (x >= 8 || (mask & 0x04))) sp = spriteAt(bus, ctrl, x, y);
      const unsigned index = sp.index && (!bg || !sp.behind) ? sp.index : bg;
      uint16_t color = bus.paletteRam()[index];
      if (mask & 1) color &= 0x30;
      out[y * kW + x] = static_cast<uint16_t>(color | ((mask & 0xE0) << 1));
    }
  }
  return out;
}

// The first differing pixel, for a readable failure.
::testing::AssertionResult samePicture(const std::vector<uint16_t>& got,
                                       const std::vector<uint16_t>& want, int fromLine = 0,
                                       int toLine = kH) {
  int bad = 0;
  int firstX = -1, firstY = -1;
  for (int y = fromLine; y < toLine; ++y)
    for (int x = 0; x < kW; ++x)
      if (got[y * kW + x] != want[y * kW + x]) {
        if (bad++ == 0) firstX = x, firstY = y;
      }
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << bad << " pixels differ, first at (" << firstX << ", " << firstY << "): got "
         << got[firstY * kW + firstX] << ", want " << want[firstY * kW + firstX];
}

// ---- static scenes ----

TEST(NesPpu, OffByDefaultAndStateHasNoRenderer) {
  NesSystem nes(idleCart());
  EXPECT_FALSE(nes.rendering());
  EXPECT_EQ(nes.ppu(), nullptr);
  nes.reset();
  nes.run(cycles(NesSystem::kFrameCycles));
  EXPECT_FALSE(nes.saveState().ppu.has_value());
  nes.setRendering(true);
  EXPECT_TRUE(nes.saveState().ppu.has_value());
  nes.setRendering(false);
  EXPECT_EQ(nes.ppu(), nullptr);
}

TEST(NesPpu, BackgroundIsTheScrolledNametableThroughChrAndPalette) {
  for (auto [ctrl, sx, sy] : {std::tuple<uint8_t, uint8_t, uint8_t>{0x00, 0, 0},
                              {0x00, 13, 21},
                              {0x11, 200, 7},
                              {0x03, 255, 239}}) {
    NesSystem nes(idleCart());
    nes.setRendering(true);
    fillVideo(nes, 7u + ctrl + sx);
    nes.reset();
    start(nes, ctrl, 0x0A, sx, sy);
    runFrames(nes, 1);
    EXPECT_TRUE(samePicture(nes.ppu()->frame(), model(nes.bus(), ctrl, 0x0A, sx, sy)))
        << "ctrl " << int(ctrl) << " scroll " << int(sx) << "," << int(sy);
  }
}

TEST(NesPpu, LeftColumnMasksShowTheBackdrop) {
  NesSystem nes(idleCart());
  nes.setRendering(true);
  fillVideo(nes, 3);
  std::vector<uint8_t> sprites(256, 0xFF);
  for (int i = 0; i < 4; ++i) {  // four sprites straddling x = 8
    sprites[i * 4 + 0] = static_cast<uint8_t>(20 + i * 30);
    sprites[i * 4 + 1] = static_cast<uint8_t>(i * 17);
    sprites[i * 4 + 2] = static_cast<uint8_t>(i & 3);
    sprites[i * 4 + 3] = static_cast<uint8_t>(i * 2);
  }
  oam(nes, sprites);
  nes.reset();
  for (uint8_t mask : {0x18, 0x1A, 0x1C, 0x1E}) {
    start(nes, 0x00, mask);
    runFrames(nes, nes.ppu()->framesDone() + 2);
    const auto& f = nes.ppu()->frame();
    EXPECT_TRUE(samePicture(f, model(nes.bus(), 0x00, mask, 0, 0))) << "mask " << int(mask);
    if (mask == 0x18) {
      for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < 8; ++x) {
          ASSERT_EQ(f[y * kW + x], nes.bus().paletteRam()[0]);
        }
      }
    }
  }
}

TEST(NesPpu, SpritesInFrontAndBehindAndTheLowestIndexWins) {
  NesSystem nes(idleCart());
  nes.setRendering(true);
  fillVideo(nes, 11);
  std::mt19937 rng(5);
  std::vector<uint8_t> sprites(256, 0xFF);
  // 24 sprites spread over the screen (at most 8 share a line), every
  // attribute combination: palettes, behind, both flips.
  for (int i = 0; i < 24; ++i) {
    sprites[i * 4 + 0] = static_cast<uint8_t>(10 + (i / 4) * 35 + (rng() % 8));
    sprites[i * 4 + 1] = static_cast<uint8_t>(rng());
    sprites[i * 4 + 2] = static_cast<uint8_t>(i * 0x25);
    sprites[i * 4 + 3] = static_cast<uint8_t>((i % 4) * 60 + (rng() % 8));
  }
  // Two overlapping sprites: 24 behind the background, 25 in front under it.
  const uint8_t pair[] = {120, 0x31, 0x20, 100, 122, 0x32, 0x01, 103};
  std::copy(std::begin(pair), std::end(pair), sprites.begin() + 24 * 4);
  oam(nes, sprites);
  nes.reset();
  start(nes, 0x08, 0x1E, 5, 3);
  runFrames(nes, 1);
  EXPECT_TRUE(samePicture(nes.ppu()->frame(), model(nes.bus(), 0x08, 0x1E, 5, 3)));
}

TEST(NesPpu, TallSpritesTakeTheirTableFromTileBitZeroAndFlipAcrossBothHalves) {
  NesSystem nes(idleCart());
  nes.setRendering(true);
  fillVideo(nes, 19);
  std::vector<uint8_t> sprites(256, 0xFF);
  const uint8_t tall[] = {30,   0x10, 0x00, 40,   30,   0x11, 0x01, 60,   30,   0x23,
                          0x80, 80,   30,   0x22, 0xC2, 100,  200,  0xFF, 0x23, 250};
  std::copy(std::begin(tall), std::end(tall), sprites.begin());
  oam(nes, sprites);
  nes.reset();
  start(nes, 0x20, 0x1E);  // 8x16; PPUCTRL bit 3 does not matter
  runFrames(nes, 1);
  const auto& f = nes.ppu()->frame();
  EXPECT_TRUE(samePicture(f, model(nes.bus(), 0x20, 0x1E, 0, 0)));
  // The model agrees on what 8x16 means only if the sprites show at all.
  EXPECT_FALSE(samePicture(f, model(nes.bus(), 0x20, 0x0E, 0, 0)));
}

TEST(NesPpu, NinthSpriteOnALineIsDroppedAndSetsOverflow) {
  for (int count : {8, 9}) {
    NesSystem nes(idleCart());
    nes.setRendering(true);
    fillVideo(nes, 23);
    std::vector<uint8_t> solid(16, 0xFF);  // tile $FF of $1000: pixel 3 everywhere
    vram(nes, 0x1FF0, solid);
    std::vector<uint8_t> sprites(256, 0xFF);
    for (int i = 0; i < count; ++i) {
      sprites[i * 4 + 0] = 100;
      sprites[i * 4 + 1] = 0xFF;
      sprites[i * 4 + 2] = static_cast<uint8_t>(i & 3);
      sprites[i * 4 + 3] = static_cast<uint8_t>(i * 20);
    }
    oam(nes, sprites);
    nes.reset();
    start(nes, 0x08, 0x1E);
    runFrames(nes, 1);
    EXPECT_TRUE(samePicture(nes.ppu()->frame(), model(nes.bus(), 0x08, 0x1E, 0, 0)));
    const auto& f = nes.ppu()->frame();
    // The ninth sprite (x 160-167) is not drawn: the background shows there.
    const bool ninthDrawn = f[105 * kW + 163] == nes.bus().paletteRam()[0x10 + (8 & 3) * 4 + 3];
    EXPECT_EQ(ninthDrawn, false) << count;
    // The flag is set from line 100 on, until the pre-render line.
    runFrames(nes, 1);
    nes.run(cycles(NesSystem::kPreRenderCycle + 341 * 110 / 3));
    EXPECT_EQ((nes.bus().peek(0x2002) & 0x20) != 0, count == 9) << count;
  }
}

// ---- timing: sprite-0 hit, splits ----

// LDA #mask / STA $2001 / wait: BIT $2002 / BVC wait / JMP *
Cartridge spriteZeroWait(uint8_t mask = 0x1E) {
  return cart({0xA9, mask, 0x8D, 0x01, 0x20, 0x2C, 0x02, 0x20, 0x50, 0xFB, 0x4C, 0x0A, 0x80});
}

// pos (dots into the frame) of pixel (x, y).
uint32_t pixelPos(int x, int y) {
  return NesPpu::kPreRenderDot + 341 * static_cast<uint32_t>(y + 1) + static_cast<uint32_t>(x) + 1;
}

// The frame cycle when the sprite-0 wait loop ends, or 0 when it does not this frame.
uint32_t spriteZeroExit(const std::vector<uint8_t>& sprite0, uint8_t mask, uint8_t tileRow) {
  NesSystem nes(spriteZeroWait(mask));
  nes.setRendering(true);
  fillVideo(nes, 29);
  std::vector<uint8_t> tile(16, 0);
  tile[0] = tileRow;  // sprite tile $01 row 0: pixels where the bits are set
  vram(nes, 0x0010, tile);
  std::vector<uint8_t> blank(0x400, 0x00), solid(16, 0xFF);
  vram(nes, 0x2000, blank);  // background: tile 0 everywhere...
  vram(nes, 0x0000, solid);  // ...opaque everywhere
  std::vector<uint8_t> sprites(256, 0xFF);
  std::copy(sprite0.begin(), sprite0.end(), sprites.begin());
  oam(nes, sprites);
  nes.reset();
  nes.bus().write(0x2000, 0x00);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = NesSystem::kFrameCycles;
  nes.run(limits);
  if (nes.cpu().regs.pc != 0x800A) return 0;
  return nes.frameCycle();
}

TEST(NesPpu, SpriteZeroHitsAtItsFirstOpaquePixelOverOpaqueBackground) {
  // Sprite 0 at X 100, Y 50: its row 0 is on line 51; bit 4 of the row = column 3.
  const uint32_t at = spriteZeroExit({50, 0x01, 0x00, 100}, 0x1E, 0x10);
  ASSERT_NE(at, 0u);
  const uint32_t hit = pixelPos(103, 51) / 3;
  EXPECT_GE(at, hit);
  EXPECT_LE(at, hit + 13);  // BIT/BVC is 7 cycles a turn, then BVC and JMP *
  // One column later, one later hit (3 dots = 1 cycle: compare a far column).
  const uint32_t far = spriteZeroExit({50, 0x01, 0x00, 100}, 0x1E, 0x01);  // column 7
  EXPECT_GE(far, pixelPos(107, 51) / 3);
  // Never at x = 255, nor under a masked left column (either mask).
  EXPECT_EQ(spriteZeroExit({50, 0x01, 0x00, 255}, 0x1E, 0x80), 0u);
  EXPECT_NE(spriteZeroExit({50, 0x01, 0x00, 2}, 0x1E, 0x80), 0u);
  EXPECT_EQ(spriteZeroExit({50, 0x01, 0x00, 2}, 0x1C, 0x80), 0u);
  EXPECT_EQ(spriteZeroExit({50, 0x01, 0x00, 2}, 0x1A, 0x80), 0u);
  // A transparent background under it: no hit.
  EXPECT_EQ(spriteZeroExit({50, 0x01, 0x00, 100}, 0x16, 0x10), 0u);  // background off
}

// LDA #mask / STA $2001 / wait: BIT $2002 / BVC wait / then the split:
// LDA #a / STA reg / LDA #b / STA reg / JMP *
Cartridge splitAfterSpriteZero(uint8_t mask, uint16_t reg, uint8_t a, uint8_t b) {
  const uint8_t lo = static_cast<uint8_t>(reg), hi = static_cast<uint8_t>(reg >> 8);
  return cart({0xA9, mask, 0x8D, 0x01, 0x20, 0x2C, 0x02, 0x20, 0x50, 0xFB, 0xA9, a,
               0x8D, lo,   hi,   0xA9, b,    0x8D, lo,   hi,   0x4C, 0x14, 0x80});
}

TEST(NesPpu, ScrollWrittenAfterSpriteZeroHitShowsFromTheNextLine) {
  NesSystem nes(splitAfterSpriteZero(0x1E, 0x2005, 77, 0));
  nes.setRendering(true);
  fillVideo(nes, 31);
  std::vector<uint8_t> sprites(256, 0xFF);
  const uint8_t s0[] = {60, 0x00, 0x00, 8};
  std::copy(std::begin(s0), std::end(s0), sprites.begin());
  oam(nes, sprites);
  std::vector<uint8_t> solid(16, 0xFF), zero(1, 0);
  vram(nes, 0x0000, solid);              // tile 0 opaque...
  vram(nes, 0x2000 + 7 * 32 + 1, zero);  // ...under sprite 0: it hits at (8, 61)
  nes.reset();
  nes.bus().write(0x2000, 0x00);
  scroll(nes, 0, 0);
  runFrames(nes, 1);
  const auto& f = nes.ppu()->frame();
  // Lines up to the hit: scroll 0; after it: X = 77 (the second $2005 write
  // sets Y in t, which reaches v only at the next pre-render line).
  EXPECT_TRUE(samePicture(f, model(nes.bus(), 0x00, 0x1E, 0, 0), 0, 61));
  const auto scrolled = model(nes.bus(), 0x00, 0x1E, 77, 0);
  EXPECT_TRUE(samePicture(f, scrolled, 62, kH));
  EXPECT_FALSE(samePicture(f, model(nes.bus(), 0x00, 0x1E, 0, 0), 62, kH));
}

TEST(NesPpu, AddressWrittenMidFrameRestartsTheRowsFromIt) {
  // $2006 = $22, $80: t = $2280 (fine Y 2, coarse Y 20, coarse X 0), v = t at once.
  std::vector<uint8_t> sprites(256, 0xFF);
  const uint8_t s0[] = {90, 0x00, 0x00, 16};
  std::copy(std::begin(s0), std::end(s0), sprites.begin());
  std::vector<uint8_t> solid(16, 0xFF), zero(1, 0);
  NesSystem split(splitAfterSpriteZero(0x1E, 0x2006, 0x22, 0x80));
  split.setRendering(true);
  fillVideo(split, 37);
  oam(split, sprites);
  vram(split, 0x0000, solid);
  vram(split, 0x2000 + 11 * 32 + 2, zero);  // tile 0 under sprite 0: hit at (16, 91)
  split.reset();
  split.bus().write(0x2000, 0x00);
  scroll(split, 0, 0);
  runFrames(split, 1);
  const auto& f = split.ppu()->frame();
  // Hit on line 91; the write lands later on that line; line 92 shows plane row
  // 20 * 8 + 2 + 1 (the fine Y increment at dot 256), and so on down.
  const int hitLine = 91;
  const auto base = model(split.bus(), 0x00, 0x1E, 0, 0);
  EXPECT_TRUE(samePicture(f, base, 0, hitLine));
  const auto moved = model(split.bus(), 0x00, 0x1E, 0, 163 - (hitLine + 1));
  EXPECT_TRUE(samePicture(f, moved, hitLine + 1, kH));
}

// ---- mask effects ----

TEST(NesPpu, GreyscaleAndEmphasisBitsReachThePixel) {
  NesSystem nes(idleCart());
  nes.setRendering(true);
  fillVideo(nes, 41);
  nes.reset();
  start(nes, 0x00, 0x0A | 0x01 | 0xA0);
  runFrames(nes, 1);
  const auto& f = nes.ppu()->frame();
  EXPECT_TRUE(samePicture(f, model(nes.bus(), 0x00, 0x0B | 0xA0, 0, 0)));
  for (uint16_t p : f) {
    ASSERT_EQ(p & 0x0F, 0);
    ASSERT_EQ(p >> 6, 0x5);
  }
}

TEST(NesPpu, ForcedBlankShowsTheBackdropOrThePaletteEntryVPointsAt) {
  NesSystem nes(idleCart());
  nes.setRendering(true);
  fillVideo(nes, 43);
  nes.reset();
  start(nes, 0x00, 0x00);
  runFrames(nes, 1);
  for (uint16_t p : nes.ppu()->frame()) ASSERT_EQ(p, nes.bus().paletteRam()[0]);
  nes.bus().write(0x2006, 0x3F);
  nes.bus().write(0x2006, 0x05);
  runFrames(nes, 3);
  for (uint16_t p : nes.ppu()->frame()) ASSERT_EQ(p, nes.bus().paletteRam()[5]);
}

// ---- CHR through the mapper ----

TEST(NesPpu, ChrRomBankSwitchedMidFrameShowsFromThatLine) {
  // CNROM, two 8 KiB CHR banks: bank 0 all pixel 1, bank 1 all pixel 2.
  std::vector<uint8_t> chr(0x4000, 0);
  for (unsigned i = 0; i < 0x2000; i += 16) std::fill_n(chr.begin() + i, 8, 0xFF);
  for (unsigned i = 0x2000; i < 0x4000; i += 16) std::fill_n(chr.begin() + i + 8, 8, 0xFF);
  // LDA #$0A / STA $2001 / loop: JMP loop  (the test switches the bank itself)
  NesSystem nes(cart({0xA9, 0x0A, 0x8D, 0x01, 0x20, 0x4C, 0x05, 0x80}, {0x40}, 3, chr));
  nes.setRendering(true);
  const uint8_t pal[] = {0x0F, 0x11, 0x22, 0x33};
  vram(nes, 0x3F00, pal);
  nes.reset();
  runFrames(nes, 1);
  // To line 100 dot ~11, then CNROM's register: bank 1.
  nes.run(cycles(NesPpu::kPreRenderDot / 3 + 341 * 101 / 3 - nes.frameCycle()));
  nes.bus().write(0x8000, 1);
  runFrames(nes, 2);
  const auto& f = nes.ppu()->frame();
  EXPECT_EQ(f[10 * kW + 50], 0x11);
  EXPECT_EQ(f[99 * kW + 50], 0x11);
  EXPECT_EQ(f[102 * kW + 50], 0x22);
  EXPECT_EQ(f[239 * kW + 50], 0x22);
}

// ---- MMC3 scanline IRQ ----

// MMC3 with 8 KiB CHR ROM: BG from $0000, sprites from $1000 (A12 rises once a
// line at dot ~261). main: latch 30, reload, enable, rendering on, CLI, loop.
// IRQ: INC $10 / ack ($E000) / re-enable ($E001) / RTI.
Cartridge mmc3IrqGame() {
  return cart({0xA9, 30,   0x8D, 0x00, 0xC0,  // LDA #30 / STA $C000 (latch)
               0x8D, 0x01, 0xC0,              // STA $C001 (reload)
               0x8D, 0x01, 0xE0,              // STA $E001 (enable)
               0xA9, 0x08, 0x8D, 0x00, 0x20,  // sprites at $1000
               0xA9, 0x1E, 0x8D, 0x01, 0x20,  // rendering on
               0x58,                          // CLI
               0x4C, 0x16, 0x80},             // JMP *
              {0xE6, 0x10, 0x8D, 0x00, 0xE0, 0x8D, 0x01, 0xE0, 0x40}, 4,
              std::vector<uint8_t>(0x2000, 0));
}

TEST(NesPpu, Mmc3IrqFiresOnTheLineItsLatchCounts) {
  NesSystem nes(mmc3IrqGame());
  nes.setRendering(true);
  nes.reset();
  std::vector<bool> stops(0x10000, false);
  stops[0xA000] = true;
  RunLimits limits;
  limits.breakpoints = &stops;
  limits.maxCycles = 2 * NesSystem::kFrameCycles;
  // The first frame after reset starts at the pre-render line: its rise reloads
  // the counter to 30 and lines 0..29 count it down to 0 at line 29's rise.
  ASSERT_EQ(nes.run(limits).reason, HaltReason::Breakpoint);
  const uint32_t rise = pixelPos(260, 29) / 3;
  EXPECT_GE(nes.frameCycle(), rise);
  EXPECT_LE(nes.frameCycle(), rise + 12);
  // Then every 31 lines (a reload line, then 30): 29, 60, ... 215 = 7 a frame.
  nes.run(cycles(NesSystem::kFrameCycles - nes.frameCycle()));
  EXPECT_EQ(nes.bus().peek(0x10), 7);
}

TEST(NesPpu, Mmc3IrqNeedsTheRendererAndRendering) {
  NesSystem off(mmc3IrqGame());
  off.reset();
  off.run(cycles(2 * NesSystem::kFrameCycles));
  EXPECT_EQ(off.bus().peek(0x10), 0);  // nothing clocks the counter without a renderer
}

TEST(NesPpu, Mmc3CountsA12RisesThatPpuAddrWritesMakeWithRenderingOff) {
  // Latch 1, reload, enable, CLI; two rises of A12 by $2006 ($1000 then $0000):
  // the first reloads 1, the second counts to 0 and raises the IRQ, which is
  // taken before LDA $10 / STA $11 reads the handler's count.
  Cartridge c = cart({0xA9, 0x01, 0x8D, 0x00, 0xC0, 0x8D, 0x01, 0xC0, 0x8D, 0x01, 0xE0, 0x58,
                      0xA9, 0x10, 0x8D, 0x06, 0x20, 0xA9, 0x00, 0x8D, 0x06, 0x20,  // v = $1000
                      0xA9, 0x00, 0x8D, 0x06, 0x20, 0x8D, 0x06, 0x20,              // v = $0000
                      0xA9, 0x10, 0x8D, 0x06, 0x20, 0xA9, 0x00, 0x8D, 0x06, 0x20,  // v = $1000
                      0xA5, 0x10, 0x85, 0x11, 0x4C, 0x2C, 0x80},
                     {0xE6, 0x10, 0x8D, 0x00, 0xE0, 0x40}, 4, std::vector<uint8_t>(0x2000, 0));
  NesSystem nes(std::move(c));
  nes.setRendering(true);
  nes.reset();
  nes.run(cycles(2000));
  EXPECT_EQ(nes.bus().peek(0x10), 1);
  EXPECT_EQ(nes.bus().peek(0x11), 1);
}

// ---- observers and state ----

struct Counter : BusObserver {
  uint64_t n = 0;
  void onAccess(uint16_t, uint8_t, Access) override { ++n; }
};

TEST(NesPpu, CallersObserverStillSeesEveryCycle) {
  NesSystem nes(spriteZeroWait());
  nes.setRendering(true);
  nes.reset();
  Counter c;
  nes.cpu().setObserver(&c);
  const RunResult r = nes.run(cycles(3 * NesSystem::kFrameCycles));
  EXPECT_EQ(nes.cpu().observer(), &c);
  EXPECT_EQ(c.n, r.cycles);
}

TEST(NesPpu, StateRoundTripRendersTheSameFrames) {
  NesSystem a(splitAfterSpriteZero(0x1E, 0x2005, 77, 0));
  a.setRendering(true);
  fillVideo(a, 47);
  std::vector<uint8_t> sprites(256, 0xFF);
  const uint8_t s0[] = {60, 0x00, 0x00, 8};
  std::copy(std::begin(s0), std::end(s0), sprites.begin());
  oam(a, sprites);
  std::vector<uint8_t> solid(16, 0xFF), zero(1, 0);
  vram(a, 0x0000, solid);
  vram(a, 0x2000 + 7 * 32 + 1, zero);
  a.reset();
  scroll(a, 0, 0);
  a.run(cycles(NesSystem::kFrameCycles + 12345));  // mid-frame
  const NesSystemState saved = a.saveState();
  ASSERT_TRUE(saved.ppu.has_value());
  runFrames(a, a.ppu()->framesDone() + 2);
  const std::vector<uint16_t> want = a.ppu()->frame();
  a.loadState(saved);
  EXPECT_EQ(a.saveState(), saved);
  runFrames(a, a.ppu()->framesDone() + 2);
  EXPECT_EQ(a.ppu()->frame(), want);
}

// ---- palette ----

// External truth: the "2C02" entries nesdev's "PPU palettes" page lists.
TEST(NesPalette, MatchesTheNesdevGenerated2C02Entries) {
  const auto& p = nesPalette();
  auto near = [](Rgb got, Rgb want) {
    return std::abs(got.r - want.r) <= 1 && std::abs(got.g - want.g) <= 1 &&
           std::abs(got.b - want.b) <= 1;
  };
  EXPECT_TRUE(near(p[0x00], {0x62, 0x62, 0x62}));
  EXPECT_TRUE(near(p[0x01], {0x00, 0x1F, 0xB2}));
  EXPECT_TRUE(near(p[0x04], {0x73, 0x00, 0x76}));
  EXPECT_TRUE(near(p[0x06], {0x73, 0x0B, 0x00}));
  EXPECT_TRUE(near(p[0x0A], {0x00, 0x5C, 0x00}));
  EXPECT_TRUE(near(p[0x10], {0xAB, 0xAB, 0xAB}));
  EXPECT_EQ(p[0x20], (Rgb{0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(p[0x0F], (Rgb{0, 0, 0}));
  EXPECT_EQ(p[0x0D], (Rgb{0, 0, 0}));
  // Emphasis darkens: red emphasis on white leaves red the brightest channel.
  const Rgb redWhite = p[0x20 | 0x40];
  EXPECT_GT(redWhite.r, redWhite.b);
  EXPECT_LT(redWhite.g, 0xFF);
  const std::vector<uint16_t> px = {0x20, 0x0F};
  EXPECT_EQ(nesToRgba(px), (std::vector<uint8_t>{0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0xFF}));
}

}  // namespace
}  // namespace emu6502
