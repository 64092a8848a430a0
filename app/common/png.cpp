#include "app/common/png.h"

#include <zlib.h>

#include <cstring>
#include <unordered_set>

#include "core/util/files.h"

#ifdef COLLIDOSCOPE_HAVE_STB
#include <stb_image.h>
#endif

namespace app {

// PNG layout: signature, IHDR, IDAT chunks holding one zlib stream of rows
// (each a filter byte then its pixels), IEND. Rows use the Up filter (the
// difference from the row above), which turns the repeated rows of a room
// picture into zeros; it needs only the previous row, so bands stream. The
// bytes go through core::AtomicFile, as every output does: a path that is not
// a regular file is refused, and the picture appears whole or not at all.
struct PngStreamWriter::State {
  std::string path;
  core::AtomicFile file;
  int width = 0, height = 0, rowsWritten = 0;
  z_stream zs{};
  bool zsOpen = false;
  std::vector<uint8_t> previous, filtered, out, chunk;
};

namespace {

void putU32(std::vector<uint8_t>& v, uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(uint8_t(x >> s));
}

// One chunk, length, type, data and CRC, in one write.
bool writeChunk(core::AtomicFile& f, std::vector<uint8_t>& buf, const char* type,
                const uint8_t* data, size_t n, std::string* error) {
  buf.clear();
  putU32(buf, uint32_t(n));
  buf.insert(buf.end(), type, type + 4);
  if (n) buf.insert(buf.end(), data, data + n);
  uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
  if (n) crc = crc32(crc, data, uInt(n));
  putU32(buf, uint32_t(crc));
  return f.write(buf.data(), buf.size(), error);
}

}  // namespace

PngStreamWriter::PngStreamWriter() = default;

// An unfinished picture's temporary file goes with its AtomicFile; the path it
// was to replace is left as it was.
PngStreamWriter::~PngStreamWriter() {
  if (state_ && state_->zsOpen) deflateEnd(&state_->zs);
}

bool PngStreamWriter::fail(const std::string& message, std::string* error) {
  if (error) *error = (state_ ? state_->path + ": " : std::string()) + message;
  return false;
}

bool PngStreamWriter::open(const std::string& path, int width, int height, std::string* error) {
  state_ = std::make_unique<State>();
  State& st = *state_;
  st.path = path;
  if (width <= 0 || height <= 0) return fail("image has no pixels", error);
  st.width = width;
  st.height = height;
  if (!st.file.open(path, error, /*keepBackup=*/false)) return false;
  if (deflateInit(&st.zs, Z_DEFAULT_COMPRESSION) != Z_OK) return fail("zlib failed", error);
  st.zsOpen = true;
  st.previous.assign(size_t(width) * 4, 0);
  st.filtered.resize(size_t(width) * 4 + 1);
  st.out.resize(size_t(1) << 16);
  static constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  putU32(ihdr, uint32_t(width));
  putU32(ihdr, uint32_t(height));
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8 bits, RGBA, deflate, filters, no interlace
  return st.file.write(kSignature, 8, error) &&
         writeChunk(st.file, st.chunk, "IHDR", ihdr.data(), ihdr.size(), error);
}

// Runs deflate over the pending input and writes what it produced as IDAT chunks.
bool PngStreamWriter::flushDeflate(int mode, std::string* error) {
  State& st = *state_;
  for (;;) {
    st.zs.next_out = st.out.data();
    st.zs.avail_out = uInt(st.out.size());
    const int rc = deflate(&st.zs, mode);
    if (rc == Z_STREAM_ERROR) return fail("zlib failed", error);
    const size_t n = st.out.size() - st.zs.avail_out;
    if (n && !writeChunk(st.file, st.chunk, "IDAT", st.out.data(), n, error)) return false;
    if (mode == Z_FINISH ? rc == Z_STREAM_END : st.zs.avail_out != 0) return true;
  }
}

bool PngStreamWriter::writeRows(const uint8_t* rgba, int rows, std::string* error) {
  if (!state_ || !state_->file.isOpen()) return fail("not open", error);
  State& st = *state_;
  if (rows < 0 || st.rowsWritten + rows > st.height)
    return fail("more rows than the image has", error);
  const size_t stride = size_t(st.width) * 4;
  for (int r = 0; r < rows; ++r) {
    const uint8_t* row = rgba + size_t(r) * stride;
    st.filtered[0] = 2;  // Up
    for (size_t i = 0; i < stride; ++i) st.filtered[i + 1] = uint8_t(row[i] - st.previous[i]);
    std::memcpy(st.previous.data(), row, stride);
    st.zs.next_in = st.filtered.data();
    st.zs.avail_in = uInt(st.filtered.size());
    if (!flushDeflate(Z_NO_FLUSH, error)) return false;
  }
  st.rowsWritten += rows;
  return true;
}

bool PngStreamWriter::finish(std::string* error) {
  if (!state_ || !state_->file.isOpen()) return fail("not open", error);
  State& st = *state_;
  if (st.rowsWritten != st.height)
    return fail(std::to_string(st.rowsWritten) + " of " + std::to_string(st.height) + " rows",
                error);
  if (!flushDeflate(Z_FINISH, error)) return false;
  deflateEnd(&st.zs);
  st.zsOpen = false;
  return writeChunk(st.file, st.chunk, "IEND", nullptr, 0, error) && st.file.commit(error);
}

bool RgbaImage::isFlat() const {
  return distinctColours(2) <= 1;
}

int RgbaImage::distinctColours(int limit) const {
  std::unordered_set<uint32_t> seen;
  for (size_t i = 0; i + 3 < pixels.size(); i += 4) {
    uint32_t c =
        pixels[i] | pixels[i + 1] << 8 | pixels[i + 2] << 16 | uint32_t(pixels[i + 3]) << 24;
    seen.insert(c);
    if (static_cast<int>(seen.size()) >= limit) break;
  }
  return static_cast<int>(seen.size());
}

bool writePng(const std::string& path, const RgbaImage& image, std::string* error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != size_t(image.width) * image.height * 4) {
    if (error) *error = path + ": image has no pixels";
    return false;
  }
  PngStreamWriter png;
  return png.open(path, image.width, image.height, error) &&
         png.writeRows(image.pixels.data(), image.height, error) && png.finish(error);
}

#ifdef COLLIDOSCOPE_HAVE_STB
bool readPng(const std::string& path, RgbaImage& image, std::string* error) {
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 4);
  if (!data) {
    if (error)
      *error = path + ": " + (stbi_failure_reason() ? stbi_failure_reason() : "unreadable");
    return false;
  }
  image.width = w;
  image.height = h;
  image.pixels.assign(data, data + size_t(w) * h * 4);
  stbi_image_free(data);
  return true;
}
#else
bool readPng(const std::string& path, RgbaImage&, std::string* error) {
  if (error) *error = "cannot read " + path + ": built without stb (install libstb-dev)";
  return false;
}
#endif

}  // namespace app
