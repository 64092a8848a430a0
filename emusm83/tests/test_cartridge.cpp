// Cartridge header parsing, bad-ROM errors, and MBC1/MBC3/MBC5 banking with RAM.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "emusm83/cartridge.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "rom_builder.h"

namespace emusm83 {
namespace {

using test::makeRom;
using test::RomSpec;

// Marks the first byte of every 16 KiB bank with its number.
std::vector<uint8_t> bankedRom(RomSpec spec) {
  auto rom = makeRom(spec);
  for (size_t bank = 1; bank < rom.size() / 0x4000; ++bank) {
    rom[bank * 0x4000] = static_cast<uint8_t>(bank);
    rom[bank * 0x4000 + 1] = static_cast<uint8_t>(bank >> 8);
  }
  return rom;
}

GbBus busFor(std::vector<uint8_t> rom) {
  CartridgeLoad r = loadCartridge(std::move(rom), "test.gb");
  EXPECT_TRUE(r.ok()) << r.error;
  return GbBus(std::move(*r.cart));
}

TEST(Sm83Cartridge, ParsesHeader) {
  auto rom = makeRom({.type = 0x03, .romSizeCode = 2, .ramSizeCode = 3, .title = "TILEWALK"});
  CartridgeLoad r = loadCartridge(rom, "tw.gb");
  ASSERT_TRUE(r.ok()) << r.error;
  const CartridgeHeader& h = r.cart->header();
  EXPECT_EQ(h.title, "TILEWALK");
  EXPECT_EQ(h.type, 0x03);
  EXPECT_STREQ(cartridgeTypeName(h.type), "MBC1+RAM+BATTERY");
  EXPECT_EQ(h.mbc, Mbc::Mbc1);
  EXPECT_TRUE(h.battery);
  EXPECT_EQ(h.romBytes, 128u * 1024);
  EXPECT_EQ(h.ramBytes, 32u * 1024);
  EXPECT_TRUE(h.checksumOk());
  EXPECT_TRUE(r.warnings.empty());
}

TEST(Sm83Cartridge, ChecksumMismatchIsAWarning) {
  auto rom = makeRom();
  rom[0x14D] ^= 0x55;
  CartridgeLoad r = loadCartridge(rom, "bad.gb");
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("$014D"), std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[0].find("checksum"), std::string::npos);
}

TEST(Sm83Cartridge, TooShortForHeader) {
  CartridgeLoad r = loadCartridge(std::vector<uint8_t>(0x100, 0), "tiny.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("tiny.gb"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("too short"), std::string::npos) << r.error;
  EXPECT_FALSE(loadCartridge({}, "empty.gb").ok());
}

TEST(Sm83Cartridge, UnknownType) {
  auto rom = makeRom({.type = 0x04});
  CartridgeLoad r = loadCartridge(rom, "x.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("$0147: unknown cartridge type $04"), std::string::npos) << r.error;
}

TEST(Sm83Cartridge, UnsupportedType) {
  auto rom = makeRom({.type = 0x05});  // MBC2
  CartridgeLoad r = loadCartridge(rom, "x.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("MBC2"), std::string::npos) << r.error;
}

TEST(Sm83Cartridge, RomSizeDisagreesWithFile) {
  auto rom = makeRom({.type = 0x01});
  rom[0x148] = 0x02;  // says 128 KiB, file is 32 KiB
  test::fixChecksum(rom);
  CartridgeLoad r = loadCartridge(rom, "x.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("$0148"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("131072"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("32768"), std::string::npos) << r.error;

  rom = makeRom();
  rom.resize(0x9000);  // trailing garbage
  EXPECT_FALSE(loadCartridge(rom, "x.gb").ok());
  rom = makeRom();
  rom[0x148] = 0x20;
  EXPECT_FALSE(loadCartridge(rom, "x.gb").ok());
}

TEST(Sm83Cartridge, MissingFile) {
  CartridgeLoad r = loadCartridgeFile("/nonexistent/dir/game.gb");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("cannot open"), std::string::npos);
}

TEST(Sm83Cartridge, LoadsFromFile) {
  const auto path = std::filesystem::temp_directory_path() / "emusm83_cart_test.gb";
  {
    auto rom = makeRom({.title = "FILE"});
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(rom.data()), static_cast<std::streamsize>(rom.size()));
  }
  CartridgeLoad r = loadCartridgeFile(path.string());
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.cart->header().title, "FILE");
  std::filesystem::remove(path);
}

TEST(Sm83Cartridge, Mbc1RomBanking) {
  GbBus bus = busFor(bankedRom({.type = 0x01, .romSizeCode = 5}));  // 1 MiB, 64 banks
  EXPECT_EQ(bus.read(0x4000), 1);
  bus.write(0x2000, 0x05);
  EXPECT_EQ(bus.read(0x4000), 5);
  bus.write(0x2000, 0x00);  // bank 0 selects bank 1
  EXPECT_EQ(bus.read(0x4000), 1);
  bus.write(0x2000, 0x01);
  bus.write(0x4000, 0x01);  // upper bits: bank $21
  EXPECT_EQ(bus.read(0x4000), 0x21);
  EXPECT_EQ(bus.read(0x0000), 0x00);  // mode 0: bank 0 fixed
  bus.write(0x6000, 0x01);            // mode 1: $0000 maps bank $20
  EXPECT_EQ(bus.read(0x0000), 0x20);
  bus.write(0x2000, 0x45);  // only 5 bits
  EXPECT_EQ(bus.read(0x4000), 0x25);
  EXPECT_EQ(bus.peek(0x4000), 0x25);
}

TEST(Sm83Cartridge, Mbc1RamEnableAndBanks) {
  GbBus bus = busFor(bankedRom({.type = 0x03, .romSizeCode = 2, .ramSizeCode = 3}));
  bus.write(0xA000, 0x12);
  EXPECT_EQ(bus.read(0xA000), 0xFF);  // disabled
  bus.write(0x0000, 0x0A);
  bus.write(0xA000, 0x12);
  EXPECT_EQ(bus.read(0xA000), 0x12);
  bus.write(0x6000, 0x01);  // mode 1: $4000 selects the RAM bank
  bus.write(0x4000, 0x02);
  EXPECT_EQ(bus.read(0xA000), 0x00);
  bus.write(0xA000, 0x34);
  bus.write(0x4000, 0x00);
  EXPECT_EQ(bus.read(0xA000), 0x12);
  bus.write(0x0000, 0x00);
  EXPECT_EQ(bus.read(0xA000), 0xFF);
  EXPECT_EQ(bus.cartridge()->ram()[2 * 0x2000], 0x34);
}

TEST(Sm83Cartridge, Mbc3BanksAndNoRtc) {
  GbBus bus = busFor(bankedRom({.type = 0x13, .romSizeCode = 6, .ramSizeCode = 3}));  // 2 MiB
  bus.write(0x2000, 0x7F);
  EXPECT_EQ(bus.read(0x4000), 0x7F);
  bus.write(0x2000, 0x00);
  EXPECT_EQ(bus.read(0x4000), 1);
  bus.write(0x0000, 0x0A);
  bus.write(0x4000, 0x03);
  bus.write(0xBFFF, 0x99);
  bus.write(0x4000, 0x08);  // RTC seconds: this type has no clock
  EXPECT_EQ(bus.read(0xA000), 0xFF);
  bus.write(0xA000, 0x11);  // ignored
  bus.write(0x4000, 0x03);
  EXPECT_EQ(bus.read(0xBFFF), 0x99);
  EXPECT_EQ(bus.read(0xA000), 0x00);
}

TEST(Sm83Cartridge, Mbc5NineBitBanks) {
  GbBus bus = busFor(bankedRom({.type = 0x1B, .romSizeCode = 8, .ramSizeCode = 4}));  // 8 MiB
  bus.write(0x2000, 0x00);  // MBC5 can map bank 0 at $4000
  EXPECT_EQ(bus.read(0x4000), 0x00);
  bus.write(0x2000, 0x34);
  bus.write(0x3000, 0x01);
  EXPECT_EQ(bus.read(0x4000), 0x34);
  EXPECT_EQ(bus.read(0x4001), 0x01);  // bank $134
  bus.write(0x0000, 0x0A);
  bus.write(0x4000, 0x0F);
  bus.write(0xA123, 0x5A);
  bus.write(0x4000, 0x00);
  EXPECT_EQ(bus.read(0xA123), 0x00);
  bus.write(0x4000, 0x0F);
  EXPECT_EQ(bus.read(0xA123), 0x5A);
}

// The CPU switches banks through the slow path and then reads the new bank through
// the page map.
TEST(Sm83Cartridge, CpuSwitchesBanks) {
  auto rom = bankedRom({.type = 0x01, .romSizeCode = 2});
  test::place(rom, 0x150,
              {0x3E, 0x03, 0xEA, 0x00, 0x20,  // ld a, 3 / ld [$2000], a
               0xFA, 0x00, 0x40,              // ld a, [$4000]
               0x18, 0xFE});                  // jr @
  GbBus bus = busFor(rom);
  bus.setPostBootState();
  CpuSm83 cpu(bus);
  cpu.setPostBootState();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxInstructions = 100;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(cpu.regs.a, 3);
  EXPECT_EQ(bus.cartridge()->romBank(), 3u);
}

TEST(Sm83Cartridge, PokePatchesRomWithoutBanking) {
  GbBus bus = busFor(bankedRom({.type = 0x01, .romSizeCode = 2}));
  bus.poke(0x2000, 0x03);  // a ROM patch, not an MBC write
  EXPECT_EQ(bus.peek(0x2000), 0x03);
  EXPECT_EQ(bus.peek(0x4000), 1);
}

}  // namespace
}  // namespace emusm83
