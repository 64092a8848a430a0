#include "app/gui/routine_editor.h"

#include <algorithm>
#include <filesystem>

#include "core/util/files.h"

namespace app {

namespace {

int findFile(const RoutineEditorState& s, const std::string& path) {
  for (size_t i = 0; i < s.files.size(); ++i)
    if (core::samePath(s.files[i].path, path)) return int(i);
  return -1;
}

}  // namespace

bool loadEditorFiles(RoutineEditorState& s, const core::RoutineManifest& m, std::string* error) {
  s = RoutineEditorState{};
  s.manifestPath = m.path;
  s.syntax = m.toolchain == "ca65" ? core::IncludeSyntax::Ca65 : core::IncludeSyntax::Rgbds;
  for (const std::string& path : m.sources) {
    auto text = core::readTextFile(path, error);
    if (!text) return false;
    s.files.push_back({path, *text, *text, *text});
  }
  addIncludedFiles(s, m.sources);
  return true;
}

int addIncludedFiles(RoutineEditorState& s, const std::vector<std::string>& sources) {
  int added = 0;
  for (const std::string& path : core::findIncludes(sources, s.syntax, editorReader(s))) {
    if (findFile(s, path) >= 0) continue;
    auto text = core::readTextFile(path);
    if (!text) continue;
    EditorFile f{path, *text, *text, *text};
    f.included = true;
    s.files.push_back(std::move(f));
    ++added;
  }
  return added;
}

core::SourceReader editorReader(const RoutineEditorState& s) {
  return [&s](const std::string& path) -> std::optional<std::string> {
    const int i = findFile(s, path);
    if (i < 0) return std::nullopt;
    return s.files[size_t(i)].text;
  };
}

bool hasUnassembledEdits(const RoutineEditorState& s) {
  return std::any_of(s.files.begin(), s.files.end(),
                     [](const EditorFile& f) { return f.unassembled(); });
}

void markAssembled(RoutineEditorState& s) {
  for (EditorFile& f : s.files) f.assembled = f.text;
}

int unsavedFileCount(const RoutineEditorState& s) {
  return int(
      std::count_if(s.files.begin(), s.files.end(), [](const EditorFile& f) { return f.dirty(); }));
}

bool saveUnsavedFiles(RoutineEditorState& s, std::string* error) {
  for (EditorFile& f : s.files) {
    if (!f.dirty()) continue;
    if (!core::writeFileAtomic(f.path, f.text, error)) return false;
    f.saved = f.text;
  }
  return true;
}

void discardEditorFiles(RoutineEditorState& s) {
  const bool show = s.showEditor;
  s = RoutineEditorState{};  // manifestPath is empty: the next sync reloads from disk
  s.showEditor = show;
}

int revertEditorFile(RoutineEditorState& s, int index) {
  if (index < 0 || index >= int(s.files.size())) return 0;
  s.files[size_t(index)].text = s.files[size_t(index)].saved;
  const size_t before = s.diagnostics.size();
  std::erase_if(s.diagnostics, [&](const core::Diagnostic& d) {
    return fileForDiagnostic(s, d.loc.file) == index;
  });
  if (s.current == index) s.jumpOffset = -1;
  const int dropped = int(before - s.diagnostics.size());
  if (s.diagnostics.empty() && s.messageIsError) s.message.clear();
  return dropped;
}

bool needsSaveBeforeClosing(bool documentDirty, const RoutineEditorState& s) {
  return documentDirty || unsavedFileCount(s) > 0;
}

int textOffset(const std::string& text, int line, int col) {
  size_t offset = 0;
  for (int l = 1; l < line && offset < text.size(); ++l) {
    size_t nl = text.find('\n', offset);
    if (nl == std::string::npos) return int(text.size());
    offset = nl + 1;
  }
  size_t end = text.find('\n', offset);
  if (end == std::string::npos) end = text.size();
  return int(std::min(offset + size_t(std::max(col - 1, 0)), end));
}

TextPosition textPosition(const std::string& text, int offset) {
  const size_t end = size_t(std::clamp(offset, 0, int(text.size())));
  TextPosition p;
  size_t lineStart = 0;
  for (size_t i = 0; i < end; ++i)
    if (text[i] == '\n') {
      ++p.line;
      lineStart = i + 1;
    }
  p.col = int(end - lineStart) + 1;
  return p;
}

int lineCount(const std::string& text) {
  return 1 + int(std::count(text.begin(), text.end(), '\n'));
}

int fileForDiagnostic(const RoutineEditorState& s, const std::string& file) {
  if (const int i = findFile(s, file); i >= 0) return i;
  const auto name = std::filesystem::path(file).filename();
  for (size_t i = 0; i < s.files.size(); ++i)
    if (std::filesystem::path(s.files[i].path).filename() == name) return int(i);
  return -1;
}

}  // namespace app
