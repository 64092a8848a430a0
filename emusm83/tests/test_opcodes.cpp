// The opcode table: counts, fields decoded from the opcode bits, and cycle counts
// that agree with the conformance vectors (when present).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "emusm83/opcodes.h"

namespace fs = std::filesystem;

namespace emusm83 {
namespace {

TEST(Sm83Opcodes, Counts) {
  int legal = 0;
  for (const auto& info : kOpcodes) legal += info.legal;
  EXPECT_EQ(legal, 245);  // 256 minus the 11 lock-up opcodes; $CB counts as the prefix
  for (const auto& info : kCbOpcodes) EXPECT_TRUE(info.legal);
  for (uint8_t op : {0xD3, 0xDB, 0xDD, 0xE3, 0xE4, 0xEB, 0xEC, 0xED, 0xF4, 0xFC, 0xFD}) {
    EXPECT_FALSE(kOpcodes[op].legal) << int(op);
    EXPECT_EQ(kOpcodes[op].handler, Handler::Illegal);
  }
}

TEST(Sm83Opcodes, FieldsFromBits) {
  EXPECT_EQ(kOpcodes[0x41].op1, Operand::B);
  EXPECT_EQ(kOpcodes[0x41].op2, Operand::C);
  EXPECT_EQ(kOpcodes[0x7E].handler, Handler::LdRMhl);
  EXPECT_EQ(kOpcodes[0x31].op1, Operand::SP);
  EXPECT_EQ(kOpcodes[0xF5].op1, Operand::AF);
  EXPECT_EQ(kOpcodes[0x38].op1, Operand::CondC);
  EXPECT_EQ(kOpcodes[0x38].handler, Handler::JrCcR8);
  EXPECT_STREQ(handlerName(kOpcodes[0x21].handler), "ld_rr_d16");
  EXPECT_STREQ(handlerName(kOpcodes[0x20].handler), "jr_cc_r8");
  EXPECT_EQ(kOpcodes[0xEF].value, 0x28);
  EXPECT_STREQ(kOpcodes[0xAE].mnemonic, "XOR");
  EXPECT_EQ(kCbOpcodes[0x7E].handler, Handler::BitNMhl);
  EXPECT_EQ(kCbOpcodes[0x7E].value, 7);
  EXPECT_EQ(kCbOpcodes[0x7E].cycles, 3);
  EXPECT_EQ(kCbOpcodes[0xFE].cycles, 4);
  EXPECT_STREQ(kCbOpcodes[0x36].mnemonic, "SWAP");
  EXPECT_EQ(kOpcodes[0x10].length, 2);  // STOP
}

fs::path conformanceDir() {
  if (const char* env = std::getenv("COLLIDOSCOPE_CONFORMANCE_DIR"); env && *env) return env;
  return fs::path(COLLIDOSCOPE_SOURCE_DIR) / ".." / "shared" / "conformance";
}

// Each vector's M-cycle count is the table's cycles or cyclesTaken, and its length
// matches how far PC moved for straight-line instructions.
TEST(Sm83Opcodes, CyclesMatchVectors) {
  const fs::path dir = conformanceDir() / "sm83";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no conformance vectors at " << dir;
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string stem = entry.path().stem().string();
    if (stem == "76" || stem == "10") continue;  // model-specific upstream, see caveats
    const bool cb = stem.size() == 4;
    const auto op = static_cast<uint8_t>(std::stoi(stem.substr(cb ? 2 : 0), nullptr, 16));
    const OpcodeInfo& info = cb ? kCbOpcodes[op] : kOpcodes[op];
    std::ifstream in(entry.path());
    for (const auto& t : nlohmann::json::parse(in)) {
      const size_t n = t["cycles"].size();
      EXPECT_TRUE(n == info.cycles || n == info.cyclesTaken) << stem;
      if (info.cycles == info.cyclesTaken && info.op1 != Operand::A16 &&
          info.op1 != Operand::Rel8 && info.handler != Handler::Ret &&
          info.handler != Handler::Reti && info.handler != Handler::Rst &&
          info.handler != Handler::JpHl) {
        const int moved = (t["final"]["pc"].get<int>() - t["initial"]["pc"].get<int>()) & 0xFFFF;
        EXPECT_EQ(moved, info.length) << stem;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 19000);
}

}  // namespace
}  // namespace emusm83
