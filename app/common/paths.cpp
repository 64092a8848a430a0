#include "app/common/paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/util/files.h"
#include "core/util/user_dirs.h"

namespace fs = std::filesystem;

namespace app {

std::string configDirPath() {
  const std::string base = core::userBaseDir("XDG_CONFIG_HOME", ".config");
  return base.empty() ? std::string() : (fs::path(base) / "collidoscope").string();
}

std::string configDir() {
  const std::string dir = configDirPath();
  if (dir.empty()) return dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  return dir;
}

std::string installedDataDir(const std::string& exe) {
#ifdef COLLIDOSCOPE_DATA_FROM_BIN
  if (exe.empty()) return {};
  std::error_code ec;
  const fs::path dir =
      (fs::path(exe).parent_path() / COLLIDOSCOPE_DATA_FROM_BIN).lexically_normal();
  // The samples, not just the folder: a stray share/collidoscope is no install.
  if (fs::is_directory(dir / "maps", ec)) return dir.string();
#else
  (void)exe;
#endif
  return {};
}

std::string dataDir() {
  if (const char* d = std::getenv("COLLIDOSCOPE_DATA_DIR"); d && *d) return d;
  std::error_code ec;
  // An installed program's own prefix wins over the tree it was built from,
  // which may be gone (a package) or newer than the install.
  if (std::string installed = installedDataDir(fs::read_symlink("/proc/self/exe", ec).string());
      !installed.empty())
    return installed;
#ifdef COLLIDOSCOPE_SOURCE_DIR
  if (fs::is_directory(COLLIDOSCOPE_SOURCE_DIR, ec)) return COLLIDOSCOPE_SOURCE_DIR;
#endif
  return fs::current_path(ec).string();
}

std::string userImguiIni(std::string* error) {
  fs::path user = fs::path(configDir()) / "imgui.ini";
  std::error_code ec;
  if (fs::exists(user, ec)) return user.string();
  fs::path shipped = fs::path(dataDir()) / "imgui.ini";
  if (!fs::exists(shipped, ec)) {
    if (error) *error = "default layout " + shipped.string() + " is missing";
    return user.string();  // ImGui will create it from the built-in defaults
  }
  // Through the one output writer (core/util/files.h), like every file the app writes.
  std::string why;
  const auto text = core::readTextFile(shipped.string(), &why);
  if (!text || !core::writeFileAtomic(user.string(), *text, &why, false)) {
    if (error) *error = "cannot copy " + shipped.string() + " to " + user.string() + ": " + why;
    return {};
  }
  return user.string();
}

std::string layoutToRead() {
  std::error_code ec;
  if (fs::path user = fs::path(configDirPath()) / "imgui.ini"; fs::exists(user, ec))
    return user.string();
  fs::path shipped = fs::path(dataDir()) / "imgui.ini";
  return fs::exists(shipped, ec) ? shipped.string() : std::string();
}

std::string dialogStartPath(const DialogStart& d, bool save) {
  if (!d.scenarioPath.empty()) return d.scenarioPath;
  if (!d.mapPath.empty()) return fs::path(d.mapPath).parent_path().string();
  std::error_code ec;
  if (!d.lastFolder.empty() && fs::is_directory(d.lastFolder, ec)) return d.lastFolder;
  for (const std::string& p : d.recent)
    if (const fs::path dir = fs::path(p).parent_path(); !dir.empty() && fs::is_directory(dir, ec))
      return dir.string();
  return save ? fs::current_path(ec).string() : d.samples;
}

}  // namespace app
