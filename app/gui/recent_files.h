// The File > Recent list, kept in recent.json under the user's config
// directory (paths.h), newest first.
#pragma once

#include <string>
#include <vector>

namespace app {

class RecentFiles {
 public:
  // Reads the list from `file` (default: configDir()/recent.json). A missing or
  // bad file gives an empty list.
  explicit RecentFiles(std::string file = {});
  const std::vector<std::string>& paths() const { return paths_; }
  // Moves `path` to the front and saves the list.
  void add(const std::string& path);
  void remove(const std::string& path);
  void clear();
  // From now on the list changes in memory only (scripted runs leave the
  // user's list alone).
  void stopSaving() { saving_ = false; }

 private:
  void save() const;

  std::string file_;
  std::vector<std::string> paths_;
  bool saving_ = true;
};

}  // namespace app
