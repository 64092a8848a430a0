#include "core/edit/edit.h"

#include <algorithm>
#include <iterator>

namespace core {

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

bool validMetatile(const Scenario& s, int m) {
  return m >= 0 && m < int(s.map.metatiles.metatiles.size());
}

bool validEntity(const Scenario& s, int e) {
  return e >= 0 && e < int(s.entities.size());
}

// Moves the room to the edit's before/after state, and everything placed in room
// coordinates with its left and top edges.
void applyResize(Scenario& s, const ResizeEdit& e, bool forward) {
  s.map.room = forward ? e.after : e.before;
  const int sign = forward ? 1 : -1;
  const int dx = sign * e.shiftCols * s.map.room.cellSize;
  const int dy = sign * e.shiftRows * s.map.room.cellSize;
  for (EntitySpec& ent : s.entities) {
    ent.x += dx;
    ent.y += dy;
  }
  for (const ResizeEdit::MovedInside& m : e.inside)
    if (m.entity >= 0 && m.entity < int(s.entities.size())) {
      s.entities[size_t(m.entity)].x += sign * m.dx;
      s.entities[size_t(m.entity)].y += sign * m.dy;
    }
  s.view = forward ? e.viewAfter : e.viewBefore;
  for (Expectation& x : s.expect)
    if (x.w > 0) {  // w == 0 is the whole room wherever it lies
      x.col += sign * e.shiftCols;
      x.row += sign * e.shiftRows;
    }
}

// The input edit that makes frame `frame`'s byte `mask`.
std::optional<Edit> inputWith(const Scenario& s, int frame, uint8_t mask) {
  if (frame < 0 || frame >= 1000000) return std::nullopt;
  InputEdit e{s.input, s.input, s.frames, std::max(s.frames, frame + 1)};
  if (frame >= int(e.after.size())) e.after.resize(size_t(frame) + 1, 0);
  e.after[frame] = mask;
  if (e.after == e.before && e.framesAfter == e.framesBefore) return std::nullopt;
  return e;
}

}  // namespace

std::optional<Edit> makePaintCell(const Scenario& s, int col, int row, uint16_t metatile) {
  if (!s.map.room.inside(col, row) || !validMetatile(s, metatile)) return std::nullopt;
  uint16_t before = s.map.room.at(col, row);
  if (before == metatile) return std::nullopt;
  return CellEdit{col, row, before, metatile};
}

std::optional<Edit> makeSetCollision(const Scenario& s, int metatile, uint8_t bits) {
  if (!validMetatile(s, metatile)) return std::nullopt;
  uint8_t before = s.map.metatiles.metatiles[metatile].collision;
  if (before == bits) return std::nullopt;
  return CollisionEdit{metatile, before, bits};
}

std::optional<Edit> makeToggleCollision(const Scenario& s, int metatile, uint8_t bits) {
  if (!validMetatile(s, metatile)) return std::nullopt;
  return makeSetCollision(s, metatile, s.map.metatiles.metatiles[metatile].collision ^ bits);
}

std::optional<Edit> makeRenameOpcode(const Scenario& s, int index, const std::string& name) {
  if (index < 0 || index >= 4) return std::nullopt;
  const std::string& before = s.map.metatiles.opcodeNames[index];
  if (before == name) return std::nullopt;
  return OpcodeNameEdit{index, before, name};
}

std::optional<Edit> makeRenameMetatile(const Scenario& s, int metatile, const std::string& name) {
  if (!validMetatile(s, metatile)) return std::nullopt;
  const std::string& before = s.map.metatiles.metatiles[metatile].name;
  if (before == name) return std::nullopt;
  return MetatileNameEdit{metatile, before, name};
}

std::optional<Edit> makeMoveEntity(const Scenario& s, int entity, int x, int y) {
  if (!validEntity(s, entity)) return std::nullopt;
  const EntitySpec& e = s.entities[entity];
  if (e.x == x && e.y == y) return std::nullopt;
  return EntityMoveEdit{entity, e.x, e.y, x, y};
}

std::optional<Edit> makeSetHitbox(const Scenario& s, int entity, std::optional<Hitbox> hitbox) {
  if (!validEntity(s, entity)) return std::nullopt;
  if (hitbox && (hitbox->w < 1 || hitbox->h < 1)) return std::nullopt;
  const auto& before = s.entities[entity].hitbox;
  if (before == hitbox) return std::nullopt;
  return HitboxEdit{entity, before, hitbox};
}

std::optional<Edit> makeSetButton(const Scenario& s, int frame, uint8_t button, bool on) {
  uint8_t mask = s.inputAt(frame);
  return inputWith(s, frame, on ? uint8_t(mask | button) : uint8_t(mask & ~button));
}

std::optional<Edit> makeSetInput(const Scenario& s, int frame, uint8_t mask) {
  return inputWith(s, frame, mask);
}

std::optional<Edit> makeFillInput(const Scenario& s, int first, int count, uint8_t mask) {
  if (first < 0 || count < 1 || first + count > 1000000) return std::nullopt;
  InputEdit e{s.input, s.input, s.frames, std::max(s.frames, first + count)};
  if (first + count > int(e.after.size())) e.after.resize(size_t(first + count), 0);
  std::fill(e.after.begin() + first, e.after.begin() + first + count, mask);
  if (e.after == e.before && e.framesAfter == e.framesBefore) return std::nullopt;
  return e;
}

std::optional<Edit> makeSetFrameCount(const Scenario& s, int frames) {
  if (frames < 1 || frames > 1000000 || frames == s.frames) return std::nullopt;
  return InputEdit{s.input, s.input, s.frames, frames};
}

void applyEdit(Scenario& s, const Edit& edit, bool forward) {
  std::visit(Overloaded{
                 [&](const CellEdit& e) {
                   if (s.map.room.inside(e.col, e.row))
                     s.map.room.at(e.col, e.row) = forward ? e.after : e.before;
                 },
                 [&](const CollisionEdit& e) {
                   if (validMetatile(s, e.metatile))
                     s.map.metatiles.metatiles[e.metatile].collision = forward ? e.after : e.before;
                 },
                 [&](const OpcodeNameEdit& e) {
                   if (e.index >= 0 && e.index < 4)
                     s.map.metatiles.opcodeNames[e.index] = forward ? e.after : e.before;
                 },
                 [&](const EntityMoveEdit& e) {
                   if (!validEntity(s, e.entity)) return;
                   s.entities[e.entity].x = forward ? e.afterX : e.beforeX;
                   s.entities[e.entity].y = forward ? e.afterY : e.beforeY;
                 },
                 [&](const HitboxEdit& e) {
                   if (validEntity(s, e.entity))
                     s.entities[e.entity].hitbox = forward ? e.after : e.before;
                 },
                 [&](const InputEdit& e) {
                   s.input = forward ? e.after : e.before;
                   s.frames = forward ? e.framesAfter : e.framesBefore;
                 },
                 [&](const MetatileNameEdit& e) {
                   if (validMetatile(s, e.metatile))
                     s.map.metatiles.metatiles[e.metatile].name = forward ? e.after : e.before;
                 },
                 [&](const CellsEdit& e) {
                   for (const CellEdit& c : e.cells)
                     if (s.map.room.inside(c.col, c.row))
                       s.map.room.at(c.col, c.row) = forward ? c.after : c.before;
                 },
                 [&](const ResizeEdit& e) { applyResize(s, e, forward); },
                 [&](const MetatileTilesEdit& e) {
                   if (validMetatile(s, e.metatile))
                     s.map.metatiles.metatiles[e.metatile].tiles = forward ? e.after : e.before;
                 },
                 [&](const MetatileSetEdit& e) {
                   s.map.metatiles.metatiles = forward ? e.after : e.before;
                   const auto& cells = forward ? e.cellsAfter : e.cellsBefore;
                   if (!cells.empty() && cells.size() == s.map.room.cells.size())
                     s.map.room.cells = cells;
                 },
                 [&](const TilePixelsEdit& e) {
                   if (e.tile >= 0 && e.tile < int(s.map.tiles.size()))
                     s.map.tiles[e.tile] = forward ? e.after : e.before;
                 },
                 [&](const TileAddEdit& e) {
                   auto& tiles = s.map.tiles;
                   if (forward && int(tiles.size()) == e.tile) tiles.push_back(e.added);
                   if (!forward && int(tiles.size()) == e.tile + 1) tiles.pop_back();
                 },
                 [&](const PaletteEdit& e) {
                   if (e.index >= 0 && e.index < 4)
                     s.map.palette[e.index] = forward ? e.after : e.before;
                 },
                 [&](const EntityListEdit& e) { s.entities = forward ? e.after : e.before; },
                 [&](const EntityNameEdit& e) {
                   if (validEntity(s, e.entity))
                     s.entities[e.entity].name = forward ? e.after : e.before;
                   // A view that follows the entity follows it under its new name.
                   if (s.view.mode == ViewSpec::Mode::Follow &&
                       s.view.follow == (forward ? e.before : e.after))
                     s.view.follow = forward ? e.after : e.before;
                 },
                 [&](const ViewEdit& e) { s.view = forward ? e.after : e.before; },
             },
             edit);
}

bool editTouchesMap(const Edit& e) {
  return !std::holds_alternative<EntityMoveEdit>(e) && !std::holds_alternative<HitboxEdit>(e) &&
         !std::holds_alternative<InputEdit>(e) && !std::holds_alternative<EntityListEdit>(e) &&
         !std::holds_alternative<EntityNameEdit>(e) && !std::holds_alternative<ViewEdit>(e);
}

bool editReachesRoutine(const Edit& e) {
  // A new view puts other cells in the routine's table.
  if (std::holds_alternative<ViewEdit>(e)) return true;
  return editTouchesMap(e) && !std::holds_alternative<OpcodeNameEdit>(e) &&
         !std::holds_alternative<MetatileNameEdit>(e) &&
         !std::holds_alternative<TilePixelsEdit>(e) && !std::holds_alternative<TileAddEdit>(e) &&
         !std::holds_alternative<PaletteEdit>(e);
}

bool editTouchesScenario(const Edit& e) {
  if (const auto* r = std::get_if<ResizeEdit>(&e)) return r->shiftCols != 0 || r->shiftRows != 0;
  return !editTouchesMap(e);
}

bool mergeEdit(Edit& prev, const Edit& next) {
  if (prev.index() != next.index()) return false;
  return std::visit(Overloaded{
                        [&](CellEdit& p) {
                          const auto& n = std::get<CellEdit>(next);
                          if (p.col != n.col || p.row != n.row) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](CollisionEdit& p) {
                          const auto& n = std::get<CollisionEdit>(next);
                          if (p.metatile != n.metatile) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](OpcodeNameEdit& p) {
                          const auto& n = std::get<OpcodeNameEdit>(next);
                          if (p.index != n.index) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](EntityMoveEdit& p) {
                          const auto& n = std::get<EntityMoveEdit>(next);
                          if (p.entity != n.entity) return false;
                          p.afterX = n.afterX;
                          p.afterY = n.afterY;
                          return true;
                        },
                        [&](HitboxEdit& p) {
                          const auto& n = std::get<HitboxEdit>(next);
                          if (p.entity != n.entity) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](InputEdit& p) {
                          const auto& n = std::get<InputEdit>(next);
                          p.after = n.after;
                          p.framesAfter = n.framesAfter;
                          return true;
                        },
                        [&](MetatileNameEdit& p) {
                          const auto& n = std::get<MetatileNameEdit>(next);
                          if (p.metatile != n.metatile) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](MetatileTilesEdit& p) {
                          const auto& n = std::get<MetatileTilesEdit>(next);
                          if (p.metatile != n.metatile) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](TilePixelsEdit& p) {
                          const auto& n = std::get<TilePixelsEdit>(next);
                          if (p.tile != n.tile) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](PaletteEdit& p) {
                          const auto& n = std::get<PaletteEdit>(next);
                          if (p.index != n.index) return false;
                          p.after = n.after;
                          return true;
                        },
                        [&](EntityNameEdit& p) {
                          const auto& n = std::get<EntityNameEdit>(next);
                          if (p.entity != n.entity) return false;
                          p.after = n.after;
                          return true;
                        },
                        // Whole-region and whole-set edits are steps of their own.
                        [&](CellsEdit&) { return false; },
                        [&](ResizeEdit&) { return false; },
                        [&](MetatileSetEdit&) { return false; },
                        [&](TileAddEdit&) { return false; },
                        [&](EntityListEdit&) { return false; },
                        [&](ViewEdit&) { return false; },
                    },
                    prev);
}

namespace {

// The first frame in which any call's read list (`list` picks it) holds `value`.
template <class ListOf>
int firstFrameReading(const Recording& rec, uint16_t value, ListOf list) {
  for (size_t f = 0; f < rec.frames.size(); ++f)
    for (const EntityFrame& e : rec.frames[f].entities) {
      const std::vector<uint16_t>& read = list(e);
      if (std::find(read.begin(), read.end(), value) != read.end()) return int(f);
    }
  return int(rec.frames.size());
}

// The first frame in which any call read one of the cells `indices`.
int firstFrameReadingAny(const Recording& rec, std::vector<uint16_t> indices) {
  std::sort(indices.begin(), indices.end());
  for (size_t f = 0; f < rec.frames.size(); ++f)
    for (const EntityFrame& e : rec.frames[f].entities)
      for (uint16_t c : e.cellsRead)
        if (std::binary_search(indices.begin(), indices.end(), c)) return int(f);
  return int(rec.frames.size());
}

int firstInputChange(const InputEdit& e) {
  const size_t n = std::max(e.before.size(), e.after.size());
  int first = std::min(e.framesBefore, e.framesAfter);  // frames added or dropped
  for (size_t f = 0; f < n && int(f) < first; ++f) {
    const uint8_t a = f < e.before.size() ? e.before[f] : 0;
    const uint8_t b = f < e.after.size() ? e.after[f] : 0;
    if (a != b) return int(f);
  }
  return first;
}

}  // namespace

int firstAffectedFrame(const Edit& edit, const Recording& rec, int roomWidth) {
  const int none = int(rec.frames.size());
  return std::visit(
      Overloaded{
          [&](const CellEdit& e) {
            return firstFrameReading(
                rec, uint16_t(e.row * roomWidth + e.col),
                [](const EntityFrame& f) -> const std::vector<uint16_t>& { return f.cellsRead; });
          },
          [&](const CollisionEdit& e) {
            return firstFrameReading(
                rec, uint16_t(e.metatile),
                [](const EntityFrame& f) -> const std::vector<uint16_t>& { return f.attrsRead; });
          },
          [&](const OpcodeNameEdit&) { return none; },
          [&](const EntityMoveEdit&) { return 0; },
          [&](const HitboxEdit&) { return none; },
          [&](const InputEdit& e) { return std::min(none, firstInputChange(e)); },
          [&](const MetatileNameEdit&) { return none; },
          [&](const CellsEdit& e) {
            std::vector<uint16_t> indices;
            for (const CellEdit& c : e.cells)
              indices.push_back(uint16_t(c.row * roomWidth + c.col));
            return firstFrameReadingAny(rec, indices);
          },
          // The cell indices and the attribute table change as a whole.
          [&](const ResizeEdit&) { return 0; },
          [&](const MetatileSetEdit&) { return 0; },
          // Tile ids reach the routine only through the attribute table.
          [&](const MetatileTilesEdit& e) {
            return firstFrameReading(
                rec, uint16_t(e.metatile),
                [](const EntityFrame& f) -> const std::vector<uint16_t>& { return f.attrsRead; });
          },
          // Pixels and colours are drawn, never read by the routine.
          [&](const TilePixelsEdit&) { return none; },
          [&](const TileAddEdit&) { return none; },
          [&](const PaletteEdit&) { return none; },
          // Every call's slot and order may change: the whole run again.
          [&](const EntityListEdit&) { return 0; },
          // Names are shown, never read by the routine.
          [&](const EntityNameEdit&) { return none; },
          // The table holds other cells from the first frame on.
          [&](const ViewEdit&) { return 0; },
      },
      edit);
}

const char* editName(const Edit& e) {
  static constexpr const char* kNames[] = {
      "Paint",         "Collision bits",   "Rename op-code", "Move entity",    "Hitbox",
      "Input",         "Rename metatile",  "Fill cells",     "Resize room",    "Metatile tiles",
      "Metatiles",     "Draw tile pixels", "Add tile",       "Palette colour", "Entities",
      "Rename entity", "Routine view"};
  static_assert(std::size(kNames) == std::variant_size_v<Edit>);
  if (const auto* l = std::get_if<EntityListEdit>(&e)) {
    switch (l->kind) {
      case EntityListEdit::Kind::Add:
        return "Add entity";
      case EntityListEdit::Kind::Remove:
        return "Remove entity";
      case EntityListEdit::Kind::Duplicate:
        return "Duplicate entity";
    }
  }
  return kNames[e.index()];
}

}  // namespace core
