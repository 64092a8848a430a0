#include "core/workspace/game_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "core/game/rom.h"
#include "core/game/symbols.h"

namespace fs = std::filesystem;

namespace core {

namespace {

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : p.string();
}

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;
  return absolutePath(a) == absolutePath(b);
}

void addUnique(std::vector<std::string>& list, const std::string& path) {
  if (path.empty()) return;
  const std::string abs = absolutePath(path);
  if (std::find(list.begin(), list.end(), abs) == list.end()) list.push_back(abs);
}

}  // namespace

std::vector<std::string> documentFiles(const Simulation& sim) {
  std::vector<std::string> files;
  const Scenario& s = sim.scenario();
  const RoutineManifest& m = s.manifest;
  if (m.game) {
    addUnique(files, m.game->rom);
    if (!m.game->symbols.empty()) {
      for (const std::string& p : m.game->symbols) addUnique(files, p);
    } else {
      game::RomFile rom;
      std::string ignored;
      if (game::loadRom(m.game->rom, rom, &ignored))
        for (const std::string& p : game::chooseSymbolFiles(rom).files) addUnique(files, p);
    }
  } else {
    for (const std::string& p : m.sources) addUnique(files, p);
    const fs::path base = fs::path(s.manifestPath).parent_path();
    for (const std::string& p : sim.image().debug.files) {
      std::error_code ec;
      fs::path f(p);
      if (f.is_relative()) f = base / f;
      if (fs::is_regular_file(f, ec)) addUnique(files, f.string());
    }
  }
  addUnique(files, s.manifestPath);
  return files;
}

GameBindings findGameBindings(const std::string& romPath) {
  GameBindings found;
  std::error_code ec;
  const fs::path dir = fs::absolute(romPath, ec).parent_path();
  std::vector<fs::path> candidates;
  for (const auto& e :
       fs::directory_iterator(dir, fs::directory_options::skip_permission_denied, ec))
    if (e.path().extension() == ".json" && e.is_regular_file(ec)) candidates.push_back(e.path());
  std::sort(candidates.begin(), candidates.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
  for (const fs::path& p : candidates) {
    // A file that does not load (a map, another tool's JSON) is simply not a binding.
    std::string ignored;
    RoutineManifest m;
    if (loadManifest(p.string(), m, &ignored)) {
      if (m.game && sameFile(m.game->rom, romPath)) found.manifests.push_back(p.string());
      continue;
    }
    Scenario s;
    try {
      if (loadScenario(p.string(), s, &ignored) && s.manifest.game &&
          sameFile(s.manifest.game->rom, romPath))
        found.scenarios.push_back(p.string());
    } catch (const std::exception&) {
    }
  }
  return found;
}

std::vector<std::string> describeUnboundRom(const std::string& romPath) {
  std::vector<std::string> lines;
  game::RomFile rom;
  std::string error;
  const bool loaded = game::loadRom(romPath, rom, &error);
  lines.push_back(loaded ? rom.summary : error);
  if (loaded)
    for (const std::string& w : rom.warnings) lines.push_back("warning: " + w);
  std::vector<std::string> files;
  if (loaded) {
    const game::SymbolChoice choice = game::chooseSymbolFiles(rom);
    files = choice.files;
    if (!choice.why.empty()) lines.push_back("symbols: " + choice.why);
  } else {
    files = game::findSymbolFiles(romPath);
  }
  if (files.empty())
    lines.push_back(
        "no symbol files in its folder (.dbg, .sym, .map, .labels.txt, labels.txt, .lbl, .nl)");
  for (const std::string& f : files) {
    DebugInfo info;
    game::SymbolSource source;
    std::string symError;
    const bool ok = game::loadSymbols(f, info, &source, &symError, loaded ? &rom : nullptr);
    std::string line = fs::path(f).filename().string() + ": " +
                       (source.format.empty() ? std::string("symbols") : source.format) + ", " +
                       std::to_string(source.symbols) + " symbols";
    if (!ok) line += " (" + symError.substr(0, symError.find('\n')) + ")";
    lines.push_back(line);
    for (const std::string& w : source.warnings) lines.push_back("warning: " + w);
  }
  return lines;
}

bool rebuildFromDisk(const Scenario& current, std::unique_ptr<Simulation>& out,
                     std::string* error) {
  Scenario s = current;
  if (!s.manifestPath.empty()) {
    RoutineManifest m;
    if (!loadManifest(s.manifestPath, m, error)) return false;
    s.manifest = std::move(m);
  }
  auto sim = std::make_unique<Simulation>();
  if (!sim->build(s, error)) return false;
  out = std::move(sim);
  return true;
}

namespace {

// Where `pc` is in the ROM (the Game Boy file, the NES PRG ROM) when `bank` is
// mapped at it, or -1 (not in ROM).
long romOffset(const game::RomFile& rom, uint16_t pc, int bank) {
  if (rom.kind == game::RomKind::GameBoy) {
    if (pc >= 0x8000) return -1;
    return pc < 0x4000 ? long(pc) : long(bank) * 0x4000 + (pc - 0x4000);
  }
  if (pc < 0x8000) return -1;
  const uint32_t size = rom.nes ? game::nesPrgBankSize(rom.nes->mapper) : 0;
  if (size == 0) return -1;                          // no PRG banking: every line is bank 0 anyway
  return long(bank) * long(size) + long(pc % size);  // into the PRG ROM
}

}  // namespace

int bankAtPc(const DebugInfo& debug, const game::RomFile& rom, uint16_t pc,
             const std::function<uint8_t(uint16_t)>& busRead) {
  std::vector<int> banks;
  for (const DebugLine& l : debug.lines)
    if (pc >= l.address && pc < l.address + std::max<uint32_t>(l.size, 1) &&
        std::find(banks.begin(), banks.end(), l.bank) == banks.end())
      banks.push_back(l.bank);
  if (banks.size() == 1) return banks.front();
  const std::vector<uint8_t>& data = rom.nes ? rom.nes->prg : rom.bytes;
  int match = -1;
  for (int bank : banks) {
    const long offset = romOffset(rom, pc, bank);
    if (offset < 0) continue;
    bool same = true;
    for (int k = 0; k < 4 && same; ++k) {  // an opcode and its operands
      const size_t at = size_t(offset) + size_t(k);
      if (at >= data.size() || uint32_t(pc) + uint32_t(k) > 0xFFFF) break;
      same = data[at] == busRead(uint16_t(pc + k));
    }
    if (!same) continue;
    if (match >= 0) return -1;  // two banks hold the same bytes: cannot tell
    match = bank;
  }
  return match;
}

}  // namespace core
