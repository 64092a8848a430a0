// Cross-checks the built-in SM83 assembler against emusm83: every one of the 500
// encodings must come out as the opcode table says, and bytes -> emusm83
// disassembler -> assembler must give the same bytes back.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "core/tests/rgbasm_test_util.h"
#include "emusm83/disasm.h"
#include "emusm83/opcodes.h"

using rgbasm_test::assemble;
using rgbasm_test::firstChunk;
using Bytes = std::vector<uint8_t>;

namespace {

constexpr uint16_t kOrigin = 0x1000;

// Every legal encoding (244 unprefixed + 256 CB) with operand bytes that vary
// per opcode, so signed offsets, $FF00 addresses and wide values all appear.
Bytes allEncodings(size_t* count) {
  Bytes out;
  *count = 0;
  for (int op = 0; op < 256; ++op) {
    const auto& info = emusm83::kOpcodes[static_cast<size_t>(op)];
    if (!info.legal || op == 0xCB) continue;
    out.push_back(static_cast<uint8_t>(op));
    if (op == 0x10) {
      out.push_back(0);  // stop
    } else {
      if (info.length >= 2) out.push_back(static_cast<uint8_t>(op * 7 + 3));
      if (info.length >= 3) out.push_back(static_cast<uint8_t>(op ^ 0x5A));
    }
    ++*count;
  }
  for (int op = 0; op < 256; ++op) {
    out.push_back(0xCB);
    out.push_back(static_cast<uint8_t>(op));
    ++*count;
  }
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST(RgbasmEncoding, RoundTripThroughEmusm83DisassemblerCoversAll500) {
  size_t count = 0;
  const Bytes original = allEncodings(&count);
  ASSERT_EQ(count, 500u);
  std::string source = "SECTION \"All\", ROM0[$1000]\n";
  size_t pc = 0, lines = 0;
  while (pc < original.size()) {
    auto d =
        emusm83::disassemble(static_cast<uint16_t>(kOrigin + pc),
                             std::span<const uint8_t>(original.data() + pc, original.size() - pc));
    ASSERT_GT(d.length, 0);
    source += "    " + d.text + "\n";
    pc += d.length;
    ++lines;
  }
  ASSERT_EQ(lines, 500u);
  auto r = assemble(source);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  const Bytes again = firstChunk(r);
  ASSERT_EQ(again.size(), original.size());
  // Report the first mismatching instruction by its source line.
  for (size_t i = 0; i < original.size(); ++i) {
    if (original[i] == again[i]) continue;
    auto where = r.debug.lineFor(static_cast<uint32_t>(kOrigin + i));
    FAIL() << "byte " << i << " differs: " << int(original[i]) << " vs " << int(again[i])
           << " (source line " << (where ? where->line : 0) << ")";
  }
  // And once more: the re-assembled bytes disassemble to the same text.
  size_t p2 = 0;
  std::string again2 = "SECTION \"All\", ROM0[$1000]\n";
  while (p2 < again.size()) {
    auto d = emusm83::disassemble(static_cast<uint16_t>(kOrigin + p2),
                                  std::span<const uint8_t>(again.data() + p2, again.size() - p2));
    again2 += "    " + d.text + "\n";
    p2 += d.length;
  }
  EXPECT_EQ(again2, source);
}

// Builds the source text of each form straight from the opcode table (not from the
// disassembler), with fixed operand values, and checks opcode, length and operand bytes.
TEST(RgbasmEncoding, EveryOpcodeTableFormEncodesAsTheTableSays) {
  using emusm83::Operand;
  int checked = 0;
  for (int prefix = 0; prefix < 2; ++prefix) {
    for (int op = 0; op < 256; ++op) {
      const auto& info = prefix ? emusm83::kCbOpcodes[static_cast<size_t>(op)]
                                : emusm83::kOpcodes[static_cast<size_t>(op)];
      if (!info.legal || (!prefix && op == 0xCB)) continue;
      Bytes expect;
      if (prefix) expect.push_back(0xCB);
      expect.push_back(static_cast<uint8_t>(op));
      auto operand = [&](Operand o) -> std::string {
        switch (o) {
          case Operand::N8:
            expect.push_back(0xA5);
            return "$A5";
          case Operand::N16:
          case Operand::A16:
            expect.push_back(0x34);
            expect.push_back(0x12);
            return "$1234";
          case Operand::MemA16:
            expect.push_back(0x34);
            expect.push_back(0xC2);
            return "[$C234]";
          case Operand::E8:
            expect.push_back(0xFE);
            return "-2";
          case Operand::SpPlusE8:
            expect.push_back(0x05);
            return "sp+5";
          case Operand::Rel8:
            expect.push_back(0x10);
            return "@+$12";
          case Operand::MemHighA8:
            expect.push_back(0x80);
            return "[$FF80]";
          case Operand::Vector:
          case Operand::BitIndex:
            return std::to_string(info.value);
          default:
            return emusm83::operandName(o);
        }
      };
      std::string text = lower(info.mnemonic);
      if (info.op1 != Operand::None) text += " " + operand(info.op1);
      if (info.op2 != Operand::None) text += ", " + operand(info.op2);
      if (!prefix && op == 0x10) expect.push_back(0x00);
      auto r = assemble("SECTION \"X\", ROM0[$2000]\n    " + text + "\n");
      ASSERT_TRUE(r.ok) << text << "\n" << r.diagnosticsText();
      EXPECT_EQ(firstChunk(r), expect) << text;
      EXPECT_EQ(firstChunk(r).size(), info.length) << text;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 500);
}

TEST(RgbasmEncoding, AlternativeSpellingsAssembleToTheSameBytes) {
  auto r = assemble(R"(
SECTION "S", ROM0[$100]
    ld a, [hli]
    ld a, [hl+]
    ldi a, [hl]
    ld [hld], a
    ldd [hl], a
    ld [$ff00+c], a
    ldh [c], a
    ld a, [c]
    ldh a, [$10]
    ldh a, [$FF10]
    sub a, b
    sub b
    cp a, 2
    cp 2
    and a, $01
    add [hl]
    jp [hl]
    jp hl
    ld a, (hl)
    ldhl sp, -2
    ld hl, sp - 2
    ld hl, sp + -2
    STOP
    XOR A
    rst $38
    rst 8
    bit 7, [hl]
)");
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  EXPECT_EQ(firstChunk(r),
            (Bytes{0x2A, 0x2A, 0x2A, 0x32, 0x32, 0xE2, 0xE2, 0xF2, 0xF0, 0x10, 0xF0, 0x10, 0x90,
                   0x90, 0xFE, 0x02, 0xFE, 0x02, 0xE6, 0x01, 0x86, 0xE9, 0xE9, 0x7E, 0xF8, 0xFE,
                   0xF8, 0xFE, 0xF8, 0xFE, 0x10, 0x00, 0xAF, 0xFF, 0xCF, 0xCB, 0x7E}));
}
