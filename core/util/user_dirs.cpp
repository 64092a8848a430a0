#include "core/util/user_dirs.h"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace fs = std::filesystem;

namespace core {

namespace {

bool absolutePath(const char* p) {
  return p && p[0] == '/';
}

// A directory (not a link to one) owned by this user that no one else may enter.
bool privateDir(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
         (st.st_mode & 077) == 0;
}

}  // namespace

std::string userHome() {
  if (const char* home = std::getenv("HOME"); absolutePath(home)) return home;
  long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
  if (size <= 0) size = 16384;
  std::vector<char> buf(static_cast<size_t>(size));
  passwd entry{};
  passwd* found = nullptr;
  int rc;
  while ((rc = ::getpwuid_r(::geteuid(), &entry, buf.data(), buf.size(), &found)) == ERANGE &&
         buf.size() < (1u << 20))
    buf.resize(buf.size() * 2);
  if (rc != 0 || !found || !absolutePath(found->pw_dir)) return {};
  return found->pw_dir;
}

std::string privateTempDir(std::string* error) {
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  if (ec) tmp = "/tmp";
  const std::string stable = (tmp / ("collidoscope-" + std::to_string(::geteuid()))).string();
  if (::mkdir(stable.c_str(), 0700) == 0 || errno == EEXIST)
    if (privateDir(stable)) return stable;
  // The stable name is someone else's (or a link, or open to others): a fresh one.
  std::string pattern = (tmp / "collidoscope-XXXXXX").string();
  if (::mkdtemp(pattern.data())) return pattern;
  if (error) *error = tmp.string() + ": cannot make a private folder: " + std::strerror(errno);
  return {};
}

std::string userBaseDir(const char* xdgVar, const char* underHome) {
  if (const char* xdg = std::getenv(xdgVar); absolutePath(xdg)) return xdg;
  std::string base = userHome();
  if (base.empty()) base = privateTempDir();
  if (base.empty()) return {};
  return (fs::path(base) / underHome).string();
}

}  // namespace core
