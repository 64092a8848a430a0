// A user's built game: a .nes or .gb file read whole (within the 8 MiB ROM cap),
// its kind taken from the header, never from the extension:
//  - NES: the iNES magic "NES\x1A" at byte 0 (iNES 1 or NES 2.0, parsed by
//    emu6502::parseInes);
//  - Game Boy: a header at $0100-$014F whose checksum at $014D matches, or whose
//    Nintendo logo at $0104 is the one the boot ROM checks, with a ROM size code
//    that fits the file (parsed by emusm83::loadCartridge).
// Anything else is refused with a message naming the file and the byte offset:
// truncated, oversized, neither kind, an unsupported mapper or cartridge type.
//
//   core::game::RomFile rom;
//   std::string error;
//   if (!core::game::loadRom("game.nes", rom, &error)) fail(error);  // exit 2
//   for (auto& w : rom.warnings) warn(w);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emu6502/ines.h"
#include "emusm83/cartridge.h"

namespace core::game {

enum class RomKind : uint8_t { Nes, GameBoy };
const char* romKindName(RomKind kind);  // "NES", "Game Boy"

struct RomFile {
  RomKind kind = RomKind::Nes;
  std::string path;
  std::vector<uint8_t> bytes;             // the whole file, read with a size cap
  std::string summary;                    // one line: "NES 2.0, mapper 1 (MMC1), 128 KiB PRG, ..."
  std::optional<emu6502::Cartridge> nes;  // parsed, for kind == Nes
  std::optional<emusm83::Cartridge> gb;   // parsed, for kind == GameBoy
  std::vector<std::string> warnings;      // loaded, but the user should know (bad checksum ...)
};

// Opens a .nes/.gb (kind from the header, not the extension). Errors name the file and
// the offset: truncated, oversized, "mapper 69 (FME-7) is not supported; supported: 0, 1,
// 2, 3, 4", bad GB header.
bool loadRom(const std::string& path, RomFile& out, std::string* error);
// The same from bytes already in memory; `path` names them in messages.
bool loadRomBytes(std::vector<uint8_t> bytes, const std::string& path, RomFile& out,
                  std::string* error);

// Common iNES mapper names ("FME-7" for 69), "unknown" for numbers not in the table
// (emu6502::mapperName, which names boards the emulator does not run too).
const char* nesMapperName(unsigned mapper);
// "0, 1, 2, 3, 4, 7": the mappers emu6502 runs.
std::string supportedMappers();

// CRC-32 (the zlib / PNG polynomial), as NES ROM databases list PRG and whole files.
uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc = 0);
// The Game Boy global checksum: the 16-bit sum of every ROM byte but $014E-$014F. No
// Game Boy checks it: a mismatch shows as "bad" in the summary, never as a warning.
uint16_t gbGlobalChecksum(const std::vector<uint8_t>& rom);

// The PRG bank size the mapper switches (the unit ld65 .dbg bank numbers are counted
// in), as its board says (emu6502::findBoard: 8 KiB for MMC3, 16 KiB for MMC1 ...);
// 0 when the board has no PRG banking (NROM, CNROM): every label is then in bank 0.
// 16 KiB for a board emu6502 does not run.
uint32_t nesPrgBankSize(unsigned mapper);
// Banks of the ROM: 16 KiB Game Boy banks, or PRG banks of nesPrgBankSize (1 when 0).
unsigned romBankCount(const RomFile& rom);

}  // namespace core::game
