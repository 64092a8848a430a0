// The rgbfix half of the built-in toolchain: cartridge type names as rgbfix 1.0
// accepts them (-m), and the header fields a Makefile commonly sets (-t -i -k -l
// -n -p -r -j -s -c/-C) at the offsets of the Game Boy header.
#include <gtest/gtest.h>

#include "core/asm/rgbds/rgbasm.h"

namespace {

std::vector<core::ImageChunk> rom0(size_t size) {
  core::ImageChunk c;
  c.name = "code";
  c.address = 0;
  c.size = static_cast<uint32_t>(size);
  c.bytes.assign(size, 0x00);
  return {c};
}

bool headerChecksumOk(const std::vector<uint8_t>& rom) {
  uint8_t x = 0;
  for (size_t i = 0x134; i <= 0x14C; ++i) x = static_cast<uint8_t>(x - rom[i] - 1);
  return x == rom[0x14D];
}

}  // namespace

TEST(Rgbfix, CartridgeTypeNamesAndNumbers) {
  const std::pair<const char*, int> cases[] = {
      {"ROM_ONLY", 0x00},
      {"ROM", 0x00},
      {"rom only", 0x00},
      {"ROM+RAM", 0x08},
      {"ROM+RAM+BATTERY", 0x09},
      {"MBC1", 0x01},
      {"MBC1+RAM+BATTERY", 0x03},
      {"mbc1 + battery + ram", 0x03},
      {"MBC2+BATTERY", 0x06},
      {"MMM01+RAM", 0x0C},
      {"MBC3+TIMER+BATTERY", 0x0F},
      {"MBC3+TIMER", 0x0F},  // rgbfix: TIMER implies BATTERY
      {"MBC3+TIMER+RAM+BATTERY", 0x10},
      {"MBC3+RAM+BATTERY", 0x13},
      {"MBC5", 0x19},
      {"MBC5+RAM", 0x1A},
      {"MBC5 +ram+ Battery", 0x1B},
      {"MBC5+RUMBLE+RAM+BATTERY", 0x1E},
      {"MBC6", 0x20},
      {"MBC7+SENSOR+RUMBLE+RAM+BATTERY", 0x22},
      {"POCKET_CAMERA", 0xFC},
      {"TAMA5", 0xFD},
      {"BANDAI TAMA5", 0xFD},
      {"HuC3", 0xFE},
      {"HUC1+RAM+BATTERY", 0xFF},
      {"$1B", 0x1B},
      {"0x19", 0x19},
      {"27", 27},
      {"%11", 3},
  };
  for (const auto& [text, code] : cases) {
    std::string err;
    auto v = core::parseMbcType(text, &err);
    ASSERT_TRUE(v.has_value()) << text << ": " << err;
    EXPECT_EQ(*v, code) << text;
  }
}

TEST(Rgbfix, BadCartridgeTypesSayWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"MBC4", "unknown cartridge type 'MBC4'"},
      {"MBC2+RAM", "features incompatible with MBC2 in 'MBC2+RAM'"},
      {"MBC7", "features incompatible with MBC7"},
      {"MBC5+TURBO", "unknown cartridge feature 'TURBO'"},
      {"256", "out of range 0-255"},
      {"0x1G", "is not a number"},
      {"TPP1_1.0", "TPP1 mapper is not supported"},
      {"", "empty cartridge type"},
  };
  for (const auto& [text, why] : cases) {
    std::string err;
    EXPECT_FALSE(core::parseMbcType(text, &err).has_value()) << text;
    EXPECT_NE(err.find(why), std::string::npos) << text << ": " << err;
    EXPECT_NE(err.find("MBC5[+RUMBLE]"), std::string::npos) << "lists the names: " << err;
  }
}

TEST(Rgbfix, HeaderFieldsLandAtTheirOffsets) {
  core::RomFix fix;
  fix.title = "COLLIDOSCOPE";
  fix.gameId = "ACDE";
  fix.newLicensee = "01";
  fix.oldLicensee = 0x33;
  fix.romVersion = 2;
  fix.mbc = 0x1B;
  fix.ramSize = 3;
  fix.cgb = 0x80;
  fix.sgb = true;
  fix.nonJapanese = true;
  fix.padValue = 0xFF;
  std::vector<uint8_t> rom;
  std::string err;
  ASSERT_TRUE(core::writeRom(rom0(0x150), rom, &err, fix)) << err;
  ASSERT_EQ(rom.size(), 0x8000u);
  // With a game ID the title has 11 bytes ("COLLIDOSCOP").
  EXPECT_EQ(std::string(rom.begin() + 0x134, rom.begin() + 0x13F), "COLLIDOSCOP");
  EXPECT_EQ(std::string(rom.begin() + 0x13F, rom.begin() + 0x143), "ACDE");
  EXPECT_EQ(rom[0x143], 0x80);
  EXPECT_EQ(std::string(rom.begin() + 0x144, rom.begin() + 0x146), "01");
  EXPECT_EQ(rom[0x146], 0x03);
  EXPECT_EQ(rom[0x147], 0x1B);
  EXPECT_EQ(rom[0x148], 0x00);
  EXPECT_EQ(rom[0x149], 0x03);
  EXPECT_EQ(rom[0x14A], 0x01);
  EXPECT_EQ(rom[0x14B], 0x33);
  EXPECT_EQ(rom[0x14C], 0x02);
  EXPECT_TRUE(headerChecksumOk(rom));
  // rgbfix -p pads past rgblink's last bank; the gaps in it are rgblink's pad (0).
  EXPECT_EQ(rom[0x150], 0x00) << "a gap inside ROM0 holds rgblink's pad";
  EXPECT_EQ(rom[0x4000], 0xFF) << "rgbfix's padding starts after rgblink's 16 KiB";
  EXPECT_EQ(rom[0x7FFF], 0xFF);
  EXPECT_EQ(rom[0x100], 0x00) << "section bytes are kept";
  uint16_t global = 0;
  for (size_t i = 0; i < rom.size(); ++i)
    if (i != 0x14E && i != 0x14F) global = static_cast<uint16_t>(global + rom[i]);
  EXPECT_EQ(rom[0x14E], global >> 8);
  EXPECT_EQ(rom[0x14F], global & 0xFF);
}

TEST(Rgbfix, TitleTakesSixteenBytesWithoutGameIdOrCgbFlag) {
  core::RomFix fix;
  fix.title = "ABCDEFGHIJKLMNOP";
  std::vector<uint8_t> rom;
  ASSERT_TRUE(core::writeRom(rom0(0x150), rom, nullptr, fix));
  EXPECT_EQ(std::string(rom.begin() + 0x134, rom.begin() + 0x144), "ABCDEFGHIJKLMNOP");
  fix.cgb = 0xC0;
  ASSERT_TRUE(core::writeRom(rom0(0x150), rom, nullptr, fix));
  EXPECT_EQ(std::string(rom.begin() + 0x134, rom.begin() + 0x143), "ABCDEFGHIJKLMNO");
  EXPECT_EQ(rom[0x143], 0xC0);
}

TEST(Rgbfix, OutOfRangeFieldsAreRefused) {
  std::vector<uint8_t> rom;
  std::string err;
  core::RomFix fix;
  fix.gameId = "ABCDE";
  EXPECT_FALSE(core::writeRom(rom0(0x150), rom, &err, fix));
  EXPECT_NE(err.find("game ID"), std::string::npos) << err;
  fix = {};
  fix.newLicensee = "ABC";
  EXPECT_FALSE(core::writeRom(rom0(0x150), rom, &err, fix));
  EXPECT_NE(err.find("new licensee"), std::string::npos) << err;
  fix = {};
  fix.padValue = 256;
  EXPECT_FALSE(core::writeRom(rom0(0x150), rom, &err, fix));
  EXPECT_NE(err.find("pad value"), std::string::npos) << err;
}

// Issue 33: `-r 99` wrote RAM size byte $63, which no emulator (ours included:
// "unknown RAM size code") reads. rgbfix takes any byte; the header has 6 codes.
TEST(Rgbfix, RamSizeMustBeAHeaderCode) {
  std::vector<uint8_t> rom;
  std::string err;
  core::RomFix fix;
  fix.ramSize = 99;
  EXPECT_FALSE(core::writeRom(rom0(0x150), rom, &err, fix));
  EXPECT_EQ(err,
            "RAM size (rgbfix -r) 99 is not a header code: 0 none, 1 2 KiB (unused), 2 8 KiB, 3 "
            "32 KiB, 4 128 KiB, 5 64 KiB");
  fix.ramSize = 5;
  ASSERT_TRUE(core::writeRom(rom0(0x150), rom, &err, fix)) << err;
  EXPECT_EQ(rom[0x149], 5);
}
