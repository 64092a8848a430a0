// `collido info ROM`: the header, checksums and symbol files of a good ROM (exit 0),
// and the located message with exit 2 for a bad one.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/tests/rom_test_util.h"

namespace {

using app::test::quote;
using app::test::runProcess;

class CliInfo : public app::test::TempDirTest {
 protected:
  CliInfo() : TempDirTest("collido_cli_info_") {}
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  std::string rom(const std::string& name, const std::vector<uint8_t>& bytes) const {
    core::test::writeBytes(path(name), bytes);
    return path(name);
  }
  app::test::ProcessResult info(const std::string& args) const {
    return runProcess(std::string("timeout 60 ") + quote(COLLIDO_EXE) + " info " + args);
  }
};

TEST_F(CliInfo, NesRomWithItsSymbolsFound) {
  const std::string nes = rom("game.nes", core::test::makeInes({.mapper = 1, .prg16k = 8}));
  write("game.lbl", "al 008000 .collide\nal 00C000 .reset\n");
  write("game.nes.ram.nl", "$0300#player_x#\n");
  const auto r = info(quote(nes) + " --json " + quote(path("info.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find(nes + ": iNES, mapper 1 (MMC1), 128 KiB PRG (8 banks of 16 KiB), 8 KiB "
                                "CHR ROM, 8 KiB PRG-RAM, horizontal mirroring\n"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("  mapper     1 (MMC1)\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  PRG ROM    128 KiB, 8 banks of 16 KiB\n"), std::string::npos);
  EXPECT_NE(r.output.find("  CRC32      PRG "), std::string::npos);
  // Both fit the ROM; the VICE labels are the preferred format, and the one read.
  EXPECT_NE(r.output.find("symbols: game.lbl: VICE labels, 2 symbols, its labels fit the ROM; the "
                          "preferred format (of 2 in the ROM's folder)\n  " +
                          path("game.lbl") +
                          ": VICE labels, 2 symbols\n"
                          "  considered game.nes.ram.nl: fits\n"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
  std::ifstream in(path("info.json"));
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["mapper"], 1);
  EXPECT_EQ(j["banks"], 8);
  EXPECT_EQ(j["symbols"].size(), 1u);
  EXPECT_EQ(j["symbols"][0]["symbols"], 2);
  ASSERT_EQ(j["symbolCandidates"].size(), 2u);
  EXPECT_TRUE(j["symbolCandidates"][0]["chosen"]);
  EXPECT_FALSE(j["symbolCandidates"][1]["chosen"]);
}

TEST_F(CliInfo, GameBoyRomWithSymbolsOfAnotherRom) {
  const std::string gb = rom("demo.gb", core::test::makeGb(0x03, 1, 2, "COLLIDE"));
  const std::string sym = write("other.sym", "00:0150 Start\n05:4000 Far\n");
  const auto r = info(quote(gb) + " --symbols " + quote(sym));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("  title      \"COLLIDE\"\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  cartridge  MBC1+RAM+BATTERY ($03)\n"), std::string::npos);
  EXPECT_NE(r.output.find("  ROM        64 KiB, 4 banks of 16 KiB\n"), std::string::npos);
  EXPECT_NE(r.output.find("  header sum $"), std::string::npos);
  EXPECT_NE(r.output.find("  global sum $"), std::string::npos);
  EXPECT_NE(r.output.find(sym + ": rgblink sym, 2 symbols\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("warning: 1 label is in banks demo.gb does not have (4 banks): Far at "
                          "05:4000; symbols of another ROM?\n"),
            std::string::npos)
      << r.output;
}

// A label name that is not UTF-8 reaches the JSON through a warning: written with
// replacement characters, not an exception.
TEST_F(CliInfo, JsonWithANonUtf8LabelName) {
  const std::string gb = rom("demo.gb", core::test::makeGb());
  write("demo.sym", "07:4000 Far\xff\n");
  const auto r = info(quote(gb) + " --json " + quote(path("info.json")));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  std::ifstream in(path("info.json"));
  const auto j = nlohmann::json::parse(in);
  ASSERT_EQ(j["warnings"].size(), 1u);
  EXPECT_NE(j["warnings"][0].get<std::string>().find("Far\xEF\xBF\xBD at 07:4000"),
            std::string::npos);
}

TEST_F(CliInfo, UnsupportedMapperExits2WithTheMessage) {
  const std::string nes = rom("fme7.nes", core::test::makeInes({.mapper = 69, .prg16k = 8}));
  const auto r = info(quote(nes));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("collido info: " + nes +
                          ": byte 6: mapper 69 (FME-7) is not supported; supported: 0, 1, 2, 3"),
            std::string::npos)
      << r.output;
}

TEST_F(CliInfo, BadSymbolFileExits2Located) {
  const std::string gb = rom("demo.gb", core::test::makeGb());
  const std::string sym = write("demo.sym", "00:0150 Start\nnonsense here\n");
  const auto r = info(quote(gb));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find(sym + ":2:1: error: expected 'BANK:ADDRESS NAME' or a constant 'VALUE "
                                "NAME' (hex), found 'nonsense'"),
            std::string::npos)
      << r.output;
}

TEST_F(CliInfo, NotARomExits2) {
  const std::string junk = write("junk.bin", std::string(400, 'x'));
  const auto r = info(quote(junk));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find(junk + ": byte 0: not a NES or Game Boy ROM"), std::string::npos)
      << r.output;
}

}  // namespace
