#include "core/interop/tiled.h"

namespace core::interop {

bool importTiled(const std::string& path, const TiledImportOptions&, MapDocument*,
                 TiledImportReport*, std::string* error) {
  if (error) *error = path + ": Tiled import is not available yet";
  return false;
}

bool exportTiled(const MapDocument&, const std::string& path, TiledFormat, std::string* error) {
  if (error) *error = path + ": Tiled export is not available yet";
  return false;
}

bool tiledFormatFromPath(const std::string& path, TiledFormat* out) {
  auto ends = [&](const char* ext) {
    const std::string e(ext);
    return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (ends(".tmx"))
    *out = TiledFormat::Tmx;
  else if (ends(".tmj") || ends(".json"))
    *out = TiledFormat::Tmj;
  else
    return false;
  return true;
}

std::string tiledTilesetImagePath(const std::string& mapPath) {
  const size_t slash = mapPath.find_last_of('/');
  const size_t dot = mapPath.find_last_of('.');
  const std::string stem = dot != std::string::npos && (slash == std::string::npos || dot > slash)
                               ? mapPath.substr(0, dot)
                               : mapPath;
  return stem + ".tiles.png";
}

}  // namespace core::interop
