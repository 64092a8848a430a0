#include "core/util/file_watch.h"

#include <sys/stat.h>

#include <fstream>

namespace core {

namespace {

// FNV-1a over the file's bytes; 0 when it cannot be read.
uint64_t hashOfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return 0;
  uint64_t h = 1469598103934665603ull;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      h ^= uint8_t(buf[i]);
      h *= 1099511628211ull;
    }
    if (!in) break;
  }
  return h | 1;  // never 0
}

}  // namespace

FileWatch::Stamp FileWatch::stampOf(const std::string& path) {
  Stamp s;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return s;
  s.exists = true;
  s.size = uint64_t(st.st_size);
  s.inode = uint64_t(st.st_ino);
  s.mtimeNs = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  return s;
}

void FileWatch::watch(const std::vector<std::string>& paths) {
  files_.clear();
  paths_ = paths;
  for (const std::string& p : paths) {
    File f;
    f.path = p;
    f.base = f.seen = stampOf(p);
    files_.push_back(std::move(f));
  }
}

std::vector<std::string> FileWatch::poll() {
  bool moving = false, changed = false;
  for (File& f : files_) {
    const Stamp now = stampOf(f.path);
    if (now == f.base) {
      f.seen = now;
      f.still = 0;
      continue;
    }
    changed = true;
    f.still = now == f.seen ? f.still + 1 : 1;
    f.seen = now;
    if (f.still < settle_) moving = true;
  }
  std::vector<std::string> out;
  if (!changed || moving) return out;
  for (File& f : files_)
    if (!(f.seen == f.base)) {
      out.push_back(f.path);
      f.base = f.seen;
      f.still = 0;
    }
  return out;
}

void FileBaseline::take(const std::string& path) {
  path_ = path;
  stamp_ = path.empty() ? FileWatch::Stamp{} : FileWatch::stampOf(path);
  hash_ = stamp_.exists ? hashOfFile(path) : 0;
}

bool FileBaseline::changed() {
  if (path_.empty()) return false;
  const FileWatch::Stamp now = FileWatch::stampOf(path_);
  if (now == stamp_) return false;
  if (now.exists != stamp_.exists) return true;
  const uint64_t hash = now.exists ? hashOfFile(path_) : 0;
  if (hash != hash_) return true;
  stamp_ = now;
  return false;
}

}  // namespace core
