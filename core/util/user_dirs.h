// Where a user's own files go (config, recovery copies) when the environment
// does not say: the home folder from $HOME, else the one the password database
// gives this user, else a folder of the temp directory only this user can
// enter. Never the shared temp folder itself, where anyone could read the
// user's work or plant a file for the app to load.
//
//   const std::string state = core::userBaseDir("XDG_STATE_HOME", ".local/state");
//   // $XDG_STATE_HOME, else ~/.local/state, else <tmp>/collidoscope-<uid>/.local/state
#pragma once

#include <string>

namespace core {

// $HOME when it is an absolute path, else the home folder of this user's
// entry in the password database (getpwuid_r); "" when neither gives one.
std::string userHome();

// A folder of the temp directory only this user can enter:
// <tmp>/collidoscope-<uid>, created 0700, and used only when it is a real
// directory (not a link), owned by this user, that no one else may enter. When
// that name is taken by anything else, a fresh folder made by mkdtemp (0700).
// "" with `error` when neither can be made.
std::string privateTempDir(std::string* error = nullptr);

// The base folder of one XDG kind: $xdgVar when it is an absolute path (the
// XDG spec ignores relative ones), else userHome()/underHome, else
// privateTempDir()/underHome. Not created (only the private folder is).
std::string userBaseDir(const char* xdgVar, const char* underHome);

}  // namespace core
