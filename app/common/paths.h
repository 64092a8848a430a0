// Where the app keeps its per-user files, and where it finds the files that ship
// with it. The checkout is never written to: the default imgui.ini is copied to
// the user's config directory on first run and used from there.
#pragma once

#include <string>
#include <vector>

namespace app {

// $XDG_CONFIG_HOME/collidoscope, or ~/.config/collidoscope, where ~ is $HOME or,
// when HOME is unset, the password database's home for this user (never the
// shared temp folder: core/util/user_dirs.h). Created if missing.
std::string configDir();
// The same folder, not created ("" when there is nowhere private to put it).
std::string configDirPath();

// The directory holding assets/, maps/ and imgui.ini: $COLLIDOSCOPE_DATA_DIR,
// else the installed samples beside the program (bin/../share/collidoscope,
// when it holds maps/), else the source tree the binary was built from.
std::string dataDir();
// The installed data directory for the program at `exe` (bin/../share/collidoscope),
// or "" when that folder holds no maps/.
std::string installedDataDir(const std::string& exe);

// The user's imgui.ini, copied from the shipped default on first use.
// Returns its path; on failure returns an empty string and sets `error`.
std::string userImguiIni(std::string* error);
// The layout a scripted run reads without writing anything: the user's
// imgui.ini when there is one, else the shipped default ("" when neither exists).
std::string layoutToRead();

// Where a file dialog starts (File > Open, Save as, Import, Export):
// the open document's scenario file when it has one (its folder, its name ready
// to edit), else the folder of its map, else the folder last chosen in a dialog,
// else the folder of the newest recent file that still exists, else the current
// directory for a save and `samples` for an open. A save never starts in the
// samples folder just because nothing else is known.
struct DialogStart {
  std::string scenarioPath;  // "" while untitled
  std::string mapPath;       // "" when the map is untitled too
  std::string lastFolder;
  std::vector<std::string> recent;  // newest first
  std::string samples;              // dataDir() + "/maps/"
};
std::string dialogStartPath(const DialogStart& d, bool save);

}  // namespace app
