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

// The mappers NesBus implements.
bool mapperSupported(unsigned mapper);
const char* mapperName(unsigned mapper);  // "NROM", "MMC1", ...; "unknown" otherwise

InesResult parseInes(std::span<const uint8_t> bytes, const std::string& fileName = {});
InesResult loadInesFile(const std::string& path);

}  // namespace emu6502
