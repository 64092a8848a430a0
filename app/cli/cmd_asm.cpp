// `collido asm FILE... --cpu 6502|sm83 -o OUT [--sym FILE] [--dbg FILE]`: assemble
// and link sources with the same toolchains the app uses, for scripts and CI.
// 6502 goes through ca65/ld65 (OUT is a .nes for the NROM layout, else the raw
// ROM bytes); sm83 uses the built-in rgbds-syntax assembler, taking the rgbasm,
// rgblink and rgbfix flags a Makefile passes (docs/rgbds.md lists them, and the
// three whose short letters clash). Diagnostics go to stderr as file:line:col;
// the exit code is 0 when the build succeeded, 2 when not.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/asm/ca65/ca65.h"
#include "core/asm/rgbds/rgbasm.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

struct AsmOptions {
  std::vector<std::string> sources;
  std::string cpu;
  std::string out;
  std::string sym;
  std::string dbg;
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
  std::string preinclude;
  std::string fixPrecision;  // rgbasm -Q
  bool assembleOnly = false;
  // rgbfix header flags (-t -m -r -i -k -l -n -p -j -s -c/-C); text so numbers can be $hex.
  std::string title, mbc, ramSize, gameId, newLicensee, oldLicensee, romVersion, padValue,
      linkPad;
  bool nonJapanese = false, sgb = false, colorOnly = false, colorCompatible = false;
  bool validate = false;     // rgbfix -v: always done, accepted so Makefile flags carry over
  std::string map;           // rgblink -m
  std::string linkerScript;  // rgblink -l
  bool tiny = false, wramx0 = false, dmg = false, exportAll = false;  // rgblink -t -w -d, rgbasm -E
  // 6502 layout
  std::string layout;  // flat | nrom; default from OUT's extension
  std::string code, rodata, zeropage, zeropageSize, bss, bssSize;
  int prgBanks = 2;
  std::string chr;
  bool vertical = false;
  std::vector<std::string> segments;
  bool quiet = false;
};

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool writeOut(const std::string& path, const std::string& data) {
  std::string err;
  if (core::writeFileAtomic(path, data, &err, false)) return true;
  std::fprintf(stderr, "%s: error: %s\n", path.c_str(), err.c_str());
  return false;
}

// The ROM-side chunks (not RAM, not DATA's run-time copy) as one image from the
// lowest address, gaps filled with $FF as in an erased EPROM.
std::string flatImage(const core::AsmResult& r, uint32_t& base) {
  std::vector<const core::ImageChunk*> rom;
  for (const auto& c : r.chunks)
    if (!c.ram && c.name != "DATA" && !c.bytes.empty()) rom.push_back(&c);
  if (rom.empty()) return {};
  base = rom.front()->address;
  uint32_t end = 0;
  for (const auto* c : rom) {
    base = std::min(base, c->address);
    end = std::max<uint32_t>(end, c->address + static_cast<uint32_t>(c->bytes.size()));
  }
  std::string out(end - base, '\xFF');
  for (const auto* c : rom)
    std::copy(c->bytes.begin(), c->bytes.end(), out.begin() + (c->address - base));
  return out;
}

void printSummary(const core::AsmResult& r) {
  for (const auto& c : r.chunks)
    std::printf("%-10s $%04X-$%04X %5u bytes%s\n", c.name.c_str(), c.address,
                c.address + (c.size ? c.size - 1 : 0), c.size, c.ram ? " (ram)" : "");
}

std::vector<std::pair<std::string, std::string>> splitDefines(const std::vector<std::string>& in) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& d : in) {
    size_t eq = d.find('=');
    out.emplace_back(d.substr(0, eq), eq == std::string::npos ? "" : d.substr(eq + 1));
  }
  return out;
}

int run6502(const AsmOptions& o) {
  core::Ca65Layout layout;
  std::string kind = o.layout.empty() ? (endsWith(o.out, ".nes") ? "nrom" : "flat") : o.layout;
  layout.kind = kind == "nrom" ? core::Ca65Layout::Kind::Nrom : core::Ca65Layout::Kind::Flat;
  struct Field {
    const std::string* text;
    const char* flag;
    std::function<void(uint32_t)> set;
  };
  const Field fields[] = {
      {&o.code, "--code", [&](uint32_t v) { layout.code = static_cast<uint16_t>(v); }},
      {&o.rodata, "--rodata", [&](uint32_t v) { layout.rodata = static_cast<uint16_t>(v); }},
      {&o.zeropage, "--zp", [&](uint32_t v) { layout.zeropage = static_cast<uint16_t>(v); }},
      {&o.zeropageSize, "--zp-size",
       [&](uint32_t v) { layout.zeropageSize = static_cast<uint16_t>(v); }},
      {&o.bss, "--bss", [&](uint32_t v) { layout.bss = static_cast<uint16_t>(v); }},
      {&o.bssSize, "--bss-size", [&](uint32_t v) { layout.bssSize = static_cast<uint16_t>(v); }},
  };
  for (const auto& f : fields) {
    if (f.text->empty()) continue;
    auto v = parseAddress(*f.text);
    if (!v) {
      std::fprintf(stderr, "error: %s: not an address or size: '%s'\n", f.flag, f.text->c_str());
      return kExitBadInput;
    }
    f.set(*v);
  }
  layout.prgBanks = o.prgBanks;
  layout.chrFile = o.chr;
  layout.verticalMirroring = o.vertical;
  layout.extraSegments = o.segments;

  core::Ca65Options opts;
  opts.includeDirs = o.includeDirs;
  opts.defines = splitDefines(o.defines);
  opts.dbgFile = o.dbg;
  opts.labelFile = o.sym;

  core::AsmResult r = core::assemble6502(o.sources, layout, opts);
  printDiagnostics(r.diagnostics);
  if (!r.ok) return kExitBadInput;

  std::string image;
  uint32_t base = 0;
  if (!r.rom.empty())
    image.assign(r.rom.begin(), r.rom.end());
  else
    image = flatImage(r, base);
  if (!writeOut(o.out, image)) return kExitBadInput;
  if (!o.quiet) {
    printSummary(r);
    if (r.rom.empty())
      std::printf("wrote %s: %zu bytes from $%04X\n", o.out.c_str(), image.size(), base);
    else
      std::printf("wrote %s: %zu bytes (iNES)\n", o.out.c_str(), image.size());
  }
  return kExitClean;
}

// "BB:AAAA size file:line" per debug line: the address -> source map as text.
std::string lineMap(const core::DebugInfo& d) {
  std::string out = "; collido line map: bank:address size file:line\n";
  char buf[32];
  for (const auto& l : d.lines) {
    if (l.file < 0 || l.file >= static_cast<int>(d.files.size())) continue;
    std::snprintf(buf, sizeof buf, "%02x:%04x %u ", static_cast<unsigned>(l.bank), l.address,
                  l.size);
    out += buf + d.files[l.file] + ":" + std::to_string(l.line) + "\n";
  }
  return out;
}

int runSm83(const AsmOptions& o) {
  core::Sm83AsmOptions opts;
  opts.includeDirs = o.includeDirs;
  opts.defines = splitDefines(o.defines);
  opts.preinclude = o.preinclude;
  opts.assembleOnly = o.assembleOnly;
  opts.buildRom = endsWith(o.out, ".gb") || endsWith(o.out, ".gbc");
  opts.linkerScript = o.linkerScript;
  opts.tiny = o.tiny;
  opts.wramx0 = o.wramx0;
  opts.dmg = o.dmg;
  opts.exportAll = o.exportAll;
  if (!o.fixPrecision.empty()) {
    std::string q = o.fixPrecision.substr(o.fixPrecision[0] == '.' ? 1 : 0);
    auto v = parseAddress(q);
    if (!v || *v < 1 || *v > 31) {
      std::fprintf(stderr, "error: -Q: precision must be 1-31: '%s'\n", o.fixPrecision.c_str());
      return kExitBadInput;
    }
    opts.fixPrecision = static_cast<int>(*v);
  }
  core::RomFix& fix = opts.romFix;
  fix.title = o.title;
  fix.gameId = o.gameId;
  fix.newLicensee = o.newLicensee;
  fix.nonJapanese = o.nonJapanese;
  fix.sgb = o.sgb;
  if (o.colorOnly || o.colorCompatible) fix.cgb = o.colorOnly ? 0xC0 : 0x80;
  if (!o.mbc.empty()) {
    std::string err;
    auto v = core::parseMbcType(o.mbc, &err);
    if (!v) {
      std::fprintf(stderr, "error: --mbc: %s\n", err.c_str());
      return kExitBadInput;
    }
    fix.mbc = *v;
  }
  for (auto [text, field, flag] : {std::tuple{&o.ramSize, &fix.ramSize, "--ram-size"},
                                   std::tuple{&o.oldLicensee, &fix.oldLicensee, "--old-licensee"},
                                   std::tuple{&o.romVersion, &fix.romVersion, "--rom-version"},
                                   std::tuple{&o.padValue, &fix.padValue, "--pad-value"},
                                   std::tuple{&o.linkPad, &fix.linkPad, "--link-pad"}}) {
    if (text->empty()) continue;
    auto v = parseAddress(*text);
    if (!v || *v > 0xFF) {
      std::fprintf(stderr, "error: %s: not a byte: '%s'\n", flag, text->c_str());
      return kExitBadInput;
    }
    *field = static_cast<int>(*v);
  }
  core::AsmResult r = core::assembleSm83(o.sources, opts);
  std::fwrite(r.printed.data(), 1, r.printed.size(), stdout);  // PRINT/PRINTLN, as rgbasm
  printDiagnostics(r.diagnostics);
  if (!r.ok) return kExitBadInput;
  if (o.assembleOnly) {
    if (!o.quiet) std::printf("assembled %zu source(s), not linked\n", o.sources.size());
    return kExitClean;
  }

  std::string image;
  uint32_t base = 0;
  if (opts.buildRom) {
    image.assign(r.rom.begin(), r.rom.end());
  } else {
    // A raw image is the CPU's view: ROM0 and one ROMX bank side by side.
    for (const auto& c : r.chunks)
      if (!c.ram && c.bank > 1) {
        std::fprintf(stderr, "error: section %s is in ROM bank %d; write a .gb instead\n",
                     c.name.c_str(), c.bank);
        return kExitBadInput;
      }
    image = flatImage(r, base);
  }
  if (!writeOut(o.out, image)) return kExitBadInput;
  if (!o.sym.empty() && !writeOut(o.sym, core::writeSym(r.debug))) return kExitBadInput;
  if (!o.map.empty() && !writeOut(o.map, core::writeMap(r, opts))) return kExitBadInput;
  if (!o.dbg.empty() && !writeOut(o.dbg, lineMap(r.debug))) return kExitBadInput;
  if (!o.quiet) {
    printSummary(r);
    if (opts.buildRom)
      std::printf("wrote %s: %zu bytes (Game Boy ROM)\n", o.out.c_str(), image.size());
    else
      std::printf("wrote %s: %zu bytes from $%04X\n", o.out.c_str(), image.size(), base);
  }
  return kExitClean;
}

CommandRegistrar reg(
    "asm", "Assemble and link sources (6502 via ca65/ld65, sm83 built in)", [](CLI::App& sub) {
      auto o = std::make_shared<AsmOptions>();
      sub.add_option("sources", o->sources, "Source files")->required();
      sub.add_option("--cpu", o->cpu, "Target CPU")
          ->required()
          ->check(CLI::IsMember({"6502", "sm83"}));
      sub.add_option("-o,--output", o->out, "Output file (.nes/.gb: a ROM, else raw bytes)");
      sub.add_option("--sym", o->sym, "Write labels: rgblink .sym (sm83), VICE -Ln (6502)");
      sub.add_option("--dbg", o->dbg, "Write debug info: ld65 .dbg (6502), line map (sm83)");
      sub.add_option("-I,--include", o->includeDirs, "Include directory");
      sub.add_option("-D,--define", o->defines, "Define NAME[=VALUE]");
      sub.add_option("-P,--preinclude", o->preinclude,
                     "sm83: INCLUDE this file before each source (rgbasm -P)");
      sub.add_option("-Q,--q-precision", o->fixPrecision,
                     "sm83: fraction bits of fixed-point literals, 1-31 (rgbasm -Q; default 16)");
      sub.add_option("--map", o->map, "sm83: write an rgblink-style .map file");
      sub.add_option("-l,--linker-script", o->linkerScript,
                     "sm83: rgblink(5) linker script placing sections (rgblink -l)");
      sub.add_flag("-d,--dmg", o->dmg,
                   "sm83: DMG mode, WRAM0 is 8 KiB and VRAM one bank (rgblink -d)");
      sub.add_flag("--wramx", o->wramx0, "sm83: WRAM0 is 8 KiB, no WRAMX (rgblink -w)");
      sub.add_flag("--tiny", o->tiny, "sm83: ROM0 is 32 KiB, no ROMX (rgblink -t)");
      sub.add_flag("-E,--export-all", o->exportAll, "sm83: export every label (rgbasm -E)");
      sub.add_option("-t,--title", o->title, "sm83 .gb: header title (rgbfix -t)");
      sub.add_option("-m,--mbc", o->mbc,
                     "sm83 .gb: cartridge type, a number or a name like MBC5+RAM+BATTERY "
                     "(rgbfix -m)");
      sub.add_option("-r,--ram-size", o->ramSize, "sm83 .gb: RAM size byte (rgbfix -r)");
      sub.add_option("-i,--game-id", o->gameId, "sm83 .gb: game ID, 4 characters (rgbfix -i)");
      sub.add_option("-k,--new-licensee", o->newLicensee,
                     "sm83 .gb: new licensee, 2 characters (rgbfix -k)");
      sub.add_option("--old-licensee", o->oldLicensee,
                     "sm83 .gb: old licensee byte, $33 for new games (rgbfix -l)");
      sub.add_option("-n,--rom-version", o->romVersion, "sm83 .gb: ROM version byte (rgbfix -n)");
      sub.add_option("-p,--pad-value", o->padValue,
                     "sm83 .gb: byte padding the ROM past its last bank to 32 KiB * 2^n "
                     "(rgbfix -p; default 0)");
      sub.add_option("--link-pad", o->linkPad,
                     "sm83 .gb: byte filling the gaps between sections (rgblink -p; default 0)");
      sub.add_flag("-v,--validate", o->validate,
                   "sm83 .gb: accepted like rgbfix -v; the logo and checksums are always fixed");
      sub.add_flag("-j,--non-japanese", o->nonJapanese,
                   "sm83 .gb: non-Japanese region (rgbfix -j)");
      sub.add_flag("-s,--sgb-compatible", o->sgb, "sm83 .gb: SGB flag (rgbfix -s)");
      sub.add_flag("-C,--color-only", o->colorOnly, "sm83 .gb: CGB-only flag $C0 (rgbfix -C)");
      sub.add_flag("--color-compatible", o->colorCompatible,
                   "sm83 .gb: CGB-compatible flag $80 (rgbfix -c)");
      sub.add_flag("-c,--assemble-only", o->assembleOnly,
                   "sm83: check each source like rgbasm -o x.o, without linking or output");
      sub.add_option("--layout", o->layout, "6502 layout (default: nrom for .nes)")
          ->check(CLI::IsMember({"flat", "nrom"}));
      sub.add_option("--code", o->code, "6502 CODE address ($8000)");
      sub.add_option("--rodata", o->rodata, "6502 RODATA address (after CODE)");
      sub.add_option("--zp", o->zeropage, "6502 ZEROPAGE address ($00)");
      sub.add_option("--zp-size", o->zeropageSize, "6502 ZEROPAGE size ($100)");
      sub.add_option("--bss", o->bss, "6502 BSS address ($0200)");
      sub.add_option("--bss-size", o->bssSize, "6502 BSS size ($600)");
      sub.add_option("--segment", o->segments, "6502 extra read-only segment, placed after RODATA");
      sub.add_option("--prg-banks", o->prgBanks, "NROM PRG banks of 16 KiB")
          ->check(CLI::Range(1, 2));
      sub.add_option("--chr", o->chr, "NROM CHR file (8 KiB)");
      sub.add_flag("--vertical", o->vertical, "NROM vertical mirroring");
      sub.add_flag("-q,--quiet", o->quiet, "Print diagnostics only");
      return [o]() -> int {
        if (o->cpu == "6502" && (o->assembleOnly || !o->preinclude.empty() || !o->map.empty() ||
                                 !o->linkerScript.empty() || !o->fixPrecision.empty())) {
          std::fprintf(stderr, "error: -c, -P, -Q, -l and --map are for --cpu sm83\n");
          return kExitBadInput;
        }
        if (o->out.empty() && !o->assembleOnly) {
          std::fprintf(stderr, "error: -o/--output is required (or -c to only assemble)\n");
          return kExitBadInput;
        }
        return o->cpu == "6502" ? run6502(*o) : runSm83(*o);
      };
    });

}  // namespace
}  // namespace app::cli
