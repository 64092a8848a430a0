#include "core/workspace/disk_change.h"

#include <algorithm>
#include <cstdio>

namespace core {

namespace {

constexpr size_t kPlaces = 4;  // places named in a line before "and N more"

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

// "what: A on disk, B here"
std::string differs(const std::string& what, const std::string& disk, const std::string& open) {
  return what + ": " + disk + " on disk, " + open + " here";
}

// "N of TOTAL things differ: place; place; ...; and M more"
std::string listed(size_t count, const std::string& head, const std::vector<std::string>& places) {
  std::string line = head + ": ";
  for (size_t i = 0; i < places.size(); ++i) line += (i ? "; " : "") + places[i];
  if (count > places.size()) line += "; and " + std::to_string(count - places.size()) + " more";
  return line;
}

std::string hex2(int v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "$%02X", v & 0xFF);
  return buf;
}

std::string metatileDifference(const Metatile& d, const Metatile& o) {
  std::string what;
  auto add = [&](const char* s) { what += (what.empty() ? "" : ", ") + std::string(s); };
  if (d.name != o.name) add("name");
  if (d.tiles != o.tiles) add("tiles");
  if (d.collision != o.collision)
    what += (what.empty() ? "" : ", ") +
            ("collision " + hex2(d.collision) + " on disk, " + hex2(o.collision) + " here");
  return what;
}

void compareCells(const Room& d, const Room& o, std::vector<std::string>& out) {
  if (d.width != o.width || d.height != o.height) {
    out.push_back(differs("room size", std::to_string(d.width) + "x" + std::to_string(d.height),
                          std::to_string(o.width) + "x" + std::to_string(o.height) + " cells"));
    return;
  }
  if (d.cells.size() != o.cells.size()) return;  // a malformed room: nothing to compare
  size_t count = 0;
  std::vector<std::string> places;
  for (size_t i = 0; i < d.cells.size(); ++i) {
    if (d.cells[i] == o.cells[i]) continue;
    if (++count <= kPlaces)
      places.push_back("(" + std::to_string(i % size_t(d.width)) + "," +
                       std::to_string(i / size_t(d.width)) + ") " + std::to_string(d.cells[i]) +
                       " on disk, " + std::to_string(o.cells[i]) + " here");
  }
  if (count > 0)
    out.push_back(listed(count,
                         std::to_string(count) + " of " + std::to_string(d.cells.size()) +
                             (count == 1 ? " cell differs" : " cells differ"),
                         places));
}

std::string position(int x, int y) {
  return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

std::string entityDifference(const EntitySpec& d, const EntitySpec& o) {
  std::vector<std::string> what;
  if (d.name != o.name) what.push_back("name " + quoted(d.name) + " on disk");
  if (d.x != o.x || d.y != o.y)
    what.push_back("at " + position(d.x, d.y) + " on disk, " + position(o.x, o.y) + " here");
  if (d.table != o.table) what.push_back("table");
  if (d.fields != o.fields) what.push_back("fields");
  if (d.hitbox != o.hitbox) what.push_back("hitbox");
  if (!(d.colour == o.colour)) what.push_back("colour");
  std::string line;
  for (const std::string& w : what) line += (line.empty() ? "" : ", ") + w;
  return line;
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::vector<std::string> mapChanges(const MapDocument& d, const MapDocument& o) {
  std::vector<std::string> out;
  if (d.name != o.name) out.push_back(differs("name", quoted(d.name), quoted(o.name)));
  if (d.room.cellSize != o.room.cellSize)
    out.push_back(differs("cell size", std::to_string(d.room.cellSize) + " px",
                          std::to_string(o.room.cellSize) + " px"));
  compareCells(d.room, o.room, out);

  const auto& dm = d.metatiles.metatiles;
  const auto& om = o.metatiles.metatiles;
  if (dm.size() != om.size())
    out.push_back(differs("metatiles", std::to_string(dm.size()), std::to_string(om.size())));
  size_t count = 0;
  std::vector<std::string> places;
  for (size_t i = 0; i < std::min(dm.size(), om.size()); ++i) {
    const std::string what = metatileDifference(dm[i], om[i]);
    if (what.empty()) continue;
    if (++count <= kPlaces)
      places.push_back(std::to_string(i) + " " + quoted(om[i].name) + " (" + what + ")");
  }
  if (count > 0)
    out.push_back(listed(count, plural(count, "metatile differs", "metatiles differ"), places));
  if (d.metatiles.tilesPerSide != o.metatiles.tilesPerSide)
    out.push_back(differs("tiles per metatile side", std::to_string(d.metatiles.tilesPerSide),
                          std::to_string(o.metatiles.tilesPerSide)));
  if (d.metatiles.opcodeNames != o.metatiles.opcodeNames) out.push_back("op-code names differ");

  if (d.tiles.size() != o.tiles.size())
    out.push_back(
        differs("CHR tiles", std::to_string(d.tiles.size()), std::to_string(o.tiles.size())));
  count = 0;
  places.clear();
  for (size_t i = 0; i < std::min(d.tiles.size(), o.tiles.size()); ++i)
    if (d.tiles[i].px != o.tiles[i].px && ++count <= kPlaces) places.push_back(std::to_string(i));
  if (count > 0)
    out.push_back(listed(
        count, plural(count, "CHR tile's pixels differ", "CHR tiles' pixels differ"), places));
  if (d.chrFormat != o.chrFormat) out.push_back("CHR format differs");
  if (d.palette != o.palette) out.push_back("palette differs");
  return out;
}

std::vector<std::string> scenarioChanges(const Scenario& d, const Scenario& o) {
  std::vector<std::string> out;
  if (d.name != o.name) out.push_back(differs("name", quoted(d.name), quoted(o.name)));
  if (d.manifestPath != o.manifestPath)
    out.push_back(differs("routine", d.manifestPath, o.manifestPath));
  if (d.mapPath != o.mapPath) out.push_back(differs("map file", d.mapPath, o.mapPath));

  if (d.entities.size() != o.entities.size())
    out.push_back(
        differs("entities", std::to_string(d.entities.size()), std::to_string(o.entities.size())));
  size_t count = 0;
  std::vector<std::string> places;
  for (size_t i = 0; i < std::min(d.entities.size(), o.entities.size()); ++i) {
    const std::string what = entityDifference(d.entities[i], o.entities[i]);
    if (what.empty()) continue;
    if (++count <= kPlaces)
      places.push_back(std::to_string(i) + " " + quoted(o.entities[i].name) + " (" + what + ")");
  }
  if (count > 0)
    out.push_back(listed(count, plural(count, "entity differs", "entities differ"), places));

  if (d.input != o.input) {
    size_t first = 0;
    while (first < d.input.size() && first < o.input.size() && d.input[first] == o.input[first])
      ++first;
    out.push_back("input differs from frame " + std::to_string(first) + " (" +
                  std::to_string(d.input.size()) + " frames on disk, " +
                  std::to_string(o.input.size()) + " here)");
  }
  if (d.frames != o.frames)
    out.push_back(differs("frames", std::to_string(d.frames), std::to_string(o.frames)));
  if (d.oracle.xFirst != o.oracle.xFirst || d.oracle.outsideSolid != o.oracle.outsideSolid)
    out.push_back("oracle settings differ");
  if (!(d.view == o.view)) out.push_back(differs("view", viewText(d.view), viewText(o.view)));
  if (d.expect.size() != o.expect.size())
    out.push_back(
        differs("expectations", std::to_string(d.expect.size()), std::to_string(o.expect.size())));
  return out;
}

std::vector<std::string> textChanges(const std::string& disk, const std::string& open) {
  if (disk == open) return {};
  const std::vector<std::string> d = splitLines(disk), o = splitLines(open);
  size_t head = 0;
  while (head < d.size() && head < o.size() && d[head] == o[head]) ++head;
  size_t tail = 0;
  while (tail < d.size() - head && tail < o.size() - head &&
         d[d.size() - 1 - tail] == o[o.size() - 1 - tail])
    ++tail;
  const size_t dn = d.size() - head - tail, on = o.size() - head - tail;
  std::vector<std::string> out;
  out.push_back(std::to_string(d.size()) + " lines on disk, " + std::to_string(o.size()) + " here");
  auto span = [](size_t from, size_t n) {
    return n == 0   ? "none (before line " + std::to_string(from + 1) + ")"
           : n == 1 ? "line " + std::to_string(from + 1)
                    : "lines " + std::to_string(from + 1) + "-" + std::to_string(from + n);
  };
  if (dn == 0 && on == 0)
    out.push_back("the lines are the same; only the line ends differ");
  else
    out.push_back("differ from line " + std::to_string(head + 1) + ": " + span(head, dn) +
                  " on disk, " + span(head, on) + " here");
  if (dn > 0 && head < d.size()) out.push_back("on disk: " + d[head].substr(0, 80));
  if (on > 0 && head < o.size()) out.push_back("here: " + o[head].substr(0, 80));
  return out;
}

}  // namespace core
