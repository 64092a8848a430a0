#include "app/gui/routine_editor.h"

#include <algorithm>
#include <filesystem>

#include "core/util/files.h"

namespace app {

bool loadEditorFiles(RoutineEditorState& s, const core::RoutineManifest& m, std::string* error) {
  s = RoutineEditorState{};
  s.manifestPath = m.path;
  for (const std::string& path : m.sources) {
    auto text = core::readTextFile(path, error);
    if (!text) return false;
    s.files.push_back({path, *text, *text});
  }
  return true;
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

int fileForDiagnostic(const RoutineEditorState& s, const std::string& file) {
  for (size_t i = 0; i < s.files.size(); ++i)
    if (s.files[i].path == file) return int(i);
  const auto name = std::filesystem::path(file).filename();
  for (size_t i = 0; i < s.files.size(); ++i)
    if (std::filesystem::path(s.files[i].path).filename() == name) return int(i);
  return -1;
}

}  // namespace app
