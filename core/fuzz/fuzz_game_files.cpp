// libFuzzer target for a built game's files: the input is read as each symbol format
// (rgblink .sym and .map, FCEUX .nl, ld65 .dbg, VICE labels) and as a ROM image, and
// the symbols are checked against the ROM when it loads. Nothing may crash, hang or
// leak; errors are located messages.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/ca65/dbgfile.h"
#include "core/asm/ca65/vice_labels.h"
#include "core/asm/rgbds/map_reader.h"
#include "core/asm/rgbds/sym_reader.h"
#include "core/game/fceux_nl.h"
#include "core/game/symbols.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  core::DebugInfo info;
  std::vector<core::Diagnostic> diags;
  core::parseRgblinkSym(text, info, diags, "f.sym");
  core::parseRgblinkMap(text, info, diags, "f.map");
  core::game::parseFceuxNl(text, info, diags, "f.nes.1.nl", 1);
  core::parseViceLabels(text, info, diags, "f.lbl");
  core::parseDbgFile(text, info, diags, {});
  core::game::RomFile rom;
  std::string error;
  if (core::game::loadRomBytes(std::vector<uint8_t>(data, data + size), "f.rom", rom, &error))
    (void)core::game::checkSymbols(info, rom);
  return 0;
}
