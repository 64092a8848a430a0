// Reading a big game's symbols: an ld65 `.dbg` of a full build (a 33 MB one was seen on a
// public game; the reader takes up to 256 MiB). The file is generated here in ld65's
// record order (files, lines, modules, scopes, segments, spans, symbols), with the
// record shapes ld65 writes, so the figure is the parser's, not the disk's.
//
//   build/bench/bench_symbols --benchmark_filter=Dbg/64
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/asm/ca65/dbgfile.h"
#include "core/game/symbols.h"

namespace {

// About `mib` MiB of .dbg: one span and one line per 3 bytes of code, a label every
// 8 lines, scopes every 64, over 8 banked 16 KiB segments and 40 source files.
std::string makeDbg(size_t mib) {
  std::string out = "version\tmajor=2,minor=0\n";
  const size_t target = mib << 20;
  // Each unit below writes about 99 bytes: line + span + (1/8) sym + (1/64) scope.
  const size_t units = target / 99;
  const size_t files = 40, segs = 8;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "info\tcsym=0,file=%zu,lib=0,line=%zu,mod=%zu,scope=%zu,seg=%zu,span=%zu,sym=%zu,"
                "type=0\n",
                files, units, files, units / 64 + 1, segs, units, units / 8);
  out += buf;
  for (size_t f = 0; f < files; ++f) {
    std::snprintf(buf, sizeof buf,
                  "file\tid=%zu,name=\"src/level%02zu/module%02zu.s\",size=%zu,"
                  "mtime=0x6B0F333C,mod=%zu\n",
                  f, f, f, 4000 + f, f);
    out += buf;
  }
  for (size_t i = 0; i < units; ++i) {
    std::snprintf(buf, sizeof buf, "line\tid=%zu,file=%zu,line=%zu,span=%zu\n", i, i % files,
                  10 + i / files, i);
    out += buf;
  }
  for (size_t f = 0; f < files; ++f) {
    std::snprintf(buf, sizeof buf, "mod\tid=%zu,name=\"module%02zu.o\",file=%zu\n", f, f, f);
    out += buf;
  }
  out += "scope\tid=0,name=\"\",mod=0,size=16\n";
  for (size_t s = 1; s <= units / 64; ++s) {
    std::snprintf(buf, sizeof buf,
                  "scope\tid=%zu,name=\"routine_%zu\",mod=%zu,type=scope,size=192,parent=0,"
                  "sym=%zu,span=%zu\n",
                  s, s, s % files, (s - 1) * 8, (s - 1) * 64);
    out += buf;
  }
  const size_t perSeg = units / segs + 1;
  for (size_t g = 0; g < segs; ++g) {
    std::snprintf(buf, sizeof buf,
                  "seg\tid=%zu,name=\"BANK%zu\",start=0x008000,size=0x%04zX,addrsize=absolute,"
                  "type=ro,oname=\"game.nes\",ooffs=%zu\n",
                  g, g, std::min<size_t>(perSeg * 3, 0x4000), 16 + g * 0x4000);
    out += buf;
  }
  for (size_t i = 0; i < units; ++i) {
    std::snprintf(buf, sizeof buf, "span\tid=%zu,seg=%zu,start=%zu,size=3\n", i, i / perSeg,
                  ((i % perSeg) * 3) % 0x3FFD);
    out += buf;
  }
  for (size_t i = 0; i < units / 8; ++i) {
    const size_t u = i * 8;
    std::snprintf(buf, sizeof buf,
                  "sym\tid=%zu,name=\"label_%zu\",addrsize=absolute,size=3,scope=%zu,def=%zu,"
                  "ref=%zu,val=0x%04zX,seg=%zu,type=lab\n",
                  i, i, u / 64 + 1 <= units / 64 ? u / 64 + 1 : 0, u, u + 1,
                  0x8000 + ((u % perSeg) * 3) % 0x3FFD, u / perSeg);
    out += buf;
  }
  return out;
}

void BM_ParseDbg(benchmark::State& state) {
  const std::string text = makeDbg(size_t(state.range(0)));
  for (auto _ : state) {
    core::DebugInfo info;
    std::vector<core::Diagnostic> diags;
    const bool ok = core::parseDbgFile(text, info, diags);
    if (!ok) state.SkipWithError("the generated .dbg did not parse");
    benchmark::DoNotOptimize(info.lines.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.counters["MiB"] = double(text.size()) / double(1 << 20);
}
BENCHMARK(BM_ParseDbg)->Name("ParseDbg")->Arg(4)->Arg(64)->Unit(benchmark::kMillisecond);

// The whole load a game open does: read the file from disk, plan the banks, parse, merge.
void BM_LoadDbgFile(benchmark::State& state) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("collido_bench_" + std::to_string(state.range(0)) + ".dbg"))
                               .string();
  const std::string text = makeDbg(size_t(state.range(0)));
  std::ofstream(path, std::ios::binary) << text;
  for (auto _ : state) {
    core::DebugInfo info;
    core::game::SymbolSource source;
    std::string error;
    if (!core::game::loadSymbols(path, info, &source, &error))
      state.SkipWithError(error.substr(0, 200).c_str());
    benchmark::DoNotOptimize(info.symbols.data());
  }
  std::filesystem::remove(path);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_LoadDbgFile)->Name("LoadDbgFile")->Arg(12)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace
