// The ca65-syntax disassembler: formats, symbols, and a round trip through the
// real ca65/ld65 (every opcode disassembled, reassembled, compared byte for byte).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "emu6502/disasm.h"
#include "emu6502/flat_bus.h"
#include "emu6502/opcodes.h"

namespace fs = std::filesystem;

namespace emu6502 {
namespace {

std::string dis(std::initializer_list<uint8_t> bytes, uint16_t pc = 0x8000,
                const SymbolFn& sym = {}) {
  FlatBus bus;
  uint16_t a = pc;
  for (uint8_t b : bytes) bus.poke(a++, b);
  const DisasmLine line = disassemble(pc, bus, sym);
  EXPECT_EQ(line.length, kOpcodes[*bytes.begin()].size);
  return line.text;
}

TEST(Disasm, AddressingModes) {
  EXPECT_EQ(dis({0xA9, 0x12}), "LDA #$12");
  EXPECT_EQ(dis({0xA5, 0x12}), "LDA $12");
  EXPECT_EQ(dis({0xB5, 0x12}), "LDA $12,X");
  EXPECT_EQ(dis({0xB6, 0x12}), "LDX $12,Y");
  EXPECT_EQ(dis({0xAD, 0x34, 0x12}), "LDA $1234");
  EXPECT_EQ(dis({0xBD, 0x00, 0x03}), "LDA $0300,X");
  EXPECT_EQ(dis({0xB9, 0x34, 0x12}), "LDA $1234,Y");
  EXPECT_EQ(dis({0x6C, 0xFF, 0x02}), "JMP ($02FF)");
  EXPECT_EQ(dis({0xA1, 0x12}), "LDA ($12,X)");
  EXPECT_EQ(dis({0xB1, 0x12}), "LDA ($12),Y");
  EXPECT_EQ(dis({0x0A}), "ASL A");
  EXPECT_EQ(dis({0xEA}), "NOP");
  EXPECT_EQ(dis({0x00}), "BRK");
  EXPECT_EQ(dis({0xD0, 0xFE}), "BNE $8000");
  EXPECT_EQ(dis({0x10, 0x10}), "BPL $8012");
  EXPECT_EQ(dis({0x20, 0x00, 0xC0}), "JSR $C000");
  EXPECT_EQ(dis({0xAD, 0x12, 0x00}), "LDA a:$0012");  // absolute mode kept for ca65
}

TEST(Disasm, UndocumentedSpelling) {
  EXPECT_EQ(dis({0xCB, 0x12}), "AXS #$12");  // SBX
  EXPECT_EQ(dis({0xAB, 0x12}), "LAX #$12");  // LXA
  EXPECT_EQ(dis({0xA7, 0x12}), "LAX $12");
  EXPECT_EQ(dis({0x02}), "JAM");
  EXPECT_EQ(dis({0x1A}), ".byte $1A  ; NOP");
  EXPECT_EQ(dis({0xEB, 0x07}), ".byte $EB, $07  ; SBC #$07");
  EXPECT_EQ(dis({0x7C, 0x34, 0x12}), ".byte $7C, $34, $12  ; NOP $1234,X");
}

TEST(Disasm, SymbolsFromCallback) {
  const std::map<uint16_t, std::string> names = {
      {0x0300, "player_x"}, {0x0010, "tmp"}, {0x8000, "loop"}, {0xC000, "collide"}};
  SymbolFn sym = [&](uint16_t a) {
    auto it = names.find(a);
    return it == names.end() ? std::string() : it->second;
  };
  EXPECT_EQ(dis({0xBD, 0x00, 0x03}, 0x8000, sym), "LDA player_x,X");
  EXPECT_EQ(dis({0xB1, 0x10}, 0x8000, sym), "LDA (tmp),Y");
  EXPECT_EQ(dis({0xD0, 0xFE}, 0x8000, sym), "BNE loop");
  EXPECT_EQ(dis({0x20, 0x00, 0xC0}, 0x8000, sym), "JSR collide");
  EXPECT_EQ(dis({0xAD, 0x10, 0x00}, 0x8000, sym), "LDA a:tmp");
  EXPECT_EQ(dis({0xAD, 0x01, 0x03}, 0x8000, sym), "LDA $0301");
}

TEST(Disasm, TargetAndLength) {
  FlatBus bus;
  bus.poke(0x0200, 0x90);
  bus.poke(0x0201, 0x80);  // BCC -128
  const DisasmLine line = disassemble(0x0200, bus);
  EXPECT_EQ(line.length, 2);
  ASSERT_TRUE(line.target.has_value());
  EXPECT_EQ(*line.target, 0x0182);
  bus.poke(0x0200, 0xE8);
  EXPECT_FALSE(disassemble(0x0200, bus).target.has_value());
}

// All 256 opcodes, once with word operand $1234 and once with $0012 (to exercise
// "a:"), disassembled and fed to ca65/ld65: the bytes must come back unchanged.
TEST(Disasm, Ca65RoundTrip) {
  const std::string ca65 = EMU6502_CA65, ld65 = EMU6502_LD65;
  if (ca65.empty() || ld65.empty() || !fs::exists(ca65) || !fs::exists(ld65))
    GTEST_SKIP() << "ca65/ld65 not installed";
  const fs::path dir = fs::path(EMU6502_TEST_BINARY_DIR) / "disasm_roundtrip";
  fs::create_directories(dir);

  std::vector<uint8_t> bytes;
  for (int pass = 0; pass < 2; ++pass) {
    for (unsigned op = 0; op < 256; ++op) {
      bytes.push_back(static_cast<uint8_t>(op));
      const uint8_t size = kOpcodes[op].size;
      if (size >= 2) bytes.push_back(pass == 0 ? 0x34 : 0x12);
      if (size == 3) bytes.push_back(pass == 0 ? 0x12 : 0x00);
    }
  }
  const uint16_t org = 0x8000;
  FlatBus bus;
  bus.load(org, bytes);
  std::ofstream src(dir / "all.s");
  src << ".setcpu \"6502X\"\n.segment \"CODE\"\n.org $8000\n";
  size_t offset = 0;
  while (offset < bytes.size()) {
    const DisasmLine line = disassemble(static_cast<uint16_t>(org + offset), bus);
    src << "  " << line.text << "\n";
    offset += line.length;
  }
  src.close();
  std::ofstream cfg(dir / "all.cfg");
  cfg << "MEMORY { ROM: start = $8000, size = $8000, file = %O, fill = no; }\n"
         "SEGMENTS { CODE: load = ROM, type = ro; }\n";
  cfg.close();
  const std::string cmd = "cd '" + dir.string() + "' && '" + ca65 + "' -o all.o all.s && '" + ld65 +
                          "' -C all.cfg -o all.bin all.o";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(dir / "all.bin", std::ios::binary);
  const std::vector<uint8_t> back((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  ASSERT_EQ(back.size(), bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) ASSERT_EQ(back[i], bytes[i]) << "at offset " << i;
}

}  // namespace
}  // namespace emu6502
