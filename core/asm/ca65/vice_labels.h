// Reader for VICE label files, the `-Ln` output of ld65 that many NES ROMs ship
// with when no .dbg is at hand. Each line is a command; only `al` (add label) is
// meaningful here:
//
//   al 008000 .main
//   al C:8002 .@loop
//
// Labels become DebugInfo symbols with no size and no scope. Cheap locals
// (`@name`) carry no parent in this format, so they are keyed with the nearest
// ordinary label at or below their address ("main::@loop"), matching the names
// parseDbgFile gives. The same label listed twice (ld65 writes exports twice) is
// kept once. Other VICE commands are ignored; a malformed `al` line gives an
// error diagnostic with its line number and is skipped. Returns true when no
// error was reported.
#pragma once

#include <string>
#include <vector>

#include "core/asm/debug_info.h"
#include "core/asm/diagnostic.h"

namespace core {

bool parseViceLabels(const std::string& text, DebugInfo& out, std::vector<Diagnostic>& diags,
                     const std::string& fileName = {});

}  // namespace core
