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

// $XDG_STATE_HOME/collidoscope/recovery, else ~/.local/state/collidoscope/recovery
// (not created).
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

}  // namespace core
