// The small linker of the built-in SM83 assembler (internal, see rgbasm.h). It
// places sections the way rgblink does (fixed addresses first, then the most
// constrained floating sections), reports overlaps and overflows, resolves the
// patches left by the assembler, checks link-time ASSERTs, and fills the image
// chunks and debug info. A linker script, when given, fixes sections first.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/asm/image.h"
#include "core/asm/rgbds/sm83_program.h"

namespace core::sm83 {

struct LinkOptions {
  LinkModes modes;           // rgblink -t / -w / -d
  std::string linkerScript;  // rgblink -l: applied before placement (sm83_linker_script.h)
  // Reads the script (and its INCLUDEs) instead of the disk; nullopt = no such file.
  std::function<std::optional<std::string>(const std::string& path)> readFile;
};

void link(Program& prog, AsmResult& out, const LinkOptions& opts = {});

// Stores a resolved patch value at data[offset] (for Jr, `value` is the displacement
// from the end of the instruction). Returns false with a message in `err` when the
// value cannot be encoded (a jr out of reach, an ldh outside HRAM). A byte or word
// out of range is stored truncated, as rgbasm and rgblink do, with the
// -Wtruncation warning in `warn`.
bool storePatchValue(std::vector<uint8_t>& data, uint32_t offset, PatchKind kind, int32_t value,
                     std::string& err, std::string& warn);

}  // namespace core::sm83
