#include "core/game/binding_model.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <set>
#include <system_error>
#include <unordered_map>

#include "core/game/boot.h"
#include "core/game/room_import.h"
#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/util/files.h"
#include "core/util/text.h"
#include "core/workspace/workspace.h"

namespace fs = std::filesystem;

namespace core::game {

const char* bindRoleName(BindRole role) {
  static const char* const kNames[kBindRoleCount] = {
      "none", "routine", "x", "y", "w", "h", "input", "map", "attributes", "boot"};
  return kNames[size_t(role)];
}

const char* regionName(Region region) {
  switch (region) {
    case Region::Ram:
      return "RAM";
    case Region::Rom:
      return "ROM";
    case Region::Video:
      return "VRAM";
    case Region::Io:
      return "I/O";
    case Region::Constant:
      return "const";
  }
  return "?";
}

Region regionOf(Cpu cpu, uint32_t a, bool isLabel) {
  if (!isLabel) return Region::Constant;
  if (cpu == Cpu::M6502) {
    if (a < 0x2000) return Region::Ram;
    if (a < 0x6000) return Region::Io;
    if (a < 0x8000) return Region::Ram;  // PRG-RAM
    return Region::Rom;
  }
  if (a < 0x8000) return Region::Rom;
  if (a < 0xA000) return Region::Video;
  if (a < 0xFE00) return Region::Ram;  // cartridge RAM, WRAM and its echo
  if (a < 0xFEA0) return Region::Video;
  if (a >= 0xFF80 && a < 0xFFFF) return Region::Ram;  // HRAM
  return Region::Io;
}

ValueShape defaultPreview(uint32_t size) {
  return size == 2 ? kU16 : kU8;
}

std::string previewValue(const PeekFn& read, uint16_t address, const ValueShape& shape) {
  return valueDecimal(shape, shape.read(read, address));
}

void BindingPicks::assign(BindRole role, const std::string& label) {
  // One label, one role: picking it again moves it.
  auto clear = [&](std::string& s) {
    if (s == label) s.clear();
  };
  clear(x), clear(y), clear(w), clear(h), clear(input), clear(cells), clear(attributes);
  clear(bootTo);
  std::erase(routines, label);
  for (auto it = fields.begin(); it != fields.end();)
    it = it->second == label ? fields.erase(it) : std::next(it);
  switch (role) {
    case BindRole::None:
      break;
    case BindRole::Routine:
      routines.push_back(label);
      break;
    case BindRole::X:
      x = label;
      break;
    case BindRole::Y:
      y = label;
      break;
    case BindRole::W:
      w = label;
      break;
    case BindRole::H:
      h = label;
      break;
    case BindRole::Input:
      input = label;
      break;
    case BindRole::MapCells:
      cells = label;
      break;
    case BindRole::Attributes:
      attributes = label;
      break;
    case BindRole::BootTo:
      bootTo = label;
      break;
  }
}

BindRole BindingPicks::roleOf(const std::string& label) const {
  if (label.empty()) return BindRole::None;
  if (std::find(routines.begin(), routines.end(), label) != routines.end())
    return BindRole::Routine;
  if (x == label) return BindRole::X;
  if (y == label) return BindRole::Y;
  if (w == label) return BindRole::W;
  if (h == label) return BindRole::H;
  if (input == label) return BindRole::Input;
  if (cells == label) return BindRole::MapCells;
  if (attributes == label) return BindRole::Attributes;
  if (bootTo == label) return BindRole::BootTo;
  return BindRole::None;
}

namespace {

// Assembly files scanned for definitions, and how much of them.
constexpr size_t kMaxSourceFiles = 200;
constexpr uintmax_t kMaxSourceBytes = 4u << 20;

bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '@';
}

// Definitions in rgbds/ca65 syntax: `Name:`, `Name::`, `.Local:`, `DEF Name EQU`,
// `Name EQU`, `Name = `. Locals are keyed as their parent's "Parent.local".
void scanDefinitions(const std::string& path, const std::string& text,
                     std::unordered_map<std::string, std::pair<std::string, int>>& defs) {
  std::string parent;
  int lineNo = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++lineNo;
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos) continue;
    if (line.compare(i, 4, "DEF ") == 0 || line.compare(i, 4, "def ") == 0) i += 4;
    i = line.find_first_not_of(" \t", i);
    if (i == std::string::npos) continue;
    size_t j = i;
    while (j < line.size() && isIdentChar(line[j])) ++j;
    if (j == i) continue;
    std::string name = line.substr(i, j - i);
    std::string rest = line.substr(j);
    const bool label = !rest.empty() && rest[0] == ':';
    size_t r = rest.find_first_not_of(" \t");
    const bool equate = r != std::string::npos &&
                        (rest.compare(r, 3, "EQU") == 0 || rest.compare(r, 3, "equ") == 0 ||
                         (rest[r] == '=' && rest.compare(r, 2, "==") != 0));
    if (!label && !equate) continue;
    if (name[0] == '.' && !parent.empty())
      name = parent + name;
    else if (label && name.find('.') == std::string::npos && name[0] != '@')
      parent = name;
    defs.emplace(name, std::make_pair(path, lineNo));
  }
}

std::vector<std::string> splitWords(const std::string& name) {
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      flush();
      continue;
    }
    const bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && !cur.empty() &&
        (std::islower(static_cast<unsigned char>(name[i - 1])) ||
         std::isdigit(static_cast<unsigned char>(name[i - 1]))))
      flush();
    cur += char(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  // rgbds's hungarian prefixes: wPlayerX -> player x, hFrameCount -> frame count.
  if (words.size() > 1 && (words[0] == "w" || words[0] == "h" || words[0] == "s")) {
    words.erase(words.begin());
  }
  return words;
}

bool has(const std::vector<std::string>& words, std::initializer_list<const char*> any) {
  for (const std::string& w : words)
    for (const char* a : any)
      if (w == a) return true;
  return false;
}

bool hasPrefix(const std::vector<std::string>& words, std::initializer_list<const char*> any) {
  for (const std::string& w : words)
    for (const char* a : any)
      if (w.rfind(a, 0) == 0) return true;
  return false;
}

bool lastIs(const std::vector<std::string>& words, std::initializer_list<const char*> any) {
  if (words.empty()) return false;
  for (const char* a : any)
    if (words.back() == a) return true;
  return false;
}

struct Score {
  BindRole role;
  int score;
  std::string reason;
};

// Guesses from one symbol's name and region; the caller keeps the best few per role.
std::vector<Score> scoreSymbol(const SymbolRow& s) {
  std::vector<Score> out;
  if (s.region == Region::Constant || s.region == Region::Io || s.region == Region::Video)
    return out;
  if (s.name.find("::@") != std::string::npos || s.name.find('.') != std::string::npos)
    return out;  // locals
  // A scoped name (`collide_player::y_axis`) is judged by its own last part: a label
  // inside the routine is not the routine.
  const size_t scope = s.name.rfind("::");
  const std::vector<std::string> w =
      splitWords(scope == std::string::npos ? s.name : s.name.substr(scope + 2));
  if (w.empty()) return out;
  const bool ram = s.region == Region::Ram;
  const bool who = has(w, {"player", "hero", "plr", "p1", "link", "mario"});
  const bool obj = hasPrefix(w, {"obj", "actor", "ent", "sprite", "spr", "mob"});
  const int subject = who ? 30 : obj ? 15 : 0;
  const bool notPos = has(w, {"sub", "hi", "vel", "speed", "dx", "dy", "cam", "camera", "scroll",
                              "old", "prev", "tile", "screen", "spd", "frac"});
  if (ram) {
    auto axis = [&](BindRole role, std::initializer_list<const char*> ends, const char* letter) {
      if (!lastIs(w, ends) || (w.size() == 1 && subject == 0)) return;
      if (w.size() == 1) return;
      out.push_back({role, 50 + subject - (notPos ? 40 : 0),
                     std::string("ends in ") + letter + (who ? ", names the player" : "")});
    };
    axis(BindRole::X, {"x", "xl", "xlo", "xpos", "posx", "px", "xpix"}, "x");
    axis(BindRole::Y, {"y", "yl", "ylo", "ypos", "posy", "py", "ypix"}, "y");
    if (subject > 0 || has(w, {"hitbox", "box"})) {
      if (lastIs(w, {"w", "width"})) out.push_back({BindRole::W, 30 + subject, "a width"});
      if (lastIs(w, {"h", "height"})) out.push_back({BindRole::H, 30 + subject, "a height"});
    }
    if (hasPrefix(w, {"pad", "joy", "button", "input", "keys"}) || has(w, {"held", "buttons"})) {
      int sc = 50 + (has(w, {"buttons", "pad", "joypad", "joy1", "pad1"}) ? 15 : 0) -
               (has(w, {"new", "pressed", "prev", "old", "last"}) ? 20 : 0);
      out.push_back({BindRole::Input, sc, "names the joypad"});
    }
  }
  const bool attr = hasPrefix(w, {"attr"}) || has(w, {"solid", "walkable", "flags", "props"});
  const bool mapWord = has(w, {"map", "room", "cells", "level", "collision", "tilemap", "coll",
                               "stage", "field", "screen", "metatiles", "blocks"});
  if (s.region == Region::Ram || s.region == Region::Rom) {
    if (attr && (has(w, {"metatile", "tile", "tiles", "block", "collision", "metatiles"}) ||
                 lastIs(w, {"attrs", "attributes", "attr"}))) {
      out.push_back({BindRole::Attributes, 50 + (ram ? 20 : 0) - (has(w, {"data"}) ? 10 : 0),
                     std::string("names tile attributes") + (ram ? ", in RAM" : ", in ROM")});
    } else if (mapWord && !has(w, {"ptr", "pointer", "index", "bank", "x", "y", "w", "h"})) {
      out.push_back({BindRole::MapCells,
                     40 + (ram ? 20 : 0) + (has(w, {"cells", "map", "collision"}) ? 10 : 0) -
                         (has(w, {"data"}) ? 10 : 0),
                     std::string("names the map") + (ram ? ", in RAM" : ", in ROM")});
    }
  }
  if (s.region == Region::Rom) {
    if (hasPrefix(w, {"collide", "collision", "coll"}) || has(w, {"hit", "blocked"}) ||
        (has(w, {"can"}) && has(w, {"move"})) ||
        (hasPrefix(w, {"check"}) && hasPrefix(w, {"tile", "solid", "wall", "map", "bg"})))
      out.push_back({BindRole::Routine, 50 + subject, "a code label about collision"});
    if ((has(w, {"main", "game"}) && has(w, {"loop"})) || has(w, {"mainloop", "gameloop"}))
      out.push_back({BindRole::BootTo, 60, "the main loop"});
  }
  return out;
}

// The screen in cells for the defaults: NES 256x240, Game Boy 160x144.
int screenWidth(Cpu cpu) {
  return cpu == Cpu::M6502 ? 256 : 160;
}
int screenHeight(Cpu cpu) {
  return cpu == Cpu::M6502 ? 240 : 144;
}

std::string relativeTo(const std::string& dir, const std::string& path) {
  std::error_code ec;
  fs::path rel = fs::relative(fs::absolute(path, ec), fs::absolute(dir, ec), ec);
  if (ec || rel.empty()) return fs::absolute(path, ec).string();
  return rel.generic_string();
}

}  // namespace

bool BindingModel::open(const std::string& romPath, std::string* error,
                        const std::vector<std::string>& symbolFiles,
                        const std::vector<std::string>& sourceDirs) {
  *this = BindingModel();
  if (!loadRom(romPath, rom_, error)) return false;
  warnings_ = rom_.warnings;
  // The symbol files in the ROM's folder whose labels fit it (FCEUX's .nl: one a bank).
  symbolFiles_ = symbolFiles.empty() ? chooseSymbolFiles(rom_).files : symbolFiles;
  for (const std::string& path : symbolFiles_) {
    SymbolSource source;
    std::string symError;
    if (!loadSymbols(path, debug_, &source, &symError, &rom_)) {
      if (source.symbols == 0) {
        if (error) *error = symError;
        return false;
      }
      warnings_.push_back(symError);
    }
    for (const std::string& w : source.warnings) warnings_.push_back(w);
    sources_.push_back(source);
  }
  if (symbolFiles_.empty())
    warnings_.push_back(fs::path(romPath).filename().string() +
                        ": no symbol file in its folder (.dbg, .sym, .map, "
                        ".labels.txt, labels.txt, .lbl, .nl)");
  for (std::string& w : checkSymbols(debug_, rom_)) warnings_.push_back(std::move(w));
  std::vector<std::string> dirs = sourceDirs;
  if (dirs.empty()) {
    const fs::path romDir = fs::absolute(romPath).parent_path();
    dirs = {romDir.string(), romDir.parent_path().string()};
  }
  buildRows(dirs);
  suggest();
  return true;
}

void BindingModel::buildRows(const std::vector<std::string>& sourceDirs) {
  std::unordered_map<std::string, std::pair<std::string, int>> defs;
  bool scanned = false;
  auto scan = [&] {
    scanned = true;
    size_t files = 0;
    for (const std::string& dir : sourceDirs) {
      std::error_code ec;
      std::vector<fs::path> paths;
      for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file(ec) && (ext == ".s" || ext == ".asm" || ext == ".inc" ||
                                      ext == ".z80" || ext == ".sm83" || ext == ".65s"))
          paths.push_back(e.path());
      }
      std::sort(paths.begin(), paths.end());
      for (const fs::path& p : paths) {
        if (++files > kMaxSourceFiles || fs::file_size(p, ec) > kMaxSourceBytes) continue;
        if (auto text = readTextFile(p.string(), nullptr)) scanDefinitions(p.string(), *text, defs);
      }
    }
  };
  const Cpu c = cpu();
  for (const DebugSymbol& s : debug_.symbols) {
    SymbolRow row{s.name, s.address, s.size, s.bank, regionOf(c, s.address, s.isLabel), {}, 0};
    if (s.defFile >= 0 && size_t(s.defFile) < debug_.files.size()) {
      row.file = debug_.files[size_t(s.defFile)];
      row.line = s.defLine;
    } else {
      if (!scanned) scan();
      auto d = defs.find(s.name);
      if (d != defs.end()) std::tie(row.file, row.line) = d->second;
    }
    rows_.push_back(std::move(row));
  }
  std::stable_sort(rows_.begin(), rows_.end(), [](const SymbolRow& a, const SymbolRow& b) {
    const bool ac = a.region == Region::Constant, bc = b.region == Region::Constant;
    if (ac != bc) return bc;
    if (a.address != b.address) return a.address < b.address;
    return a.bank < b.bank;
  });
}

void BindingModel::suggest() {
  constexpr size_t kPerRole = 4;
  std::vector<Suggestion> all;
  for (size_t i = 0; i < rows_.size(); ++i)
    for (Score& s : scoreSymbol(rows_[i]))
      if (s.score > 0) all.push_back({s.role, i, s.score, std::move(s.reason)});
  std::stable_sort(all.begin(), all.end(), [&](const Suggestion& a, const Suggestion& b) {
    if (a.role != b.role) return a.role < b.role;
    if (a.score != b.score) return a.score > b.score;
    return rows_[a.symbol].name < rows_[b.symbol].name;
  });
  size_t kept = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    kept = i > 0 && all[i].role == all[i - 1].role ? kept + 1 : 0;
    if (kept < kPerRole) suggestions_.push_back(std::move(all[i]));
  }
  bestOfRow_.assign(rows_.size(), -1);
  for (size_t i = 0; i < suggestions_.size(); ++i) {
    int& best = bestOfRow_[suggestions_[i].symbol];
    if (best < 0 || suggestions_[size_t(best)].score < suggestions_[i].score) best = int(i);
  }
}

std::vector<size_t> BindingModel::search(const std::string& query) const {
  std::vector<std::string> words;
  std::string cur;
  for (char c : query + " ") {
    if (c == ' ' || c == '\t') {
      if (!cur.empty()) words.push_back(cur);
      cur.clear();
    } else {
      cur += char(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  std::vector<size_t> out;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const std::string name = lower(rows_[i].name);
    bool all = true;
    for (const std::string& w : words) all = all && name.find(w) != std::string::npos;
    if (all) out.push_back(i);
  }
  return out;
}

const Suggestion* BindingModel::suggestionFor(size_t symbol) const {
  if (symbol >= bestOfRow_.size() || bestOfRow_[symbol] < 0) return nullptr;
  return &suggestions_[size_t(bestOfRow_[symbol])];
}

const Suggestion* BindingModel::bestFor(BindRole role) const {
  for (const Suggestion& s : suggestions_)
    if (s.role == role) return &s;
  return nullptr;
}

const SymbolRow* BindingModel::row(const std::string& name) const {
  for (const SymbolRow& r : rows_)
    if (r.name == name) return &r;
  return nullptr;
}

BindingPicks BindingModel::suggestedPicks() const {
  BindingPicks p;
  auto take = [&](BindRole role, std::string& into) {
    if (const Suggestion* s = bestFor(role)) into = rows_[s->symbol].name;
  };
  std::string routine;
  take(BindRole::Routine, routine);
  if (!routine.empty()) p.routines.push_back(routine);
  take(BindRole::X, p.x);
  take(BindRole::Y, p.y);
  take(BindRole::W, p.w);
  take(BindRole::H, p.h);
  take(BindRole::Input, p.input);
  take(BindRole::MapCells, p.cells);
  take(BindRole::Attributes, p.attributes);
  take(BindRole::BootTo, p.bootTo);
  return p;
}

BindingPicks BindingModel::withDefaults(const BindingPicks& picks) const {
  BindingPicks p = picks;
  const Cpu c = cpu();
  const int cell = c == Cpu::M6502 ? 16 : 8;
  if (p.cellSize <= 0)
    p.cellSize = p.cellsWidth > 0 ? std::max(8, screenWidth(c) / p.cellsWidth) : cell;
  p.cellSize = p.cellSize >= 12 ? 16 : 8;  // rooms have 8 or 16 px cells
  if (p.cellsWidth <= 0) p.cellsWidth = screenWidth(c) / p.cellSize;
  if (p.cellsHeight <= 0) p.cellsHeight = screenHeight(c) / p.cellSize;
  if (p.cellsStride <= 0) p.cellsStride = p.cellsWidth;
  if (!p.hitbox) p.hitbox = Hitbox{0, 0, p.cellSize, p.cellSize};
  if (p.name.empty()) p.name = fs::path(rom_.path).stem().string() + ": player vs. room";
  return p;
}

bool BindingModel::boot(const BindingPicks& picks, std::string* error, int extraFrames) {
  machine_ = makeGameMachine(rom_.bytes, rom_.path, error);
  if (!machine_) return false;
  GameSpec spec;
  spec.rom = rom_.path;
  spec.bootTo = picks.bootTo;
  spec.bootFrames = picks.bootTo.empty() ? picks.bootFrames : 0;
  if (!bootGame(*machine_, spec, debug_, error)) {
    machine_.reset();
    return false;
  }
  if (extraFrames > 0) {
    const uint64_t target = machine_->frame() + uint64_t(extraFrames);
    const uint64_t cycles = machine_->frameCycles();
    for (int k = 0; k < extraFrames * 4 && machine_->frame() < target; ++k)
      machine_->runFree(std::nullopt, cycles / 2);
  }
  return true;
}

RoutineManifest bindingManifest(const BindingModel& model, const BindingPicks& in) {
  const BindingPicks p = model.withDefaults(in);
  RoutineManifest m;
  m.name = p.name;
  m.cpu = model.cpu();
  m.entry = p.routines.empty() ? std::string() : p.routines.front();
  GameSpec g;
  g.rom = model.rom().path;
  g.symbols = model.symbolFiles();
  g.bootTo = p.bootTo;
  g.bootFrames = p.bootTo.empty() ? p.bootFrames : 0;
  if (p.frameMode) {
    g.mode = GameSpec::Mode::Frame;
    g.routines = p.routines;
  }
  m.game = g;
  for (const auto& [key, label] :
       {std::pair<std::string, std::string>{"x", p.x}, {"y", p.y}, {"w", p.w}, {"h", p.h}})
    if (!label.empty()) m.fields[key].ref.label = label;
  for (const auto& [key, label] : p.fields) m.fields[key].ref.label = label;
  for (auto& [key, f] : m.fields)
    if (const SymbolRow* r = model.row(f.ref.label); r && r->size == 2) f.size = 2;
  if (!p.input.empty()) {
    InputBinding input;
    input.ref.label = p.input;
    input.encoding = m.cpu == Cpu::M6502 ? InputBinding::Encoding::NesButtons
                                         : InputBinding::Encoding::GbButtons;
    m.input = input;
  }
  if (!p.cells.empty()) {
    CellLayout c;
    c.ref.label = p.cells;
    c.stride = p.cellsStride;
    c.maxWidth = p.cellsWidth;
    c.maxHeight = p.cellsHeight;
    m.cells = c;
  }
  if (!p.attributes.empty()) {
    AttributeLayout a;
    a.ref.label = p.attributes;
    a.count = p.attributeCount;
    a.format = p.attributeFormat;
    m.attributes = a;
  }
  m.hitbox = p.hitbox;
  m.cycleBudget = m.cpu == Cpu::M6502 ? 29780 : 17556;
  return m;
}

bool BindingModel::roomFromGame(const BindingPicks& picks, MapDocument* out,
                                std::string* error) const {
  if (!machine_) {
    if (error) *error = "the game is not booted";
    return false;
  }
  if (picks.cells.empty()) {
    if (error) *error = "pick the map (the cell table) first";
    return false;
  }
  // A copy: reading the room must not disturb the machine the values come from.
  std::string why;
  std::unique_ptr<GameMachine> copy = makeGameMachine(rom_.bytes, rom_.path, &why);
  if (!copy) {
    if (error) *error = why;
    return false;
  }
  copy->restore(machine_->snapshot());
  if (!importRoomFromGame(bindingManifest(*this, picks), debug_, *copy, out, error)) return false;
  const BindingPicks p = withDefaults(picks);
  out->room.cellSize = p.cellSize;
  if (out->name.empty()) out->name = fs::path(rom_.path).stem().string();
  return true;
}

bool bindingManifestJson(const BindingModel& model, const BindingPicks& in,
                         const std::string& manifestDir, nlohmann::ordered_json* out,
                         std::string* error) {
  const BindingPicks p = model.withDefaults(in);
  std::string missing;
  if (p.routines.empty()) missing += ", the routine";
  if (p.x.empty()) missing += ", x";
  if (p.y.empty()) missing += ", y";
  if (!missing.empty()) {
    if (error) *error = "pick " + missing.substr(2) + " first (\"use as\" in the symbol table)";
    return false;
  }
  // In docs/manifest.md's order (format, name, cpu, game, entry, ...), not sorted.
  using json = nlohmann::ordered_json;
  const bool nes = model.cpu() == Cpu::M6502;
  json j;
  j["format"] = "collidoscope-routine/2";
  j["name"] = p.name;
  j["cpu"] = nes ? "6502" : "sm83";
  json game = {{"rom", relativeTo(manifestDir, model.rom().path)}};
  json syms = json::array();
  for (const std::string& s : model.symbolFiles()) syms.push_back(relativeTo(manifestDir, s));
  if (!syms.empty()) game["symbols"] = syms;
  if (!p.bootTo.empty())
    game["boot"] = {{"to", p.bootTo}, {"maxFrames", 120}};
  else
    game["boot"] = {{"frames", p.bootFrames}};
  if (p.frameMode) {
    // Frame mode (core/game/frame_run.h): the game's own loop, every call of the routines.
    game["mode"] = "frame";
    game["routines"] = p.routines;
  }
  j["game"] = game;
  j["entry"] = p.routines.front();
  // One frame of CPU time: NTSC NES cycles, Game Boy M-cycles.
  j["cycleBudget"] = nes ? 29780 : 17556;
  json fields = json::object();
  auto field = [&](const char* key, const std::string& label) {
    if (label.empty()) return;
    const SymbolRow* r = model.row(label);
    if (r && r->size == 2)
      fields[key] = {{"label", label}, {"size", 2}};
    else
      fields[key] = label;
  };
  field("x", p.x);
  field("y", p.y);
  field("w", p.w);
  field("h", p.h);
  for (const auto& [name, label] : p.fields) field(name.c_str(), label);
  j["entity"] = {{"fields", fields}};
  if (!p.input.empty())
    j["input"] = {
        {"label", p.input}, {"encoding", nes ? "nes-buttons" : "gb-buttons"}, {"slot", 0}};
  json map = json::object();
  if (!p.cells.empty())
    map["cells"] = {{"label", p.cells},
                    {"stride", p.cellsStride},
                    {"width", p.cellsWidth},
                    {"height", p.cellsHeight}};
  if (!p.attributes.empty()) {
    const char* format = p.attributeFormat == AttributeFormat::Mrn        ? "mrn"
                         : p.attributeFormat == AttributeFormat::Walkable ? "walkable"
                                                                          : "solid-bit";
    map["attributes"] = {{"label", p.attributes},
                         {"stride", 1},
                         {"offset", 0},
                         {"count", p.attributeCount},
                         {"format", format}};
  }
  if (!map.empty()) j["map"] = map;
  j["hitbox"] = {{"x", p.hitbox->x}, {"y", p.hitbox->y}, {"w", p.hitbox->w}, {"h", p.hitbox->h}};
  j["motion"] = {{"speed", 1}, {"inputSlots", {0}}};
  *out = std::move(j);
  return true;
}

BindingFiles defaultBindingFiles(const std::string& romPath) {
  const fs::path rom(romPath);
  const fs::path base = rom.parent_path() / rom.stem();
  return {base.string() + ".manifest.json", base.string() + ".scenario.json",
          base.string() + ".map.json"};
}

MapDocument blankRoomFor(const BindingModel& model, const BindingPicks& picks) {
  const BindingPicks p = model.withDefaults(picks);
  MapDocument doc = makeDefaultMap(p.cellsWidth, p.cellsHeight, p.cellSize);
  doc.name = fs::path(model.rom().path).stem().string();
  doc.room.cells.assign(size_t(p.cellsWidth) * size_t(p.cellsHeight), 0);
  const int count = std::max(2, std::min(p.attributeCount, 256));
  doc.metatiles.tilesPerSide = p.cellSize == 16 ? 2 : 1;
  doc.metatiles.metatiles.resize(size_t(count));
  for (int i = 0; i < count; ++i) {
    Metatile& m = doc.metatiles.metatiles[size_t(i)];
    m.name = i == 0 ? "free" : i == 1 ? "solid" : "metatile " + std::to_string(i);
    m.collision = i == 1 ? kSolid : 0;
  }
  return doc;
}

bool writeBinding(const BindingModel& model, const BindingPicks& in, const MapDocument& room,
                  const BindingFiles& files, std::string* error) {
  const BindingPicks p = model.withDefaults(in);
  const std::string manifestDir = fs::absolute(files.manifest).parent_path().string();
  nlohmann::ordered_json manifest;
  if (!bindingManifestJson(model, p, manifestDir, &manifest, error)) return false;
  if (!writeFileAtomic(files.manifest, manifest.dump(2) + "\n", error)) return false;
  if (!saveMap(files.map, room, error)) return false;

  Scenario s;
  s.name = p.name;
  s.mapPath = fs::absolute(files.map).string();
  s.manifestPath = fs::absolute(files.manifest).string();
  EntitySpec player;
  player.name = "player";
  player.x = room.room.pixelWidth() / 2;
  player.y = room.room.pixelHeight() / 2;
  if (GameMachine* m = model.machine()) {
    // The position the booted game holds, so the first frame starts where the game does.
    auto at = [&](const std::string& label) {
      const SymbolRow* r = model.row(label);
      if (!r) return 0;
      return int(defaultPreview(r->size).read([&](uint16_t a) { return m->peek(a); },
                                              uint16_t(r->address)));
    };
    player.x = at(p.x);
    player.y = at(p.y);
  }
  s.entities.push_back(player);
  // A short walk into every direction, enough to see the routine stop at walls.
  for (auto [frames, buttons] : std::initializer_list<std::pair<int, uint8_t>>{
           {10, 0}, {60, kButtonRight}, {60, kButtonDown}, {60, kButtonLeft}, {60, kButtonUp}})
    s.input.insert(s.input.end(), size_t(frames), buttons);
  s.frames = int(s.input.size());
  if (!saveScenario(files.scenario, s, error)) return false;

  // Loaded back exactly as File > Open would.
  Workspace ws;
  std::string why;
  if (!ws.open(files.scenario, &why)) {
    if (error) *error = "written, but it does not load: " + why;
    return false;
  }
  return true;
}

}  // namespace core::game
