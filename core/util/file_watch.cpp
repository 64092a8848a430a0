#include "core/util/file_watch.h"

#include <sys/stat.h>

namespace core {

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

}  // namespace core
