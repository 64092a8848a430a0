// `collido import FILE -o ROOM.map.json [--layer NAME] [--graphics-layer NAME]
// [--scale N] [--tileset FILE]`: a Tiled map (.tmx or .tmj, told apart by
// content) becomes a collidoscope map: one layer's tiles become metatiles and
// their properties collision bits (core/interop/tiled.h). --tileset then reads
// tile graphics (.chr, .2bpp, .1bpp, .png, or a Tiled .tsx/.tsj and its image)
// into the room (core/interop/tile_graphics.h). Notes (layer chosen, flags
// masked, scale) go to stderr; bad input exits 2 with the file and location.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "app/cli/command.h"
#include "core/interop/tile_graphics.h"
#include "core/interop/tiled.h"
#include "core/map/map_file.h"
#include "core/sim/references.h"

namespace app::cli {
namespace {

struct ImportCliOptions {
  std::string file;
  std::string out;
  std::string layer, graphicsLayer;
  int scale = 0;
  std::string tileset;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "collido import: %s\n", message.c_str());
  return kExitBadInput;
}

int runImport(const ImportCliOptions& o) {
  if (o.scale < 0 || o.scale > 64)
    return fail("--scale: must be 1..64 (0 or absent: from the tile size)");
  core::interop::TiledImportOptions io;
  io.layer = o.layer;
  io.graphicsLayer = o.graphicsLayer;
  io.scale = o.scale;
  core::MapDocument doc;
  core::interop::TiledImportReport report;
  std::string error;
  if (!core::interop::importTiled(o.file, io, &doc, &report, &error)) return fail(error);
  if (!o.tileset.empty()) {
    core::interop::TileGraphicsFormat f;
    if (!core::interop::tileGraphicsFormatFromPath(o.tileset, &f))
      return fail("--tileset: " + o.tileset +
                  ": not a graphics file (.chr, .2bpp, .1bpp, .png, .tsx, .tsj)");
    if (!core::interop::importTileGraphics(o.tileset, &doc, &error)) return fail(error);
    // The graphics replaced the placeholders: drop the note that promised them.
    std::erase_if(report.notes, [](const std::string& n) { return n.find("placeholder") == 0; });
  }
  if (!core::saveMap(o.out, doc, &error)) return fail(error);
  if (auto w = core::embedWarning(doc, o.out))
    std::fprintf(stderr, "collido import: warning: %s\n", w->c_str());
  std::printf("%s: %d x %d cells of %d px, %zu metatiles, from layer \"%s\" of %s\n", o.out.c_str(),
              doc.room.width, doc.room.height, doc.room.cellSize, doc.metatiles.metatiles.size(),
              report.layer.c_str(), o.file.c_str());
  for (const std::string& n : report.notes) std::fprintf(stderr, "note: %s\n", n.c_str());
  if (o.tileset.empty() && !report.tilesetImage.empty() &&
      std::any_of(report.notes.begin(), report.notes.end(),
                  [](const std::string& n) { return n.find("placeholder") == 0; }))
    std::fprintf(stderr,
                 "note: the tileset's image is %s; add --tileset with it to import its graphics\n",
                 report.tilesetImage.c_str());
  return kExitClean;
}

CommandRegistrar reg("import", "Make a map from a Tiled map (.tmx/.tmj)", [](CLI::App& sub) {
  auto o = std::make_shared<ImportCliOptions>();
  sub.add_option("file", o->file, "Tiled map (.tmx or .tmj)")->required();
  sub.add_option("-o,--out", o->out, "map file to write (room.map.json)")->required();
  sub.add_option("--layer", o->layer,
                 "collision layer by name (default: the layer with property collision = true, "
                 "else the first tile layer)");
  sub.add_option("--graphics-layer", o->graphicsLayer,
                 "a second tile layer that gives each cell's graphics");
  sub.add_option("--scale", o->scale,
                 "room cells per Tiled tile side (default: tile size / 16, or 1 for 8 px tiles)");
  sub.add_option("--tileset", o->tileset,
                 "tile graphics to import: .chr, .2bpp, .1bpp, .png, or a Tiled .tsx/.tsj");
  return [o] { return runImport(*o); };
});

}  // namespace
}  // namespace app::cli
