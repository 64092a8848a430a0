#include "core/interop/tile_graphics.h"

namespace core::interop {

bool tileGraphicsFormatFromPath(const std::string&, TileGraphicsFormat*) {
  return false;
}

bool readTileSheet(const std::string&, TileSheet*, std::string* error) {
  *error = "not implemented yet";
  return false;
}

bool decodeTileData(const std::vector<uint8_t>&, TileGraphicsFormat, const std::string&, TileSheet*,
                    std::string* error) {
  *error = "not implemented yet";
  return false;
}

bool importTileGraphics(const std::string& path, MapDocument* map, std::string* error) {
  return importTileGraphics(path, TileGraphicsOptions{}, map, error);
}

bool importTileGraphics(const std::string&, const TileGraphicsOptions&, MapDocument*,
                        std::string* error) {
  *error = "not implemented yet";
  return false;
}

}  // namespace core::interop
