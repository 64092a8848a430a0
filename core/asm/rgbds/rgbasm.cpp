#include "core/asm/rgbds/rgbasm.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <iterator>
#include <map>
#include <tuple>

#include "core/asm/rgbds/sm83_assembler.h"
#include "core/asm/rgbds/sm83_linker.h"
#include "core/util/text.h"

namespace core {

AsmResult assembleSm83(const std::vector<std::string>& sourcePaths, const Sm83AsmOptions& opts) {
  AsmResult result;
  sm83::Program prog;
  sm83::AsmConfig cfg;
  cfg.includeDirs = opts.includeDirs;
  cfg.readFile = opts.readFile;
  cfg.defines = opts.defines;
  cfg.preinclude = opts.preinclude;
  cfg.fixPrecision = opts.fixPrecision;
  cfg.maxLines = opts.maxLines;
  cfg.maxIterations = opts.maxIterations;
  cfg.maxExpandedBytes = opts.maxExpandedBytes;
  // The link modes are known before assembly: STARTOF/SIZEOF of a section type follow them.
  prog.modes = sm83::LinkModes{opts.tiny, opts.wramx0, opts.dmg};
  {
    sm83::Assembler assembler(cfg, prog);
    for (const auto& path : sourcePaths) assembler.assembleUnit(path);
  }
  if (opts.fixPrecision < 1 || opts.fixPrecision > 31)
    prog.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, SourceLoc{},
                                          "fixed-point precision (-Q) must be between 1 and 31"});
  if (sourcePaths.empty())
    prog.diagnostics.push_back(
        Diagnostic{Diagnostic::Severity::Error, SourceLoc{}, "no source files given"});
  if (!hasErrors(prog.diagnostics) && !opts.assembleOnly) {
    if (opts.exportAll)
      for (sm83::Unit& unit : prog.units)
        for (sm83::Symbol& s : unit.symbols)
          if (s.kind == sm83::SymKind::Label && !s.anonymous) s.exported = true;
    sm83::LinkOptions link;
    link.modes = sm83::LinkModes{opts.tiny, opts.wramx0, opts.dmg};
    link.linkerScript = opts.linkerScript;
    link.readFile = opts.readFile;
    sm83::link(prog, result, link);
  } else
    result.debug.files = prog.files;
  result.diagnostics = std::move(prog.diagnostics);
  result.printed = std::move(prog.printed);
  result.ok = !hasErrors(result.diagnostics);
  if (result.ok && opts.buildRom && !opts.assembleOnly) {
    // rgblink would write a blank ROM; say which sources gave nothing to put in it.
    const bool anyRom = std::any_of(result.chunks.begin(), result.chunks.end(),
                                    [](const auto& c) { return !c.ram && c.address < 0x8000; });
    if (!anyRom) {
      std::string names;
      for (const auto& p : sourcePaths) names += (names.empty() ? "" : ", ") + p;
      result.diagnostics.push_back(
          Diagnostic{Diagnostic::Severity::Error, SourceLoc{sourcePaths.front(), 0, 0},
                     "no ROM sections to write: " + names +
                         (sourcePaths.size() == 1 ? " defines" : " define") +
                         " no ROM0 or ROMX section, so the ROM would be blank"});
      result.ok = false;
      return result;
    }
    std::string err;
    if (!writeRom(result.chunks, result.rom, &err, opts.romFix)) {
      result.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, SourceLoc{}, err});
      result.ok = false;
    }
  }
  return result;
}

namespace {

// The section type order of rgblink's .sym, told from the CPU address.
int symRegion(uint32_t address) {
  if (address < 0x4000) return 0;  // ROM0 (with -t, 0000-7FFF in bank 0 comes first anyway)
  if (address < 0x8000) return 1;  // ROMX
  if (address < 0xA000) return 2;  // VRAM
  if (address < 0xC000) return 3;  // SRAM
  if (address < 0xD000) return 4;  // WRAM0
  if (address < 0xE000) return 5;  // WRAMX (WRAM0 with -w)
  if (address < 0xFF00) return 6;  // OAM
  return 7;                        // HRAM
}

// A name as rgblink writes it: identifier characters as they are, others as \uXXXX.
void appendSymName(std::string& out, const std::string& name) {
  for (unsigned char c : name) {
    if (std::isalnum(c) || c == '_' || c == '.' || c == '#' || c == '@' || c == '$')
      out += static_cast<char>(c);
    else if (c < 0x80) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);  // UTF-8 bytes: kept (rgblink escapes the code point)
    }
  }
}

}  // namespace

std::string writeSym(const DebugInfo& dbg) {
  struct Row {
    const DebugSymbol* s;
    uint32_t parent;
    bool local;
  };
  std::map<std::string, uint32_t> globals;
  for (const auto& s : dbg.symbols)
    if (s.isLabel && s.name.find('.') == std::string::npos) globals.emplace(s.name, s.address);
  std::vector<Row> labels;
  std::vector<const DebugSymbol*> constants;
  for (const auto& s : dbg.symbols) {
    if (!s.isLabel) {
      constants.push_back(&s);
      continue;
    }
    const size_t dot = s.name.find('.');
    uint32_t parent = s.address;
    if (dot != std::string::npos) {
      auto it = globals.find(s.name.substr(0, dot));
      if (it != globals.end()) parent = it->second;
    }
    labels.push_back({&s, parent, dot != std::string::npos});
  }
  // rgblink's order: section type, bank, then address, globals before locals, the
  // parent's address, the name.
  std::stable_sort(labels.begin(), labels.end(), [](const Row& a, const Row& b) {
    return std::make_tuple(symRegion(a.s->address), a.s->bank, a.s->address & 0xFFFFu, a.local,
                           a.parent, std::cref(a.s->name)) <
           std::make_tuple(symRegion(b.s->address), b.s->bank, b.s->address & 0xFFFFu, b.local,
                           b.parent, std::cref(b.s->name));
  });
  // Exported numeric constants after the labels, by value, then name.
  std::sort(constants.begin(), constants.end(), [](const DebugSymbol* a, const DebugSymbol* b) {
    return std::tie(a->address, a->name) < std::tie(b->address, b->name);
  });
  std::string out = "; File generated by collidoscope (rgblink-compatible)\n";
  char buf[24];
  for (const Row& r : labels) {
    std::snprintf(buf, sizeof buf, "%02x:%04x ", static_cast<unsigned>(r.s->bank) & 0xFFu,
                  r.s->address & 0xFFFFu);
    out += buf;
    appendSymName(out, r.s->name);
    out += '\n';
  }
  for (const DebugSymbol* c : constants) {
    const uint32_t v = c->address;
    std::snprintf(buf, sizeof buf, "%0*x ", v < 0x100 ? 2 : v < 0x10000 ? 4 : 8, v);
    out += buf;
    appendSymName(out, c->name);
    out += '\n';
  }
  return out;
}

namespace {

struct MapRegion {
  const char* name;
  uint32_t start, end;  // inclusive
};
constexpr MapRegion kMapRegions[] = {
    {"ROM0", 0x0000, 0x3FFF}, {"ROMX", 0x4000, 0x7FFF},  {"VRAM", 0x8000, 0x9FFF},
    {"SRAM", 0xA000, 0xBFFF}, {"WRAM0", 0xC000, 0xCFFF}, {"WRAMX", 0xD000, 0xDFFF},
    {"OAM", 0xFE00, 0xFE9F},  {"HRAM", 0xFF80, 0xFFFE},
};

}  // namespace

std::string writeMap(const AsmResult& r, const Sm83AsmOptions& opts) {
  // rgblink -t / -w / -d make ROM0 and WRAM0 span what ROMX and WRAMX would.
  MapRegion regions[std::size(kMapRegions)];
  std::copy(std::begin(kMapRegions), std::end(kMapRegions), regions);
  if (opts.tiny) regions[0].end = 0x7FFF;
  if (opts.wramx0 || opts.dmg) regions[4].end = 0xDFFF;
  // (region, bank) -> chunks, in address order.
  std::map<std::pair<int, int>, std::vector<const ImageChunk*>> groups;
  for (const auto& c : r.chunks)
    for (int i = 0; i < static_cast<int>(std::size(regions)); ++i)
      if (c.address >= regions[i].start && c.address <= regions[i].end) {
        groups[{i, c.bank}].push_back(&c);
        break;
      }
  std::string out = "SUMMARY:\n";
  std::map<int, std::pair<uint32_t, uint32_t>> used;  // region -> used, capacity
  for (auto& [key, list] : groups) {
    const MapRegion& reg = regions[key.first];
    auto& u = used[key.first];
    u.second += reg.end - reg.start + 1;
    for (const ImageChunk* c : list) u.first += c->size;
  }
  for (const auto& [region, u] : used)
    out += std::string("\t") + regions[region].name + ": " + std::to_string(u.first) +
           " bytes used / " + std::to_string(u.second - u.first) + " free\n";
  char buf[96];
  for (auto& [key, list] : groups) {
    const MapRegion& reg = regions[key.first];
    std::stable_sort(list.begin(), list.end(), [](const ImageChunk* a, const ImageChunk* b) {
      return a->address < b->address;
    });
    out += std::string("\n") + reg.name + " bank #" + std::to_string(key.second) + ":\n";
    uint32_t at = reg.start, empty = 0;
    auto gap = [&](uint32_t from, uint32_t to) {  // [from, to)
      std::snprintf(buf, sizeof buf, "\tEMPTY: %s-%s ($%04X bytes)\n", hex(from).c_str(),
                    hex(to - 1).c_str(), to - from);
      out += buf;
      empty += to - from;
    };
    for (const ImageChunk* c : list) {
      if (c->address > at) gap(at, c->address);
      const uint32_t last = c->address + (c->size ? c->size - 1 : 0);
      std::snprintf(buf, sizeof buf, "\tSECTION: %s-%s ($%04X byte%s) [\"", hex(c->address).c_str(),
                    hex(last).c_str(), c->size, c->size == 1 ? "" : "s");
      out += buf + c->name + "\"]\n";
      for (const auto& s : r.debug.symbols)
        if (s.isLabel && s.bank == c->bank && s.address >= c->address &&
            s.address < c->address + std::max<uint32_t>(c->size, 1))
          out += "\t         " + hex(s.address) + " = " + s.name + "\n";
      at = std::max(at, c->address + c->size);
    }
    if (at <= reg.end) gap(at, reg.end + 1);
    std::snprintf(buf, sizeof buf, "\tTOTAL EMPTY: $%04X bytes\n", empty);
    out += buf;
  }
  return out;
}

}  // namespace core
