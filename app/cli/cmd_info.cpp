// `collido info ROM [--symbols FILE...] [--json OUT]`: what Collidoscope sees in a
// built game: the header (mapper or MBC, banks, RAM, mirroring), checksums (NES: CRC32
// of the PRG ROM and of the whole file, as ROM databases list them; Game Boy: header
// and global checksums, ok or bad), the symbol files found beside it (or given) with
// how many symbols each holds, and warnings (symbols that do not fit the ROM ...).
// `collido info SCENARIO|MAP`: the files a scenario (its map and manifest too) or
// a map names, each marked when it lies outside the scenario's folder, with a
// warning for each of those (core/sim/references.h).
// Exit 0 when the ROM and its symbols (or the document) load, 2 with the located
// message when not.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "core/game/rom.h"
#include "core/game/symbols.h"
#include "core/map/map_file.h"
#include "core/sim/references.h"
#include "core/sim/scenario.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"
#include "core/util/text.h"

namespace app::cli {
namespace {

using core::hex;

struct InfoOptions {
  std::string rom;
  std::vector<std::string> symbols;
  std::string json;
};

int infoBadInput(const std::string& message) {
  std::fprintf(stderr, "collido info: %s\n", message.c_str());
  return kExitBadInput;
}

std::string crcText(uint32_t crc) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%08X", crc);
  return buf;
}

using Rows = std::vector<std::pair<std::string, std::string>>;

Rows nesRows(const core::game::RomFile& rom, nlohmann::ordered_json& j) {
  const emu6502::Cartridge& c = *rom.nes;
  Rows rows;
  const uint32_t bank = core::game::nesPrgBankSize(c.mapper);
  rows.push_back({"format", c.nes20 ? "NES 2.0" : "iNES"});
  rows.push_back({"mapper", std::to_string(c.mapper) +
                                (c.submapper ? "." + std::to_string(c.submapper) : std::string()) +
                                " (" + core::game::nesMapperName(c.mapper) + ")"});
  rows.push_back({"PRG ROM", core::byteSize(c.prg.size()) +
                                 (bank ? ", " + std::to_string(c.prg.size() / bank) + " banks of " +
                                             core::byteSize(bank)
                                       : std::string(", not banked"))});
  rows.push_back({"CHR", c.chr.empty() ? core::byteSize(c.chrRamSize) + " RAM"
                                       : core::byteSize(c.chr.size()) + " ROM"});
  rows.push_back({"PRG-RAM", core::byteSize(c.prgRamSize) + (c.battery ? ", battery" : "")});
  rows.push_back({"mirroring", emu6502::mirroringName(c.mirroring)});
  const uint32_t prgCrc = core::game::crc32(c.prg.data(), c.prg.size());
  const uint32_t fileCrc = core::game::crc32(rom.bytes.data(), rom.bytes.size());
  rows.push_back({"CRC32", "PRG " + crcText(prgCrc) + ", file " + crcText(fileCrc)});
  j["format"] = c.nes20 ? "NES 2.0" : "iNES";
  j["mapper"] = c.mapper;
  j["submapper"] = c.submapper;
  j["mapperName"] = core::game::nesMapperName(c.mapper);
  j["prgBytes"] = c.prg.size();
  j["prgBankBytes"] = bank;
  j["chrRomBytes"] = c.chr.size();
  j["chrRamBytes"] = c.chrRamSize;
  j["prgRamBytes"] = c.prgRamSize;
  j["battery"] = c.battery;
  j["mirroring"] = emu6502::mirroringName(c.mirroring);
  j["crc32Prg"] = crcText(prgCrc);
  j["crc32File"] = crcText(fileCrc);
  return rows;
}

Rows gbRows(const core::game::RomFile& rom, nlohmann::ordered_json& j) {
  const emusm83::CartridgeHeader& h = rom.gb->header();
  const char* type = emusm83::cartridgeTypeName(h.type);
  const uint16_t stored = uint16_t(rom.bytes[0x14E] << 8 | rom.bytes[0x14F]);
  const uint16_t global = core::game::gbGlobalChecksum(rom.bytes);
  Rows rows;
  rows.push_back({"title", "\"" + h.title + "\""});
  rows.push_back({"cartridge", std::string(type ? type : "?") + " (" + hex(h.type, 2) + ")"});
  rows.push_back({"ROM", core::byteSize(h.romBytes) + ", " + std::to_string(h.romBytes / 0x4000) +
                             " banks of 16 KiB"});
  rows.push_back({"RAM", h.ramBytes ? core::byteSize(h.ramBytes) + (h.battery ? ", battery" : "")
                                    : std::string("none")});
  rows.push_back({"header sum",
                  hex(h.headerChecksum, 2) +
                      (h.checksumOk() ? " ok" : " bad, expected " + hex(h.computedChecksum, 2))});
  rows.push_back(
      {"global sum",
       hex(stored, 4) + (stored == global ? " ok" : " bad, the ROM sums to " + hex(global, 4))});
  j["title"] = h.title;
  j["cartridgeType"] = h.type;
  j["cartridgeTypeName"] = type ? type : "?";
  j["mbc"] = emusm83::mbcName(h.mbc);
  j["romBytes"] = h.romBytes;
  j["ramBytes"] = h.ramBytes;
  j["battery"] = h.battery;
  j["headerChecksum"] = {
      {"stored", h.headerChecksum}, {"computed", h.computedChecksum}, {"ok", h.checksumOk()}};
  j["globalChecksum"] = {{"stored", stored}, {"computed", global}, {"ok", stored == global}};
  return rows;
}

bool writeInfoJson(const InfoOptions& o, const nlohmann::ordered_json& j, std::string* error) {
  return o.json.empty() ||
         core::writeFileAtomic(
             o.json, j.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n",
             error, false);
}

int runDocumentInfo(const InfoOptions& o) {
  std::string error;
  const auto parsed = core::readJsonFile(o.rom, &error);
  if (!parsed) return infoBadInput(error);
  const auto f = parsed->is_object() ? parsed->find("format") : parsed->end();
  const bool isMap =
      f != parsed->end() && f->is_string() && f->get<std::string>().starts_with("collidoscope-map");
  core::Scenario s;
  if (isMap) {
    if (!core::loadMap(o.rom, s.map, &error)) return infoBadInput(error);
    s.mapPath = o.rom;
    s.name = s.map.name;
  } else if (!core::loadScenario(o.rom, s, &error)) {
    return infoBadInput(error);
  }
  const std::vector<core::FileReference> refs = core::scenarioReferences(s);
  const std::vector<std::string> warnings = core::outsideReferenceWarnings(s);
  nlohmann::ordered_json j;
  j["file"] = o.rom;
  j["kind"] = isMap ? "map" : "scenario";
  j["name"] = s.name;
  j["folder"] = core::referenceRoot(s);
  std::printf("%s: %s \"%s\"\n", o.rom.c_str(), isMap ? "map" : "scenario", s.name.c_str());
  std::printf("files (%s folder: %s):\n", isMap ? "the map's" : "the scenario's",
              core::referenceRoot(s).c_str());
  if (refs.empty()) std::printf("  none\n");
  j["references"] = nlohmann::ordered_json::array();
  for (const core::FileReference& r : refs) {
    // Fields of the map and the manifest are named through them: "routine sources[0]".
    const std::string via = r.file == s.path ? "" : r.file == s.manifestPath ? "routine " : "map ";
    std::printf("  %-24s %s%s\n", (via + r.field).c_str(), r.path.c_str(),
                r.outside ? "  (outside)" : "");
    j["references"].push_back(
        {{"file", r.file}, {"field", r.field}, {"path", r.path}, {"outside", r.outside}});
  }
  for (const std::string& w : warnings) std::printf("warning: %s\n", w.c_str());
  j["warnings"] = warnings;
  if (!writeInfoJson(o, j, &error)) return infoBadInput(o.json + ": " + error);
  return kExitClean;
}

int runInfo(const InfoOptions& o) {
  if (o.rom.ends_with(".json")) return runDocumentInfo(o);
  core::game::RomFile rom;
  std::string error;
  if (!core::game::loadRom(o.rom, rom, &error)) return infoBadInput(error);

  nlohmann::ordered_json j;
  j["rom"] = o.rom;
  j["kind"] = core::game::romKindName(rom.kind);
  j["summary"] = rom.summary;
  j["bytes"] = rom.bytes.size();
  j["banks"] = core::game::romBankCount(rom);
  const Rows rows = rom.nes ? nesRows(rom, j) : gbRows(rom, j);

  const bool found = o.symbols.empty();
  core::game::SymbolChoice choice;
  if (found) choice = core::game::chooseSymbolFiles(rom);
  const std::vector<std::string> files = found ? choice.files : o.symbols;
  core::DebugInfo symbols;
  std::vector<core::game::SymbolSource> sources;
  for (const std::string& f : files) {
    core::game::SymbolSource source;
    if (!core::game::loadSymbols(f, symbols, &source, &error, &rom)) return infoBadInput(error);
    sources.push_back(source);
  }
  std::vector<std::string> warnings = rom.warnings;
  for (const auto& s : sources)
    warnings.insert(warnings.end(), s.warnings.begin(), s.warnings.end());
  if (!sources.empty())
    for (std::string& w : core::game::checkSymbols(symbols, rom)) warnings.push_back(std::move(w));

  std::printf("%s: %s\n", o.rom.c_str(), rom.summary.c_str());
  std::printf("  %-11s%s\n", "kind", core::game::romKindName(rom.kind));
  for (const auto& [key, value] : rows) std::printf("  %-11s%s\n", key.c_str(), value.c_str());
  if (sources.empty()) {
    const std::string dir = std::filesystem::path(o.rom).parent_path().string();
    std::printf(
        "symbols: none found (looked in %s for .dbg, .sym, .map, .labels.txt, labels.txt, .lbl, "
        ".nl)\n",
        dir.empty() ? "." : dir.c_str());
  } else {
    std::printf("symbols:%s%s\n", choice.why.empty() ? "" : " ", choice.why.c_str());
  }
  if (!choice.why.empty()) j["symbolChoice"] = choice.why;
  j["symbols"] = nlohmann::ordered_json::array();
  for (const auto& s : sources) {
    std::printf("  %s: %s, %zu symbol%s\n", s.path.c_str(), s.format.c_str(), s.symbols,
                s.symbols == 1 ? "" : "s");
    j["symbols"].push_back({{"path", s.path}, {"format", s.format}, {"symbols", s.symbols}});
  }
  // The other candidates read to choose: why each was not taken.
  j["symbolCandidates"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < choice.considered.size(); ++i) {
    const core::game::SymbolCandidate& c = choice.considered[i];
    const std::string name = std::filesystem::path(c.files.front()).filename().string();
    std::string state = !c.error.empty()       ? c.error
                        : c.fit.misfits() == 0 ? "fits"
                                               : std::to_string(c.fit.misfits()) + " misfit(s)";
    if (i > 0) std::printf("  considered %s: %s\n", name.c_str(), state.c_str());
    j["symbolCandidates"].push_back({{"files", c.files},
                                     {"format", c.format},
                                     {"symbols", c.symbols},
                                     {"misfits", c.error.empty() ? c.fit.misfits() : 0},
                                     {"error", c.error},
                                     {"chosen", i == 0 && c.files == choice.files}});
  }
  for (const std::string& w : warnings) std::printf("warning: %s\n", w.c_str());
  j["warnings"] = warnings;
  if (!writeInfoJson(o, j, &error)) return infoBadInput(o.json + ": " + error);
  return kExitClean;
}

CommandRegistrar reg(
    "info",
    "Show a built ROM's header, checksums and symbol files, or the files a "
    "scenario or map names",
    [](CLI::App& sub) {
      auto o = std::make_shared<InfoOptions>();
      sub.add_option("rom", o->rom, "A .nes or .gb file, or a scenario or map (.json)")->required();
      sub.add_option("--symbols", o->symbols,
                     "Symbol files to read instead of those found beside the ROM "
                     "(.dbg, .sym, .map, .labels.txt, .lbl, .nl)");
      sub.add_option("--json", o->json, "Also write the information as JSON");
      return [o] { return runInfo(*o); };
    });

}  // namespace
}  // namespace app::cli
