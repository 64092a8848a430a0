// File > Import... and Export...: rooms from and to Tiled (.tmx/.tmj), tile
// graphics (.chr, .2bpp, .1bpp, .png, a Tiled tileset), and the room's tables
// for the game (ca65, rgbds, C, raw) laid out as the open routine's manifest
// says. Core does the work (core/interop); this file picks by extension and
// turns the result into a document or a status line.
//
// An imported room or graphics become a document with an untitled map (and
// scenario) around the current routine, like a map opened alone: Save asks
// where to write it, so an import never overwrites the room's own file.
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"
#include "core/interop/game_export.h"
#include "core/interop/tile_graphics.h"
#include "core/interop/tiled.h"
#include "core/util/files.h"
#include "core/util/text.h"

namespace fs = std::filesystem;

namespace app {

using core::lowerExtension;

const std::vector<std::string>& importExtensions() {
  static const std::vector<std::string> kExt = {".tmx",  ".tmj", ".chr", ".2bpp",
                                                ".1bpp", ".png", ".tsx", ".tsj"};
  return kExt;
}

const std::vector<std::string>& exportExtensions() {
  static const std::vector<std::string> kExt = {".tmx", ".tmj", ".s", ".inc",
                                                ".asm", ".c",   ".h", ".bin"};
  return kExt;
}

bool isTiledMapPath(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == ".tmx" || ext == ".tmj";
}

bool GuiApp::adoptImportedMap(core::MapDocument map, const std::string& what) {
  core::Scenario s;
  std::string error;
  if (sim()) {
    s = sim()->scenario();
  } else if (!core::loadScenario(dataDir() + "/maps/seed002_castle.scenario.json", s, &error)) {
    status_ = error;
    return false;
  }
  s.map = std::move(map);
  s.mapPath.clear();
  s.path.clear();
  s.name = s.map.name;
  auto next = std::make_unique<core::Simulation>();
  if (!next->build(s, &error) || !core::roomEncodes(*next, &error)) {
    status_ = "Cannot run " + what + " with this routine: " + error;
    return false;
  }
  replaceSimulation(std::move(next));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  view_.fitRequested = true;
  view_.lastAudit.reset();
  documentOpened({}, true);
  edit_.scenarioDirtyExtra = true;  // nothing on disk holds it yet: quitting asks
  updateTitle();
  return true;
}

bool GuiApp::openTiled(const std::string& path) {
  core::MapDocument map;
  core::interop::TiledImportReport report;
  std::string error;
  if (!core::interop::importTiled(path, {}, &map, &report, &error)) {
    status_ = error;
    return false;
  }
  if (map.name.empty() || map.name == "untitled") map.name = fs::path(path).stem().string();
  if (!adoptImportedMap(std::move(map), fs::path(path).filename().string())) return false;
  status_ = "Imported " + path;
  for (const std::string& note : report.notes) status_ += "; " + note;
  edit_.recent.add(path);
  return true;
}

bool GuiApp::importPath(const std::string& path) {
  try {
    if (isTiledMapPath(path)) return openTiled(path);
    core::interop::TileGraphicsFormat format;
    if (!core::interop::tileGraphicsFormatFromPath(path, &format)) {
      status_ = path + ": cannot import \"" + lowerExtension(path) +
                "\" files (Tiled .tmx/.tmj, tile graphics .chr/.2bpp/.1bpp/.png, or a "
                ".tsx/.tsj tileset)";
      return false;
    }
    if (!sim()) {
      status_ = "Open a room before importing graphics into it";
      return false;
    }
    core::MapDocument map = sim()->scenario().map;
    std::string error;
    if (!core::interop::importTileGraphics(path, &map, &error)) {
      status_ = error;
      return false;
    }
    const size_t tiles = map.tiles.size(), metatiles = map.metatiles.metatiles.size();
    if (!adoptImportedMap(std::move(map), fs::path(path).filename().string())) return false;
    status_ = "Imported " + std::to_string(tiles) + " tiles from " + path + " (" +
              std::to_string(metatiles) + " metatiles); Save as... keeps them";
    return true;
  } catch (const std::exception& e) {  // no file may take the app down
    status_ = "Cannot import " + path + ": " + e.what();
    return false;
  }
}

bool GuiApp::exportPath(const std::string& path) {
  if (!sim()) {
    status_ = "Nothing to export: no room is open";
    return false;
  }
  const core::Scenario& s = sim()->scenario();
  const std::string ext = lowerExtension(path);
  std::string error;
  try {
    if (isTiledMapPath(path)) {
      auto format =
          ext == ".tmx" ? core::interop::TiledFormat::Tmx : core::interop::TiledFormat::Tmj;
      if (!core::interop::exportTiled(s.map, path, format, &error)) {
        status_ = "Export failed: " + error;
        return false;
      }
    } else {
      core::interop::TableFormat format;
      if (!core::interop::parseTableFormat(ext, &format)) {
        status_ = path + ": cannot export \"" + ext +
                  "\" files (Tiled .tmx/.tmj; tables .s/.inc for ca65, .asm for rgbds, .c/.h, "
                  ".bin)";
        return false;
      }
      std::string text;
      const std::string source = s.mapPath.empty() ? s.map.name : s.mapPath;
      if (!core::interop::exportTables(s.map, s.manifest, format, source, &text, &error) ||
          !core::writeFileAtomic(path, text, &error)) {
        status_ = "Export failed: " + error;
        return false;
      }
    }
  } catch (const std::exception& e) {
    status_ = "Export failed: " + path + ": " + e.what();
    return false;
  }
  status_ = "Exported " + path;
  return true;
}

// --import FILE and --export FILE, in that order, once the document is open.
void GuiApp::runImportExportScript() {
  for (const std::string& path : opts_.imports) {
    if (!importPath(path)) {
      scriptError_ = "--import: " + status_;
      return;
    }
    std::printf("%s\n", status_.c_str());
    finishSimulation();
  }
  for (const std::string& path : opts_.exports) {
    if (!exportPath(path)) {
      scriptError_ = "--export: " + status_;
      return;
    }
    std::printf("%s\n", status_.c_str());
  }
}

}  // namespace app
