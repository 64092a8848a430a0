#include "core/sim/new_scenario.h"

#include <algorithm>

#include "core/map/limits.h"

namespace core {

void newRoomSize(const RoutineManifest& m, int& width, int& height) {
  const bool gb = m.cpu == Cpu::Sm83;
  width = gb ? 20 : 16;
  height = gb ? 18 : 15;
  if (!m.cells) return;
  const CellLayout& c = *m.cells;
  const int spacing = std::max(c.spacing, 1);
  const int screens = std::max<int>(1, int(c.screens.size()));
  width = std::max(1, c.maxWidth / spacing) * screens;
  height = std::max(1, c.maxHeight / spacing);
}

int newCellSize(const RoutineManifest& m) {
  if (m.cpu == Cpu::Sm83) return 8;
  if (m.cells && m.cells->maxWidth / std::max(m.cells->spacing, 1) >= 20) return 8;
  return 16;
}

bool makeNewScenario(const NewScenarioSpec& spec, Scenario& out, std::string* error) {
  Scenario s;
  if (spec.manifestPath.empty()) {
    *error = "routine: choose a routine manifest (assets/routines/NAME/manifest.json)";
    return false;
  }
  std::string why;
  if (!loadManifest(spec.manifestPath, s.manifest, &why)) {
    *error = "routine: " + why;
    return false;
  }
  int w = spec.width, h = spec.height;
  if (w == 0 || h == 0) {
    int dw = 0, dh = 0;
    newRoomSize(s.manifest, dw, dh);
    if (w == 0) w = dw;
    if (h == 0) h = dh;
  }
  if (w < 1 || h < 1 || w > kMaxRoomSide || h > kMaxRoomSide || int64_t(w) * h > kMaxRoomCells) {
    *error = "room size: " + std::to_string(w) + "x" + std::to_string(h) +
             " cells; each side must be 1 to " + std::to_string(kMaxRoomSide) + " and the room " +
             groupedNumber(kMaxRoomCells) + " cells at most";
    return false;
  }
  const int cellSize = spec.cellSize == 0 ? newCellSize(s.manifest) : spec.cellSize;
  if (cellSize != 8 && cellSize != 16) {
    *error = "cell size: " + std::to_string(cellSize) + " pixels; a cell is 8 or 16";
    return false;
  }
  if (spec.frames < 1 || spec.frames > kMaxFrames) {
    *error = "frames: " + std::to_string(spec.frames) + "; 1 to " + groupedNumber(kMaxFrames);
    return false;
  }
  s.manifestPath = spec.manifestPath;
  s.name = spec.name.empty() ? "untitled" : spec.name;
  s.map = makeDefaultMap(w, h, cellSize);
  s.map.name = s.name;
  s.frames = spec.frames;
  out = std::move(s);
  return true;
}

}  // namespace core
