#include "emu6502/ines.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "emu6502/mapper.h"

namespace emu6502 {
namespace {

constexpr size_t kHeaderSize = 16;
constexpr size_t kTrainerSize = 512;
constexpr uint64_t kMaxRomSize = uint64_t{8} << 20;  // per ROM: no supported board has more

// NES 2.0 ROM sizes: a 12-bit count of units, or, when the high nibble is $F, an
// exponent-multiplier form 2^E * (2M+1) in bytes.
bool nes20RomSize(uint8_t lsb, unsigned msbNibble, uint64_t unit, uint64_t& out) {
  if (msbNibble == 0xF) {
    const unsigned exponent = lsb >> 2;
    const unsigned multiplier = (lsb & 3) * 2 + 1;
    if (exponent > 30) return false;
    out = (uint64_t{1} << exponent) * multiplier;
    return true;
  }
  out = ((uint64_t{msbNibble} << 8) | lsb) * unit;
  return true;
}

size_t shiftSize(unsigned nibble) {
  return nibble == 0 ? 0 : size_t{64} << nibble;
}

InesResult fail(const std::string& file, size_t offset, std::string message) {
  InesResult r;
  r.error = {file, offset, std::move(message)};
  return r;
}

}  // namespace

std::string romSizeText(uint64_t bytes) {
  char buf[48];
  if (bytes % 1024 == 0)
    std::snprintf(buf, sizeof buf, "%llu KiB", static_cast<unsigned long long>(bytes / 1024));
  else
    std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(bytes));
  return buf;
}

const char* mirroringName(Mirroring m) {
  switch (m) {
    case Mirroring::Horizontal:
      return "horizontal";
    case Mirroring::Vertical:
      return "vertical";
    case Mirroring::FourScreen:
      return "four-screen";
    case Mirroring::SingleLower:
      return "single-screen (lower)";
    case Mirroring::SingleUpper:
      return "single-screen (upper)";
  }
  return "?";
}

std::string InesError::text() const {
  std::string out = file.empty() ? std::string("<image>") : file;
  out += ": byte " + std::to_string(offset) + ": " + message;
  return out;
}

namespace {

struct MapperName {
  unsigned number;
  const char* name;
};

// Common boards NesBus does not run, so an unsupported one is named in the error
// message (a supported board names itself: mapper.h's boards()).
constexpr MapperName kMapperNames[] = {
    {5, "MMC5"},
    {9, "MMC2"},
    {10, "MMC4"},
    {11, "Color Dreams"},
    {13, "CPROM"},
    {16, "Bandai FCG"},
    {18, "Jaleco SS88006"},
    {19, "Namco 163"},
    {21, "VRC4"},
    {22, "VRC2"},
    {23, "VRC2/VRC4"},
    {24, "VRC6"},
    {25, "VRC4"},
    {26, "VRC6"},
    {28, "Action 53"},
    {30, "UNROM 512"},
    {33, "Taito TC0190"},
    {34, "BNROM/NINA-001"},
    {66, "GxROM"},
    {68, "Sunsoft-4"},
    {69, "FME-7"},
    {71, "Camerica"},
    {73, "VRC3"},
    {75, "VRC1"},
    {79, "NINA-03/06"},
    {85, "VRC7"},
    {94, "UN1ROM"},
    {111, "GTROM"},
    {118, "TxSROM"},
    {119, "TQROM"},
    {180, "UNROM (AND)"},
    {206, "DxROM"},
    {210, "Namco 175/340"},
    {228, "Action 52"},
};

}  // namespace

bool mapperSupported(unsigned mapper) {
  return findBoard(mapper) != nullptr;
}

const char* mapperName(unsigned mapper) {
  if (const Board* b = findBoard(mapper)) return b->name;
  for (const MapperName& m : kMapperNames)
    if (m.number == mapper) return m.name;
  return "unknown";
}

std::string supportedMappersText() {
  std::string out;
  for (const Board& b : boards()) {
    if (!out.empty()) out += ", ";
    out += std::to_string(b.number);
  }
  return out;
}

std::string unsupportedMapperMessage(unsigned mapper) {
  std::string out = "mapper " + std::to_string(mapper);
  const std::string name = mapperName(mapper);
  if (name != "unknown") out += " (" + name + ")";
  return out + " is not supported; supported: " + supportedMappersText();
}

InesResult parseInes(std::span<const uint8_t> bytes, const std::string& fileName) {
  if (bytes.size() < kHeaderSize)
    return fail(fileName, bytes.size(),
                "truncated: " + std::to_string(bytes.size()) +
                    " bytes, an iNES file starts with a 16-byte header");
  if (bytes[0] != 'N' || bytes[1] != 'E' || bytes[2] != 'S' || bytes[3] != 0x1A) {
    char buf[96];
    std::snprintf(
        buf, sizeof buf,
        "not an iNES file: starts with %02X %02X %02X %02X, expected 4E 45 53 1A (\"NES\\x1A\")",
        bytes[0], bytes[1], bytes[2], bytes[3]);
    return fail(fileName, 0, buf);
  }
  const uint8_t* h = bytes.data();
  Cartridge cart;
  InesResult result;
  cart.nes20 = (h[7] & 0x0C) == 0x08;
  uint64_t prgSize = 0, chrSize = 0;
  if (cart.nes20) {
    cart.mapper = (h[6] >> 4) | (h[7] & 0xF0) | ((h[8] & 0x0F) << 8);
    cart.submapper = h[8] >> 4;
    if (!nes20RomSize(h[4], h[9] & 0x0F, 16384, prgSize))
      return fail(fileName, 4, "NES 2.0 PRG ROM size exponent is too large");
    if (!nes20RomSize(h[5], h[9] >> 4, 8192, chrSize))
      return fail(fileName, 5, "NES 2.0 CHR ROM size exponent is too large");
    const size_t prgRam = std::max(shiftSize(h[10] & 0x0F), shiftSize(h[10] >> 4));
    if (prgRam) cart.prgRamSize = prgRam;
    cart.chrRamSize = std::max(shiftSize(h[11] & 0x0F), shiftSize(h[11] >> 4));
  } else {
    // Old dumps ("DiskDude!") have junk in bytes 7-15; their mapper high nibble
    // is garbage then.
    bool junk = false;
    for (int i = 12; i < 16; ++i) junk |= h[i] != 0;
    cart.mapper = (h[6] >> 4) | (junk ? 0 : (h[7] & 0xF0));
    if (junk)
      result.warnings.push_back("bytes 12-15 are not zero: ignoring the mapper high nibble");
    prgSize = uint64_t{h[4]} * 16384;
    chrSize = uint64_t{h[5]} * 8192;
  }
  if (h[6] & 0x08)
    cart.mirroring = Mirroring::FourScreen;
  else
    cart.mirroring = (h[6] & 0x01) ? Mirroring::Vertical : Mirroring::Horizontal;
  cart.battery = h[6] & 0x02;
  const bool hasTrainer = h[6] & 0x04;
  if (chrSize == 0 && cart.chrRamSize == 0) cart.chrRamSize = 8192;

  const Board* board = findBoard(cart.mapper);
  if (!board) return fail(fileName, 6, unsupportedMapperMessage(cart.mapper));
  if (prgSize == 0) return fail(fileName, 4, "the header declares no PRG ROM (byte 4 is 0)");
  if (prgSize > kMaxRomSize)
    return fail(fileName, 4,
                "oversized: the header declares " + romSizeText(prgSize) +
                    " of PRG ROM, more than " + romSizeText(kMaxRomSize));
  if (chrSize > kMaxRomSize)
    return fail(fileName, 5,
                "oversized: the header declares " + romSizeText(chrSize) +
                    " of CHR ROM, more than " + romSizeText(kMaxRomSize));
  if (BoardSizeFault f = board->checkSizes(prgSize, chrSize); !f.message.empty())
    return fail(fileName, f.offset, f.message);

  const uint64_t need = kHeaderSize + (hasTrainer ? kTrainerSize : 0) + prgSize + chrSize;
  if (bytes.size() < need)
    return fail(fileName, bytes.size(),
                "truncated: the header declares " +
                    std::string(hasTrainer ? "a 512-byte trainer, " : "") + romSizeText(prgSize) +
                    " of PRG ROM and " + romSizeText(chrSize) + " of CHR ROM (" +
                    std::to_string(need) + " bytes with the header), the file has " +
                    std::to_string(bytes.size()) + " bytes");
  if (bytes.size() > need)
    result.warnings.push_back("byte " + std::to_string(need) + ": " +
                              std::to_string(bytes.size() - need) +
                              " bytes after the declared PRG and CHR ROM are ignored");

  size_t pos = kHeaderSize;
  if (hasTrainer) {
    cart.trainer.assign(bytes.begin() + pos, bytes.begin() + pos + kTrainerSize);
    pos += kTrainerSize;
  }
  cart.prg.assign(bytes.begin() + pos, bytes.begin() + pos + prgSize);
  pos += prgSize;
  cart.chr.assign(bytes.begin() + pos, bytes.begin() + pos + chrSize);
  if (!cart.chr.empty()) cart.chrRamSize = 0;
  result.cart = std::move(cart);
  return result;
}

InesResult loadInesFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return fail(path, 0, "cannot open the file");
  const std::streamoff size = in.tellg();
  if (size > static_cast<std::streamoff>(kMaxInesFile))
    return fail(path, kMaxInesFile,
                "oversized: the file has " + std::to_string(size) + " bytes, more than the " +
                    romSizeText(kMaxInesFile) + " an iNES image can need");
  in.seekg(0);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  if (in.bad()) return fail(path, bytes.size(), "read error");
  return parseInes(bytes, path);
}

}  // namespace emu6502
