// Reading and writing `collidoscope-map/1` JSON files. Loading never throws:
// a bad file yields a message naming the JSON path of the fault. docs/map.md
// documents the file field by field, with its saved layout and key order.
//
// {
//   "format": "collidoscope-map/1",
//   "name": "castle",
//   "chr": {"format": "nes", "tiles": ["00000000/.../00000000", ...]}  // or "file": "x.chr"
//   "palette": ["#1c1c28", "#6c8cd8", "#c87040", "#f0e8d0"],
//   "metatiles": {"tilesPerSide": 2, "opcodeNames": ["water","ladder","door","hurt"],
//                 "set": [{"name": "sky", "tiles": [0,0,0,0], "collision": "%00000000"}, ...]},
//   "room": {"width": 16, "height": 15, "cellSize": 16, "cells": [6, 6, 0, ...]}
// }
//
// Limits (core/map/limits.h, docs/limits.md): 4096 cells a side, 1,048,576
// cells, 4096 metatiles, 65536 CHR tiles, a 32 MiB file.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/map/room.h"

namespace core {

inline constexpr int kMapFormatVersion = 1;

// Parses a map from JSON. `file` is used for relative CHR paths and messages.
bool mapFromJson(const nlohmann::json& j, const std::string& file, MapDocument& out,
                 std::string* error);
nlohmann::json mapToJson(const MapDocument& doc);
// The file's text as saveMap writes it: keys in the documented order
// (docs/map.md), one space a level, a metatile's tiles on one line, the room's
// cells one room row a line, and the keys the loader did not know after the
// known ones of their object.
std::string mapFileText(const MapDocument& doc);

bool loadMap(const std::string& path, MapDocument& out, std::string* error);
// Atomic save with a .bak of the previous file.
bool saveMap(const std::string& path, const MapDocument& doc, std::string* error);

}  // namespace core
