// Speed of the built-in SM83 assembler on a generated 2,000-line rgbds source
// (labels, local labels, macros, REPT, data, RAM variables). The editor
// reassembles whenever typing pauses, so this must stay at or below 20 ms.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "core/asm/rgbds/rgbasm.h"

namespace {

std::string makeSource(int targetLines) {
  std::string s =
      "INCLUDE \"defs.inc\"\n"
      "SECTION \"Vars\", WRAM0\n"
      "wObjX:: db\nwObjY:: db\nwBuffer: ds 32\n"
      "ToCell: MACRO\n    srl a\n    srl a\n    srl a\nENDM\n"
      "MACRO store\n    ld a, \\1\n    ld [\\2], a\nENDM\n"
      "SECTION \"Code\", ROM0[$150]\n";
  int lines = 16, n = 0;
  while (lines < targetLines) {
    const std::string name = "Routine" + std::to_string(n++);
    s += name +
         ":\n"
         "    ld hl, wBuffer\n"
         "    ld a, [wObjX]\n"
         "    add a, RADIUS\n"
         "    ToCell\n"
         "    ld b, a\n"
         ".loop:\n"
         "    ld a, [hl+]\n"
         "    cp a, $10\n"
         "    jr z, .done\n"
         "    and a, %0000_1111\n"
         "    dec b\n"
         "    jr nz, .loop\n"
         "    store LOW(" +
         name +
         "), wObjY\n"
         "    REPT 2\n"
         "    inc c\n"
         "    ENDR\n"
         "    ld de, " +
         name +
         ".table\n"
         "    call " +
         name +
         ".done\n"
         ".done:\n"
         "    ret\n"
         ".table:\n"
         "    db 1, 2, 3, 4, HIGH(.loop), LOW(.loop)\n"
         "    dw .done, RADIUS * 2\n";
    lines += 24;
  }
  return s;
}

void BM_Assemble2000Lines(benchmark::State& state) {
  const std::string source = makeSource(2000);
  core::Sm83AsmOptions opts;
  opts.readFile = [&](const std::string& path) -> std::optional<std::string> {
    if (path == "main.asm") return source;
    if (path == "defs.inc") return std::string("DEF RADIUS EQU 3\n");
    return std::nullopt;
  };
  size_t bytes = 0;
  for (auto _ : state) {
    core::AsmResult r = core::assembleSm83({"main.asm"}, opts);
    if (!r.ok) {
      state.SkipWithError(r.diagnosticsText().c_str());
      return;
    }
    bytes = 0;
    for (const auto& c : r.chunks) bytes += c.bytes.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["lines"] = 2000;
  state.counters["rom_bytes"] = static_cast<double>(bytes);
  state.counters["lines_per_s"] = benchmark::Counter(
      2000.0 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Assemble2000Lines)->Unit(benchmark::kMillisecond);

}  // namespace
