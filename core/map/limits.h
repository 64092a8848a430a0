// The size limits of what core loads and produces, in one place. Files past a
// limit are refused at load time with a message naming the JSON path and the
// numbers, so a large but legal-looking input ends in exit 2, never in a bare
// std::bad_alloc minutes later. docs/limits.md explains each choice; keep the
// two in step.
//
//   if (!checkRunSize(frames, entities, &error)) ...   // before simulating
//   if (!checkPictureSize(w, h, &error)) ...           // before rendering
#pragma once

#include <cstdint>
#include <string>

namespace core {

// Rooms. 4096 cells of 16 px are 65536 px, the whole range of a 16-bit
// position, so no routine can address a wider room; several-screen levels
// (256 x 32 cells and the like) stay far inside. 1M cells keep the model at
// 2 MiB and the JSON under ~8 MB.
inline constexpr int kMaxRoomSide = 4096;
inline constexpr int64_t kMaxRoomCells = int64_t(1) << 20;  // 1,048,576
// Metatile sets: routines index their attribute tables with one byte (256);
// 4096 leaves room for banked sets while the palette and exports stay small.
inline constexpr int kMaxMetatiles = 4096;
// CHR tiles: tile ids are 16-bit, so 65536 tiles (a 1 MiB CHR file).
inline constexpr int64_t kMaxTiles = int64_t(1) << 16;

// Scenarios. Routines address entities by a byte slot.
inline constexpr int kMaxEntities = 256;
inline constexpr int kMaxFrames = 1000000;
// The recording keeps an EntityFrame per call (frames x entities) plus a RAM
// snapshot every 16 frames. Measured with Recording::byteSize over the seed
// samples (core/tests/map/test_limits.cpp checks it stays below this): about 200-330
// bytes a call (frame-mode spans and expected map writes added fields), and 128
// (NES) to 539 (Game Boy) bytes of snapshot a frame.
// At the caps: 10^6 x 330 + 10^6 x 640 bytes, under 1 GiB (1 entity x 10^6
// frames of the seed-001 sample peaks at 777 MB).
inline constexpr int64_t kMaxCalls = 1000000;
inline constexpr int64_t kRecordingBytesPerCall = 330;
inline constexpr int64_t kRecordingBytesPerFrame = 640;

// `collido run --json` builds the whole document in memory before writing it:
// about 2 KiB a call on top of the recording (measured: 1 entity x 10^6 frames
// took 2.7 GB), so it takes a quarter of the calls, about 500 MiB.
inline constexpr int64_t kMaxJsonCalls = 250000;

// Map and scenario files are refused above 32 MiB before they are parsed:
// parsing takes several times the file's size, and the largest legal map
// (1M cells, 65536 tiles, 4096 metatiles, as saved) is about 14 MB.
inline constexpr int64_t kMaxJsonFileBytes = int64_t(32) << 20;
// Whether `path` is at most kMaxJsonFileBytes; otherwise false with a message.
// A missing file passes (the reader reports it).
bool checkJsonFileSize(const std::string& path, std::string* error);

// Pictures (`collido render`, `audit --png`): 16384 x 16384 pixels. They are
// drawn and written in bands, so memory stays bounded whatever the size; the
// cap bounds the time and the file (and many viewers refuse larger PNGs).
inline constexpr int64_t kMaxPicturePixels = int64_t(16384) * 16384;  // 268,435,456

// 1234567 -> "1,234,567".
std::string groupedNumber(int64_t n);

// Whether `frames` frames of `entities` entities fit kMaxFrames and kMaxCalls;
// otherwise false with a message naming the numbers, e.g. "16 entities x
// 1,000,000 frames = 16,000,000 calls (about 9,400 MiB of recording); the limit
// is 1,000,000 calls".
bool checkRunSize(int64_t frames, int64_t entities, std::string* error);

// Whether a width x height picture fits kMaxPicturePixels; otherwise false with
// a message naming both sizes.
bool checkPictureSize(int64_t width, int64_t height, std::string* error);

}  // namespace core
