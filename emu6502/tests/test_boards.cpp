// The board list (mapper.h's boards()): each board answers its number, name, size
// checks and bank size once, and everything that lists or sizes boards reads it.
#include <gtest/gtest.h>

#include <string>

#include "emu6502/ines.h"
#include "emu6502/mapper.h"

namespace emu6502 {
namespace {

Cartridge cartFor(unsigned mapper, size_t prg, size_t chr) {
  Cartridge c;
  c.mapper = mapper;
  c.prg.assign(prg, 0);
  c.chr.assign(chr, 0);
  return c;
}

TEST(Boards, EachRowAnswersForItsBoard) {
  ASSERT_FALSE(boards().empty());
  for (const Board& b : boards()) {
    SCOPED_TRACE("mapper " + std::to_string(b.number));
    ASSERT_NE(b.name, nullptr);
    EXPECT_NE(std::string(b.name), "");
    EXPECT_EQ(findBoard(b.number), &b);
    EXPECT_TRUE(mapperSupported(b.number));
    EXPECT_STREQ(mapperName(b.number), b.name);
    EXPECT_TRUE(b.prgBankSize == 0 || b.prgBankSize == 0x2000 || b.prgBankSize == 0x4000 ||
                b.prgBankSize == 0x8000)
        << b.prgBankSize;
    // A standard 32 KiB PRG + 8 KiB CHR image fits every board we run.
    EXPECT_EQ(b.checkSizes(0x8000, 0x2000).message, "");
    const std::unique_ptr<Mapper> m = makeMapper(cartFor(b.number, 0x8000, 0x2000));
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->number(), b.number);
    // A board without PRG banking switches the whole 32 KiB window.
    EXPECT_EQ(m->prgBankSize(), b.prgBankSize ? b.prgBankSize : 0x8000u);
  }
}

TEST(Boards, TheSupportedListIsTheBoardList) {
  std::string numbers;
  unsigned last = 0;
  for (const Board& b : boards()) {
    if (!numbers.empty()) {
      EXPECT_GT(b.number, last);
      numbers += ", ";
    }
    numbers += std::to_string(b.number);
    last = b.number;
  }
  EXPECT_EQ(supportedMappersText(), numbers);
  EXPECT_EQ(findBoard(5), nullptr);
  EXPECT_EQ(makeMapper(cartFor(5, 0x8000, 0x2000)), nullptr);
  EXPECT_FALSE(mapperSupported(5));
  EXPECT_STREQ(mapperName(5), "MMC5");  // named for the message, not run
}

TEST(Boards, SizeFaultsPointAtTheHeaderByte) {
  const BoardSizeFault prg = findBoard(2)->checkSizes(0x4000 + 0x2000, 0);
  EXPECT_EQ(prg.offset, 4u);
  EXPECT_EQ(prg.message, "UxROM PRG ROM must be a multiple of 16 KiB, the header says 24 KiB");
  const BoardSizeFault chr = findBoard(0)->checkSizes(0x8000, 0x4000);
  EXPECT_EQ(chr.offset, 5u);
  EXPECT_EQ(chr.message, "NROM has at most 8 KiB of CHR ROM, the header says 16 KiB");
  EXPECT_EQ(findBoard(3)->checkSizes(0x8000, 0x1000).message,
            "CNROM CHR ROM must be a multiple of 8 KiB, the header says 4 KiB");
}

}  // namespace
}  // namespace emu6502
