#include "emu6502/nes_ppu.h"

#include <algorithm>

#include "emu6502/nes_bus.h"

namespace emu6502 {
namespace {

constexpr uint32_t kLinearAtPos0 = 241 * 341 + 1;  // line 241 dot 1
constexpr unsigned kLineDots = 341;

uint8_t reverseBits(uint8_t b) {
  b = static_cast<uint8_t>((b & 0xF0) >> 4 | (b & 0x0F) << 4);
  b = static_cast<uint8_t>((b & 0xCC) >> 2 | (b & 0x33) << 2);
  return static_cast<uint8_t>((b & 0xAA) >> 1 | (b & 0x55) << 1);
}

// Loopy's increments and copies (nesdev wiki "PPU scrolling").
void incrementX(uint16_t& v) {
  if ((v & 0x001F) == 31) {
    v = static_cast<uint16_t>((v & ~0x001F) ^ 0x0400);
  } else {
    ++v;
  }
}

void incrementY(uint16_t& v) {
  if ((v & 0x7000) != 0x7000) {
    v = static_cast<uint16_t>(v + 0x1000);
    return;
  }
  v &= 0x0FFF;
  unsigned y = (v & 0x03E0) >> 5;
  if (y == 29) {
    y = 0;
    v ^= 0x0800;
  } else if (y == 31) {
    y = 0;
  } else {
    ++y;
  }
  v = static_cast<uint16_t>((v & ~0x03E0) | (y << 5));
}

}  // namespace

NesPpu::NesPpu(NesBus& bus, uint32_t pos)
    : bus_(bus),
      counts_(bus.mapper() && bus.mapper()->countsScanlines()),
      drawing_(kWidth * kHeight, 0),
      done_(kWidth * kHeight, 0) {
  s_.pos = std::min(pos, kFrameDots);
  const uint32_t linear = kLinearAtPos0 + s_.pos;
  s_.line = static_cast<uint16_t>((linear / kLineDots) % 262);
  s_.dot = static_cast<uint16_t>(linear % kLineDots);
}

uint8_t NesPpu::chr(uint16_t addr) const {
  return bus_.chrRead(addr);
}

uint8_t NesPpu::nametable(uint16_t addr) const {
  return *bus_.nametableByte(addr);
}

// Runs of dots where nothing but the picture happens are done a span at a time
// (visibleSpan, blankSpan, skipping); the dots with sprite, copy and A12 work one
// by one (step). Registers cannot change inside a span: the CPU's accesses stop
// the catch-up before they happen.
void NesPpu::runTo(uint32_t target) {
  target = std::min(target, kFrameDots);
  while (s_.pos < target) {
    const unsigned line = s_.line;
    if (line >= 240 && line <= 260) {
      skipIdle(target);
      continue;
    }
    const unsigned d = s_.dot;
    const uint32_t left = target - s_.pos;
    const bool rendering = bus_.ppu_.mask & 0x18;
    if (d >= 1 && d <= 256) {
      const unsigned n = std::min<uint32_t>(257 - d, left);
      if (rendering)
        visibleSpan(d, n);
      else if (line != 261)
        blankSpan(d - 1, n);
      advance(n);
    } else if (rendering && d >= 258 && d <= 320 && !counts_ && (line != 261 || d > 304)) {
      // Sprite fetches that only a scanline counter would watch.
      advance(std::min<uint32_t>(321 - d, left));
    } else if (rendering && d >= 257 && d <= 337) {
      step();
    } else {
      // Dot 0, or 338-340, or rendering off past 256: nothing until dot 1.
      advance(std::min<uint32_t>(d == 0 ? 1 : kLineDots + 1 - d, left));
    }
  }
}

void NesPpu::advance(uint32_t n) {
  s_.pos += n;
  s_.dots += n;
  unsigned dot = s_.dot + n;
  while (dot >= kLineDots) {
    dot -= kLineDots;
    s_.line = static_cast<uint16_t>(s_.line == 261 ? 0 : s_.line + 1);
  }
  s_.dot = static_cast<uint16_t>(dot);
}

// Dots d .. d + n - 1 (within 1-256) of a fetching line with rendering on: what
// step() does there, with the shifters and PPUMASK's settings in locals (neither
// the mask nor the palette can change inside a span). Sprite 0's hit is stored
// when the span ends; the CPU cannot look before that.
void NesPpu::visibleSpan(unsigned d, unsigned n) {
  PpuRegs& r = bus_.ppu_;
  const bool pre = s_.line == 261;
  uint16_t patLo = s_.patLo, patHi = s_.patHi, attrLo = s_.attrLo, attrHi = s_.attrHi;
  const unsigned mask = r.mask;
  const unsigned bit = 15u - r.fineX;
  const unsigned bgFrom = (mask & 0x08) ? ((mask & 0x02) ? 0 : 8) : 256;
  const unsigned spFrom = (mask & 0x10) ? ((mask & 0x04) ? 0 : 8) : 256;
  const uint16_t grey = (mask & 0x01) ? 0x30 : 0x3F;
  const uint16_t emphasis = static_cast<uint16_t>((mask & 0xE0) << 1);
  const uint16_t patternBase = static_cast<uint16_t>((r.ctrl & 0x10) << 8);
  const uint8_t* palette = bus_.palette_.data();
  const uint8_t* sprites = s_.spriteLine.data();
  uint16_t* out = drawing_.data() + (pre ? 0 : s_.line * kWidth);
  bool hit = false;
  for (const unsigned end = d + n; d < end; ++d) {
    if (d >= 2) {
      patLo = static_cast<uint16_t>(patLo << 1);
      patHi = static_cast<uint16_t>(patHi << 1);
      attrLo = static_cast<uint16_t>(attrLo << 1);
      attrHi = static_cast<uint16_t>(attrHi << 1);
    }
    if (!pre) {
      const unsigned x = d - 1;
      unsigned bg = 0;
      if (x >= bgFrom) {
        bg = ((patLo >> bit) & 1u) | (((patHi >> bit) & 1u) << 1);
        if (bg) bg |= (((attrLo >> bit) & 1u) | (((attrHi >> bit) & 1u) << 1)) << 2;
      }
      unsigned index = bg;
      if (x >= spFrom) {
        const unsigned sp = sprites[x];
        if (sp & 3) {
          if ((sp & 0x20) && bg && x != 255) hit = true;
          if (!bg || !(sp & 0x10)) index = 0x10 | (sp & 0x0F);
        }
      }
      out[x] = static_cast<uint16_t>((palette[index] & grey) | emphasis);
    }
    switch ((d - 1) & 7) {
      case 0:
        if (d != 1) {
          patLo = static_cast<uint16_t>((patLo & 0xFF00) | s_.loLatch);
          patHi = static_cast<uint16_t>((patHi & 0xFF00) | s_.hiLatch);
          attrLo = static_cast<uint16_t>((attrLo & 0xFF00) | ((s_.attrLatch & 1) ? 0xFF : 0));
          attrHi = static_cast<uint16_t>((attrHi & 0xFF00) | ((s_.attrLatch & 2) ? 0xFF : 0));
        }
        s_.ntLatch = nametable(static_cast<uint16_t>(0x2000 | (r.v & 0x0FFF)));
        a12(false);
        break;
      case 2: {
        const uint16_t at = static_cast<uint16_t>(0x23C0 | (r.v & 0x0C00) | ((r.v >> 4) & 0x38) |
                                                  ((r.v >> 2) & 0x07));
        const unsigned shift = ((r.v >> 4) & 4) | (r.v & 2);
        s_.attrLatch = static_cast<uint8_t>((nametable(at) >> shift) & 3);
        break;
      }
      case 4: {
        const uint16_t addr =
            static_cast<uint16_t>(patternBase | (s_.ntLatch << 4) | ((r.v >> 12) & 7));
        s_.loLatch = chr(addr);
        s_.hiLatch = chr(static_cast<uint16_t>(addr + 8));
        a12(patternBase != 0);
        break;
      }
      case 7:
        incrementX(r.v);
        if (d == 256) incrementY(r.v);
        break;
      default:
        break;
    }
  }
  s_.patLo = patLo;
  s_.patHi = patHi;
  s_.attrLo = attrLo;
  s_.attrHi = attrHi;
  if (hit) r.status |= 0x40;
}

// Rendering off: the backdrop, or the palette entry v points at (neither can
// change inside a span).
void NesPpu::blankSpan(unsigned x, unsigned n) {
  const PpuRegs& r = bus_.ppu_;
  uint16_t color =
      (r.v & 0x3F00) == 0x3F00 ? bus_.ppuPeek(static_cast<uint16_t>(r.v)) : bus_.palette_[0];
  if (r.mask & 0x01) color &= 0x30;
  std::fill_n(drawing_.begin() + s_.line * kWidth + x, n,
              static_cast<uint16_t>(color | ((r.mask & 0xE0) << 1)));
}

void NesPpu::endFrame() {
  runTo(kFrameDots);
  done_.swap(drawing_);
  ++s_.frames;
  s_.pos = 0;
  s_.line = 241;
  s_.dot = 1;
}

// Lines 240-260 fetch nothing and draw nothing: jump to the pre-render line.
void NesPpu::skipIdle(uint32_t target) {
  const uint32_t toPreRender = (261u - s_.line) * kLineDots - s_.dot;
  const uint32_t n = std::min(toPreRender, target - s_.pos);
  s_.pos += n;
  s_.dots += n;
  const uint32_t linear = kLinearAtPos0 + s_.pos;
  s_.line = static_cast<uint16_t>((linear / kLineDots) % 262);
  s_.dot = static_cast<uint16_t>(linear % kLineDots);
}

uint32_t NesPpu::nextScanlineCheck(uint32_t pos) {
  // Fetching line k (0 = line 261, l + 1 = visible line l) starts at
  // kPreRenderDot + 341 * k.
  const uint32_t k0 = pos < kPreRenderDot ? 0 : (pos - kPreRenderDot) / kLineDots;
  for (uint32_t k = k0; k <= 240 && k <= k0 + 1; ++k) {
    for (uint32_t d : {262u, 326u}) {
      const uint32_t p = kPreRenderDot + kLineDots * k + d;
      if (p > pos && p < kFrameDots) return p;
    }
  }
  return kFrameDots;
}

// A12 as the mapper sees it; only boards that count scanlines care.
void NesPpu::a12(bool high) {
  if (!counts_) return;
  if (high) {
    if (!s_.a12High && s_.dots - s_.a12Fell >= kA12Filter) bus_.mapper_->clockScanline();
    s_.a12High = true;
  } else if (s_.a12High) {
    s_.a12High = false;
    s_.a12Fell = s_.dots;
  }
}

void NesPpu::addressBus(uint16_t v) {
  const bool fetching = (bus_.ppu_.mask & 0x18) && (s_.line < 240 || s_.line == 261);
  if (!fetching) a12(v & 0x1000);
}

void NesPpu::reload() {
  s_.patLo = static_cast<uint16_t>((s_.patLo & 0xFF00) | s_.loLatch);
  s_.patHi = static_cast<uint16_t>((s_.patHi & 0xFF00) | s_.hiLatch);
  s_.attrLo = static_cast<uint16_t>((s_.attrLo & 0xFF00) | ((s_.attrLatch & 1) ? 0xFF : 0));
  s_.attrHi = static_cast<uint16_t>((s_.attrHi & 0xFF00) | ((s_.attrLatch & 2) ? 0xFF : 0));
}

// One dot of a background fetch group (dots 1-256 and 321-336).
void NesPpu::fetch(unsigned d) {
  PpuRegs& r = bus_.ppu_;
  switch ((d - 1) & 7) {
    case 0:
      if (d != 1 && d != 321) reload();
      s_.ntLatch = nametable(static_cast<uint16_t>(0x2000 | (r.v & 0x0FFF)));
      a12(false);
      break;
    case 2: {
      const uint16_t at = static_cast<uint16_t>(0x23C0 | (r.v & 0x0C00) | ((r.v >> 4) & 0x38) |
                                                ((r.v >> 2) & 0x07));
      const unsigned shift = ((r.v >> 4) & 4) | (r.v & 2);
      s_.attrLatch = static_cast<uint8_t>((nametable(at) >> shift) & 3);
      break;
    }
    case 4: {
      const uint16_t addr =
          static_cast<uint16_t>(((r.ctrl & 0x10) << 8) | (s_.ntLatch << 4) | ((r.v >> 12) & 7));
      s_.loLatch = chr(addr);
      s_.hiLatch = chr(static_cast<uint16_t>(addr + 8));
      a12(addr & 0x1000);
      break;
    }
    case 7:
      incrementX(r.v);
      break;
    default:
      break;
  }
}

void NesPpu::clearSprites() {
  s_.spriteLine.fill(0);
  const PpuRegs& r = bus_.ppu_;
  // Empty slots fetch tile $FF: from $1000 in 8x16 mode (tile bit 0).
  const bool high = (r.ctrl & 0x20) ? true : (r.ctrl & 0x08);
  s_.slotA12 = high ? 0xFF : 0;
}

// Dot 257 of a visible line: the sprites on the next line (nesdev wiki "PPU
// sprite evaluation"), drawn into spriteLine with the lowest OAM index on top.
void NesPpu::evaluateSprites() {
  clearSprites();
  PpuRegs& r = bus_.ppu_;
  const std::array<uint8_t, 256>& oam = bus_.oam_;
  const unsigned height = (r.ctrl & 0x20) ? 16 : 8;
  const unsigned line = s_.line;
  unsigned found = 0;
  unsigned n = 0;
  for (; n < 64 && found < 8; ++n) {
    const unsigned row0 = line - oam[n * 4];
    if (row0 >= height) continue;
    const uint8_t tile = oam[n * 4 + 1];
    const uint8_t attr = oam[n * 4 + 2];
    const unsigned x0 = oam[n * 4 + 3];
    const unsigned row = (attr & 0x80) ? height - 1 - row0 : row0;
    uint16_t addr;
    if (height == 16)
      addr = static_cast<uint16_t>(((tile & 1) << 12) | ((tile & 0xFE) << 4) | ((row & 8) << 1) |
                                   (row & 7));
    else
      addr = static_cast<uint16_t>(((r.ctrl & 0x08) << 9) | (tile << 4) | row);
    uint8_t lo = chr(addr);
    uint8_t hi = chr(static_cast<uint16_t>(addr + 8));
    if (attr & 0x40) {
      lo = reverseBits(lo);
      hi = reverseBits(hi);
    }
    if (addr & 0x1000)
      s_.slotA12 = static_cast<uint8_t>(s_.slotA12 | (1u << found));
    else
      s_.slotA12 = static_cast<uint8_t>(s_.slotA12 & ~(1u << found));
    const uint8_t tag =
        static_cast<uint8_t>(((attr & 3) << 2) | ((attr & 0x20) ? 0x10 : 0) | (n == 0 ? 0x20 : 0));
    for (unsigned i = 0; i < 8 && x0 + i < 256; ++i) {
      const unsigned bit = 7 - i;
      const uint8_t p = static_cast<uint8_t>(((lo >> bit) & 1) | (((hi >> bit) & 1) << 1));
      uint8_t& cell = s_.spriteLine[x0 + i];
      if (p && !(cell & 3)) cell = static_cast<uint8_t>(tag | p);
    }
    ++found;
  }
  if (found < 8) return;
  // Past eight, the chip reads OAM[n][m] as a Y with m stepping along with n.
  for (unsigned m = 0; n < 64; ++n, m = (m + 1) & 3) {
    if (static_cast<unsigned>(line - oam[n * 4 + m]) < height) {
      r.status |= 0x20;
      break;
    }
  }
}

// One dot 257-337 of a fetching line with rendering on (runTo draws 1-256).
void NesPpu::step() {
  PpuRegs& r = bus_.ppu_;
  const unsigned d = s_.dot;
  const bool pre = s_.line == 261;
  if (d == 257 || d >= 322) {
    s_.patLo = static_cast<uint16_t>(s_.patLo << 1);
    s_.patHi = static_cast<uint16_t>(s_.patHi << 1);
    s_.attrLo = static_cast<uint16_t>(s_.attrLo << 1);
    s_.attrHi = static_cast<uint16_t>(s_.attrHi << 1);
  }
  if (d <= 320) {
    if (d == 257) {
      reload();
      r.v = static_cast<uint16_t>((r.v & ~0x041F) | (r.t & 0x041F));
      r.oamAddr = 0;
      if (pre)
        clearSprites();
      else
        evaluateSprites();
    }
    if (pre && d >= 280 && d <= 304) r.v = static_cast<uint16_t>((r.v & ~0x7BE0) | (r.t & 0x7BE0));
    const unsigned phase = (d - 257) & 7;
    if (phase == 0)
      a12(false);
    else if (phase == 4)
      a12((s_.slotA12 >> ((d - 257) >> 3)) & 1);
  } else if (d <= 336) {
    fetch(d);
  } else {
    reload();
    a12(false);
  }
  advance(1);
}

}  // namespace emu6502
