#include "core/util/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace fs = std::filesystem;

namespace core {

namespace {

std::string errnoText(int err) {
  return std::strerror(err);
}

const char* typeName(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "a special file";
}

std::string notRegular(const std::string& path, mode_t mode) {
  return path + ": not a regular file (" + typeName(mode) + ")";
}

// Reads a regular file of at most `maxBytes`. The type is checked with stat()
// before open() so neither a device nor a FIFO is ever opened (opening a FIFO
// blocks until a writer comes; O_NONBLOCK covers a swap between the two calls).
bool readWhole(const std::string& path, uint64_t maxBytes, std::string& out, std::string* error) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return fail(path + ": cannot open (" + errnoText(errno) + ")");
  if (!S_ISREG(st.st_mode)) return fail(notRegular(path, st.st_mode));
  if (uint64_t(st.st_size) > maxBytes)
    return fail(fileTooLarge(path, uint64_t(st.st_size), maxBytes));
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(path + ": cannot open (" + errnoText(errno) + ")");
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return fail(notRegular(path, st.st_mode));
  }
  out.clear();
  out.reserve(size_t(std::min<uint64_t>(uint64_t(st.st_size), maxBytes)));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      return fail(path + ": read failed (" + errnoText(err) + ")");
    }
    if (n == 0) break;
    // A file that grows while it is read is held to the same cap.
    if (out.size() + size_t(n) > maxBytes) {
      ::close(fd);
      return fail(fileTooLarge(path, out.size() + size_t(n), maxBytes));
    }
    out.append(buf, size_t(n));
  }
  ::close(fd);
  return true;
}

// A name no other process can predict, so nobody can plant a file or symlink
// there first (O_EXCL | O_NOFOLLOW refuses one anyway).
std::string randomSuffix() {
  static thread_local std::mt19937_64 rng{std::random_device{}() ^ (uint64_t(::getpid()) << 32)};
  static const char* kHex = "0123456789abcdef";
  uint64_t v = rng();
  std::string s;
  for (int i = 0; i < 16; ++i, v >>= 4) s += kHex[v & 15];
  return s;
}

// Creates `<dir>/.<name>.<tag>-<random>` exclusively; -1 with `error` set on failure.
int createTemp(const fs::path& dir, const std::string& name, const char* tag, mode_t mode,
               std::string& tmp, std::string* error) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    tmp = (dir / ("." + name + "." + tag + "-" + randomSuffix())).string();
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd >= 0) return fd;
    if (errno != EEXIST) break;
  }
  const int err = errno;
  if (error) *error = tmp + ": cannot create (" + errnoText(err) + ")";
  errno = err;
  return -1;
}

bool writeAll(int fd, const char* data, size_t size) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += size_t(n);
  }
  return true;
}

// The file a save through `path` changes: symlinks are followed (relative ones
// against their own directory), so the link stays a link. A dangling link names
// the file to create.
bool resolveSymlinks(const std::string& path, fs::path& out, std::string* error) {
  fs::path p(path);
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    const fs::file_status st = fs::symlink_status(p, ec);
    if (ec || !fs::is_symlink(st)) {
      out = p;
      return true;
    }
    fs::path target = fs::read_symlink(p, ec);
    if (ec) {
      if (error) *error = path + ": cannot read the symlink (" + ec.message() + ")";
      return false;
    }
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  if (error) *error = path + ": too many levels of symbolic links";
  return false;
}

// Flushes a directory so a rename in it survives a power cut.
void syncDirectory(const fs::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Makes `<target>.bak` hold the current target without ever leaving a partial
// .bak: a hard link (or, where links are refused, a flushed copy) under a temp
// name is renamed over the old backup, so a failure keeps the previous one.
bool keepBackupOf(const fs::path& target, mode_t mode, std::string* error) {
  const fs::path dir = target.parent_path();
  const std::string name = target.filename().string();
  const std::string bak = target.string() + ".bak";
  // The backup slot is ours only while it holds a regular file (or nothing).
  struct stat st {};
  if (::lstat(bak.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (error) *error = bak + ": cannot keep a backup (" + typeName(st.st_mode) + " is there)";
    return false;
  }
  std::string tmp;
  bool linked = false;
  for (int attempt = 0; attempt < 16 && !linked; ++attempt) {
    tmp = (dir / ("." + name + ".bak-" + randomSuffix())).string();
    linked = ::link(target.c_str(), tmp.c_str()) == 0;
    if (!linked && errno != EEXIST) break;  // hard links refused here: copy instead
  }
  if (!linked) {
    std::string text;
    if (!readWhole(target.string(), UINT64_MAX, text, error)) return false;
    const int fd = createTemp(dir, name, "bak", mode, tmp, error);
    if (fd < 0) return false;
    bool ok = ::fchmod(fd, mode) == 0 && writeAll(fd, text.data(), text.size()) && ::fsync(fd) == 0;
    int err = ok ? 0 : errno;
    if (::close(fd) != 0 && ok) {
      ok = false;
      err = errno;
    }
    if (!ok) {
      if (error) *error = bak + ": cannot keep a backup (" + errnoText(err) + ")";
      ::unlink(tmp.c_str());
      return false;
    }
  }
  if (::rename(tmp.c_str(), bak.c_str()) != 0) {
    if (error) *error = bak + ": cannot keep a backup (" + errnoText(errno) + ")";
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace

std::string fileTooLarge(const std::string& path, uint64_t size, uint64_t maxBytes) {
  return path + ": too large (" + std::to_string(size) + " bytes; the limit is " +
         byteSize(maxBytes) + ")";
}

std::string byteSize(uint64_t bytes) {
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::optional<std::string> readTextFile(const std::string& path, std::string* error,
                                        uint64_t maxBytes) {
  std::string text;
  if (!readWhole(path, maxBytes, text, error)) return std::nullopt;
  return text;
}

std::optional<std::vector<uint8_t>> readBinaryFile(const std::string& path, std::string* error,
                                                   uint64_t maxBytes) {
  auto text = readTextFile(path, error, maxBytes);
  if (!text) return std::nullopt;
  return std::vector<uint8_t>(text->begin(), text->end());
}

std::optional<std::string> unreadableReason(const std::string& path, uint64_t maxBytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path + ": cannot open (" + errnoText(errno) + ")";
  if (!S_ISREG(st.st_mode)) return notRegular(path, st.st_mode);
  if (uint64_t(st.st_size) > maxBytes) return fileTooLarge(path, uint64_t(st.st_size), maxBytes);
  return std::nullopt;
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

// Only the temporary file is removed: whatever stands at the target stays.
bool AtomicFile::fail(const std::string& message, std::string* error) {
  if (error) *error = message;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
  tmp_.clear();
  return false;
}

bool AtomicFile::open(const std::string& path, std::string* error, bool keepBackup) {
  if (fd_ >= 0 || !tmp_.empty()) return fail(path + ": already open", error);
  fs::path target;
  if (!resolveSymlinks(path, target, error)) return false;
  target_ = target.string();
  keepBackup_ = keepBackup;
  struct stat st {};
  exists_ = ::stat(target.c_str(), &st) == 0;
  if (exists_ && !S_ISREG(st.st_mode)) return fail(notRegular(target_, st.st_mode), error);
  // A new file gets 0666 less the umask, like any editor's; an old one keeps its bits.
  mode_ = exists_ ? (st.st_mode & 07777) : 0666;
  fd_ = createTemp(target.parent_path(), target.filename().string(), "tmp", mode_t(mode_), tmp_,
                   error);
  if (fd_ < 0) {  // named after the target: the temporary name means nothing to the user
    const int err = errno;
    tmp_.clear();
    if (error) *error = target_ + ": cannot create (" + errnoText(err) + ")";
    return false;
  }
  if (exists_ && ::fchmod(fd_, mode_t(mode_)) != 0)
    return fail(tmp_ + ": cannot set its mode (" + errnoText(errno) + ")", error);
  // Root saving a user's file leaves it theirs; others cannot give files away, and need not.
  if (exists_ && (st.st_uid != ::geteuid() || st.st_gid != ::getegid()) &&
      ::fchown(fd_, st.st_uid, st.st_gid) != 0) {
    // Not fatal: the file then belongs to whoever saved it.
  }
  return true;
}

bool AtomicFile::write(const void* data, size_t size, std::string* error) {
  if (fd_ < 0) return fail(target_ + ": not open for writing", error);
  if (!writeAll(fd_, static_cast<const char*>(data), size))
    return fail(target_ + ": write failed (" + errnoText(errno) + ")", error);
  return true;
}

bool AtomicFile::commit(std::string* error) {
  if (fd_ < 0) return fail(target_ + ": not open for writing", error);
  if (::fsync(fd_) != 0) return fail(target_ + ": flush failed (" + errnoText(errno) + ")", error);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) return fail(target_ + ": flush failed (" + errnoText(errno) + ")", error);
  const fs::path target(target_);
  std::string why;
  if (keepBackup_ && exists_ && !keepBackupOf(target, mode_t(mode_), &why)) return fail(why, error);
  if (::rename(tmp_.c_str(), target.c_str()) != 0)
    return fail(target_ + ": cannot replace (" + errnoText(errno) + ")", error);
  tmp_.clear();
  syncDirectory(target.parent_path());
  return true;
}

bool writeFileAtomic(const std::string& path, const std::string& contents, std::string* error,
                     bool keepBackup) {
  AtomicFile out;
  return out.open(path, error, keepBackup) && out.write(contents.data(), contents.size(), error) &&
         out.commit(error);
}

std::string resolveRelative(const std::string& base, const std::string& rel) {
  fs::path r(rel);
  if (r.is_absolute() || base.empty()) return r.lexically_normal().string();
  return (fs::path(base).parent_path() / r).lexically_normal().string();
}

std::string makeRelative(const std::string& base, const std::string& path) {
  if (path.empty()) return path;
  // Both sides absolute first: a relative stored path (as loaded from a file
  // opened by a relative name) and an absolute target folder, or a bare target
  // name with no folder at all, must still relate through the working directory.
  std::error_code ec;
  const fs::path dir = fs::absolute(fs::path(base), ec).lexically_normal().parent_path();
  const fs::path target = fs::absolute(fs::path(path), ec).lexically_normal();
  if (ec) return path;
  fs::path rel = target.lexically_relative(dir);
  return rel.empty() ? target.string() : rel.string();
}

bool outsideTree(const std::string& root, const std::string& path) {
  if (root.empty()) return true;
  const auto real = [](const std::string& p) {
    std::error_code ec;
    const fs::path abs = fs::absolute(fs::path(p), ec).lexically_normal();
    const fs::path canonical = fs::weakly_canonical(abs, ec);
    return ec ? abs : canonical;
  };
  const fs::path dir = real(root), file = real(path);
  auto d = dir.begin(), f = file.begin();
  for (; d != dir.end() && !d->empty(); ++d, ++f)
    if (f == file.end() || *d != *f) return true;
  return false;
}

}  // namespace core
