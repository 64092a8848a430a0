// The Game Boy picture (GbPpu through GbBus::setFrame): synthetic video memory with
// a known picture, drawn line by line as the LCD runs. BG with scroll wrap, the
// window and its own line counter when WX/WY change or the window is switched off
// mid-frame, 8x8 and 8x16 objects, the 10-per-line limit, priority between objects
// and against BG, flips, DMG palettes; CGB palette RAM, VRAM bank 1 attributes and
// OAM-order priority; registers and VRAM written by the CPU at line N show from
// line N; save states restore the picture's state. Expected pictures are worked out
// from the Pan Docs rules, not taken from the renderer's output.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_ppu.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

constexpr unsigned kLine = 114;  // M-cycles

std::unique_ptr<GbBus> makeBus(bool cgb = false, std::initializer_list<uint8_t> code = {}) {
  auto rom = test::makeRom();
  if (cgb) rom[0x143] = 0x80;
  test::fixChecksum(rom);
  test::place(rom, 0x150, code);
  CartridgeLoad r = loadCartridge(std::move(rom));
  EXPECT_TRUE(r.ok()) << r.error;
  return std::make_unique<GbBus>(std::move(*r.cart));
}

// A tile of one colour, at $8000 + 16 * index of the given VRAM bank.
void solidTile(GbBus& bus, unsigned index, uint8_t color) {
  for (unsigned row = 0; row < 8; ++row) {
    bus.poke(uint16_t(0x8000 + index * 16 + row * 2), (color & 1) ? 0xFF : 0x00);
    bus.poke(uint16_t(0x8000 + index * 16 + row * 2 + 1), (color & 2) ? 0xFF : 0x00);
  }
}
void tileRow(GbBus& bus, unsigned index, unsigned row, uint8_t lo, uint8_t hi) {
  bus.poke(uint16_t(0x8000 + index * 16 + row * 2), lo);
  bus.poke(uint16_t(0x8000 + index * 16 + row * 2 + 1), hi);
}
void fillMap(GbBus& bus, uint16_t map, uint8_t tile) {
  for (unsigned i = 0; i < 1024; ++i) bus.poke(uint16_t(map + i), tile);
}
void object(GbBus& bus, unsigned index, int x, int y, uint8_t tile, uint8_t attr = 0) {
  bus.poke(uint16_t(0xFE00 + index * 4), uint8_t(y + 16));
  bus.poke(uint16_t(0xFE00 + index * 4 + 1), uint8_t(x + 8));
  bus.poke(uint16_t(0xFE00 + index * 4 + 2), tile);
  bus.poke(uint16_t(0xFE00 + index * 4 + 3), attr);
}

// The DMG shade (0 white - 3 black) of a pixel, -1 if it is none of the four.
int shade(const GbFrame& f, int x, int y) {
  for (int i = 0; i < 4; ++i)
    if (f.at(x, y) == kDmgShades[size_t(i)]) return i;
  return -1;
}
// The shades of a row from x0 to x1 inclusive.
std::vector<int> rowShades(const GbFrame& f, int y, int x0, int x1) {
  std::vector<int> v;
  for (int x = x0; x <= x1; ++x) v.push_back(shade(f, x, y));
  return v;
}

// Identity palettes, LCD on with `lcdc`, a whole frame drawn.
void drawFrame(GbBus& bus, uint8_t lcdc) {
  bus.write(0xFF47, 0xE4);
  bus.write(0xFF48, 0xE4);
  bus.write(0xFF49, 0xE4);
  bus.write(0xFF40, lcdc);
  bus.tick(154 * kLine);
}

TEST(GbPpu, NothingIsDrawnWithoutAFrame) {
  auto bus = makeBus();
  solidTile(*bus, 0, 3);
  drawFrame(*bus, 0x91);
  EXPECT_EQ(bus->framesRendered(), 0u);
  GbFrame frame;
  frame.pixels.fill(0x12345678);
  bus->setFrame(&frame);
  bus->tick(154 * kLine);
  EXPECT_EQ(bus->framesRendered(), 1u);
  EXPECT_EQ(shade(frame, 0, 0), 3);
  EXPECT_EQ(shade(frame, 159, 143), 3);
  bus->write(0xFF40, 0x11);  // LCD off: blank
  EXPECT_EQ(shade(frame, 80, 80), 0);
}

TEST(GbPpu, BackgroundScrollWrapsAt256) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  solidTile(*bus, 1, 3);
  solidTile(*bus, 2, 1);
  tileRow(*bus, 3, 0, 0x80, 0x01);  // row 0: pixel 0 colour 1, pixel 7 colour 2
  bus->poke(0x9800 + 31 * 32 + 31, 1);
  bus->poke(0x9800, 2);
  bus->poke(0x9800 + 1, 3);
  bus->write(0xFF43, 252);  // SCX
  bus->write(0xFF42, 250);  // SCY
  drawFrame(*bus, 0x91);
  // Screen (0,0) is BG (252,250): cell (31,31) for x 0-3, y 0-5; then cell 0 wraps in.
  EXPECT_EQ(rowShades(frame, 0, 0, 4), (std::vector<int>{3, 3, 3, 3, 0}));
  EXPECT_EQ(shade(frame, 3, 5), 3);
  EXPECT_EQ(shade(frame, 3, 6), 0);  // cell (31,0)
  EXPECT_EQ(rowShades(frame, 6, 3, 12), (std::vector<int>{0, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(shade(frame, 4, 13), 1);
  EXPECT_EQ(shade(frame, 4, 14), 0);
  // Cell (1,0), row 0 at screen y 6: bit 7 of the low plane is the leftmost pixel.
  EXPECT_EQ(rowShades(frame, 6, 12, 19), (std::vector<int>{1, 0, 0, 0, 0, 0, 0, 2}));
}

TEST(GbPpu, TileDataAt8800IsSigned) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  solidTile(*bus, 0x100, 1);  // $9000: tile 0 in $8800 mode
  solidTile(*bus, 0x080, 3);  // $8800: tile $80 in either mode
  bus->poke(0x9800, 0x00);
  bus->poke(0x9801, 0x80);
  drawFrame(*bus, 0x81);  // LCDC bit 4 clear
  EXPECT_EQ(shade(frame, 0, 0), 1);
  EXPECT_EQ(shade(frame, 8, 0), 3);
  drawFrame(*bus, 0x91);
  EXPECT_EQ(shade(frame, 0, 0), 0);  // tile 0 at $8000 is empty
  EXPECT_EQ(shade(frame, 8, 0), 3);
}

TEST(GbPpu, BackgroundPaletteAndBgOff) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  tileRow(*bus, 0, 0, 0x50, 0x30);  // pixels 0-3: colours 0, 1, 2, 3
  drawFrame(*bus, 0x91);
  EXPECT_EQ(rowShades(frame, 0, 0, 3), (std::vector<int>{0, 1, 2, 3}));
  bus->write(0xFF47, 0x1B);  // reversed
  bus->tick(154 * kLine);
  EXPECT_EQ(rowShades(frame, 0, 0, 3), (std::vector<int>{3, 2, 1, 0}));
  bus->write(0xFF40, 0x90);  // BG off on DMG: colour 0 white whatever BGP says
  bus->tick(154 * kLine);
  EXPECT_EQ(rowShades(frame, 0, 0, 3), (std::vector<int>{0, 0, 0, 0}));
}

// Window rows: tile row r of the window map is tile 4 + r, of colour (r % 3) + 1.
void windowScene(GbBus& bus) {
  for (unsigned r = 0; r < 18; ++r) {
    solidTile(bus, 4 + r, uint8_t(r % 3 + 1));
    for (unsigned c = 0; c < 32; ++c) bus.poke(uint16_t(0x9C00 + r * 32 + c), uint8_t(4 + r));
  }
}

TEST(GbPpu, WindowLineCounterSkipsLinesWithoutTheWindow) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  windowScene(*bus);
  bus->write(0xFF4A, 16);      // WY
  bus->write(0xFF4B, 7 + 80);  // WX: from x 80
  bus->write(0xFF47, 0xE4);
  bus->write(0xFF40, 0xF1);  // window on, map $9C00
  bus->tick(24 * kLine);     // lines 0-23
  bus->write(0xFF40, 0xD1);  // window off for lines 24-39
  bus->tick(16 * kLine);
  bus->write(0xFF40, 0xF1);  // on again at line 40
  bus->tick(20 * kLine);
  bus->write(0xFF4B, 7 + 120);  // line 60: WX moves right
  bus->tick(10 * kLine);
  bus->write(0xFF4A, 200);  // line 70: WY past the bottom; the window stays
  bus->tick(84 * kLine);
  EXPECT_EQ(shade(frame, 100, 15), 0);  // above WY
  EXPECT_EQ(shade(frame, 79, 16), 0);   // left of WX
  EXPECT_EQ(shade(frame, 80, 16), 1);   // window line 0
  EXPECT_EQ(shade(frame, 159, 23), 1);  // window line 7
  EXPECT_EQ(shade(frame, 100, 24), 0);  // off
  EXPECT_EQ(shade(frame, 100, 39), 0);
  EXPECT_EQ(shade(frame, 100, 40), 2);  // window line 8 (not 24): tile row 1
  EXPECT_EQ(shade(frame, 100, 47), 2);
  EXPECT_EQ(shade(frame, 100, 48), 3);   // window line 16: row 2
  EXPECT_EQ(shade(frame, 100, 56), 1);   // window line 24: row 3
  EXPECT_EQ(shade(frame, 100, 60), 0);   // WX = 127 now
  EXPECT_EQ(shade(frame, 120, 60), 1);   // window line 28, from its column 0
  EXPECT_EQ(shade(frame, 120, 70), 2);   // window line 38: row 4
  EXPECT_EQ(shade(frame, 120, 143), 2);  // window line 111: row 13 -> 13 % 3 + 1 = 2
}

TEST(GbPpu, WindowWaitsForLyToMatchWy) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  windowScene(*bus);
  bus->write(0xFF4A, 100);
  bus->write(0xFF4B, 7);
  bus->write(0xFF47, 0xE4);
  bus->write(0xFF40, 0xF1);
  bus->tick(60 * kLine);
  bus->write(0xFF4A, 40);  // line 60: a WY already passed does not start the window
  bus->tick(94 * kLine);
  EXPECT_EQ(shade(frame, 0, 100), 0);
  EXPECT_EQ(shade(frame, 0, 143), 0);
  // Next frame: WY = 40 from the start.
  bus->tick(154 * kLine);
  EXPECT_EQ(shade(frame, 0, 39), 0);
  EXPECT_EQ(shade(frame, 0, 40), 1);
  EXPECT_EQ(shade(frame, 0, 48), 2);
}

TEST(GbPpu, WindowLeftOfTheScreenAndOffWithBg) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  windowScene(*bus);
  tileRow(*bus, 4, 0, 0x0F, 0x00);  // window row 0: pixels 4-7 colour 1, 0-3 colour 0
  bus->write(0xFF4A, 0);
  bus->write(0xFF4B, 3);  // starts 4 pixels left of the screen
  drawFrame(*bus, 0xF1);
  EXPECT_EQ(rowShades(frame, 0, 0, 4), (std::vector<int>{1, 1, 1, 1, 0}));
  bus->write(0xFF4B, 7);
  bus->tick(154 * kLine);
  EXPECT_EQ(rowShades(frame, 0, 0, 4), (std::vector<int>{0, 0, 0, 0, 1}));
  drawFrame(*bus, 0xF0);  // DMG: LCDC bit 0 clear hides the window too
  EXPECT_EQ(shade(frame, 4, 0), 0);
}

TEST(GbPpu, Objects8x16UseAnEvenTilePairAndFlipWhole) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  solidTile(*bus, 8, 1);
  solidTile(*bus, 9, 2);
  object(*bus, 0, 30, 20, 0x09);        // bit 0 of the tile index ignored
  object(*bus, 1, 60, 20, 0x08, 0x40);  // Y flip: the bottom tile on top
  drawFrame(*bus, 0x97);                // objects on, 8x16
  EXPECT_EQ(shade(frame, 30, 19), 0);
  EXPECT_EQ(shade(frame, 30, 20), 1);
  EXPECT_EQ(shade(frame, 37, 27), 1);
  EXPECT_EQ(shade(frame, 30, 28), 2);
  EXPECT_EQ(shade(frame, 30, 35), 2);
  EXPECT_EQ(shade(frame, 30, 36), 0);
  EXPECT_EQ(shade(frame, 38, 20), 0);
  EXPECT_EQ(shade(frame, 60, 20), 2);
  EXPECT_EQ(shade(frame, 60, 28), 1);
  drawFrame(*bus, 0x93);  // 8x8: only tile 9
  EXPECT_EQ(shade(frame, 30, 20), 2);
  EXPECT_EQ(shade(frame, 30, 28), 0);
}

TEST(GbPpu, TenObjectsALineInOamOrder) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  solidTile(*bus, 1, 3);
  object(*bus, 0, -8, 40, 1);  // X = 0: off screen, but it takes a slot
  for (unsigned i = 1; i <= 10; ++i) object(*bus, i, int(12 * i), 40, 1);
  object(*bus, 11, 140, 60, 1);  // another line: drawn
  drawFrame(*bus, 0x93);
  for (unsigned i = 1; i <= 9; ++i) EXPECT_EQ(shade(frame, int(12 * i), 44), 3) << i;
  EXPECT_EQ(shade(frame, 120, 44), 0);  // the 11th on the line
  EXPECT_EQ(shade(frame, 140, 60), 3);
}

TEST(GbPpu, DmgObjectPriorityByXThenOamIndexWithTransparency) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  solidTile(*bus, 1, 1);
  tileRow(*bus, 2, 0, 0x00, 0xF0);  // row 0: left half colour 2, right half transparent
  solidTile(*bus, 3, 3);
  object(*bus, 0, 20, 10, 1);  // x 20-27
  object(*bus, 1, 16, 10, 2);  // x 16-23: smaller X, wins where it is opaque
  object(*bus, 2, 50, 10, 1);  // same X: the lower OAM index wins
  object(*bus, 3, 50, 10, 3);
  drawFrame(*bus, 0x93);
  EXPECT_EQ(rowShades(frame, 10, 15, 28),
            (std::vector<int>{0, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0}));
  EXPECT_EQ(shade(frame, 50, 10), 1);
}

TEST(GbPpu, ObjectBehindBgColours1To3AndFlips) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  tileRow(*bus, 5, 0, 0x00, 0x0F);  // BG row 0: left half colour 0, right half colour 2
  bus->poke(0x9800 + 2, 5);         // cell (2,0): x 16-23
  solidTile(*bus, 1, 3);
  object(*bus, 0, 16, 0, 1, 0x80);  // behind BG colours 1-3
  tileRow(*bus, 6, 0, 0x80, 0x80);  // one pixel of colour 3 at the top left
  object(*bus, 1, 40, 0, 6);
  object(*bus, 2, 60, 0, 6, 0x20);  // X flip
  object(*bus, 3, 80, 0, 6, 0x40);  // Y flip
  object(*bus, 4, 100, 0, 6, 0x60);
  object(*bus, 5, 120, 0, 1, 0x10);  // OBP1
  bus->write(0xFF49, 0x40);          // OBP1: colour 3 -> shade 1
  drawFrame(*bus, 0x93);
  bus->write(0xFF49, 0x40);
  bus->tick(154 * kLine);
  EXPECT_EQ(rowShades(frame, 0, 16, 23), (std::vector<int>{3, 3, 3, 3, 2, 2, 2, 2}));
  EXPECT_EQ(shade(frame, 16, 1), 3);  // BG row 1 is colour 0
  EXPECT_EQ(shade(frame, 40, 0), 3);
  EXPECT_EQ(shade(frame, 41, 0), 0);
  EXPECT_EQ(shade(frame, 67, 0), 3);
  EXPECT_EQ(shade(frame, 60, 0), 0);
  EXPECT_EQ(shade(frame, 80, 7), 3);
  EXPECT_EQ(shade(frame, 80, 0), 0);
  EXPECT_EQ(shade(frame, 107, 7), 3);
  EXPECT_EQ(shade(frame, 120, 3), 1);
}

// ---- CGB ----

void cgbColorAt(GbBus& bus, bool obj, unsigned palette, unsigned index, uint16_t rgb) {
  bus.write(obj ? 0xFF6A : 0xFF68, uint8_t(0x80 | (palette * 8 + index * 2)));
  bus.write(obj ? 0xFF6B : 0xFF69, uint8_t(rgb));  // auto-increment to the high byte
  bus.write(obj ? 0xFF6B : 0xFF69, uint8_t(rgb >> 8));
}

TEST(GbPpu, CgbPaletteRamAutoIncrements) {
  auto bus = makeBus(true);
  ASSERT_TRUE(bus->cgb());
  bus->setPostBootState();
  bus->write(0xFF68, 0x80 | 0x3E);
  bus->write(0xFF69, 0x11);
  bus->write(0xFF69, 0x22);                          // wraps to index 0
  EXPECT_EQ(bus->read(0xFF68), 0x80 | 0x40 | 0x00);  // wrapped to index 0
  EXPECT_EQ(bus->bgPalettes()[0x3E], 0x11);
  EXPECT_EQ(bus->bgPalettes()[0x3F], 0x22);
  EXPECT_EQ(bus->bgPalettes()[0x00], 0xFF);  // not written: white
  bus->write(0xFF6A, 0x05);                  // no auto-increment
  bus->write(0xFF6B, 0x33);
  bus->write(0xFF6B, 0x44);
  EXPECT_EQ(bus->objPalettes()[5], 0x44);
  EXPECT_EQ(bus->read(0xFF6B), 0x44);
  EXPECT_EQ(bus->read(0xFF6A), 0x45);
}

TEST(GbPpu, CgbColoursWidenFiveBits) {
  EXPECT_EQ(cgbColor(0x7FFF), rgba(0xFF, 0xFF, 0xFF));
  EXPECT_EQ(cgbColor(0x001F), rgba(0xFF, 0, 0));
  EXPECT_EQ(cgbColor(0x03E0), rgba(0, 0xFF, 0));
  EXPECT_EQ(cgbColor(0x7C00), rgba(0, 0, 0xFF));
  EXPECT_EQ(cgbColor(0x0010), rgba(0x84, 0, 0));  // 16 -> (16 << 3) | (16 >> 2)
}

TEST(GbPpu, CgbBankOneAttributesAndObjectPriorityByOamIndex) {
  auto bus = makeBus(true);
  bus->setPostBootState();
  GbFrame frame;
  bus->setFrame(&frame);
  const uint16_t red = 0x001F, green = 0x03E0, blue = 0x7C00, black = 0x0000;
  cgbColorAt(*bus, false, 2, 1, red);
  cgbColorAt(*bus, false, 0, 1, green);
  cgbColorAt(*bus, true, 3, 1, blue);
  cgbColorAt(*bus, true, 0, 1, black);
  // Bank 0 tile 1: row 0 pixel 0 colour 1; bank 1 tile 1: row 7 pixel 0 colour 1.
  tileRow(*bus, 1, 0, 0x80, 0x00);
  bus->write(0xFF4F, 1);
  EXPECT_EQ(bus->read(0xFF4F), 0xFF);
  tileRow(*bus, 1, 7, 0x80, 0x00);
  // Attributes (bank 1 of the map): cell 0 palette 0, bank 0; cell 1 palette 2, tile
  // bank 1, X and Y flip; cell 4 BG-over-objects with solid tile 2.
  bus->poke(0x9801, 0x08 | 0x20 | 0x40 | 2);
  bus->poke(0x9804, 0x80);
  bus->write(0xFF4F, 0);
  solidTile(*bus, 2, 1);
  bus->poke(0x9800, 1);
  bus->poke(0x9801, 1);
  bus->poke(0x9804, 2);
  // Objects: solid tile 2 in bank 1 with palette 3; OAM order wins, not X.
  bus->write(0xFF4F, 1);
  solidTile(*bus, 3, 1);
  bus->write(0xFF4F, 0);
  solidTile(*bus, 3, 1);
  object(*bus, 0, 52, 20, 3, 0x08 | 3);  // blue, from bank 1
  object(*bus, 1, 48, 20, 3, 0x00);      // black, smaller X but later in OAM
  object(*bus, 2, 32, 0, 3, 0x00);       // over cell 4, which has BG priority
  drawFrame(*bus, 0x93);
  const uint32_t white = cgbColor(0x7FFF);
  EXPECT_EQ(frame.at(0, 0), cgbColor(green));
  EXPECT_EQ(frame.at(1, 0), white);
  EXPECT_EQ(frame.at(15, 0), cgbColor(red));  // flipped row 7 of the bank 1 tile
  EXPECT_EQ(frame.at(8, 0), white);
  EXPECT_EQ(frame.at(48, 20), cgbColor(black));
  EXPECT_EQ(frame.at(52, 20), cgbColor(blue));  // index 0 on top of index 1
  EXPECT_EQ(frame.at(59, 20), cgbColor(blue));
  EXPECT_EQ(frame.at(32, 0), cgbColor(green));  // BG attribute bit 7 over colour 1-3
  bus->write(0xFF6C, 0x01);                     // OPRI: by X, as on DMG
  EXPECT_EQ(bus->read(0xFF6C), 0xFF);
  bus->tick(154 * kLine);
  EXPECT_EQ(frame.at(52, 20), cgbColor(black));  // index 1 has the smaller X
  bus->write(0xFF6C, 0x00);
  // LCDC bit 0 clear on CGB: BG stays, but loses priority.
  drawFrame(*bus, 0x92);
  EXPECT_EQ(frame.at(32, 0), cgbColor(black));
  EXPECT_EQ(frame.at(0, 0), cgbColor(green));
}

TEST(GbPpu, CgbBanksDmaAndSaveState) {
  auto bus = makeBus(true);
  bus->setPostBootState();
  bus->write(0xD000, 0x11);  // bank 1
  bus->write(0xFF70, 3);
  EXPECT_EQ(bus->read(0xFF70), 0xFB);
  EXPECT_EQ(bus->read(0xD000), 0x00);
  bus->write(0xD000, 0x33);
  EXPECT_EQ(bus->read(0xF000), 0x33);  // echo follows the bank
  bus->write(0xFF70, 0);               // 0 selects bank 1
  EXPECT_EQ(bus->read(0xD000), 0x11);
  // General VRAM DMA: 2 blocks from $C100 to $8010 in bank 1, at once.
  for (unsigned i = 0; i < 32; ++i) bus->write(uint16_t(0xC100 + i), uint8_t(i + 1));
  bus->write(0xFF4F, 1);
  bus->write(0xFF51, 0xC1);
  bus->write(0xFF52, 0x00);
  bus->write(0xFF53, 0x80);
  bus->write(0xFF54, 0x10);
  bus->write(0xFF55, 0x01);
  EXPECT_EQ(bus->read(0xFF55), 0xFF);
  EXPECT_EQ(bus->vramBank1()[0x10], 1);
  EXPECT_EQ(bus->vramBank1()[0x2F], 32);
  EXPECT_EQ(bus->vram()[0x10], 0);
  // HBlank DMA: one block per visible line's mode 0.
  bus->write(0xFF53, 0x81);
  bus->write(0xFF54, 0x00);
  bus->write(0xFF55, 0x81);  // 2 blocks
  EXPECT_EQ(bus->read(0xFF55), 0x01);
  bus->write(0xFF40, 0x91);
  bus->tick(63);
  EXPECT_EQ(bus->vramBank1()[0x100], 1);
  EXPECT_EQ(bus->vramBank1()[0x110], 0);
  EXPECT_EQ(bus->read(0xFF55), 0x00);
  const GbBusState mid = bus->saveState();
  bus->tick(kLine);
  EXPECT_EQ(bus->vramBank1()[0x11F], 32);
  EXPECT_EQ(bus->read(0xFF55), 0xFF);
  const GbBusState done = bus->saveState();
  bus->loadState(mid);
  EXPECT_EQ(bus->saveState(), mid);
  bus->tick(kLine);
  EXPECT_EQ(bus->saveState(), done);
  EXPECT_EQ(done.vram1.size(), 0x2000u);
  EXPECT_EQ(done.wramBanks.size(), 0x6000u);
}

TEST(GbPpu, DmgStateHasNoCgbBanks) {
  auto bus = makeBus();
  bus->write(0xFF4F, 1);  // no VBK on a DMG: a plain register
  bus->poke(0x8000, 0x42);
  EXPECT_EQ(bus->vram()[0], 0x42);
  const GbBusState s = bus->saveState();
  EXPECT_TRUE(s.vram1.empty());
  EXPECT_TRUE(s.wramBanks.empty());
}

// KEY1 armed, then STOP: the CPU goes on at double speed; the LCD takes twice the
// CPU's M-cycles per line.
TEST(GbPpu, CgbStopSwitchesSpeed) {
  // $0150: ld a, 1; ldh [$4D], a; stop; ld a, $91; ldh [$40], a; jr @
  auto bus =
      makeBus(true, {0x3E, 0x01, 0xE0, 0x4D, 0x10, 0x00, 0x3E, 0x91, 0xE0, 0x40, 0x18, 0xFE});
  bus->setPostBootState();
  CpuSm83 cpu(*bus);
  cpu.setPostBootState(true);
  EXPECT_EQ(cpu.regs.a, 0x11);
  bus->write(0xFF40, 0x11);  // LCD off
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 1000;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_TRUE(bus->doubleSpeed());
  EXPECT_EQ(bus->read(0xFF4D), 0xFE);
  bus->write(0xFF40, 0x11);  // the frame starts over at line 0
  bus->write(0xFF40, 0x91);
  bus->tick(unsigned(10 * kLine));
  EXPECT_EQ(bus->read(0xFF44), 5);
  bus->tick(1);
  bus->tick(unsigned(2 * kLine - 1));
  EXPECT_EQ(bus->read(0xFF44), 6);
  // A DMG game's STOP still ends the run.
  auto dmg = makeBus(false, {0x3E, 0x01, 0xE0, 0x4D, 0x10, 0x00, 0x18, 0xFE});
  CpuSm83 dcpu(*dmg);
  dcpu.setPostBootState();
  EXPECT_EQ(dcpu.runUntil(limits).reason, HaltReason::Stopped);
}

// ---- in step with the CPU ----

// The program waits for LY = 72 and sets SCX = 4, then for LY = 100 it writes tile 1
// into the map cell under lines 96-103 straight into VRAM (no bus access), waits about
// two lines in a register loop, and puts tile 0 back.
//   $0150 wait72: ldh a,[$44]; cp 72; jr nz,wait72; ld a,4; ldh [$43],a
//   $015A wait100: ldh a,[$44]; cp 100; jr nz,wait100; ld a,1; ld [$9980],a
//   $0165 ld b,20; loop: dec b; jr nz,loop; xor a; ld [$9980],a; jr @
// The tile goes in within line 100's mode 2 and back about 85 M-cycles later, before
// line 101's mode 3: only line 100 shows it, and only if the CPU stopped at line
// 100's mode 3 to let it be drawn (the register loop and VRAM writes never touch the
// bus).
TEST(GbPpu, RegistersAndVramWrittenAtLineNShowFromLineN) {
  auto bus = makeBus(false, {0xF0, 0x44, 0xFE, 72,   0x20, 0xFA, 0x3E, 0x04, 0xE0, 0x43, 0xF0,
                             0x44, 0xFE, 100,  0x20, 0xFA, 0x3E, 0x01, 0xEA, 0x80, 0x99, 0x06,
                             20,   0x05, 0x20, 0xFD, 0xAF, 0xEA, 0x80, 0x99, 0x18, 0xFE});
  bus->setPostBootState();
  GbFrame frame;
  bus->setFrame(&frame);
  tileRow(*bus, 2, 0, 0x80, 0x80);  // tile 2: a colour 3 pixel at the left of each row
  for (unsigned r = 1; r < 8; ++r) tileRow(*bus, 2, r, 0x80, 0x80);
  fillMap(*bus, 0x9800, 2);
  bus->poke(0x9980, 0);  // row 12, column 0: lines 96-103
  solidTile(*bus, 1, 1);
  bus->write(0xFF40, 0x00);
  bus->write(0xFF47, 0xE4);
  bus->write(0xFF40, 0x91);
  CpuSm83 cpu(*bus);
  cpu.setPostBootState();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxCycles = 200 * kLine;
  ASSERT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  bus->tick(154 * kLine - bus->lcdCycle());  // to the end of the frame
  // SCX: lines 0-71 have the colour 3 pixel at x 0, lines 72- at x 4.
  EXPECT_EQ(shade(frame, 0, 71), 3);
  EXPECT_EQ(shade(frame, 4, 71), 0);
  EXPECT_EQ(shade(frame, 0, 72), 0);
  EXPECT_EQ(shade(frame, 4, 72), 3);
  // Cell (0,12), scrolled by 4, covers x 0-3 of lines 96-103.
  EXPECT_EQ(shade(frame, 0, 99), 0);
  EXPECT_EQ(shade(frame, 0, 100), 1);
  EXPECT_EQ(shade(frame, 0, 101), 0);
}

TEST(GbPpu, SaveStateKeepsTheWindowCounter) {
  auto bus = makeBus();
  GbFrame frame;
  bus->setFrame(&frame);
  windowScene(*bus);
  bus->write(0xFF4A, 16);
  bus->write(0xFF4B, 7);
  bus->write(0xFF47, 0xE4);
  bus->write(0xFF40, 0xF1);
  bus->tick(30 * kLine);
  bus->write(0xFF40, 0xD1);  // window off from line 30
  bus->tick(10 * kLine);
  bus->write(0xFF40, 0xF1);  // on again at line 40: window line 14
  const GbBusState s = bus->saveState();
  EXPECT_EQ(s.ppu.windowLine, 14);
  EXPECT_TRUE(s.ppu.windowTriggered);
  bus->tick(114 * kLine);
  const GbFrame first = frame;
  frame.pixels.fill(0);
  bus->loadState(s);
  bus->tick(114 * kLine);
  for (int y = 40; y < kLcdHeight; ++y)
    for (int x = 0; x < kLcdWidth; ++x) ASSERT_EQ(frame.at(x, y), first.at(x, y)) << x << "," << y;
  EXPECT_EQ(shade(frame, 0, 40), 2);  // window line 14: row 1
}

}  // namespace
}  // namespace emusm83
