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
// non-blank character. What neither tool locates (a file ca65 cannot open, an
// unplaced segment, an overflow in the generated linker config) is located by
// locateAssemblerMessages and locateLinkerMessages.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/diagnostic.h"

namespace core {

// `generatedConfig`: path of the ld65 config we wrote; locations in it mean
// nothing to the user, so they are dropped (the message says "linker config").
std::vector<Diagnostic> parseCc65Messages(const std::string& text,
                                          const std::string& generatedConfig = {});

// Gives the messages diags[from..] of ca65 assembling `source` (sources[index]
// of the call) a location where they have none ("Cannot open input file", a
// timeout): the routine manifest, named as field `sources[index]`, when
// `manifest` is set, else the source itself.
void locateAssemblerMessages(std::vector<Diagnostic>& diags, size_t from, const std::string& source,
                             size_t index, const std::string& manifest);

// Gives ld65's messages diags[from..] a location where they have none. One
// quoting a segment goes to its `.segment "NAME"` directive in `files` (the
// sources and what they include; `read` gives unsaved text), one quoting
// another name to the first line using it, one quoting nothing to the message
// before it ("Cannot generate most of the files due to memory area overflow").
// The rest go to the manifest, as field `layout` for the linker config made from
// it or `sources`, or without a manifest to the first of `files`.
void locateLinkerMessages(std::vector<Diagnostic>& diags, size_t from,
                          const std::vector<std::string>& files,
                          const std::function<std::optional<std::string>(const std::string&)>& read,
                          const std::string& manifest);

// Fills in columns for diagnostics that have a file and line but no column,
// reading each source file at most once. Unreadable files are left alone.
void addCc65Columns(std::vector<Diagnostic>& diags);

}  // namespace core
