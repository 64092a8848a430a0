#include "core/game/room_import.h"

#include <algorithm>

#include "core/game/boot.h"
#include "core/game/game_machine.h"
#include "core/sim/map_layout.h"
#include "core/sim/simulation.h"

namespace core {
namespace {

// The manifest's map layout bound to addresses.
bool bindMap(const RoutineManifest& m, const DebugInfo& symbols, Binding& b, std::string* error) {
  if (!m.game) {
    *error = m.path + ": game: not a game manifest (no \"game\" block)";
    return false;
  }
  if (!m.cells) {
    *error = m.path + ": map.cells: the manifest does not say where the game keeps its room";
    return false;
  }
  if (!bindRoutine(m, symbols, b, error)) {
    *error = m.path + ": " + *error;
    return false;
  }
  return true;
}

// The game's symbols without running its build command.
bool gameSymbols(const RoutineManifest& m, DebugInfo* out, std::string* error) {
  if (!m.game) {
    *error = m.path + ": game: not a game manifest (no \"game\" block)";
    return false;
  }
  RoutineManifest copy = m;
  copy.game->buildCommand.clear();
  AsmResult image = game::loadGameImage(copy);
  if (!image.ok) {
    *error = image.diagnosticsText();
    return false;
  }
  *out = std::move(image.debug);
  return true;
}

// Metatile `id`'s tiles, from where the game drew the first cell holding it:
// NES nametable $2000 (2x2 tiles a 16-px cell), Game Boy BG map $9800 (one tile
// an 8-px cell; LCDC bit 4 clear means signed ids from $9000). The room is taken
// as drawn from the map's top-left corner.
void tilesFromScreen(GameMachine& g, const Room& room, std::vector<Metatile>& set) {
  const std::vector<uint8_t> vram = g.vram();
  const bool nes = g.cpu() == Cpu::M6502;
  const int per = nes ? 2 : 1;
  std::vector<bool> done(set.size(), false);
  for (int r = 0; r < room.height; ++r)
    for (int c = 0; c < room.width; ++c) {
      const uint16_t id = room.at(c, r);
      if (id >= set.size() || done[id]) continue;
      if ((r + 1) * per > (nes ? 30 : 32) || (c + 1) * per > 32) continue;
      done[id] = true;
      for (int k = 0; k < per * per; ++k) {
        const int tr = r * per + k / per, tc = c * per + k % per;
        if (nes) {
          set[id].tiles[size_t(k)] = vram[size_t(tr * 32 + tc)];
        } else {
          const uint8_t t = vram[size_t(0x1800 + tr * 32 + tc)];
          set[id].tiles[size_t(k)] = (g.peek(0xFF40) & 0x10) ? t : uint16_t(256 + int8_t(t));
        }
      }
    }
}

}  // namespace

bool importRoomFromGame(const RoutineManifest& m, const DebugInfo& symbols, GameMachine& g,
                        MapDocument* out, std::string* error, const RoomImportOptions& options) {
  Binding b;
  if (!bindMap(m, symbols, b, error)) return false;
  const bool nes = g.cpu() == Cpu::M6502;
  const int cellSize = options.cellSize ? options.cellSize : nes ? 16 : 8;
  if (cellSize != 8 && cellSize != 16) {
    *error = "the cell size must be 8 or 16 pixels, not " + std::to_string(cellSize);
    return false;
  }
  MapDocument doc;
  doc.name = m.name.empty() ? "room from the game" : m.name + ": room from the game";
  doc.chrFormat = nes ? ChrFormat::NesPlanar : ChrFormat::Gb2bpp;
  doc.metatiles.tilesPerSide = cellSize / 8;
  doc.room.cellSize = cellSize;
  doc.room.width = doc.room.height = 0;
  doc.metatiles.metatiles.resize(size_t(b.attributes ? b.attrCount : 0));
  const ReadByte read = [&g](uint16_t a) { return g.peek(a); };
  if (!decodeRoomBytes(b, read, &doc, error)) {
    *error = m.path + ": " + *error;
    return false;
  }
  // Metatiles up to the last one the room uses or the attribute table gives a
  // collision byte; ids past the table (no attributes bound) are free.
  size_t used = 0;
  for (uint16_t id : doc.room.cells) used = std::max(used, size_t(id) + 1);
  auto& set = doc.metatiles.metatiles;
  for (size_t i = 0; i < set.size(); ++i)
    if (set[i].collision) used = std::max(used, i + 1);
  set.resize(std::max<size_t>(used, 1));
  for (size_t i = 0; i < set.size(); ++i) set[i].name = "metatile " + std::to_string(i);
  doc.tiles = decodeChr(g.patterns(), doc.chrFormat);
  if (b.attrTileOffset < 0) tilesFromScreen(g, doc.room, set);
  *out = std::move(doc);
  return true;
}

bool importRoomFromGame(const RoutineManifest& m, GameMachine& g, MapDocument* out,
                        std::string* error) {
  DebugInfo symbols;
  return gameSymbols(m, &symbols, error) && importRoomFromGame(m, symbols, g, out, error);
}

bool writeRoomToGame(const RoutineManifest& m, const DebugInfo& symbols, const MapDocument& map,
                     GameMachine& g, std::string* error) {
  Binding b;
  if (!bindMap(m, symbols, b, error)) return false;
  std::vector<PlacedByte> bytes;
  if (!encodeRoomBytes(
          b, map, [&g](uint16_t a) { return g.peek(a); }, &bytes, error)) {
    *error = m.path + ": " + *error;
    return false;
  }
  // A byte in ROM patches the machine's copy of the image (GameMachine::poke).
  for (const PlacedByte& p : bytes) g.poke(p.addr, p.value);
  return true;
}

bool writeRoomToGame(const RoutineManifest& m, const MapDocument& map, GameMachine& g,
                     std::string* error) {
  DebugInfo symbols;
  return gameSymbols(m, &symbols, error) && writeRoomToGame(m, symbols, map, g, error);
}

}  // namespace core
