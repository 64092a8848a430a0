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
// a .dbg is read a line at a time up to kMaxDbgBytes (512 MiB), the others within the
// 16 MiB source cap; at most 4,000,000 symbols a file.
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

inline constexpr size_t kMaxSymbolsPerFile = 4000000;
// A .dbg is read a line at a time, up to this size (a full build's was 33 MB); the other
// formats are read whole, within the 16 MiB source cap.
inline constexpr uint64_t kMaxDbgBytes = uint64_t(512) << 20;

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

// How well a set of symbols fits a ROM: the counts checkSymbols' warnings are made of.
struct SymbolFit {
  size_t romLabels = 0;      // labels in ROM space
  size_t outOfRange = 0;     // of those, in banks the ROM lacks or past its end
  size_t codeLabels = 0;     // labels where code is expected (see checkSymbols)
  size_t erased = 0;         // of those, over $FF-filled bytes
  size_t segments = 0;       // segments / sections past the ROM or in a bank it lacks
  bool otherFamily = false;  // an rgblink file for a NES ROM, an ld65 / FCEUX one for a GB ROM
  size_t misfits() const { return outOfRange + erased + segments + (otherFamily ? 1 : 0); }
  std::vector<std::string> warnings;
};
SymbolFit fitSymbols(const DebugInfo& symbols, const RomFile& rom);

// Warnings when symbols do not belong to this ROM (the per-file ones are in
// SymbolSource::warnings). What each check can see:
//  - segments (.dbg) or sections (.map) that end past the ROM's size or sit in a bank
//    the ROM does not have (a .dbg records no ROM size or checksum, so a ROM of the same
//    size with different code passes this check);
//  - labels in banks beyond the ROM's bank count (every format with banks);
//  - labels where code is expected whose first bytes are all $FF (erased / padding: the
//    label points at nothing the ROM holds): 3 bytes, or the label's size up to 16 when
//    the file records it. Code is expected at a label that the ROM's own code names as a
//    destination (romCodeTargets: a JSR/JMP or CALL/JP/RST operand, a vector) or that lies
//    in a code segment of a .dbg (CODE, STARTUP, ONCE, ...); a tile or table label over
//    $FF bytes is data and is not checked. A bank-0 label in a banked NES ROM (bank 0 is
//    also what a format without banks gives) is flagged only when every bank is $FF there.
//  - A GB .sym or an ld65 -Ln file holds no size or checksum, so these label checks are
//    all they can tell; a rebuilt ROM whose labels still land on code passes. Constants
//    and RAM labels are never checked. At most 12 warnings, then a count.
std::vector<std::string> checkSymbols(const DebugInfo& symbols, const RomFile& rom);

// The CPU addresses the ROM's code names as destinations, one bit each of $0000-$FFFF:
// NES: the operand of every `JSR abs` / `JMP abs` byte sequence in PRG ROM and the NMI,
// reset and IRQ vectors of the last bank; Game Boy: the operand of every CALL / JP (with
// any condition) below $8000, the RST vectors, the entry point $0100 and the interrupt
// vectors. Data that happens to hold those opcodes adds targets: a superset.
std::vector<bool> romCodeTargets(const RomFile& rom);

// Every symbol file in the ROM's folder, as groups a game is read with: one file, or
// FCEUX's per-bank .nl set. Those with the ROM's basename come first, in findSymbolFiles'
// order of preference; the rest by name. Names: *.dbg, *.sym, *.map, *.lbl, *.nl,
// *.labels.txt, *.labels and labels.txt. At most kMaxSymbolCandidates groups.
inline constexpr size_t kMaxSymbolCandidates = 24;
std::vector<std::vector<std::string>> findSymbolCandidates(const std::string& romPath);

struct SymbolCandidate {
  std::vector<std::string> files;
  std::string format;      // empty when it did not load
  bool besideRom = false;  // has the ROM's basename
  size_t symbols = 0;
  SymbolFit fit;
  std::string error;  // why it could not be used (first line of the load error)
};

// Which symbol files a game is read with, when the manifest names none: of the candidates,
// the one whose labels fit the ROM (fitSymbols: no misfits), those with the ROM's basename
// first, then by format (.dbg, .sym, .map, labels, .lbl, .nl), then by symbol count; with
// no candidate that fits, the one with the fewest misfits per ROM label. A single candidate
// is taken without reading it. `why` says in one line which was taken and why; every
// candidate read is in `considered` (the chosen one first).
struct SymbolChoice {
  std::vector<std::string> files;  // empty: no symbol files
  std::string why;
  std::vector<SymbolCandidate> considered;
};
SymbolChoice chooseSymbolFiles(const RomFile& rom);

}  // namespace core::game
