// The symbol files a built game ships with, read into core::DebugInfo with bank
// numbers, and checks that they belong to the ROM they are used with.
//
// Formats (detected from the content, falling back to the extension):
//  - ld65 `--dbgfile` (.dbg): segments, spans, lines and symbols (core/asm/ca65/dbgfile.h).
//    A segment's bank is its place in the ROM file: (ooffs - 16) / bank size, the bank
//    size being the mapper's switchable PRG window (nesPrgBankSize); without a ROM,
//    16 KiB. Segments run below $8000 or not written to the file are bank 0; segments
//    in the iNES header or CHR data (run at $0000, written past the PRG ROM) are left out.
//  - ld65 `-Ln` / VICE labels (.labels.txt, .lbl): `al C:8000 .name`, no banks. With a
//    ROM, labels in a window the mapper never switches ($C000 up for MMC1 / UxROM,
//    $C000 and $E000 for MMC3) take the bank it holds there; the others are bank 0.
//  - rgblink `.sym` (core/asm/rgbds/sym_reader.h): `BB:AAAA Name`.
//  - rgblink `.map` (core/asm/rgbds/map_reader.h): SECTION lines with banks and ranges.
//  - FCEUX `.nl` (core/game/fceux_nl.h): `$ADDR#name#comment`, one file per bank
//    (`game.nes.0.nl`, `game.nes.ram.nl`); the bank comes from the file name.
// Readers never crash on bad input: a malformed line is an error `file:line: message`;
// files are read within the 16 MiB source cap and at most 1,000,000 symbols a file.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/game/rom.h"

namespace core::game {

struct SymbolSource {
  std::string path;
  std::string format;  // "ld65 dbg", "VICE labels", "rgblink sym", "rgblink map", "FCEUX nl"
  size_t symbols = 0;
  // What the file says that does not fit (`file:line: ...` where a line is to blame):
  // a .dbg symbol in a segment the file does not list, lines a reader skipped, an FCEUX
  // bank file or a .dbg segment past the ROM it is loaded with. At most 12, then a count.
  std::vector<std::string> warnings;
};

inline constexpr size_t kMaxSymbolsPerFile = 1000000;

// Symbol files beside the ROM with its basename: .dbg, .sym, .map, .labels.txt, .lbl, .nl (in
// that order of preference), the ones that exist. For .nl, FCEUX's per-bank files
// (`game.nes.0.nl` ..., `game.nes.ram.nl`) are listed too.
std::vector<std::string> findSymbolFiles(const std::string& romPath);

// Reads any supported format (ld65 .dbg, rgblink .sym and .map, ld65 -Ln / VICE labels,
// FCEUX .nl) into `out`, merged, with bank numbers. Errors are `file:line: message`
// (the first 5, then a count); the well-formed lines of a file with errors are still
// merged, and `source` still says the format and count.
bool loadSymbols(const std::string& path, DebugInfo& out, SymbolSource* source, std::string* error);
// The same, with the ROM the symbols are for: its mapper gives the .dbg bank size.
bool loadSymbols(const std::string& path, DebugInfo& out, SymbolSource* source, std::string* error,
                 const RomFile* rom);

// Warnings when symbols do not belong to this ROM (the per-file ones are in
// SymbolSource::warnings). What each check can see:
//  - segments (.dbg) or sections (.map) that end past the ROM's size or sit in a bank
//    the ROM does not have (a .dbg records no ROM size or checksum, so a ROM of the same
//    size with different code passes this check);
//  - labels in banks beyond the ROM's bank count (every format with banks);
//  - code labels in ROM whose first bytes are all $FF (erased / padding: the label
//    points at nothing the ROM holds): 3 bytes, or the label's size up to 16 when the
//    file records it. A bank-0 label in a banked NES ROM (bank 0 is also what a format
//    without banks gives) is flagged only when every bank is $FF there. A data table
//    of $FF at a label is a false positive this cannot tell apart.
//  - A GB .sym or an ld65 -Ln file holds no size or checksum, so these label checks are
//    all they can tell; a rebuilt ROM whose labels still land on code passes. Constants
//    and RAM labels are never checked. At most 12 warnings, then a count.
std::vector<std::string> checkSymbols(const DebugInfo& symbols, const RomFile& rom);

}  // namespace core::game
