// `collido export MAP --format tmx|tmj|ca65|rgbds|c|bin [--manifest M] -o OUT`:
// a room out to the tools around it. tmx/tmj: a Tiled map with its tileset
// image beside it (core/interop/tiled.h). ca65/rgbds/c/bin: the room's cells and
// the metatile attribute table laid out as the routine's manifest says
// (core/interop/game_export.h). MAP is a map or a scenario (whose map and
// manifest are used). Without --format, OUT's extension picks it. Files are
// written atomically; bad input exits 2 and writes nothing.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "core/interop/game_export.h"
#include "core/interop/tiled.h"
#include "core/map/map_file.h"
#include "core/sim/scenario.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace app::cli {
namespace {

struct ExportCliOptions {
  std::string map;
  std::string format;
  std::string manifest;
  std::string out;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "collido export: %s\n", message.c_str());
  return kExitBadInput;
}

// The map, and the manifest when MAP is a scenario.
bool loadInput(const std::string& path, core::MapDocument* map, core::RoutineManifest* manifest,
               bool* hasManifest, std::string* error) {
  const auto j = core::readJsonFile(path, error);
  if (!j) return false;
  const auto f = j->is_object() ? j->find("format") : j->end();
  if (j->is_object() && f != j->end() && f->is_string() &&
      f->get<std::string>().rfind("collidoscope-scenario", 0) == 0) {
    core::Scenario sc;
    if (!core::loadScenario(path, sc, error)) return false;
    warnOutsideReferences("export", sc);
    *map = std::move(sc.map);
    *manifest = std::move(sc.manifest);
    *hasManifest = true;
    return true;
  }
  return core::loadMap(path, *map, error);
}

int runExport(const ExportCliOptions& o) {
  std::string format = o.format;
  core::interop::TiledFormat tiled{};
  core::interop::TableFormat table{};
  bool isTiled = false;
  if (format.empty()) {
    if (core::interop::tiledFormatFromPath(o.out, &tiled))
      isTiled = true;
    else if (!core::interop::parseTableFormat(
                 o.out.substr(std::min(o.out.size(), o.out.rfind('.'))), &table))
      return fail("--format: give tmx, tmj, ca65, rgbds, c or bin (\"" + o.out +
                  "\" has no extension that names one)");
  } else if (format == "tmx" || format == "tmj") {
    isTiled = true;
    tiled = format == "tmx" ? core::interop::TiledFormat::Tmx : core::interop::TiledFormat::Tmj;
  } else if (!core::interop::parseTableFormat(format, &table)) {
    return fail("--format: \"" + format + "\" is not tmx, tmj, ca65, rgbds, c or bin");
  }

  core::MapDocument map;
  core::RoutineManifest manifest;
  bool hasManifest = false;
  std::string error;
  if (!loadInput(o.map, &map, &manifest, &hasManifest, &error)) return fail(error);
  if (isTiled) {
    if (!core::interop::exportTiled(map, o.out, tiled, &error)) return fail(error);
    if (auto w = core::embedWarning(map, core::interop::tiledTilesetImagePath(o.out)))
      std::fprintf(stderr, "collido export: warning: %s\n", w->c_str());
    std::printf("%s: %d x %d cells, %zu metatiles (tileset image %s)\n", o.out.c_str(),
                map.room.width, map.room.height, map.metatiles.metatiles.size(),
                core::interop::tiledTilesetImagePath(o.out).c_str());
    return kExitClean;
  }
  if (!o.manifest.empty()) {
    if (!core::loadManifest(o.manifest, manifest, &error)) return fail(error);
    hasManifest = true;
  }
  if (!hasManifest)
    return fail(std::string("--format ") + core::interop::tableFormatName(table) +
                " needs --manifest (the routine's manifest says how its tables are laid out), or "
                "a scenario as MAP");
  std::string text;
  const size_t slash = o.map.find_last_of('/');
  const std::string source = slash == std::string::npos ? o.map : o.map.substr(slash + 1);
  if (!core::interop::exportTables(map, manifest, table, source, &text, &error)) return fail(error);
  if (!core::writeFileAtomic(o.out, text, &error)) return fail(error);
  std::printf("%s: %s tables of %s (%zu bytes)\n", o.out.c_str(),
              core::interop::tableFormatName(table), source.c_str(), text.size());
  return kExitClean;
}

CommandRegistrar reg(
    "export", "Write a room as a Tiled map or as tables the game includes", [](CLI::App& sub) {
      auto o = std::make_shared<ExportCliOptions>();
      sub.add_option("map", o->map, "map or scenario file")->required();
      sub.add_option("--format", o->format,
                     "tmx, tmj (Tiled), ca65, rgbds, c, bin (default: from OUT's extension)");
      sub.add_option("--manifest", o->manifest,
                     "routine manifest whose cells/attributes layout the tables follow");
      sub.add_option("-o,--out", o->out, "output file")->required();
      return [o] { return runExport(*o); };
    });

}  // namespace
}  // namespace app::cli
