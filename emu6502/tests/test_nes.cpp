// iNES/NES 2.0 parsing (good and bad files), the NES bus memory map, and bank
// switching of every supported mapper on hand-built cartridge images.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <utility>
#include <vector>

#include "emu6502/cpu6502.h"
#include "emu6502/ines.h"
#include "emu6502/nes_bus.h"

namespace emu6502 {
namespace {

// An image whose every 8 KiB PRG bank is filled with its bank number and every
// 1 KiB CHR bank with its bank number, so reads identify the mapped bank.
std::vector<uint8_t> makeImage(unsigned mapper, unsigned prg16k, unsigned chr8k,
                               uint8_t flags6 = 0) {
  std::vector<uint8_t> img = {'N',
                              'E',
                              'S',
                              0x1A,
                              static_cast<uint8_t>(prg16k),
                              static_cast<uint8_t>(chr8k),
                              static_cast<uint8_t>(((mapper & 0x0F) << 4) | flags6),
                              static_cast<uint8_t>(mapper & 0xF0),
                              0,
                              0,
                              0,
                              0,
                              0,
                              0,
                              0,
                              0};
  if (flags6 & 0x04) img.insert(img.end(), 512, 0xEE);
  for (unsigned bank = 0; bank < prg16k * 2; ++bank)
    img.insert(img.end(), 0x2000, static_cast<uint8_t>(bank));
  for (unsigned bank = 0; bank < chr8k * 8; ++bank)
    img.insert(img.end(), 0x400, static_cast<uint8_t>(0x80 | bank));
  return img;
}

Cartridge cartOf(const std::vector<uint8_t>& img) {
  InesResult r = parseInes(img, "test.nes");
  EXPECT_TRUE(r.ok()) << r.error.text();
  return r.ok() ? std::move(*r.cart) : Cartridge{};
}

InesError errorOf(const std::vector<uint8_t>& img) {
  InesResult r = parseInes(img, "bad.nes");
  EXPECT_FALSE(r.ok());
  return r.error;
}

// ---- loader ----

TEST(Ines, ParsesHeaderFields) {
  auto img = makeImage(4, 8, 16, 0x01 | 0x02);
  const Cartridge c = cartOf(img);
  EXPECT_EQ(c.mapper, 4u);
  EXPECT_EQ(c.prg.size(), 8u * 16384);
  EXPECT_EQ(c.chr.size(), 16u * 8192);
  EXPECT_EQ(c.mirroring, Mirroring::Vertical);
  EXPECT_TRUE(c.battery);
  EXPECT_FALSE(c.nes20);
  EXPECT_EQ(c.chrRamSize, 0u);
}

TEST(Ines, ChrSizeZeroMeansChrRam) {
  const Cartridge c = cartOf(makeImage(2, 4, 0));
  EXPECT_TRUE(c.chr.empty());
  EXPECT_EQ(c.chrRamSize, 8192u);
}

TEST(Ines, Nes20MapperAndSizes) {
  auto img = makeImage(1, 2, 0);
  img[7] |= 0x08;  // NES 2.0
  img[8] = 0x20;   // submapper 2, mapper bits 8-11 = 0
  img[10] = 0x07;  // PRG RAM 64 << 7 = 8 KiB
  img[11] = 0x09;  // CHR RAM 64 << 9 = 32 KiB
  const Cartridge c = cartOf(img);
  EXPECT_TRUE(c.nes20);
  EXPECT_EQ(c.mapper, 1u);
  EXPECT_EQ(c.submapper, 2u);
  EXPECT_EQ(c.prgRamSize, 8192u);
  EXPECT_EQ(c.chrRamSize, 32768u);

  img[8] = 0x01;  // mapper 256 + 1
  const InesError e = errorOf(img);
  EXPECT_NE(e.message.find("mapper 257"), std::string::npos) << e.message;
}

TEST(Ines, Nes20ExponentSize) {
  auto img = makeImage(0, 0, 1);
  img[7] |= 0x08;
  img[9] = 0x0F;           // PRG size in exponent form
  img[4] = (14 << 2) | 0;  // 2^14 * 1 = 16 KiB
  img.insert(img.begin() + 16, 16384, 0x55);
  const Cartridge c = cartOf(img);
  EXPECT_EQ(c.prg.size(), 16384u);
  EXPECT_EQ(c.prg[0], 0x55);
}

TEST(Ines, Nes20ChrExponentAndSizeMsb) {
  auto img = makeImage(4, 2, 0);
  img[7] |= 0x08;
  img[9] = 0xF0;           // CHR size in exponent form
  img[5] = (12 << 2) | 1;  // 2^12 * 3 = 12 KiB
  img.insert(img.end(), 12288, 0x66);
  Cartridge c = cartOf(img);
  EXPECT_EQ(c.chr.size(), 12288u);
  EXPECT_EQ(c.chrRamSize, 0u);

  auto big = makeImage(4, 2, 0);
  big[7] |= 0x08;
  big[9] = 0x10;  // CHR count high nibble: 256 units of 8 KiB
  big.insert(big.end(), 256 * 8192, 0x77);
  c = cartOf(big);
  EXPECT_EQ(c.chr.size(), 256u * 8192);
}

TEST(Ines, TrainerAndTrailingBytes) {
  auto img = makeImage(0, 1, 1, 0x04);
  img.push_back(0x99);
  InesResult r = parseInes(img);
  ASSERT_TRUE(r.ok()) << r.error.text();
  EXPECT_EQ(r.cart->trainer.size(), 512u);
  ASSERT_EQ(r.warnings.size(), 1u);
  // The offset where the unused bytes start: header + trainer + PRG + CHR.
  EXPECT_EQ(r.warnings[0].rfind("byte " + std::to_string(16 + 512 + 16384 + 8192) + ": 1 bytes", 0),
            0u)
      << r.warnings[0];
  NesBus bus(std::move(*r.cart));
  EXPECT_EQ(bus.peek(0x7000), 0xEE);
  EXPECT_EQ(bus.peek(0x8000), 0x00);
}

TEST(InesErrors, Truncated) {
  const InesError e = errorOf({'N', 'E', 'S'});
  EXPECT_NE(e.message.find("truncated"), std::string::npos);
  EXPECT_EQ(e.text().rfind("bad.nes: byte 3: ", 0), 0u) << e.text();
  EXPECT_NE(errorOf({}).message.find("16-byte header"), std::string::npos);
}

TEST(InesErrors, WrongMagic) {
  auto img = makeImage(0, 1, 1);
  img[3] = 0x1B;
  const InesError e = errorOf(img);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_NE(e.message.find("not an iNES file"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("4E 45 53 1B"), std::string::npos) << e.message;
}

TEST(InesErrors, UnsupportedMapper) {
  const InesError e = errorOf(makeImage(5, 2, 1));
  EXPECT_EQ(e.offset, 6u);
  EXPECT_EQ(e.message, "mapper 5 (MMC5) is not supported; supported: 0, 1, 2, 3, 4, 7");
}

TEST(InesErrors, UnsupportedMapperNamesTheBoard) {
  EXPECT_EQ(errorOf(makeImage(69, 2, 1)).message,
            "mapper 69 (FME-7) is not supported; supported: 0, 1, 2, 3, 4, 7");
  EXPECT_EQ(errorOf(makeImage(200, 2, 1)).message,
            "mapper 200 is not supported; supported: 0, 1, 2, 3, 4, 7");
  EXPECT_STREQ(mapperName(7), "AxROM");
  EXPECT_TRUE(mapperSupported(7));
  EXPECT_FALSE(mapperSupported(5));
}

TEST(InesErrors, AxromSizes) {
  const InesError e = errorOf(makeImage(7, 1, 0));
  EXPECT_EQ(e.offset, 4u);
  EXPECT_NE(e.message.find("AxROM PRG ROM must be a multiple of 32 KiB"), std::string::npos)
      << e.message;
  EXPECT_EQ(errorOf(makeImage(7, 2, 2)).offset, 5u);
}

TEST(InesErrors, Oversized) {
  auto img = makeImage(4, 2, 1);
  img[7] |= 0x08;
  img[9] = 0x0F;
  img[4] = 30 << 2;  // 1 GiB of PRG ROM
  const InesError e = errorOf(img);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_NE(e.message.find("oversized"), std::string::npos) << e.message;

  // A file far larger than any image is refused before it is read.
  const std::string path = std::string(EMU6502_TEST_BINARY_DIR) + "/oversized.nes";
  {
    std::ofstream out(path, std::ios::binary);
    const auto small = makeImage(0, 1, 1);
    out.write(reinterpret_cast<const char*>(small.data()),
              static_cast<std::streamsize>(small.size()));
  }
  std::filesystem::resize_file(path, kMaxInesFile + 1);
  const InesResult r = loadInesFile(path);
  std::filesystem::remove(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.offset, kMaxInesFile);
  EXPECT_NE(r.error.message.find("oversized"), std::string::npos) << r.error.message;
}

TEST(InesErrors, SizesDoNotAddUp) {
  auto img = makeImage(2, 4, 1);
  img.resize(img.size() - 100);
  const InesError e = errorOf(img);
  EXPECT_NE(e.message.find("truncated"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("64 KiB of PRG ROM and 8 KiB of CHR ROM"), std::string::npos)
      << e.message;
  EXPECT_EQ(e.offset, img.size());

  auto nrom = makeImage(0, 3, 1);  // NROM with 48 KiB
  const InesError e2 = errorOf(nrom);
  EXPECT_EQ(e2.offset, 4u);
  EXPECT_NE(e2.message.find("16 or 32 KiB"), std::string::npos) << e2.message;

  auto none = makeImage(0, 0, 1);
  EXPECT_NE(errorOf(none).message.find("no PRG ROM"), std::string::npos);

  auto mmc1 = makeImage(1, 32, 1);  // 512 KiB
  EXPECT_NE(errorOf(mmc1).message.find("SUROM"), std::string::npos);
}

TEST(InesErrors, MissingFile) {
  const InesResult r = loadInesFile("/nonexistent/dir/game.nes");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.text().find("cannot open"), std::string::npos);
}

TEST(InesErrors, RandomHeadersNeverCrash) {
  std::mt19937 rng(7);
  const auto base = makeImage(4, 2, 1);
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    auto img = base;
    for (int k = 0; k < 3; ++k) img[4 + rng() % 12] = static_cast<uint8_t>(rng());
    img.resize(rng() % (img.size() + 1));
    InesResult r = parseInes(img);
    if (!r.ok()) {
      EXPECT_FALSE(r.error.message.empty());
      continue;
    }
    ++accepted;
    NesBus bus(std::move(*r.cart));  // whatever passed must be usable
    Cpu6502 cpu(bus);
    cpu.reset();
    RunLimits limits;
    limits.maxInstructions = 200;
    cpu.runUntil(limits);
    for (uint16_t a = 0x8000; a >= 0x8000; a = static_cast<uint16_t>(a + 0x3FF)) bus.peek(a);
    bus.chrRead(0x1FFF);
  }
  EXPECT_GT(accepted, 0);
}

// ---- bus ----

TEST(NesBus, RamMirroring) {
  NesBus bus(cartOf(makeImage(0, 1, 1)));
  bus.write(0x0001, 0x5A);
  EXPECT_EQ(bus.read(0x0801), 0x5A);
  EXPECT_EQ(bus.read(0x1001), 0x5A);
  EXPECT_EQ(bus.peek(0x1801), 0x5A);
  bus.poke(0x17FF, 0xA5);
  EXPECT_EQ(bus.ram()[0x7FF], 0xA5);
}

TEST(NesBus, Nrom16IsMirroredAt0xC000) {
  NesBus bus(cartOf(makeImage(0, 1, 1)));
  EXPECT_EQ(bus.peek(0x8000), 0);
  EXPECT_EQ(bus.peek(0xA000), 1);
  EXPECT_EQ(bus.peek(0xC000), 0);
  EXPECT_EQ(bus.peek(0xE000), 1);
  NesBus big(cartOf(makeImage(0, 2, 1)));
  EXPECT_EQ(big.peek(0xC000), 2);
  EXPECT_EQ(big.peek(0xFFFF), 3);
  EXPECT_EQ(big.chrRead(0x1C00), 0x87);
}

// $2002 reads the status (no flag set without NesSystem driving the timing) with
// the PPU latch in its low bits; $4016 drives only bit 0, the rest is the last byte
// the bus carried (the operand's high byte). Register writes are logged in order.
TEST(NesBus, RegisterReadsAndLoggedWrites) {
  auto img = makeImage(0, 1, 1);
  const uint8_t code[] = {0xAD, 0x02, 0x20,   // LDA $2002
                          0xAE, 0x16, 0x40,   // LDX $4016
                          0x8D, 0x06, 0x20,   // STA $2006
                          0xEE, 0x07, 0x20,   // INC $2007 (two writes)
                          0x8D, 0x00, 0x60};  // STA $6000
  std::copy(std::begin(code), std::end(code), img.begin() + 16);
  NesBus bus(cartOf(img));
  Cpu6502 cpu(bus);
  cpu.regs.pc = 0x8000;
  cpu.step();
  EXPECT_EQ(cpu.regs.a, 0x00);
  cpu.step();
  EXPECT_EQ(cpu.regs.x, 0x40);
  cpu.step();
  cpu.step();
  cpu.step();
  EXPECT_EQ(bus.peek(0x6000), 0x00);
  ASSERT_EQ(bus.ioWrites().size(), 3u);
  EXPECT_EQ(bus.ioWrites()[0].addr, 0x2006);
  EXPECT_EQ(bus.ioWrites()[1].addr, 0x2007);
  EXPECT_EQ(bus.ioWrites()[1].value, 0x00);  // the dummy write of the value read
  EXPECT_EQ(bus.ioWrites()[2].value, 0x01);
  // peek does not disturb the open bus
  const uint8_t before = bus.openBus();
  bus.peek(0x0000);
  EXPECT_EQ(bus.openBus(), before);
  bus.clearIoWrites();
  EXPECT_TRUE(bus.ioWrites().empty());
}

TEST(NesBus, PrgRam) {
  NesBus bus(cartOf(makeImage(0, 1, 1)));
  bus.write(0x6000, 1);
  bus.write(0x7FFF, 2);
  EXPECT_EQ(bus.read(0x6000), 1);
  EXPECT_EQ(bus.prgRam()[0x1FFF], 2);
}

TEST(NesBus, PokePatchesRomWithoutBankSwitch) {
  NesBus bus(cartOf(makeImage(2, 4, 0)));
  bus.poke(0x8000, 0x03);  // a real write would switch to bank 3
  EXPECT_EQ(bus.peek(0x8000), 0x03);
  EXPECT_EQ(bus.peek(0x8001), 0x00);  // still bank 0
  EXPECT_TRUE(bus.ioWrites().empty());
}

TEST(NesBus, NoCartridgeReadsOpenBus) {
  NesBus bus;
  EXPECT_FALSE(bus.hasCartridge());
  bus.write(0x0000, 0x12);
  EXPECT_EQ(bus.read(0x8000), 0x12);
}

// ---- mappers ----

TEST(Mappers, UxromSwitchesLowWindow) {
  NesBus bus(cartOf(makeImage(2, 8, 0)));
  EXPECT_EQ(bus.peek(0x8000), 0);
  EXPECT_EQ(bus.peek(0xC000), 14);  // last 16 KiB bank = 8 KiB banks 14, 15
  EXPECT_EQ(bus.peek(0xE000), 15);
  bus.write(0x8000, 5);
  EXPECT_EQ(bus.peek(0x8000), 10);
  EXPECT_EQ(bus.peek(0xA000), 11);
  EXPECT_EQ(bus.peek(0xC000), 14);
  EXPECT_TRUE(bus.chrIsRam());
  bus.chrWrite(0x0123, 0x77);
  EXPECT_EQ(bus.chrRead(0x0123), 0x77);
}

TEST(Mappers, CnromSwitchesChr) {
  NesBus bus(cartOf(makeImage(3, 2, 4)));
  EXPECT_EQ(bus.chrRead(0x0000), 0x80);
  bus.write(0x8000, 2);
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 16);
  EXPECT_EQ(bus.chrRead(0x1FFF), 0x80 | 23);
  bus.write(0xFFFF, 7);  // wraps to bank 3
  EXPECT_EQ(bus.chrRead(0x0400), 0x80 | 25);
  bus.chrWrite(0x0000, 0);  // CHR ROM is read-only
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 24);
}

void mmc1Write(NesBus& bus, uint16_t addr, uint8_t value) {
  for (int i = 0; i < 5; ++i) bus.write(addr, static_cast<uint8_t>((value >> i) & 1));
}

TEST(Mappers, Mmc1SerialWritesAndPrgModes) {
  NesBus bus(cartOf(makeImage(1, 8, 2)));
  // Power-on: mode 3, last bank fixed at $C000.
  EXPECT_EQ(bus.peek(0xC000), 14);
  mmc1Write(bus, 0xE000, 3);
  EXPECT_EQ(bus.peek(0x8000), 6);
  EXPECT_EQ(bus.peek(0xC000), 14);
  // Mode 2: first bank fixed at $8000, switch $C000.
  mmc1Write(bus, 0x8000, 0x08 | 0x02);
  EXPECT_EQ(bus.peek(0x8000), 0);
  EXPECT_EQ(bus.peek(0xC000), 6);
  EXPECT_EQ(bus.mirroring(), Mirroring::Vertical);
  // Mode 0: 32 KiB, low bit ignored.
  mmc1Write(bus, 0x8000, 0x00 | 0x03);
  EXPECT_EQ(bus.peek(0x8000), 4);
  EXPECT_EQ(bus.peek(0xE000), 7);
  EXPECT_EQ(bus.mirroring(), Mirroring::Horizontal);
  // Four writes, then a reset: nothing is loaded.
  for (int i = 0; i < 4; ++i) bus.write(0xE000, 1);
  bus.write(0x8000, 0x80);
  EXPECT_EQ(bus.peek(0x8000), 6);  // control |= $0C: back to mode 3 with bank 3
  EXPECT_EQ(bus.peek(0xA000), 7);
  EXPECT_EQ(bus.peek(0xC000), 14);
}

TEST(Mappers, Mmc1ChrModes) {
  NesBus bus(cartOf(makeImage(1, 2, 4)));  // 32 KiB CHR = 8 x 4 KiB
  mmc1Write(bus, 0xA000, 2);               // 8 KiB mode: bank 1
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 8);
  mmc1Write(bus, 0x8000, 0x10 | 0x0C);  // 4 KiB mode
  mmc1Write(bus, 0xA000, 5);
  mmc1Write(bus, 0xC000, 2);
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 20);
  EXPECT_EQ(bus.chrRead(0x1000), 0x80 | 8);
}

// INC on a mapper register: the dummy write (old value) lands, the real write one
// cycle later is ignored by MMC1.
TEST(Mappers, Mmc1IgnoresSecondWriteOfRmw) {
  auto img = makeImage(1, 8, 1);
  const size_t last = 16 + 15 * 0x2000;       // 8 KiB bank 15 at $E000
  const uint8_t code[] = {0xEE, 0x10, 0xE0};  // INC $E010 ($E010 holds bank id $0F)
  std::copy(std::begin(code), std::end(code), img.begin() + last + 0x100);
  NesBus bus(cartOf(img));
  Cpu6502 cpu(bus);
  for (int i = 0; i < 4; ++i) {
    cpu.regs.pc = 0xE100;
    cpu.step();  // shifts in bit 0 of $0F (=1) four times; the $10 writes are ignored
  }
  cpu.regs.pc = 0xE100;
  cpu.step();                       // fifth bit: load PRG register with %11111 -> bank 15 & 15
  EXPECT_EQ(bus.peek(0x8000), 14);  // 16 KiB bank 7 -> 8 KiB bank 14
  ASSERT_EQ(bus.ioWrites().size(), 10u);

  // Without the dummy-write mark, both writes would count.
  NesBus plain(cartOf(makeImage(1, 8, 1)));
  plain.dummyWrite(0xE000, 1);
  plain.write(0xE000, 0);
  for (int i = 0; i < 4; ++i) plain.write(0xE000, 0);
  EXPECT_EQ(plain.peek(0x8000), 2);  // bits 1,0,0,0,0 -> bank 1 -> 8 KiB bank 2
}

TEST(Mappers, Mmc3BankRegistersAndModes) {
  NesBus bus(cartOf(makeImage(4, 4, 2)));  // 8 PRG banks of 8 KiB, 16 CHR banks of 1 KiB
  EXPECT_EQ(bus.peek(0xC000), 6);
  EXPECT_EQ(bus.peek(0xE000), 7);
  bus.write(0x8000, 6);
  bus.write(0x8001, 3);
  bus.write(0x8000, 7);
  bus.write(0x8001, 4);
  EXPECT_EQ(bus.peek(0x8000), 3);
  EXPECT_EQ(bus.peek(0xA000), 4);
  EXPECT_EQ(bus.peek(0xC000), 6);
  bus.write(0x8000, 0x40 | 7);  // PRG mode 1: R6 at $C000, second-last at $8000
  EXPECT_EQ(bus.peek(0x8000), 6);
  EXPECT_EQ(bus.peek(0xC000), 3);
  EXPECT_EQ(bus.peek(0xE000), 7);

  bus.write(0x8000, 0);  // R0: 2 KiB at $0000
  bus.write(0x8001, 5);  // low bit ignored -> banks 4, 5
  bus.write(0x8000, 2);  // R2: 1 KiB at $1000
  bus.write(0x8001, 9);
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 4);
  EXPECT_EQ(bus.chrRead(0x0400), 0x80 | 5);
  EXPECT_EQ(bus.chrRead(0x1000), 0x80 | 9);
  bus.write(0x8000, 0x80);  // A12 inversion swaps halves
  EXPECT_EQ(bus.chrRead(0x1000), 0x80 | 4);
  EXPECT_EQ(bus.chrRead(0x0000), 0x80 | 9);

  bus.write(0xA000, 1);
  EXPECT_EQ(bus.mirroring(), Mirroring::Horizontal);
  bus.write(0xA000, 0);
  EXPECT_EQ(bus.mirroring(), Mirroring::Vertical);
}

TEST(Mappers, StateRoundTrip) {
  NesBus bus(cartOf(makeImage(4, 4, 0)));
  bus.write(0x0010, 0xAB);
  bus.write(0x8000, 6);
  bus.write(0x8001, 2);
  bus.chrWrite(0x0000, 0x42);
  const NesBusState saved = bus.saveState();
  bus.write(0x0010, 0);
  bus.write(0x8001, 5);
  bus.chrWrite(0x0000, 0);
  EXPECT_EQ(bus.peek(0x8000), 5);
  bus.loadState(saved);
  EXPECT_EQ(bus.peek(0x0010), 0xAB);
  EXPECT_EQ(bus.peek(0x8000), 2);
  EXPECT_EQ(bus.chrRead(0x0000), 0x42);
}

// The CPU runs from ROM through the page map, and sees a bank switch it makes.
TEST(Mappers, CpuFollowsBankSwitch) {
  auto img = makeImage(2, 4, 0);
  const size_t fixed = 16 + 6 * 0x2000;       // $C000 = 8 KiB bank 6
  const uint8_t code[] = {0xA9, 0x02,         // LDA #2
                          0x8D, 0x00, 0x80,   // STA $8000 -> 16 KiB bank 2 at $8000
                          0xAD, 0x00, 0x80,   // LDA $8000
                          0x4C, 0x08, 0xC1};  // JMP *
  std::copy(std::begin(code), std::end(code), img.begin() + fixed + 0x100);
  const size_t top = 16 + 7 * 0x2000;  // $E000 = 8 KiB bank 7
  img[top + 0x1FFC] = 0x00;            // reset vector -> $C100
  img[top + 0x1FFD] = 0xC1;
  NesBus bus(cartOf(img));
  Cpu6502 cpu(bus);
  cpu.reset();
  EXPECT_EQ(cpu.regs.pc, 0xC100);
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxInstructions = 100;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(cpu.regs.a, 4);
}

// MMC1 loads a register over five serial writes; the CPU's fast page map must keep
// the old bank through the first four and follow the fifth, and a data hook on
// another page must stay in place across the remap.
TEST(Mappers, CpuFollowsMmc1SerialSwitch) {
  auto img = makeImage(1, 8, 0);
  const size_t fixed = 16 + 14 * 0x2000;      // $C000 = 8 KiB bank 14 (mode 3 at power-on)
  const uint8_t code[] = {0xA9, 0x01,         // LDA #1
                          0x8D, 0x00, 0xE0,   // STA $E000 (bit 0: 1)
                          0x8D, 0x00, 0xE0,   // STA $E000 (bit 1: 1)
                          0xA9, 0x00,         // LDA #0
                          0x8D, 0x00, 0xE0,   // STA $E000 (bit 2: 0)
                          0x8D, 0x00, 0xE0,   // STA $E000 (bit 3: 0)
                          0xAE, 0x00, 0x80,   // LDX $8000 (still bank 0)
                          0x8D, 0x00, 0xE0,   // STA $E000 (bit 4: PRG bank 3)
                          0xAC, 0x00, 0x80,   // LDY $8000
                          0x84, 0x00,         // STY $00
                          0x4C, 0x1B, 0xC1};  // JMP *
  std::copy(std::begin(code), std::end(code), img.begin() + fixed + 0x100);
  const size_t top = 16 + 15 * 0x2000;
  img[top + 0x1FFC] = 0x00;  // reset vector -> $C100
  img[top + 0x1FFD] = 0xC1;
  NesBus bus(cartOf(img));
  struct Hook : DataHook {
    std::vector<std::pair<uint16_t, uint8_t>> writes;
    void onData(uint16_t addr, uint8_t value, bool write) override {
      if (write) writes.emplace_back(addr, value);
    }
  } hook;
  std::array<bool, 256> pages{};
  pages[0x00] = true;
  bus.setDataHook(&hook, pages);
  Cpu6502 cpu(bus);
  cpu.reset();
  RunLimits limits;
  limits.stopOnSelfLoop = true;
  limits.maxInstructions = 100;
  EXPECT_EQ(cpu.runUntil(limits).reason, HaltReason::Loop);
  EXPECT_EQ(cpu.regs.x, 0);  // four writes moved nothing
  EXPECT_EQ(cpu.regs.y, 6);  // 16 KiB bank 3 = 8 KiB bank 6
  ASSERT_EQ(hook.writes.size(), 1u);
  EXPECT_EQ(hook.writes[0], std::make_pair(uint16_t(0x0000), uint8_t(6)));
}

}  // namespace
}  // namespace emu6502
