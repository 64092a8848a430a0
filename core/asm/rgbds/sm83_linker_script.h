// rgblink(5) linker scripts for the built-in SM83 linker (internal, see rgbasm.h;
// `rgblink -l FILE`, `collido asm -l FILE`, the manifest's "linkerScript").
//
//   ROMX 3              ; make ROMX bank 3 active, at its last address
//     ORG $4100         ; move the current address (never backwards)
//     ALIGN 8, 4        ; low 8 bits of the address become $04
//     DS 16             ; skip 16 bytes (left free for floating sections)
//     "Some code"       ; place this section here (OPTIONAL: may be absent)
//   WRAMX FLOATING      ; following sections get the type only
//   INCLUDE "more.link"
//
// The script runs after assembly and before placement, the way rgblink applies
// it: each named section gets its bank and address fixed (or, after FLOATING,
// only its type and alignment), after checking that this agrees with what its
// SECTION line asked. Errors are located at the script's file:line:col, with a
// note per INCLUDE that led there.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/asm/rgbds/sm83_program.h"

namespace core::sm83 {

using ScriptReader = std::function<std::optional<std::string>(const std::string& path)>;

// Reads the script at `path` (through `read`, or the disk when empty) and fixes
// the sections of `prog` it names. Diagnostics go to prog.diagnostics.
void applyLinkerScript(Program& prog, const std::string& path, const ScriptReader& read = nullptr);

}  // namespace core::sm83
