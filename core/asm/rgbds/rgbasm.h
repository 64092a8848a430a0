// The built-in assembler for rgbds-syntax SM83 (Game Boy) sources, with a small
// linker, so the app can assemble what users paste without rgbasm installed.
//
//   core::Sm83AsmOptions opts;
//   opts.includeDirs = {"include"};
//   core::AsmResult r = core::assembleSm83({"main.asm", "collide.asm"}, opts);
//   if (!r.ok) show(r.diagnosticsText());        // "file:line:col: error: ..."
//   load(r.chunks);                              // ROM chunks carry bytes, RAM ones a size
//   r.debug.lineFor(pc);                         // address -> file:line
//   std::string sym = core::writeSym(r.debug);   // rgblink-style .sym
//
// Each source path is its own translation unit, like one rgbasm run: units see
// each other's labels and constants only when exported (`Label::` or EXPORT), and
// the linker then places every section (fixed addresses first, then the most
// constrained floating ones) and resolves the remaining references.
//
// Debug lines: every line that emits bytes (or reserves RAM) maps to its own
// file:line; inside a macro or REPT that is the body line, and the invoking line
// gets one extra entry spanning the whole expansion (so a breakpoint on a macro
// call works, while stepping shows the body). debug.symbols holds every label
// (locals as "Parent.local", with `scope` = "Parent") and, with isLabel false,
// the exported numeric constants (rgblink lists them in its .sym); never other EQU
// constants. Anonymous labels are not listed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/asm/image.h"

namespace core {

// What `rgbfix -v` and its header options do to a .gb (writeRom always fixes the
// ROM size byte and both checksums).
struct RomFix {
  bool logo = true;          // write the Nintendo logo at $104 (the boot ROM checks it)
  std::string title;         // -t: $134-$143, at most 16 (11 with a game ID, 15 with a CGB flag)
  std::string gameId;        // -i: $13F-$142, at most 4 characters
  std::string newLicensee;   // -k: $144-$145, at most 2 characters
  int mbc = -1;              // -m: cartridge type byte at $147, -1 = leave as assembled
  int ramSize = -1;          // -r: $149, -1 = leave
  int cgb = -1;              // -c/-C: $143: 0x80 (compatible) or 0xC0 (only), -1 = leave
  bool sgb = false;          // -s: $146 = 3
  bool nonJapanese = false;  // -j: $14A = 1
  int oldLicensee = -1;      // -l: $14B, -1 = leave
  int romVersion = -1;       // -n: $14C, -1 = leave
  int padValue = 0;          // -p: the byte that pads the linked image up to 32 KiB * 2^n
  int linkPad = 0;           // rgblink -p: the byte that fills the gaps between sections (writeRom)
  bool pad = true;           // -p given: pad to 32 KiB * 2^n and write the ROM size byte ($148)
  bool headerChecksum = true;  // -f h (-v): the header checksum at $14D
  bool globalChecksum = true;  // -f g (-v): the global checksum at $14E-$14F
};

// rgbfix -m: a cartridge type from its number (`0x1B`, `$1B`, `27`) or its name,
// as rgbfix 1.0 spells them (`MBC5+RAM+BATTERY`, `ROM_ONLY`, `mbc3 + timer + battery`:
// any case, `_` or spaces, the features in any order). nullopt with `error` when unknown.
std::optional<int> parseMbcType(const std::string& text, std::string* error = nullptr);

struct Sm83AsmOptions {
  std::vector<std::string> includeDirs;
  // Reads a file instead of the file system (the app's editor passes unsaved buffers).
  // Return nullopt when the file does not exist.
  std::function<std::optional<std::string>(const std::string& path)> readFile;
  std::vector<std::pair<std::string, std::string>> defines;  // -D name=value (EQUS)
  // -P: a file INCLUDEd before the first line of every source (found like an INCLUDE).
  std::string preinclude;
  // -Q: fraction bits of fixed-point literals without a `q` suffix (1-31; OPT Q changes it).
  int fixPrecision = 16;
  // Like `rgbasm -o x.o` without rgblink: check every source and stop before
  // linking, so references to other files' labels are fine (chunks stay empty).
  bool assembleOnly = false;
  // Also build AsmResult::rom: a .gb image padded to a power of two with fixed header
  // checksums.
  bool buildRom = false;
  RomFix romFix;
  // rgbasm -E: every label is exported (as if declared with `::`).
  bool exportAll = false;
  // rgblink -l: an rgblink(5) linker script applied before placing sections.
  std::string linkerScript;
  // rgblink -t: ROM0 spans 32 KiB and there is no ROMX; -w: WRAM0 spans 8 KiB and
  // there is no WRAMX; -d (DMG mode): -w, and VRAM has a single bank.
  bool tiny = false, wramx0 = false, dmg = false;
  // Budgets: assembly stops with a located error naming the budget once it runs
  // out, so an endless REPT or macro, or a string that doubles itself, ends fast.
  // Lines processed (macro and REPT expansions included).
  uint64_t maxLines = 4'000'000;
  // REPT/FOR iterations, counted even when the body is empty.
  uint64_t maxIterations = 4'000'000;
  // Bytes produced by expansion (macro arguments, {interpolation}, EQUS) over the
  // whole assembly; a single line may also grow to at most 64 KiB.
  uint64_t maxExpandedBytes = 64ull << 20;
};

AsmResult assembleSm83(const std::vector<std::string>& sourcePaths,
                       const Sm83AsmOptions& opts = {});

// rgblink-style symbol file: "; File generated by ..." then "BB:AAAA Name" lines
// (lower-case hex), sorted by bank and address.
std::string writeSym(const DebugInfo& dbg);

// rgblink-style map file (`rgblink -m`): a summary of bytes used per region, then
// per region and bank each section's range, its labels and the gaps between.
// `opts` gives the layout flags (tiny, wramx0, dmg) the result was linked with.
std::string writeMap(const AsmResult& r, const Sm83AsmOptions& opts = {});

// A .gb file from the ROM chunks: banks laid out at bank * $4000 as rgblink writes
// them (ROM0, then ROMX up to the last bank used; the gaps hold fix.linkPad), padded
// past that with fix.padValue to 32 KiB * 2^n as `rgbfix -p` does (so a Makefile that
// runs only `rgbfix -p 0xFF` gives 0 in the gaps and $FF past the end); then, like
// `rgbfix -v`, the logo, the `fix` fields, the ROM size
// byte ($148), header checksum ($14D) and global checksum ($14E-$14F). False (with
// `error`) when there are no ROM chunks or a `fix` field is out of range.
bool writeRom(const std::vector<ImageChunk>& chunks, std::vector<uint8_t>& out,
              std::string* error = nullptr, const RomFix& fix = {});

// The two halves of writeRom, as the real tools split them.
// rgblink's output: ROM0 (32 KiB with -t) and the ROMX banks up to the last one used,
// the gaps filled with `linkPad` (rgblink -p); `noPad` (rgblink -x) ends it after the
// last section (with no ROM chunk at all: an empty ROM0, as rgblink writes).
bool linkImage(const std::vector<ImageChunk>& chunks, std::vector<uint8_t>& out, std::string* error,
               int linkPad = 0, bool tiny = false, bool noPad = false);
// rgbfix on an image: with fix.pad, padded to 32 KiB * 2^n with fix.padValue and the
// ROM size byte set; the header fields `fix` sets; the logo with fix.logo; the header
// and global checksums as fix asks. False (with `error`) when a field is out of range.
bool fixImage(std::vector<uint8_t>& rom, const RomFix& fix, std::string* error = nullptr);

}  // namespace core
