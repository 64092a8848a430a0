// Output helpers shared by the CLI commands: a progress bar on stderr,
// Canvas images written as PNG, and room pictures drawn and written in bands.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/common/png.h"
#include "core/asm/diagnostic.h"
#include "core/map/limits.h"
#include "core/render/canvas.h"
#include "core/render/room_render.h"
#include "core/sim/references.h"

namespace app::cli {

// Redraws "[#####     ] done/total unit" on stderr (call finishProgress after).
inline void drawProgress(size_t done, size_t total, const char* unit) {
  const int width = 40;
  const int filled = total ? int(double(done) / double(total) * width) : width;
  std::fprintf(stderr, "\r[%-*s] %zu/%zu %s", width, std::string(size_t(filled), '#').c_str(), done,
               total, unit);
  std::fflush(stderr);
}

// Assembler diagnostics on stderr, one "file:line:col: error: ..." line each.
inline void printDiagnostics(const std::vector<core::Diagnostic>& diags) {
  for (const auto& d : diags) std::fprintf(stderr, "%s\n", d.str().c_str());
}

inline void finishProgress() {
  std::fprintf(stderr, "\n");
}

// The files `sc` reads from outside its folder (core/sim/references.h), a line
// each on stderr: "collido audit: warning: s.json: map: chr.file: /x is outside ...".
inline void warnOutsideReferences(const char* command, const core::Scenario& sc) {
  for (const std::string& w : core::outsideReferenceWarnings(sc))
    std::fprintf(stderr, "collido %s: warning: %s\n", command, w.c_str());
}

inline bool writeCanvasPng(const std::string& path, const core::Canvas& canvas,
                           std::string* error) {
  RgbaImage img;
  img.width = canvas.width();
  img.height = canvas.height();
  img.pixels = canvas.pixels();
  return writePng(path, img, error);
}

// Checks the picture's size (the message says how to get a smaller one), then
// draws and writes it in bands of about 16 MiB, so memory stays bounded however
// big the room.
inline bool checkRoomPng(const core::Scenario& sc, const core::RoomRenderOptions& ro,
                         std::string* error) {
  if (core::checkRoomPicture(sc, ro, error)) return true;
  const core::PictureSize size = core::roomPictureSize(sc, ro);
  if (size.width * size.height > core::kMaxPicturePixels)
    *error += ro.scale > 1 ? ": draw less with --scale 1 or --region COL,ROW,W,H (cells)"
                           : ": draw a part of the room with --region COL,ROW,W,H (cells)";
  return false;
}

inline bool writeRoomPng(const std::string& path, const core::Scenario& sc,
                         const core::RoomRenderOptions& ro, std::string* error) {
  if (!checkRoomPng(sc, ro, error)) return false;
  const core::PictureSize size = core::roomPictureSize(sc, ro);
  const int width = int(size.width), height = int(size.height);
  const int band = std::max(1, int((size_t(16) << 20) / (size_t(width) * 4)));
  PngStreamWriter png;
  if (!png.open(path, width, height, error)) return false;
  for (int y = 0; y < height; y += band) {
    const int rows = std::min(band, height - y);
    const core::Canvas c = core::renderRoomBand(sc, ro, y, rows);
    if (!png.writeRows(c.pixels().data(), rows, error)) return false;
  }
  return png.finish(error);
}

}  // namespace app::cli
