// Whole-file reads and atomic writes.
//
// Reads refuse what is not a regular file (a device such as /dev/zero, a FIFO,
// a directory) and files over a size cap, with a message naming the file and
// the limit, so a mistyped path never hangs or eats all memory. The caps are
// per kind of file (README "Limits"): pass the one that fits what is read.
//
// Every output (saves, reports, pictures, exports) goes through AtomicFile, or
// writeFileAtomic for text held whole. It refuses a target that is not a
// regular file ("x: not a regular file (a character device)") before creating
// anything, writes a temporary file (created exclusively, under an unpredictable
// name) beside the target, flushes it, keeps the previous version as
// `<name>.bak` if asked, renames the temporary over the target and flushes the
// directory, so a crash never leaves a half-written file and a failed backup
// never costs the previous one. On failure only the temporary file is removed:
// a path it did not create is never truncated or unlinked. Saving through a
// symlink writes its target; the file's permission bits are kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

inline constexpr uint64_t kMiB = uint64_t(1) << 20;
inline constexpr uint64_t kMaxJsonBytes = 64 * kMiB;    // maps, scenarios, manifests, Tiled files
inline constexpr uint64_t kMaxSourceBytes = 16 * kMiB;  // assembly sources and includes
inline constexpr uint64_t kMaxBinaryBytes = 8 * kMiB;   // ROMs, raw images, CHR, INCBIN

std::optional<std::string> readTextFile(const std::string& path, std::string* error = nullptr,
                                        uint64_t maxBytes = kMaxSourceBytes);
std::optional<std::vector<uint8_t>> readBinaryFile(const std::string& path,
                                                   std::string* error = nullptr,
                                                   uint64_t maxBytes = kMaxBinaryBytes);
// Why `path` cannot be read whole within `maxBytes` ("x: not a regular file (a
// character device)", "x: too large ..."), or nullopt when it is a regular file
// within the cap. A path that does not exist gives "x: cannot open (...)".
// Checks without opening, so a FIFO never blocks.
std::optional<std::string> unreadableReason(const std::string& path,
                                            uint64_t maxBytes = kMaxSourceBytes);
// "x: too large (N bytes; the limit is 16 MiB)".
std::string fileTooLarge(const std::string& path, uint64_t size, uint64_t maxBytes);
// "16 MiB", "512 KiB", "100 bytes".
std::string byteSize(uint64_t bytes);

// An output written in parts and put in place whole (a PNG streamed a band at a time):
//
//   AtomicFile out;
//   if (!out.open("room.png", &error, /*keepBackup=*/false)) return fail(error);
//   for (each part) if (!out.write(data, size, &error)) return fail(error);
//   if (!out.commit(&error)) return fail(error);
//
// Dropped before commit (or after a failed write), it removes its temporary file.
class AtomicFile {
 public:
  AtomicFile() = default;
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  bool open(const std::string& path, std::string* error, bool keepBackup = true);
  bool write(const void* data, size_t size, std::string* error);
  bool commit(std::string* error);
  bool isOpen() const { return fd_ >= 0; }

 private:
  bool fail(const std::string& message, std::string* error);
  std::string target_, tmp_;
  int fd_ = -1;
  bool exists_ = false, keepBackup_ = true;
  unsigned mode_ = 0;
};

// open + write + commit of `contents` (text or bytes).
bool writeFileAtomic(const std::string& path, const std::string& contents, std::string* error,
                     bool keepBackup = true);

// `rel` resolved against the directory of `base` (absolute paths are kept).
std::string resolveRelative(const std::string& base, const std::string& rel);
// `path` made relative to the directory of `base` (relative names of either are
// taken against the working directory); absolute when they share no root.
std::string makeRelative(const std::string& base, const std::string& path);
// Whether `path` lies outside the folder tree at `root` (a folder): `..` past it,
// an absolute path elsewhere, or a symlink inside it that leads out. Relative
// names of either are taken against the working directory, and symlinks are
// followed as far as the path exists. An empty `root` contains nothing.
bool outsideTree(const std::string& root, const std::string& path);

}  // namespace core
