// The routine editor's state: the routine's source files as edited in the app
// (one tab each, unsaved ones marked), the diagnostics of the last assembly and
// a pending "jump to file:line:col" from a clicked diagnostic.
#pragma once

#include <string>
#include <vector>

#include "core/asm/diagnostic.h"
#include "core/sim/manifest.h"

namespace app {

struct EditorFile {
  std::string path;  // as the manifest resolved it (the name diagnostics use)
  std::string text;
  std::string saved;  // text on disk when loaded or last saved
  bool dirty() const { return text != saved; }
};

struct RoutineEditorState {
  std::string manifestPath;  // the routine the files belong to
  std::vector<EditorFile> files;
  int current = 0;
  int selectFile = -1;      // tab to select on the next draw
  bool showEditor = false;  // select the Routine tab on the next draw
  std::vector<core::Diagnostic> diagnostics;
  std::string message;  // result of the last assemble/save
  bool messageIsError = false;
  int jumpOffset = -1;  // byte offset to put the cursor at in the current file
};

// Loads the manifest's sources; returns false with a message naming the file.
bool loadEditorFiles(RoutineEditorState& s, const core::RoutineManifest& m, std::string* error);
// Byte offset of 1-based (line, col) in `text`, clamped to the text.
int textOffset(const std::string& text, int line, int col);
// The editor file a diagnostic names (by path, else by file name); -1 if none.
int fileForDiagnostic(const RoutineEditorState& s, const std::string& file);

}  // namespace app
