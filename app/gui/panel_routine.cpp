// The routine editor (the "Routine" tab of the Source window): edits the
// routine's sources in memory, assembles them with the routine's toolchain
// (core::buildRoutine reading the unsaved buffers), lists the diagnostics as
// clickable file:line:col rows, and on success re-binds and re-simulates.
// Save writes each file atomically.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "app/gui/gui_app.h"
#include "core/util/files.h"

namespace app {

namespace {

// Puts the text cursor at a pending offset (set by a clicked diagnostic).
int placeCursor(ImGuiInputTextCallbackData* data) {
  auto* pending = static_cast<int*>(data->UserData);
  if (*pending >= 0 && *pending <= data->BufTextLen) {
    data->CursorPos = data->SelectionStart = data->SelectionEnd = *pending;
    *pending = -1;
  }
  return 0;
}

const char* severityName(core::Diagnostic::Severity s) {
  switch (s) {
    case core::Diagnostic::Severity::Error:
      return "error";
    case core::Diagnostic::Severity::Warning:
      return "warning";
    case core::Diagnostic::Severity::Note:
      return "note";
  }
  return "";
}

}  // namespace

void GuiApp::syncEditorFiles() {
  const core::RoutineManifest& m = sim_->scenario().manifest;
  if (editor_.manifestPath == m.path) return;
  std::string error;
  if (!loadEditorFiles(editor_, m, &error)) {
    editor_.message = error;
    editor_.messageIsError = true;
  }
}

bool GuiApp::assembleRoutine() {
  auto reader = [this](const std::string& path) -> std::optional<std::string> {
    for (const EditorFile& f : editor_.files)
      if (f.path == path) return f.text;
    return std::nullopt;
  };
  core::AsmResult image = core::buildRoutine(sim_->scenario().manifest, reader);
  editor_.diagnostics = image.diagnostics;
  std::string error;
  if (!image.ok || !sim_->rebuild(image, &error)) {
    editor_.message = image.ok ? error : "Assembly failed";
    editor_.messageIsError = true;
    editor_.showEditor = true;  // bring the errors into view (F7 from another tab)
    return false;
  }
  for (const EditorFile& f : editor_.files) cacheSourceText(f.path, f.text);
  resimulate();  // the recording, verdicts and trace follow the new image
  dbg_.memory.frame = -1;
  memoryLabels_.clear();
  editor_.message = "Assembled and re-simulated " + std::to_string(frameCount()) + " frames";
  editor_.messageIsError = false;
  status_ = editor_.message;
  return true;
}

bool GuiApp::saveEditorFile(EditorFile& f) {
  std::string error;
  if (!core::writeFileAtomic(f.path, f.text, &error)) {
    editor_.message = error;
    editor_.messageIsError = true;
    return false;
  }
  f.saved = f.text;
  editor_.message = "Saved " + f.path;
  editor_.messageIsError = false;
  return true;
}

void GuiApp::jumpToDiagnostic(const core::Diagnostic& d) {
  const int i = fileForDiagnostic(editor_, d.loc.file);
  if (i < 0) return;
  editor_.selectFile = i;
  editor_.current = i;
  editor_.jumpOffset = textOffset(editor_.files[i].text, d.loc.line, d.loc.col);
}

void GuiApp::drawEditorToolbar() {
  if (ImGui::Button("Assemble & run")) assembleRoutine();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("F7");
  ImGui::SameLine();
  const bool anyDirty = std::any_of(editor_.files.begin(), editor_.files.end(),
                                    [](const EditorFile& f) { return f.dirty(); });
  ImGui::BeginDisabled(!anyDirty);
  if (ImGui::Button("Save all"))
    for (EditorFile& f : editor_.files)
      if (f.dirty() && !saveEditorFile(f)) break;
  ImGui::SameLine();
  if (ImGui::Button("Revert") && editor_.current < int(editor_.files.size()))
    editor_.files[editor_.current].text = editor_.files[editor_.current].saved;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", sim_->scenario().manifest.toolchain == "ca65"
                                ? "ca65 + ld65"
                                : "built-in SM83 assembler");
  if (!editor_.message.empty())
    ImGui::TextColored(
        editor_.messageIsError ? ImVec4(1, 0.45f, 0.45f, 1) : ImVec4(0.5f, 0.9f, 0.5f, 1), "%s",
        editor_.message.c_str());
}

void GuiApp::drawDiagnostics(float height) {
  ImGui::BeginChild("##diagnostics", ImVec2(0, height), true);
  for (size_t i = 0; i < editor_.diagnostics.size(); ++i) {
    const core::Diagnostic& d = editor_.diagnostics[i];
    const std::string text = std::filesystem::path(d.loc.file).filename().string() + ":" +
                             std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " +
                             severityName(d.severity) + ": " + d.message;
    ImGui::PushID(int(i));
    ImGui::PushStyleColor(ImGuiCol_Text, d.severity == core::Diagnostic::Severity::Error
                                             ? ImVec4(1, 0.5f, 0.5f, 1)
                                             : ImVec4(1, 0.85f, 0.4f, 1));
    if (ImGui::Selectable(text.c_str())) jumpToDiagnostic(d);
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::EndChild();
}

void GuiApp::drawRoutineEditor() {
  syncEditorFiles();
  // F7 while typing (the global shortcuts are off while a text field has focus).
  if (ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F7, false)) assembleRoutine();
  drawEditorToolbar();
  if (!ImGui::BeginTabBar("##files")) return;
  const float diagHeight = editor_.diagnostics.empty() ? 0 : 90;
  for (int i = 0; i < int(editor_.files.size()); ++i) {
    EditorFile& f = editor_.files[i];
    const std::string label = std::filesystem::path(f.path).filename().string() +
                              (f.dirty() ? " *" : "") + "###" + f.path;
    const ImGuiTabItemFlags flags = editor_.selectFile == i ? ImGuiTabItemFlags_SetSelected : 0;
    if (!ImGui::BeginTabItem(label.c_str(), nullptr, flags)) continue;
    if (editor_.selectFile == i) {
      editor_.selectFile = -1;
      ImGui::SetKeyboardFocusHere();
    }
    editor_.current = i;
    const float h = ImGui::GetContentRegionAvail().y - diagHeight - (diagHeight > 0 ? 6 : 0);
    ImGui::InputTextMultiline(
        "##text", &f.text, ImVec2(-1, std::max(h, 60.0f)),
        ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackAlways, placeCursor,
        &editor_.jumpOffset);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  if (!editor_.diagnostics.empty()) drawDiagnostics(diagHeight);
}

}  // namespace app
