// PNG files for screenshots, `collido render` and the tests that check them.
// Pixels are tightly packed RGBA, top row first. PngStreamWriter writes a PNG
// a band of rows at a time (over zlib), so a picture never has to be in memory
// whole, through core::AtomicFile (core/util/files.h): a path that is not a
// regular file is refused, and the picture replaces the file only once whole.
//
//   PngStreamWriter png;
//   if (!png.open("room.png", width, height, &error)) ...
//   for (each band) png.writeRows(band.data(), bandRows, &error);
//   png.finish(&error);
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace app {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // width * height * 4

  // True when every pixel has the same colour (a blank screenshot).
  bool isFlat() const;
  // Number of distinct colours, capped at `limit`.
  int distinctColours(int limit = 1 << 20) const;
};

class PngStreamWriter {
 public:
  PngStreamWriter();
  ~PngStreamWriter();  // an unfinished picture is dropped; the path is left as it was
  PngStreamWriter(const PngStreamWriter&) = delete;
  PngStreamWriter& operator=(const PngStreamWriter&) = delete;

  // Starts `path` (a temporary file beside it) with the header of a width x height RGBA image.
  bool open(const std::string& path, int width, int height, std::string* error);
  // Appends `rows` rows of width * 4 bytes each.
  bool writeRows(const uint8_t* rgba, int rows, std::string* error);
  // Writes the end of the image and puts it in place; fails when fewer rows than `height` came.
  bool finish(std::string* error);

 private:
  struct State;
  bool fail(const std::string& message, std::string* error);
  bool flushDeflate(int mode, std::string* error);
  std::unique_ptr<State> state_;
};

// Writes `image` as PNG. On failure returns false and sets `error`.
bool writePng(const std::string& path, const RgbaImage& image, std::string* error);
// Reads a PNG into RGBA. On failure returns false and sets `error`.
bool readPng(const std::string& path, RgbaImage& image, std::string* error);

}  // namespace app
