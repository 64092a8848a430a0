// Reader for the map file rgblink writes with `-m` (.map): per bank, its
// sections with their address ranges, and under each the symbols it defines.
//
//   ROM0 bank #0:
//     SECTION: $0000-$0007 ($0008 bytes) ["RST00"]
//     SECTION: $0150-$01ff ($00b0 bytes) ["Main"]
//              $0150 = Start
//              $0158 = Start.loop
//   ROMX bank #1:
//     SECTION: $4000-$40ff ($0100 bytes) ["Collision"]
//              $4000 = CheckTile
//   WRAM0 bank #0:
//     SECTION: $c000-$c0ff ($0100 bytes) ["Vars"]
//   ...
//     EMPTY: $4100-$7fff ($3f00 bytes)
//     TOTAL EMPTY: $3f00 bytes
//
// Older rgblink versions write `SECTION: $4000-$40ff ($0100 bytes) ["Name"]` the same
// way, and `SECTION: $4000 ($0000 byte) ["Name"]` for empty sections; both are read.
// Sections become DebugInfo segments (with their bank), symbols take the bank of the
// section above them. `SUMMARY:` blocks, `EMPTY` / `SLACK` lines and
// `BANK #N:` headers of other layouts are understood or skipped. A malformed
// SECTION or symbol line is an error diagnostic with its line number and is
// skipped; returns true when none was reported.
#pragma once

#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/asm/diagnostic.h"

namespace core {

bool parseRgblinkMap(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName = {});

}  // namespace core
