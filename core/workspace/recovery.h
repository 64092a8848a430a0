// Recovery copies of unsaved work, so a crash never costs more than the last
// minute of edits.
//
// While a document has unsaved edits the GUI writes, every minute, a recovery
// file to the user's state directory ($XDG_STATE_HOME/collidoscope/recovery/,
// else ~/.local/state/collidoscope/recovery/): one JSON file per running app,
// `session-<pid>.json`, holding the scenario, its map and every unsaved routine
// buffer, written atomically (a temporary file renamed over it, then the
// directory flushed). The same text is kept pre-serialised for the crash path
// (core/util/crash_save.h). On the next start the files of apps no longer
// running are offered for recovery; a clean save or quit removes the file.
// A file that fails to load (malformed, another version, a routine that no
// longer builds, or one that stopped the app while it loaded) is set aside in
// `rejected/` beside the others, where nothing lists it again.
//
//   const std::string file = core::recoveryFileFor(core::recoveryDir(), getpid());
//   core::writeRecovery(file, core::recoveryText(doc, getpid(), time(nullptr)), &error);
//   for (const core::RecoveryInfo& r : core::listRecoveries(core::recoveryDir()))
//     if (!r.running) ... offer r ...; core::readRecovery(r.file, doc, &error);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sim/scenario.h"

namespace core {

// A routine source edited and not saved: its path and the editor's text.
struct RecoveryBuffer {
  std::string path;
  std::string text;
};

// What a recovery file restores: the document as it was in the app. Its
// scenario's path and mapPath are the files it came from ("" when untitled).
struct RecoveryDocument {
  Scenario scenario;
  bool scenarioUntitled = false;
  std::vector<RecoveryBuffer> buffers;
};

// One recovery file as the start-up prompt lists it.
struct RecoveryInfo {
  std::string file;
  std::string document;  // the document's file name, or "untitled"
  std::string routine;   // the routine's manifest
  int64_t savedAt = 0;   // seconds since the epoch
  int pid = 0;           // the app that wrote it
  int buffers = 0;       // unsaved routine files in it
  bool running = false;  // that app still runs: its file is not to be recovered
  std::string error;     // set when the file cannot be read (it can still be discarded)
};

// $XDG_STATE_HOME/collidoscope/recovery, else ~/.local/state/collidoscope/recovery,
// where ~ is $HOME or, when HOME is unset, the password database's home for this
// user, else a folder of the temp directory only this user can enter
// (core/util/user_dirs.h). Not created; "" when there is nowhere private.
std::string recoveryDir();
// dir/session-<pid>.json
std::string recoveryFileFor(const std::string& dir, int pid);

// The recovery file's text for `doc`, written by `pid` at `savedAt`.
std::string recoveryText(const RecoveryDocument& doc, int pid, int64_t savedAt);
// Writes `text` to `file` atomically (no .bak), creating the directory.
bool writeRecovery(const std::string& file, const std::string& text, std::string* error);
// Reads a recovery file back: the scenario (its routine loaded from disk, its
// map from the file), its original paths and the buffers. Errors name the file.
bool readRecovery(const std::string& file, RecoveryDocument& out, std::string* error);
// The recovery files in `dir`, newest first. Unreadable ones are listed with
// their error so they can still be discarded.
std::vector<RecoveryInfo> listRecoveries(const std::string& dir);
// Removes a recovery file; true when it is gone.
bool removeRecovery(const std::string& file);

// Setting aside what fails to load. A load is claimed first: the file moves to
// rejected/NAME.loading-<pid>, is read from there, and is removed once recovered
// or renamed rejected/NAME when it fails. A load that takes the app down leaves
// the claim, which the next start settles (finishInterruptedLoads), so a copy
// that crashes the app is never offered again.
//
//   std::string claimed = core::claimRecovery(info.file, getpid(), &error);
//   if (core::readRecovery(claimed, doc, &error)) core::removeRecovery(claimed);
//   else std::string kept = core::settleRejected(claimed, &error);

// dir/rejected: where the files that failed to load go.
std::string rejectedDir(const std::string& dir);
// Moves `file` to rejected/ beside it, under its own name plus `suffix` (with
// ".2", ".3"... before the suffix when the name is taken); returns the new path,
// or "" with `error` naming both paths.
std::string setAsideRecovery(const std::string& file, std::string* error,
                             const std::string& suffix = "");
// Moves `file` to rejected/NAME.loading-<pid>, for app `pid` to load it from there.
std::string claimRecovery(const std::string& file, int pid, std::string* error);
// A claim renamed rejected/NAME (the load failed); returns that path, or "" with `error`.
std::string settleRejected(const std::string& claimed, std::string* error);
// The claims of apps no longer running in dir/rejected (they stopped while
// loading them), each settled; returns the settled paths.
std::vector<std::string> finishInterruptedLoads(const std::string& dir);

}  // namespace core
