// iNES and NES 2.0 cartridge images: parsing and validation.
//
//   emu6502::InesResult r = emu6502::loadInesFile("game.nes");
//   if (!r.ok()) { print(r.error.text()); return; }
//   emu6502::NesBus bus(std::move(*r.cart));
//
// A bad file (too short, wrong magic, an unsupported mapper, sizes that do not
// add up) never throws or crashes: it gives an InesError with the byte offset of
// the fault and a message that says what was expected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace emu6502 {

enum class Mirroring : uint8_t { Horizontal, Vertical, FourScreen, SingleLower, SingleUpper };
const char* mirroringName(Mirroring m);

struct Cartridge {
  unsigned mapper = 0;
  unsigned submapper = 0;  // NES 2.0 only
  bool nes20 = false;
  std::vector<uint8_t> prg;  // PRG ROM
  std::vector<uint8_t> chr;  // CHR ROM; empty when the board has CHR RAM
  size_t chrRamSize = 0;     // bytes of CHR RAM (8 KiB when iNES says CHR size 0)
  size_t prgRamSize = 8192;  // bytes of PRG RAM at $6000 (the bus maps 8 KiB)
  bool battery = false;
  std::vector<uint8_t> trainer;  // 512 bytes loaded at $7000, or empty
  Mirroring mirroring = Mirroring::Horizontal;
};

struct InesError {
  std::string file;   // path, or empty for an in-memory image
  size_t offset = 0;  // byte offset of the fault in the file
  std::string message;
  // "file: byte N: message"
  std::string text() const;
};

struct InesResult {
  std::optional<Cartridge> cart;
  InesError error;                    // set when !ok()
  std::vector<std::string> warnings;  // accepted oddities (e.g. trailing bytes)
  bool ok() const { return cart.has_value(); }
};

// The mappers NesBus implements (mapper.h's boards(): 0, 1, 2, 3, 4, 7).
bool mapperSupported(unsigned mapper);
// "NROM", "MMC1", "FME-7", ... for the common boards, supported or not; "unknown" otherwise.
const char* mapperName(unsigned mapper);
std::string supportedMappersText();  // "0, 1, 2, 3, 4, 7"
// "mapper 69 (FME-7) is not supported; supported: 0, 1, 2, 3, 4, 7"
std::string unsupportedMapperMessage(unsigned mapper);

// "16 KiB", or "100 bytes" when not a whole number of KiB: sizes in the loader's messages.
std::string romSizeText(uint64_t bytes);

// Larger files are refused before they are read (8 MiB PRG + 8 MiB CHR + header
// and trainer fit).
constexpr size_t kMaxInesFile = (size_t{16} << 20) + 16 + 512;

InesResult parseInes(std::span<const uint8_t> bytes, const std::string& fileName = {});
InesResult loadInesFile(const std::string& path);

}  // namespace emu6502
