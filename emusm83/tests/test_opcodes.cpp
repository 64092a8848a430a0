// The opcode table: counts, fields decoded from the opcode bits, the handler grids
// against the chip's bit decoding, and cycle counts that agree with the conformance
// vectors (when present).
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
  EXPECT_EQ(kOpcodes[0x21].handler, Handler::LdRrD16);
  EXPECT_EQ(kOpcodes[0x20].handler, Handler::JrCcR8);
  EXPECT_EQ(kOpcodes[0xEF].value, 0x28);
  EXPECT_STREQ(kOpcodes[0xAE].mnemonic, "XOR");
  EXPECT_EQ(kCbOpcodes[0x7E].handler, Handler::BitNMhl);
  EXPECT_EQ(kCbOpcodes[0x7E].value, 7);
  EXPECT_EQ(kCbOpcodes[0x7E].cycles, 3);
  EXPECT_EQ(kCbOpcodes[0xFE].cycles, 4);
  EXPECT_STREQ(kCbOpcodes[0x36].mnemonic, "SWAP");
  EXPECT_EQ(kOpcodes[0x10].length, 2);  // STOP
}

// The handler the chip's decoder picks from the opcode bits (x = 7-6, y = 5-3,
// z = 2-0, p = 5-4, q = bit 3), written independently of the grids in opcodes.h.
Handler handlerFromBits(uint8_t op) {
  using H = Handler;
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1;
  const bool q = y & 1;
  for (uint8_t illegal : {0xD3, 0xDB, 0xDD, 0xE3, 0xE4, 0xEB, 0xEC, 0xED, 0xF4, 0xFC, 0xFD})
    if (op == illegal) return H::Illegal;
  if (x == 1) return op == 0x76 ? H::Halt : z == 6 ? H::LdRMhl : y == 6 ? H::LdMhlR : H::LdRR;
  if (x == 2) return z == 6 ? H::AluAMhl : H::AluAR;
  if (x == 0) {
    switch (z) {
      case 0: {
        const H t[] = {H::Nop, H::LdMa16Sp, H::Stop, H::JrR8};
        return y < 4 ? t[y] : H::JrCcR8;
      }
      case 1:
        return q ? H::AddHlRr : H::LdRrD16;
      case 2:
        return q ? H::LdAMrr : H::LdMrrA;
      case 3:
        return q ? H::DecRr : H::IncRr;
      case 4:
        return y == 6 ? H::IncMhl : H::IncR;
      case 5:
        return y == 6 ? H::DecMhl : H::DecR;
      case 6:
        return y == 6 ? H::LdMhlD8 : H::LdRD8;
      default: {
        const H t[] = {H::Rlca, H::Rrca, H::Rla, H::Rra, H::Daa, H::Cpl, H::Scf, H::Ccf};
        return t[y];
      }
    }
  }
  switch (z) {
    case 0: {
      const H t[] = {H::LdhMa8A, H::AddSpR8, H::LdhAMa8, H::LdHlSpR8};
      return y < 4 ? H::RetCc : t[y - 4];
    }
    case 1: {
      const H t[] = {H::Ret, H::Reti, H::JpHl, H::LdSpHl};
      return q ? t[p] : H::PopRr;
    }
    case 2: {
      const H t[] = {H::LdhMcA, H::LdMa16A, H::LdhAMc, H::LdAMa16};
      return y < 4 ? H::JpCcA16 : t[y - 4];
    }
    case 3:
      return y == 0 ? H::JpA16 : y == 1 ? H::CbPrefix : y == 6 ? H::Di : H::Ei;
    case 4:
      return H::CallCcA16;
    case 5:
      return q ? H::CallA16 : H::PushRr;
    case 6:
      return H::AluAD8;
    default:
      return H::Rst;
  }
}

Handler cbHandlerFromBits(uint8_t op) {
  using H = Handler;
  const bool mem = (op & 7) == 6;
  const H reg[] = {H::ShiftR, H::BitNR, H::ResNR, H::SetNR};
  const H hl[] = {H::ShiftMhl, H::BitNMhl, H::ResNMhl, H::SetNMhl};
  return mem ? hl[op >> 6] : reg[op >> 6];
}

// A misplaced name in a grid (the CPU runs exactly what the grid says) fails here.
TEST(Sm83Opcodes, GridsMatchTheChipsBitDecoding) {
  for (unsigned op = 0; op < 256; ++op) {
    EXPECT_EQ(kOpcodes[op].handler, handlerFromBits(static_cast<uint8_t>(op))) << std::hex << op;
    EXPECT_EQ(kCbOpcodes[op].handler, cbHandlerFromBits(static_cast<uint8_t>(op)))
        << "CB " << std::hex << op;
  }
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
