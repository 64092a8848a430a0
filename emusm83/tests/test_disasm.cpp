// Disassembler output: exact rgbds syntax, symbols from the callback, lengths from
// the opcode table.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "emusm83/disasm.h"

namespace emusm83 {
namespace {

std::string dis(std::vector<uint8_t> bytes, uint16_t pc = 0x0150, const SymbolFn& sym = nullptr) {
  const Disassembly d = disassemble(pc, bytes, sym);
  EXPECT_EQ(d.length, d.info->length);
  return d.text;
}

TEST(Sm83Disasm, LoadsInRgbdsSyntax) {
  EXPECT_EQ(dis({0x00}), "nop");
  EXPECT_EQ(dis({0x01, 0x34, 0x12}), "ld bc, $1234");
  EXPECT_EQ(dis({0x22}), "ld [hl+], a");
  EXPECT_EQ(dis({0x2A}), "ld a, [hl+]");
  EXPECT_EQ(dis({0x32}), "ld [hl-], a");
  EXPECT_EQ(dis({0x3A}), "ld a, [hl-]");
  EXPECT_EQ(dis({0x02}), "ld [bc], a");
  EXPECT_EQ(dis({0x1A}), "ld a, [de]");
  EXPECT_EQ(dis({0x08, 0x00, 0xC0}), "ld [$C000], sp");
  EXPECT_EQ(dis({0x36, 0x7F}), "ld [hl], $7F");
  EXPECT_EQ(dis({0x46}), "ld b, [hl]");
  EXPECT_EQ(dis({0x70}), "ld [hl], b");
  EXPECT_EQ(dis({0x7F}), "ld a, a");
  EXPECT_EQ(dis({0xE2}), "ldh [c], a");
  EXPECT_EQ(dis({0xF2}), "ldh a, [c]");
  EXPECT_EQ(dis({0xE0, 0x80}), "ldh [$FF80], a");
  EXPECT_EQ(dis({0xF0, 0x44}), "ldh a, [$FF44]");
  EXPECT_EQ(dis({0xEA, 0x00, 0xD0}), "ld [$D000], a");
  EXPECT_EQ(dis({0xFA, 0x00, 0xD0}), "ld a, [$D000]");
  EXPECT_EQ(dis({0xF8, 0x05}), "ld hl, sp+5");
  EXPECT_EQ(dis({0xF8, 0xFD}), "ld hl, sp-3");
  EXPECT_EQ(dis({0xF9}), "ld sp, hl");
}

TEST(Sm83Disasm, ArithmeticAndControl) {
  EXPECT_EQ(dis({0x80}), "add a, b");
  EXPECT_EQ(dis({0x96}), "sub a, [hl]");
  EXPECT_EQ(dis({0xFE, 0x10}), "cp a, $10");
  EXPECT_EQ(dis({0x09}), "add hl, bc");
  EXPECT_EQ(dis({0xE8, 0xFD}), "add sp, -3");
  EXPECT_EQ(dis({0xE8, 0x7F}), "add sp, 127");
  EXPECT_EQ(dis({0x34}), "inc [hl]");
  EXPECT_EQ(dis({0x3B}), "dec sp");
  EXPECT_EQ(dis({0xE9}), "jp hl");
  EXPECT_EQ(dis({0xFF}), "rst $38");
  EXPECT_EQ(dis({0xC7}), "rst $00");
  EXPECT_EQ(dis({0xC3, 0x50, 0x01}), "jp $0150");
  EXPECT_EQ(dis({0xC2, 0x50, 0x01}), "jp nz, $0150");
  EXPECT_EQ(dis({0xDC, 0x00, 0x40}), "call c, $4000");
  EXPECT_EQ(dis({0xD0}), "ret nc");
  EXPECT_EQ(dis({0xD9}), "reti");
  EXPECT_EQ(dis({0xF1}), "pop af");
  EXPECT_EQ(dis({0xC5}), "push bc");
  EXPECT_EQ(dis({0x18, 0xFE}, 0x0200), "jr $0200");
  EXPECT_EQ(dis({0x20, 0x05}, 0x0200), "jr nz, $0207");
  EXPECT_EQ(dis({0x76}), "halt");
  EXPECT_EQ(dis({0x10, 0x00}), "stop");
  EXPECT_EQ(dis({0x10, 0x42}), "db $10, $42");
  EXPECT_EQ(dis({0xF3}), "di");
  EXPECT_EQ(dis({0xFB}), "ei");
  EXPECT_EQ(dis({0x27}), "daa");
  EXPECT_EQ(dis({0xD3}), "db $D3");
}

TEST(Sm83Disasm, CbPrefixed) {
  EXPECT_EQ(dis({0xCB, 0x46}), "bit 0, [hl]");
  EXPECT_EQ(dis({0xCB, 0x5E}), "bit 3, [hl]");
  EXPECT_EQ(dis({0xCB, 0x37}), "swap a");
  EXPECT_EQ(dis({0xCB, 0x00}), "rlc b");
  EXPECT_EQ(dis({0xCB, 0x3E}), "srl [hl]");
  EXPECT_EQ(dis({0xCB, 0xBF}), "res 7, a");
  EXPECT_EQ(dis({0xCB, 0xC1}), "set 0, c");
  EXPECT_EQ(disassemble(0, std::vector<uint8_t>{0xCB, 0x11}).length, 2);
}

TEST(Sm83Disasm, SymbolsFromCallback) {
  const SymbolFn sym = [](uint16_t addr, SymbolUse use) -> std::string {
    if (addr == 0x0207 && use == SymbolUse::Code) return ".loop";
    if (addr == 0xFF80 && use == SymbolUse::Data) return "hScratch";
    if (addr == 0xC000 && use == SymbolUse::Value) return "wMap";
    if (addr == 0x4000 && use == SymbolUse::Code) return "GetCellFlags";
    return "";
  };
  EXPECT_EQ(dis({0x20, 0x05}, 0x0200, sym), "jr nz, .loop");
  EXPECT_EQ(dis({0xE0, 0x80}, 0x0200, sym), "ldh [hScratch], a");
  EXPECT_EQ(dis({0x21, 0x00, 0xC0}, 0x0200, sym), "ld hl, wMap");
  EXPECT_EQ(dis({0xCD, 0x00, 0x40}, 0x0200, sym), "call GetCellFlags");
  EXPECT_EQ(dis({0xCD, 0x01, 0x40}, 0x0200, sym), "call $4001");
  const Disassembly d = disassemble(0x0200, std::vector<uint8_t>{0x20, 0x05}, sym);
  EXPECT_TRUE(d.hasTarget);
  EXPECT_EQ(d.target, 0x0207);
}

TEST(Sm83Disasm, ReadsThroughPeekOnly) {
  std::vector<uint8_t> mem(0x10000, 0);
  mem[0xFFFE] = 0xC3;
  mem[0xFFFF] = 0x34;
  mem[0x0000] = 0x12;  // the operand wraps around $FFFF
  const Disassembly d = disassemble(0xFFFE, [&](uint16_t a) { return mem[a]; });
  EXPECT_EQ(d.text, "jp $1234");
  EXPECT_EQ(d.length, 3);
}

// Every opcode disassembles to text of its table length; no two legal opcodes of the
// same length and operand bytes print the same text (round-trip safety).
TEST(Sm83Disasm, EveryOpcodeIsDistinct) {
  std::vector<std::string> seen;
  for (unsigned op = 0; op < 256; ++op) {
    if (op == 0xCB) continue;
    seen.push_back(dis({static_cast<uint8_t>(op), 0x00, 0x00}));
  }
  for (unsigned op = 0; op < 256; ++op) seen.push_back(dis({0xCB, static_cast<uint8_t>(op)}));
  std::vector<std::string> sorted = seen;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
}

}  // namespace
}  // namespace emusm83
