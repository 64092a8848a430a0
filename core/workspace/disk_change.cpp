#include "core/workspace/disk_change.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "core/util/text.h"

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

std::string metatileDifference(const Metatile& d, const Metatile& o) {
  std::string what;
  auto add = [&](const char* s) { what += (what.empty() ? "" : ", ") + std::string(s); };
  if (d.name != o.name) add("name");
  if (d.tiles != o.tiles) add("tiles");
  if (d.collision != o.collision)
    what += (what.empty() ? "" : ", ") +
            ("collision " + hex(d.collision, 2) + " on disk, " + hex(o.collision, 2) + " here");
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

// A run of lines that differ: `diskCount` lines of the disk's text from
// `diskAt` stand where the open text has `openCount` from `openAt`.
struct Hunk {
  size_t diskAt = 0, diskCount = 0, openAt = 0, openCount = 0;
};

// The hunks of a line diff: the common start and end are trimmed, the middle
// is aligned by a longest common subsequence when it is small enough
// (kMaxCells), else it counts as one hunk.
std::vector<Hunk> lineHunks(const std::vector<std::string>& d, const std::vector<std::string>& o) {
  constexpr size_t kMaxCells = 4u << 20;  // 8 MiB of lengths at most
  size_t head = 0;
  while (head < d.size() && head < o.size() && d[head] == o[head]) ++head;
  size_t tail = 0;
  while (tail < d.size() - head && tail < o.size() - head &&
         d[d.size() - 1 - tail] == o[o.size() - 1 - tail])
    ++tail;
  const size_t n = d.size() - head - tail, m = o.size() - head - tail;
  std::vector<Hunk> hunks;
  if (n == 0 && m == 0) return hunks;
  if (n == 0 || m == 0 || (n + 1) * (m + 1) > kMaxCells || std::max(n, m) >= 65535) {
    hunks.push_back({head, n, head, m});
    return hunks;
  }
  // lcs[i][j]: the longest common subsequence of d[head+i..] and o[head+j..].
  std::vector<uint16_t> lcs((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> uint16_t& { return lcs[i * (m + 1) + j]; };
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      at(i, j) = d[head + i] == o[head + j] ? uint16_t(at(i + 1, j + 1) + 1)
                                            : std::max(at(i + 1, j), at(i, j + 1));
  size_t i = 0, j = 0;
  Hunk cur;
  bool open = false;
  auto close = [&] {
    if (open) hunks.push_back(cur);
    open = false;
  };
  while (i < n || j < m) {
    if (i < n && j < m && d[head + i] == o[head + j]) {
      close();
      ++i, ++j;
      continue;
    }
    if (!open) {
      cur = {head + i, 0, head + j, 0};
      open = true;
    }
    if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
      ++cur.openCount;
      ++j;
    } else {
      ++cur.diskCount;
      ++i;
    }
  }
  close();
  return hunks;
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
  std::vector<std::string> out;
  const std::vector<Hunk> hunks = lineHunks(d, o);
  if (hunks.empty()) {
    out.push_back("the lines are the same; only the line ends differ");
    return out;
  }
  size_t onlyDisk = 0, onlyHere = 0;
  for (const Hunk& h : hunks) onlyDisk += h.diskCount, onlyHere += h.openCount;
  out.push_back(
      std::to_string(d.size()) + " lines on disk, " + std::to_string(o.size()) +
      " here: " + plural(onlyDisk, "line", "lines") + " only on disk, " + std::to_string(onlyHere) +
      " only here, " +
      (hunks.size() == 1 ? "in 1 place" : "in " + std::to_string(hunks.size()) + " places"));
  auto text = [](const std::vector<std::string>& lines, size_t at, size_t count) {
    std::string t = lines[at];
    if (t.size() > 60) t = t.substr(0, 60) + "...";
    return "\"" + t + "\"" +
           (count > 1 ? " and " + plural(count - 1, "more line", "more lines") : std::string());
  };
  for (size_t i = 0; i < hunks.size() && i < kPlaces; ++i) {
    const Hunk& h = hunks[i];
    if (h.openCount == 0)
      out.push_back("only on disk, line " + std::to_string(h.diskAt + 1) + ": " +
                    text(d, h.diskAt, h.diskCount));
    else if (h.diskCount == 0)
      out.push_back("only here, line " + std::to_string(h.openAt + 1) + ": " +
                    text(o, h.openAt, h.openCount));
    else
      out.push_back("line " + std::to_string(h.diskAt + 1) + " on disk, " +
                    std::to_string(h.openAt + 1) + " here: " + text(d, h.diskAt, h.diskCount) +
                    " on disk, " + text(o, h.openAt, h.openCount) + " here");
  }
  if (hunks.size() > kPlaces)
    out.push_back("and " + plural(hunks.size() - kPlaces, "more place", "more places"));
  return out;
}

}  // namespace core
