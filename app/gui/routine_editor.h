// The routine editor's state: every source the routine's build reads (the
// manifest's sources and the files they include), one tab each, unsaved ones
// marked; the diagnostics of the last assembly; a pending "jump to
// file:line:col" from a clicked diagnostic; and the cursor's line and column.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/asm/diagnostic.h"
#include "core/asm/includes.h"
#include "core/sim/manifest.h"
#include "core/sim/simulation.h"

namespace app {

struct EditorFile {
  std::string path;  // as the manifest (or the including file) names it
  std::string text;
  std::string saved;      // text on disk when loaded or last saved
  std::string assembled;  // text the running image was built from
  bool included = false;  // pulled in by an include, not listed in the manifest
  int cursor = 0;         // byte offset of the text cursor
  bool dirty() const { return text != saved; }
  bool unassembled() const { return text != assembled; }
};

struct RoutineEditorState {
  std::string manifestPath;  // the routine the files belong to
  core::IncludeSyntax syntax = core::IncludeSyntax::Ca65;
  std::vector<EditorFile> files;
  int current = 0;
  int selectFile = -1;      // tab to select on the next draw
  bool showEditor = false;  // select the Routine tab on the next draw
  std::vector<core::Diagnostic> diagnostics;
  std::string message;  // result of the last assemble/save
  bool messageIsError = false;
  int jumpOffset = -1;  // byte offset to put the cursor at in the current file
};

// Loads the manifest's sources and the files they include; returns false with
// a message naming the file.
bool loadEditorFiles(RoutineEditorState& s, const core::RoutineManifest& m, std::string* error);
// Opens tabs for files the edited text now includes; returns how many.
int addIncludedFiles(RoutineEditorState& s, const std::vector<std::string>& sources);
// The editor's text for a file the assembler reads (nullopt: not open, read the disk).
core::SourceReader editorReader(const RoutineEditorState& s);
// An edit was made since the running image was assembled.
bool hasUnassembledEdits(const RoutineEditorState& s);
// The running image now holds every file's text.
void markAssembled(RoutineEditorState& s);

// Unsaved work in the editor, which the "save changes?" prompt counts: files
// whose text differs from the disk.
int unsavedFileCount(const RoutineEditorState& s);
// Writes every unsaved file atomically; stops at the first failure, with a
// message naming the file.
bool saveUnsavedFiles(RoutineEditorState& s, std::string* error);
// Forgets every buffer (edits included) and the last assembly's diagnostics:
// the editor reads the files again.
void discardEditorFiles(RoutineEditorState& s);
// The Routine tab's Revert: file `index` gets its text on disk back, and the
// diagnostics that point into it go (they were about text that is gone, and
// would keep red marks in the gutter); the others stay. A pending jump into it
// is dropped. Returns how many diagnostics went.
int revertEditorFile(RoutineEditorState& s, int index);
// Whether replacing the document (open, New, Quit) must ask first: the
// document itself has unsaved changes, or a routine buffer does.
bool needsSaveBeforeClosing(bool documentDirty, const RoutineEditorState& s);

// Byte offset of 1-based (line, col) in `text`, clamped to the text.
int textOffset(const std::string& text, int line, int col);
struct TextPosition {
  int line = 1, col = 1;  // 1-based; col counts bytes
};
// The line and column of byte `offset` (clamped to the text).
TextPosition textPosition(const std::string& text, int offset);
int lineCount(const std::string& text);
// The editor file a diagnostic names (by path, else by file name); -1 if none.
int fileForDiagnostic(const RoutineEditorState& s, const std::string& file);

}  // namespace app
