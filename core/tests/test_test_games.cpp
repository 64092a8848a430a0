// The test games CMake builds from assets/games/ into COLLIDOSCOPE_GAMES_DIR:
// the files are there, the ROM headers load, and the labels the game manifests
// name sit in the banks the games put them in. The NES games skip when ca65/ld65
// were not found at configure time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/asm/ca65/dbgfile.h"
#include "core/util/files.h"
#include "emu6502/ines.h"
#include "emusm83/cartridge.h"

namespace core {
namespace {

namespace fs = std::filesystem;

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

#define REQUIRE_NES_GAMES()                                                      \
  do {                                                                           \
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake"; \
  } while (0)

// ld65 writes PRG banks after the 16-byte iNES header, in memory-area order;
// a 16 KiB bank number is what ld65's .dbg consumers (and mappers) count.
struct NesLabel {
  uint32_t address = 0;
  int bank = -1;
};

NesLabel nesLabel(const std::string& game, const std::string& name) {
  std::string error;
  auto text = readTextFile(gameFile(game, game + ".dbg"), &error);
  EXPECT_TRUE(text) << error;
  if (!text) return {};
  DebugInfo dbg;
  std::vector<Diagnostic> diags;
  std::vector<DbgSegmentInfo> segs;
  EXPECT_TRUE(parseDbgFile(*text, dbg, diags, {game + ".dbg", {"HEADER"}}, &segs));
  const DebugSymbol* s = dbg.symbol(name);
  EXPECT_NE(s, nullptr) << name << " is not in " << game << ".dbg";
  if (!s) return {};
  NesLabel out{s->address, -1};
  for (const auto& seg : segs)
    if (seg.outputOffset >= 16 && s->address >= seg.start && s->address < seg.start + seg.size)
      out.bank = int((seg.outputOffset - 16 + (s->address - seg.start)) / 0x4000);
  return out;
}

// "BB:AAAA Name" lines of an rgblink-style .sym.
bool gbLabel(const std::string& sym, const std::string& name, int& bank, unsigned& address) {
  std::istringstream in(sym);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == ';') continue;
    unsigned b = 0, a = 0;
    char label[128] = {};
    if (std::sscanf(line.c_str(), "%x:%x %127s", &b, &a, label) == 3 && name == label) {
      bank = int(b);
      address = a;
      return true;
    }
  }
  return false;
}

TEST(TestGames, NesFilesAreBuiltBesideTheirManifests) {
  REQUIRE_NES_GAMES();
  for (std::string game : {"nrom_demo", "mmc1_demo"})
    for (const std::string& f :
         std::vector<std::string>{game + ".nes", game + ".dbg", game + ".labels.txt",
                                  "manifest.json", game + ".scenario.json", game + ".map.json"})
      EXPECT_TRUE(fs::exists(gameFile(game, f))) << gameFile(game, f);
}

TEST(TestGames, NromHeaderIsMapper0With16KiBAndChrRam) {
  REQUIRE_NES_GAMES();
  emu6502::InesResult r = emu6502::loadInesFile(gameFile("nrom_demo", "nrom_demo.nes"));
  ASSERT_TRUE(r.ok()) << r.error.text();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.cart->mapper, 0u);
  EXPECT_EQ(r.cart->prg.size(), 16384u);
  EXPECT_TRUE(r.cart->chr.empty());
  EXPECT_EQ(r.cart->chrRamSize, 8192u);
  // The reset vector points at `reset`.
  const auto& prg = r.cart->prg;
  const unsigned resetVector = prg[0x3FFC] | (prg[0x3FFD] << 8);
  EXPECT_EQ(resetVector, nesLabel("nrom_demo", "reset").address);
}

TEST(TestGames, Mmc1HeaderIsMapper1With128KiBAndChrRam) {
  REQUIRE_NES_GAMES();
  emu6502::InesResult r = emu6502::loadInesFile(gameFile("mmc1_demo", "mmc1_demo.nes"));
  ASSERT_TRUE(r.ok()) << r.error.text();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.cart->mapper, 1u);
  EXPECT_EQ(r.cart->prg.size(), 8u * 16384u);
  EXPECT_TRUE(r.cart->chr.empty());
  // The vectors are in the last bank, the one MMC1 fixes at $C000 after reset.
  const auto& prg = r.cart->prg;
  const unsigned resetVector = prg[0x1FFFC] | (prg[0x1FFFD] << 8);
  EXPECT_EQ(resetVector, nesLabel("mmc1_demo", "reset").address);
}

TEST(TestGames, NesLabelsAreInTheIntendedBanks) {
  REQUIRE_NES_GAMES();
  NesLabel loop = nesLabel("nrom_demo", "main_loop");
  NesLabel collide = nesLabel("nrom_demo", "collide_player");
  EXPECT_EQ(loop.bank, 0);
  EXPECT_EQ(collide.bank, 0);
  EXPECT_GE(collide.address, 0xC000u);

  loop = nesLabel("mmc1_demo", "main_loop");
  collide = nesLabel("mmc1_demo", "collide_player");
  EXPECT_EQ(loop.bank, 7);  // fixed
  EXPECT_GE(loop.address, 0xC000u);
  EXPECT_EQ(collide.bank, 2);  // switchable, mapped by the main loop
  EXPECT_EQ(collide.address, 0x8000u);
  // The RAM the manifests bind: zero page and $0300 onwards.
  EXPECT_LT(nesLabel("mmc1_demo", "player_x").address, 0x100u);
  EXPECT_EQ(nesLabel("mmc1_demo", "room_cells").address, 0x0300u);

  // -Ln labels name them too (VICE format: "al 00C053 .main_loop").
  for (std::string game : {"nrom_demo", "mmc1_demo"}) {
    auto labels = readTextFile(gameFile(game, game + ".labels.txt"));
    ASSERT_TRUE(labels);
    EXPECT_NE(labels->find(".main_loop\n"), std::string::npos) << game;
    EXPECT_NE(labels->find(".collide_player\n"), std::string::npos) << game;
  }
}

TEST(TestGames, GameBoyHeaderIsMbc1WithValidChecksums) {
  const std::string rom = gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb");
  for (const std::string f : {"gb_mbc1_demo.gb", "gb_mbc1_demo.sym", "manifest.json",
                              "gb_mbc1_demo.scenario.json", "gb_mbc1_demo.map.json"})
    ASSERT_TRUE(fs::exists(gameFile("gb_mbc1_demo", f))) << f;
  emusm83::CartridgeLoad r = emusm83::loadCartridgeFile(rom);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  const auto& h = r.cart->header();
  EXPECT_EQ(h.type, 0x01);
  EXPECT_EQ(h.mbc, emusm83::Mbc::Mbc1);
  EXPECT_TRUE(h.checksumOk());
  EXPECT_EQ(h.title, "COLLIDO MBC1");
  EXPECT_EQ(h.romBytes, 4u * 0x4000u);  // banks 0-2 used, padded to a power of two
  const auto& bytes = r.cart->rom();
  ASSERT_EQ(bytes.size(), h.romBytes);
  uint16_t global = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    if (i != 0x14E && i != 0x14F) global = uint16_t(global + bytes[i]);
  EXPECT_EQ(global, uint16_t((bytes[0x14E] << 8) | bytes[0x14F]));
  // Entry: nop; jp Start.
  EXPECT_EQ(bytes[0x100], 0x00);
  EXPECT_EQ(bytes[0x101], 0xC3);
}

TEST(TestGames, GameBoyLabelsAreInTheIntendedBanks) {
  auto sym = readTextFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.sym"));
  ASSERT_TRUE(sym);
  int bank = -1;
  unsigned address = 0;
  ASSERT_TRUE(gbLabel(*sym, "main_loop", bank, address));
  EXPECT_EQ(bank, 0);
  EXPECT_LT(address, 0x4000u);
  ASSERT_TRUE(gbLabel(*sym, "CollidePlayer", bank, address));
  EXPECT_EQ(bank, 2);
  EXPECT_GE(address, 0x4000u);
  EXPECT_LT(address, 0x8000u);
  ASSERT_TRUE(gbLabel(*sym, "wRoomCells", bank, address));
  EXPECT_GE(address, 0xC000u);
  EXPECT_LT(address, 0xD000u);
}

}  // namespace
}  // namespace core
