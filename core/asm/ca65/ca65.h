// The 6502 toolchain: the real ca65 and ld65 from cc65, run as subprocesses.
// This is the path a user's own ca65 game takes, so sample routines and user
// code are built exactly like real games.
//
//   Ca65Layout layout;                       // ZEROPAGE $00, BSS $0200, CODE $8000
//   AsmResult r = assemble6502({"collide.s", "tables.s"}, layout);
//   if (!r.ok) show(r.diagnostics);          // file:line:col from ca65/ld65, or ours
//   machine.load(r.chunks);                  // placed segments
//   r.debug.lineFor(pc);                     // from ld65 --dbgfile
//
// The ld65 config is generated from the layout a routine manifest asks for
// (ca65LinkerConfig shows it). Each source is assembled with `ca65 -g`, then
// linked with `ld65 --dbgfile`; the chunks are cut out of ld65's output using
// the output offsets in the debug file's segment records. Files are written to
// a temporary directory that is removed afterwards.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/asm/image.h"

namespace core {

// Where a routine's segments go. Segments the config knows: ZEROPAGE, BSS,
// CODE, RODATA, DATA (stored after the code, run from RAM after BSS: its chunk
// holds the initial bytes at the RAM address), STARTUP/ONCE/INIT/LOWCODE and
// `extraSegments` (after RODATA), VECTORS (at $FFFA, when the ROM reaches it),
// and for NROM also HEADER and CHARS. All are optional.
struct Ca65Layout {
  enum class Kind {
    Flat,  // bare segments at the given addresses; no ROM file
    Nrom,  // a mapper-0 .nes: iNES header, 16 or 32 KiB PRG, 8 KiB CHR
  } kind = Kind::Flat;
  uint16_t zeropage = 0x0000, zeropageSize = 0x100;  // size 0: no ZEROPAGE
  uint16_t bss = 0x0200, bssSize = 0x0600;
  uint16_t code = 0x8000;                  // CODE starts here; for NROM raised to the PRG start
  std::optional<uint16_t> rodata;          // RODATA right after CODE unless set
  std::vector<std::string> extraSegments;  // more read-only segments, placed after RODATA

  // NROM only.
  int prgBanks = 2;     // 16 KiB banks: 1 (at $C000, mirrored at $8000) or 2
  std::string chrFile;  // copied into CHR ROM (at most 8 KiB); else CHARS or blank
  bool verticalMirroring = false;
};

struct Ca65Options {
  std::vector<std::string> includeDirs;                      // ca65 -I
  std::vector<std::pair<std::string, std::string>> defines;  // ca65 -D name=value
  std::string cpu;                                           // ca65 --cpu; empty: 6502
  std::string ca65 = "ca65", ld65 = "ld65";                  // program names or paths
  // Text of a source or of a file it `.include`s instead of the file on disk (the
  // editor's unsaved buffers); nullopt reads the file. When set, the sources and
  // the includes findIncludes() sees are copied into the scratch directory at
  // their absolute paths, never written over the user's files; what the scan
  // misses is read from each source's own directory. Diagnostics and debug info
  // keep the original names.
  std::function<std::optional<std::string>(const std::string& path)> readFile;
  std::string workDir;  // objects, config and outputs; empty = a temp dir, removed afterwards
  // Keep ld65's side outputs at these paths too (empty: not kept).
  std::string dbgFile;    // --dbgfile
  std::string labelFile;  // -Ln (VICE labels)
  std::string mapFile;    // -m
  int timeoutMs = 30000;  // per tool run
  // The routine manifest the sources come from, when there is one: messages no
  // source line explains (a source ca65 cannot open, the generated linker config)
  // are located there as `sources[i]` or `layout`. Empty: at the source.
  std::string manifest;
};

// Assembles and links `sources` (paths as the user names them; diagnostics and
// debug info use the same names). Never throws: failures are diagnostics, each
// with a location. An `.include` or `.incbin` naming a device, FIFO or
// directory is refused at its directive before ca65 runs (checkIncludedFiles).
AsmResult assemble6502(const std::vector<std::string>& sources, const Ca65Layout& layout,
                       const Ca65Options& opts = {});

// The ld65 config text for `layout`. `rodataFile` is where a separate RODATA
// memory area (Flat with `rodata` set) writes its bytes.
std::string ca65LinkerConfig(const Ca65Layout& layout,
                             const std::string& rodataFile = "rodata.bin");

// True when both ca65 and ld65 can be found.
bool ca65Available(const Ca65Options& opts = {});

// The message shown when ca65 (or ld65) is missing.
std::string ca65MissingMessage(const std::string& program);

}  // namespace core
