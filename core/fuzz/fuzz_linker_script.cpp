// libFuzzer target for rgblink(5) linker scripts in the built-in SM83 linker
// (core/asm/rgbds/sm83_linker_script.h): the input is up to 4 in-memory scripts
// separated by a line ";;;file", the first the script (game.link) and the others
// includable as inc1.link .. inc3.link; they place the sections of a fixed
// program that has one of every region, fixed banks, addresses and alignments,
// a union, fragments and cross-section references (nothing touches the disk).
// The input's length picks the layout flags (-t, -w, -d) and whether a ROM is
// built. A failed link has a diagnostic; a link that succeeds places every
// chunk inside the 64 KiB address space with no two chunks of one bank overlapping.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/asm/rgbds/rgbasm.h"
#include "core/fuzz/fuzz_files.h"

namespace {

const char* const kProgram = R"(SECTION "Header", ROM0[$100]
    nop
    jp Main
SECTION "A", ROM0
Main::
    ld a, BANK(FarCall)
    ld [$2000], a
    call FarCall
    ld hl, wCounter
    inc [hl]
    jr Main
SECTION "B", ROMX
    dw Main, FarCall, hTemp
SECTION "C", ROMX, BANK[2]
FarCall::
    ld a, [hTemp]
    ret
SECTION "D", ROMX, ALIGN[8]
Table::
    db 0, 1, 2, 3, 4, 5, 6, 7
SECTION "K", ROMX[$4100]
    dw Table
SECTION "Big", ROMX
    ds $2000, $FF
SECTION FRAGMENT "Frag", ROM0
    db 1, 2
SECTION FRAGMENT "Frag", ROM0
    dw Main
SECTION "E", WRAM0
wCounter:: ds 1
SECTION "F", WRAMX
wBuffer:: ds 32
SECTION "L", WRAMX, BANK[3]
    ds 16
SECTION UNION "U", WRAM0
uA: ds 4
SECTION UNION "U", WRAM0
uB: ds 8
SECTION "G", VRAM
    ds 16
SECTION "H", HRAM
hTemp:: ds 1
SECTION "I", SRAM
    ds 8
SECTION "J", OAM
    ds 160
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> files =
      fuzz::splitFiles(std::string(reinterpret_cast<const char*>(data), size), 4);
  core::Sm83AsmOptions opts;
  opts.linkerScript = "game.link";
  opts.tiny = (size & 1) != 0;
  opts.wramx0 = (size & 2) != 0;
  opts.dmg = (size & 4) != 0;
  opts.buildRom = (size & 8) != 0;
  opts.readFile = [&](const std::string& path) -> std::optional<std::string> {
    const std::string name = std::filesystem::path(path).filename().string();
    if (name == "main.asm") return std::string(kProgram);
    if (name == "game.link") return files[0];
    if (name.size() == 9 && name.starts_with("inc") && name.ends_with(".link")) {
      const size_t i = size_t(name[3] - '0');
      if (i >= 1 && i < files.size()) return files[i];
    }
    return std::nullopt;  // never the disk: anything else is missing
  };
  const core::AsmResult r = core::assembleSm83({"main.asm"}, opts);
  if (!r.ok) {
    if (r.diagnostics.empty()) std::abort();  // a failed link always says why
    return 0;
  }
  // What the linker placed: inside the address space, and no overlaps within a
  // bank of one kind (ROM chunks carry bytes, RAM ones a size).
  std::map<std::pair<bool, int>, std::vector<std::pair<uint32_t, uint32_t>>> spans;
  for (const core::ImageChunk& c : r.chunks) {
    if (!c.ram && c.bytes.size() != c.size) std::abort();
    if (uint64_t(c.address) + c.size > 0x10000) std::abort();
    if (c.size > 0) spans[{c.ram, c.bank}].push_back({c.address, c.address + c.size});
  }
  for (auto& [key, list] : spans) {
    std::sort(list.begin(), list.end());
    for (size_t i = 1; i < list.size(); ++i)
      if (list[i].first < list[i - 1].second) std::abort();
  }
  (void)core::writeMap(r, opts);
  (void)core::writeSym(r.debug);
  return 0;
}
