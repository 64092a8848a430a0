// Reader for FCEUX's name list files (.nl), one per bank: `game.nes.0.nl` for PRG
// bank 0 (16 KiB units), `game.nes.ram.nl` for RAM labels, `game.nes.nl` unbanked.
//
//   $8000#Reset#the reset vector lands here
//   $8010#CheckTile#
//   $C000/10#LevelData#an array: /10 is its size in hex
//
// Each line is `$ADDR#name#comment` (the comment may run over several lines, each
// continuing line starting with `\`). The bank is not in the file but in its name;
// pass it in. A malformed line is an error diagnostic with its line number.
#pragma once

#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/asm/diagnostic.h"

namespace core::game {

bool parseFceuxNl(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                  const std::string& fileName = {}, int bank = 0);
// The bank an FCEUX file name says: `x.nes.3.nl` -> 3, `x.nes.ram.nl` and `x.nl` -> 0.
int fceuxNlBank(const std::string& path);

}  // namespace core::game
