#include "core/util/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace core {

std::optional<std::string> readTextFile(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = path + ": cannot open (" + std::strerror(errno) + ")";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::optional<std::vector<uint8_t>> readBinaryFile(const std::string& path, std::string* error) {
  auto text = readTextFile(path, error);
  if (!text) return std::nullopt;
  return std::vector<uint8_t>(text->begin(), text->end());
}

bool writeFileAtomic(const std::string& path, const std::string& contents, std::string* error,
                     bool keepBackup) {
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    if (error) *error = tmp + ": cannot create (" + std::strerror(errno) + ")";
    return false;
  }
  size_t done = 0;
  while (done < contents.size()) {
    ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (error) *error = tmp + ": write failed (" + std::strerror(errno) + ")";
      ::close(fd);
      ::unlink(tmp.c_str());
      return false;
    }
    done += size_t(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    if (error) *error = tmp + ": flush failed (" + std::strerror(errno) + ")";
    ::unlink(tmp.c_str());
    return false;
  }
  std::error_code ec;
  if (keepBackup && fs::exists(path, ec)) {
    fs::copy_file(path, path + ".bak", fs::copy_options::overwrite_existing, ec);
    if (ec) {
      if (error) *error = path + ".bak: cannot keep a backup (" + ec.message() + ")";
      ::unlink(tmp.c_str());
      return false;
    }
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error) *error = path + ": cannot replace (" + std::strerror(errno) + ")";
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
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

}  // namespace core
