// core::game::loadRom: the kind from the header, the summary line, and located errors
// for truncated, oversized, unknown, unsupported and bad-header files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/game/rom.h"
#include "core/tests/rom_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "emu6502/mapper.h"

namespace {

namespace fs = std::filesystem;
using core::test::InesSpec;
using core::test::makeGb;
using core::test::makeInes;
using core::test::writeBytes;

class GameRom : public core::test::TempDirTest {
 protected:
  GameRom() : TempDirTest("collido_game_rom_") {}
  std::string write(const std::string& name, const std::vector<uint8_t>& bytes) {
    const std::string p = path(name);
    writeBytes(p, bytes);
    return p;
  }
};

TEST_F(GameRom, InesNrom) {
  const std::string p = write("nrom.nes", makeInes({.mapper = 0, .vertical = true}));
  core::game::RomFile rom;
  std::string error;
  ASSERT_TRUE(core::game::loadRom(p, rom, &error)) << error;
  EXPECT_EQ(rom.kind, core::game::RomKind::Nes);
  ASSERT_TRUE(rom.nes);
  EXPECT_FALSE(rom.gb);
  EXPECT_EQ(rom.nes->prg.size(), 0x8000u);
  EXPECT_EQ(rom.summary,
            "iNES, mapper 0 (NROM), 32 KiB PRG, 8 KiB CHR ROM, 8 KiB PRG-RAM, vertical mirroring");
  EXPECT_EQ(rom.bytes.size(), 16u + 0x8000 + 0x2000);
  EXPECT_TRUE(rom.warnings.empty());
  EXPECT_EQ(core::game::romBankCount(rom), 1u);
}

TEST_F(GameRom, Nes20Mmc1WithBatteryAndChrRam) {
  const std::string p = write(
      "mmc1.bin", makeInes({.mapper = 1, .prg16k = 8, .chr8k = 0, .nes20 = true, .battery = true}));
  core::game::RomFile rom;
  std::string error;
  ASSERT_TRUE(core::game::loadRom(p, rom, &error)) << error;
  EXPECT_EQ(rom.summary,
            "NES 2.0, mapper 1 (MMC1), 128 KiB PRG (8 banks of 16 KiB), 8 KiB CHR RAM, 8 KiB "
            "PRG-RAM (battery), horizontal mirroring");
  EXPECT_EQ(core::game::romBankCount(rom), 8u);
}

TEST_F(GameRom, UnsupportedMapperNamesItAndTheSupportedOnes) {
  const std::string p = write("fme7.nes", makeInes({.mapper = 69, .prg16k = 8}));
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error, p + ": byte 6: mapper 69 (FME-7) is not supported; supported: " +
                       core::game::supportedMappers());
  EXPECT_EQ(core::game::supportedMappers(), "0, 1, 2, 3, 4, 7");
}

TEST_F(GameRom, TruncatedNes) {
  auto bytes = makeInes({.mapper = 1, .prg16k = 4});
  bytes.resize(16 + 0x4000 + 100);
  const std::string p = write("short.nes", bytes);
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_NE(error.find(p + ": byte 16500: truncated"), std::string::npos) << error;
}

TEST_F(GameRom, TruncatedToAFewBytes) {
  const std::string p = write("tiny.nes", {'N', 'E'});
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error, p + ": byte 2: truncated: 2 bytes is no ROM");
}

TEST_F(GameRom, OversizedIsRefusedWithTheCap) {
  const std::string p = (dir_ / "huge.nes").string();
  {
    std::ofstream f(p, std::ios::binary);
    f << "NES\x1A";
  }
  fs::resize_file(p, 9 * (uint64_t(1) << 20));
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_NE(error.find(p + ": too large"), std::string::npos) << error;
  EXPECT_NE(error.find("8 MiB"), std::string::npos) << error;
}

TEST_F(GameRom, BadMagicIsNeitherKind) {
  auto bytes = makeInes({});
  bytes[0] = 'X';
  const std::string p = write("x.nes", bytes);
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error.find(p + ": byte 0: not a NES or Game Boy ROM"), 0u) << error;
}

TEST_F(GameRom, GameBoyMbc1) {
  // A .nes extension does not matter: the header does.
  const std::string p = write("game.nes", makeGb(0x03, 1, 2, "COLLIDE"));
  core::game::RomFile rom;
  std::string error;
  ASSERT_TRUE(core::game::loadRom(p, rom, &error)) << error;
  EXPECT_EQ(rom.kind, core::game::RomKind::GameBoy);
  ASSERT_TRUE(rom.gb);
  EXPECT_EQ(rom.summary.substr(0, 68),
            "Game Boy, \"COLLIDE\", MBC1+RAM+BATTERY ($03), 64 KiB ROM (4 banks), 8");
  EXPECT_NE(rom.summary.find("header checksum $"), std::string::npos);
  EXPECT_NE(rom.summary.find(" ok, global checksum $"), std::string::npos);
  EXPECT_EQ(rom.summary.substr(rom.summary.size() - 3), " ok");
  EXPECT_TRUE(rom.warnings.empty()) << rom.warnings.front();
  EXPECT_EQ(core::game::romBankCount(rom), 4u);
}

TEST_F(GameRom, GameBoyBadChecksumsWarn) {
  auto bytes = makeGb(0x01, 0, 0, "SUMS");
  bytes[0x14D] ^= 0xFF;  // header checksum wrong; the logo still says Game Boy
  bytes[0x14E] ^= 0x55;
  const std::string p = write("sums.gb", bytes);
  core::game::RomFile rom;
  std::string error;
  ASSERT_TRUE(core::game::loadRom(p, rom, &error)) << error;
  EXPECT_NE(rom.summary.find("header checksum"), std::string::npos);
  EXPECT_NE(rom.summary.find(" bad, global checksum"), std::string::npos) << rom.summary;
  EXPECT_EQ(rom.summary.substr(rom.summary.size() - 4), " bad");
  // No Game Boy checks the global sum: shown as bad, not warned about.
  ASSERT_EQ(rom.warnings.size(), 1u);
  EXPECT_NE(rom.warnings[0].find("$014D: header checksum"), std::string::npos);
}

TEST_F(GameRom, GameBoyHeaderWithNeitherLogoNorChecksum) {
  auto bytes = makeGb(0x00, 0, 0);
  bytes[0x104] = 0;
  bytes[0x14D] ^= 0xFF;
  const std::string p = write("bad.gb", bytes);
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error.find(p + ": $0104: bad Game Boy header"), 0u) << error;
}

TEST_F(GameRom, GameBoySizeByteDisagreesWithTheFile) {
  auto bytes = makeGb(0x01, 2, 0);
  bytes.resize(0x10000);
  core::test::fixGbChecksums(bytes);
  const std::string p = write("size.gb", bytes);
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error.find(p + ": $0148: ROM size byte $02"), 0u) << error;
}

TEST_F(GameRom, GameBoyTruncatedHeader) {
  auto bytes = makeGb(0x00, 0, 0);
  bytes.resize(0x120);
  const std::string p = write("short.gb", bytes);
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error.find(p + ": byte 288: truncated"), 0u) << error;
}

TEST_F(GameRom, UnsupportedCartridgeType) {
  const std::string p = write("mbc2.gb", makeGb(0x05, 1, 0));
  core::game::RomFile rom;
  std::string error;
  EXPECT_FALSE(core::game::loadRom(p, rom, &error));
  EXPECT_EQ(error, p + ": $0147: cartridge type $05 (MBC2) is not supported (ROM only, MBC1, MBC3 "
                       "and MBC5 are)");
}

// The bank unit of ld65's bank numbers is the board's (emu6502's board list), not a
// second table here.
TEST(GameRomBanks, NesPrgBankSizeIsTheBoards) {
  for (const emu6502::Board& b : emu6502::boards())
    EXPECT_EQ(core::game::nesPrgBankSize(b.number), b.prgBankSize) << b.name;
  EXPECT_EQ(core::game::nesPrgBankSize(0), 0u);  // NROM: not banked
  EXPECT_EQ(core::game::nesPrgBankSize(3), 0u);  // CNROM: CHR only
  EXPECT_EQ(core::game::nesPrgBankSize(1), 0x4000u);
  EXPECT_EQ(core::game::nesPrgBankSize(2), 0x4000u);
  EXPECT_EQ(core::game::nesPrgBankSize(4), 0x2000u);
  EXPECT_EQ(core::game::nesPrgBankSize(7), 0x8000u);
  EXPECT_EQ(core::game::nesPrgBankSize(69), 0x4000u);  // a board we do not run
}

TEST(GameRomChecksums, Crc32MatchesTheStandardCheckValue) {
  const std::string s = "123456789";
  EXPECT_EQ(core::game::crc32(reinterpret_cast<const uint8_t*>(s.data()), s.size()), 0xCBF43926u);
}

}  // namespace
