// `collido asm`: both toolchains from the command line, their outputs, and
// diagnostics that carry file:line:col with exit code 2.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/tests/run_process.h"
#include "core/asm/ca65/ca65.h"

namespace fs = std::filesystem;
using app::test::quote;
using app::test::runProcess;

namespace {

class CliAsm : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collido-asm-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  std::string asmCommand(const std::string& args) {
    return std::string(COLLIDO_EXE) + " asm " + args;
  }

  fs::path dir_;
};

}  // namespace

TEST_F(CliAsm, Sm83WritesAGbRomAndARgblinkSymFile) {
  std::string src = write("t.asm",
                          "SECTION \"code\", ROM0[$0150]\n"
                          "Start::\n"
                          "  ld a, $12\n"
                          "  ld [hl+], a\n"
                          "  ret\n");
  fs::path out = dir_ / "t.gb", sym = dir_ / "t.sym";
  auto r = runProcess(asmCommand(quote(src) + " --cpu sm83 -o " + quote(out.string()) + " --sym " +
                                 quote(sym.string())));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::string bytes = read(out);
  ASSERT_GE(bytes.size(), 0x154u);
  EXPECT_EQ(uint8_t(bytes[0x150]), 0x3E);  // ld a, n8
  EXPECT_EQ(uint8_t(bytes[0x151]), 0x12);
  EXPECT_EQ(uint8_t(bytes[0x152]), 0x22);  // ld [hl+], a
  EXPECT_EQ(uint8_t(bytes[0x153]), 0xC9);  // ret
  EXPECT_NE(read(sym).find("00:0150 Start"), std::string::npos) << read(sym);
}

TEST_F(CliAsm, Sm83ErrorNamesFileLineAndColumnAndExitsTwo) {
  std::string src = write("bad.asm",
                          "SECTION \"code\", ROM0\n"
                          "  nop\n"
                          "  jp Nowhere\n");
  auto r = runProcess(asmCommand(quote(src) + " --cpu sm83 -o " + quote((dir_ / "o").string())));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("bad.asm:3:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Nowhere"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "o")) << "a failed build must not leave an output behind";
}

TEST_F(CliAsm, M6502FlatLayoutPlacesCodeAndWritesViceLabels) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  std::string src = write("t.s",
                          ".export Start\n"
                          ".segment \"CODE\"\n"
                          "Start:\n"
                          "  lda #$42\n"
                          "  rts\n");
  fs::path out = dir_ / "t.bin", sym = dir_ / "t.lbl";
  auto r = runProcess(asmCommand(quote(src) + " --cpu 6502 --layout flat --code '$C000' -o " +
                                 quote(out.string()) + " --sym " + quote(sym.string())));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::string bytes = read(out);
  ASSERT_GE(bytes.size(), 3u);
  EXPECT_EQ(uint8_t(bytes[0]), 0xA9);  // lda #imm
  EXPECT_EQ(uint8_t(bytes[1]), 0x42);
  EXPECT_EQ(uint8_t(bytes[2]), 0x60);  // rts
  EXPECT_NE(read(sym).find("C000 .Start"), std::string::npos) << read(sym);
}

TEST_F(CliAsm, M6502ErrorNamesFileLineAndColumnAndExitsTwo) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  std::string src = write("bad.s",
                          ".segment \"CODE\"\n"
                          "  lda #1\n"
                          "  frob $10\n");
  auto r = runProcess(
      asmCommand(quote(src) + " --cpu 6502 --layout flat -o " + quote((dir_ / "o").string())));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("bad.s:3:"), std::string::npos) << r.output;
}

TEST_F(CliAsm, MissingSourceFileExitsTwoWithItsName) {
  auto r = runProcess(asmCommand(quote((dir_ / "absent.asm").string()) + " --cpu sm83 -o " +
                                 quote((dir_ / "o").string())));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("absent.asm"), std::string::npos) << r.output;
}

// rgbasm-style checking of one file of a bigger project: -I, -D and -P apply, and a
// reference to another file's label is fine because nothing is linked.
TEST_F(CliAsm, Sm83AssembleOnlyTakesIncludePathsDefinesAndPreinclude) {
  fs::create_directories(dir_ / "inc");
  write("inc/pre.inc", "DEF FROM_PRE EQU 3\n");
  write("inc/hw.inc", "DEF rLCDC EQU $FF40\n");
  std::string src = write("part.asm",
                          "INCLUDE \"hw.inc\"\n"
                          "SECTION \"code\", ROM0\n"
                          "  ld a, FROM_PRE + FROM_D\n"
                          "  ldh [rLCDC], a\n"
                          "  call ElsewhereInTheProject\n");
  std::string inc = quote((dir_ / "inc").string());
  auto r =
      runProcess(asmCommand(quote(src) + " --cpu sm83 -c -I " + inc + " -P pre.inc -D FROM_D=4"));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("not linked"), std::string::npos) << r.output;
  auto noOut = runProcess(asmCommand(quote(src) + " --cpu sm83 -I " + inc));
  EXPECT_EQ(noOut.exitCode, 2) << noOut.output;
  EXPECT_NE(noOut.output.find("-o/--output is required"), std::string::npos) << noOut.output;
}

// A Makefile's `rgblink -l game.link` + `rgbfix -v -m MBC5+RAM+BATTERY -t ... -p 0xFF` in one
// command.
TEST_F(CliAsm, Sm83LinkerScriptAndRgbfixFlags) {
  std::string src = write("t.asm",
                          "SECTION \"Far\", ROMX\n"
                          "Far::\n"
                          "  ret\n"
                          "SECTION \"Entry\", ROM0[$100]\n"
                          "  call Far\n");
  std::string script = write("game.link", "ROMX 2\n  ORG $5000\n  \"Far\"\n");
  fs::path out = dir_ / "t.gb";
  auto r = runProcess(asmCommand(quote(src) + " --cpu sm83 -l " + quote(script) + " -o " +
                                 quote(out.string()) +
                                 " -m MBC5+RAM+BATTERY -r 2 -t GAME -i ABCD -k 01 --old-licensee "
                                 "0x33 -n 3 -p 0xFF -j -s -C"));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::string bytes = read(out);
  ASSERT_EQ(bytes.size(), 0x10000u);  // three banks round up to 64 KiB
  EXPECT_EQ(bytes.substr(0x100, 3), std::string("\xCD\x00\x50", 3));
  EXPECT_EQ(uint8_t(bytes[2 * 0x4000 + 0x1000]), 0xC9);  // bank 2, $5000
  EXPECT_EQ(bytes.substr(0x134, 4), "GAME");
  EXPECT_EQ(bytes.substr(0x13F, 4), "ABCD");
  EXPECT_EQ(uint8_t(bytes[0x143]), 0xC0);
  EXPECT_EQ(bytes.substr(0x144, 2), "01");
  EXPECT_EQ(uint8_t(bytes[0x146]), 0x03);
  EXPECT_EQ(uint8_t(bytes[0x147]), 0x1B);
  EXPECT_EQ(uint8_t(bytes[0x148]), 0x01);
  EXPECT_EQ(uint8_t(bytes[0x149]), 0x02);
  EXPECT_EQ(uint8_t(bytes[0x14A]), 0x01);
  EXPECT_EQ(uint8_t(bytes[0x14B]), 0x33);
  EXPECT_EQ(uint8_t(bytes[0x14C]), 0x03);
  // rgbfix -p pads past rgblink's last bank (bank 2 ends at $C000); the gaps inside
  // are rgblink's pad, 0 without --link-pad.
  EXPECT_EQ(uint8_t(bytes[0x7FFF]), 0x00);
  EXPECT_EQ(uint8_t(bytes[0xFFFF]), 0xFF);

  auto bad =
      runProcess(asmCommand(quote(src) + " --cpu sm83 -o " + quote(out.string()) + " -m MBC4+RAM"));
  EXPECT_EQ(bad.exitCode, 2) << bad.output;
  EXPECT_NE(bad.output.find("unknown cartridge type 'MBC4+RAM'"), std::string::npos) << bad.output;

  std::string badScript = write("bad.link", "ROMX 2\n  ORG $3000\n");
  auto located = runProcess(
      asmCommand(quote(src) + " --cpu sm83 -l " + quote(badScript) + " -o " + quote(out.string())));
  EXPECT_EQ(located.exitCode, 2) << located.output;
  EXPECT_NE(located.output.find("bad.link:2:7: error: cannot move the current address backwards"),
            std::string::npos)
      << located.output;
}
