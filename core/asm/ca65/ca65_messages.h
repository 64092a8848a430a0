// Turns what ca65 and ld65 print on stderr into Diagnostics, so the editor can
// jump to the line. Forms understood (cc65 2.18 and later):
//
//   main.s(12): Error: Range error (300 not in [0..255])
//   main.s:12: Error: ...                       (newer cc65)
//   main.s(8): Note: Macro was defined here
//   ld65: Error: main.s(3): not at 9000          (.assert failing at link time)
//   ld65: Warning: link.cfg(4): Segment 'CODE' overflows memory area 'ROM' by 1 byte
//   Unresolved external 'foo' referenced in:
//     main.s(3)
//
// ca65 gives no column; addCc65Columns fills one in from the source: where the
// quoted name in the message appears on the line, else the line's first
// non-blank character.
#pragma once

#include <string>
#include <vector>

#include "core/asm/diagnostic.h"

namespace core {

// `generatedConfig`: path of the ld65 config we wrote; locations in it mean
// nothing to the user, so they are dropped (the message says "linker config").
std::vector<Diagnostic> parseCc65Messages(const std::string& text,
                                          const std::string& generatedConfig = {});

// Fills in columns for diagnostics that have a file and line but no column,
// reading each source file at most once. Unreadable files are left alone.
void addCc65Columns(std::vector<Diagnostic>& diags);

}  // namespace core
