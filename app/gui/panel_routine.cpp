// The routine editor (the "Routine" tab of the Source window, or a window of
// its own: View > Routine editor in its own window): edits the
// routine's sources and the files they include in memory, with a line-number
// gutter (diagnostic lines marked) and the cursor's line and column; assembles
// them with the routine's toolchain (core::buildRoutine reading the unsaved
// buffers), lists the diagnostics as clickable file:line:col rows, and on
// success re-binds and re-simulates (and the audit runs that image). Save
// writes each file atomically.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"
#include "core/util/files.h"

namespace app {

namespace {

// The text cursor of the file being edited: a pending jump (set by a clicked
// diagnostic) is applied, and where the cursor is gets remembered.
struct CursorLink {
  int* pending;
  int* cursor;
  bool jumped = false;
};

int trackCursor(ImGuiInputTextCallbackData* data) {
  auto* link = static_cast<CursorLink*>(data->UserData);
  if (*link->pending >= 0 && *link->pending <= data->BufTextLen) {
    data->CursorPos = data->SelectionStart = data->SelectionEnd = *link->pending;
    *link->pending = -1;
    link->jumped = true;
  }
  *link->cursor = data->CursorPos;
  return 0;
}

// The inner child window InputTextMultiline scrolls its text in (ImGui 1.86
// names it "<parent>/<label>_<id>"); null before its first draw.
ImGuiWindow* textChild(const char* label) {
  char name[512];
  std::snprintf(name, sizeof name, "%s/%s_%08X", ImGui::GetCurrentWindow()->Name, label,
                ImGui::GetID(label));
  return ImGui::FindWindowByName(name);
}

using LineMarks = std::map<int, const core::Diagnostic*>;  // line -> its worst diagnostic

LineMarks diagnosticLines(const RoutineEditorState& s, int file) {
  LineMarks marks;
  for (const core::Diagnostic& d : s.diagnostics) {
    if (d.loc.line <= 0 || fileForDiagnostic(s, d.loc.file) != file) continue;
    auto [it, added] = marks.emplace(d.loc.line, &d);
    if (!added && d.severity < it->second->severity) it->second = &d;
  }
  return marks;
}

ImU32 severityColour(core::Diagnostic::Severity s) {
  return s == core::Diagnostic::Severity::Error ? IM_COL32(255, 110, 110, 255)
                                                : IM_COL32(255, 210, 90, 255);
}

// Line numbers for the text scrolled in `text` (the multiline's child), drawn
// in [min, max) beside it: the cursor's line bright, diagnostic lines coloured
// (hover for the message).
void drawGutter(ImVec2 min, ImVec2 max, const ImGuiWindow* text, int lines, int cursorLine,
                const LineMarks& marks) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImGuiStyle& style = ImGui::GetStyle();
  dl->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg, 0.5f), style.FrameRounding);
  const float lineHeight = ImGui::GetFontSize();
  const float top = (text ? text->Pos.y - text->Scroll.y : min.y) + style.FramePadding.y;
  const int first = std::max(0, int((min.y - top) / lineHeight));
  const int last = std::min(lines, int((max.y - top) / lineHeight) + 1);
  dl->PushClipRect(min, max, true);
  for (int i = first; i < last; ++i) {
    char number[16];
    std::snprintf(number, sizeof number, "%d", i + 1);
    const auto mark = marks.find(i + 1);
    const ImU32 colour = mark != marks.end()   ? severityColour(mark->second->severity)
                         : i + 1 == cursorLine ? ImGui::GetColorU32(ImGuiCol_Text)
                                               : ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float x = max.x - style.FramePadding.x - ImGui::CalcTextSize(number).x;
    dl->AddText(ImVec2(x, top + float(i) * lineHeight), colour, number);
  }
  dl->PopClipRect();
  if (!ImGui::IsMouseHoveringRect(min, max)) return;
  const auto hovered = marks.find(int((ImGui::GetMousePos().y - top) / lineHeight) + 1);
  if (hovered != marks.end()) ImGui::SetTooltip("%s", hovered->second->str().c_str());
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
  const core::RoutineManifest& m = sim()->scenario().manifest;
  if (editor_.manifestPath == m.path) return;
  std::string error;
  const bool show = editor_.showEditor;  // a request made before the files were loaded
  const bool loaded = loadEditorFiles(editor_, m, &error);
  editor_.showEditor = show;
  if (!loaded) {
    editor_.message = error;
    editor_.messageIsError = true;
  }
}

bool GuiApp::assembleRoutine() {
  const core::RoutineManifest& m = sim()->scenario().manifest;
  addIncludedFiles(editor_, m.sources);  // an include added while editing gets its tab
  core::AsmResult image = core::buildRoutine(m, editorReader(editor_));
  editor_.diagnostics = image.diagnostics;
  std::string error;
  const bool bound = image.ok && ws_.bindImage(image, &error, audit_.saved.get());
  if (!bound) {
    editor_.message = image.ok ? error : "Assembly failed";
    editor_.messageIsError = true;
    editor_.showEditor = true;  // bring the errors into view (F7 from another tab)
    return false;
  }
  markAssembled(editor_);
  if (audit_.saved) audit_.savedStale = true;  // re-run when the audit case closes
  resimulate();  // the recording, verdicts and trace follow the new image
  // A live audit's cases belong to the old image: the next map edit clears the
  // heatmap instead of updating it (run the audit again).
  if (!ws_.auditJob().running()) ws_.auditJob().stop();
  debugger_.invalidate();
  imageChanged();
  editor_.message = ws_.simJob().running()
                        ? std::string("Assembled; re-simulating (see the status bar)")
                        : "Assembled and re-simulated " + std::to_string(frameCount()) + " frames";
  editor_.messageIsError = false;
  status_ = editor_.message;
  return true;
}

bool GuiApp::saveEditorFile(EditorFile& f) {
  std::string error;
  // Another program changed it since it was read: ask first (disk_conflict.cpp).
  if (auto changed = routineOnDisk(f)) {
    askAboutDisk({std::move(*changed)}, false, true);
    return false;
  }
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

void GuiApp::revertEditorFile(int index) {
  if (index < 0 || index >= int(editor_.files.size())) return;
  const std::string name = std::filesystem::path(editor_.files[size_t(index)].path).filename();
  const int dropped = app::revertEditorFile(editor_, index);
  status_ = "Reverted " + name + " to the file on disk" +
            (dropped ? " (its " + std::to_string(dropped) + " diagnostics cleared)" : "");
  if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
}

void GuiApp::drawEditorToolbar() {
  if (ImGui::Button("Assemble & run")) runShortcut(Action::Assemble);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s (%s)", shortcutFor(Action::Assemble)->what,
                      shortcutKeys(Action::Assemble).c_str());
  ImGui::SameLine();
  const bool anyDirty = std::any_of(editor_.files.begin(), editor_.files.end(),
                                    [](const EditorFile& f) { return f.dirty(); });
  ImGui::BeginDisabled(!anyDirty);
  if (ImGui::Button("Save all"))
    for (EditorFile& f : editor_.files)
      if (f.dirty() && !saveEditorFile(f)) break;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Write every edited file (marked *) to disk; File > Save (%s) does too",
                      shortcutKeys(Action::Save).c_str());
  ImGui::SameLine();
  const bool currentDirty =
      editor_.current < int(editor_.files.size()) && editor_.files[editor_.current].dirty();
  ImGui::BeginDisabled(!currentDirty);
  if (ImGui::Button("Revert")) revertEditorFile(editor_.current);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Throw away this tab's edits: the file as it is on disk");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", sim()->scenario().manifest.toolchain == "ca65"
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

void GuiApp::drawEditorText(EditorFile& f, float height) {
  const LineMarks marks = diagnosticLines(editor_, editor_.current);
  const int lines = lineCount(f.text);
  const int cursorLine = textPosition(f.text, f.cursor).line;
  char widest[16];
  std::snprintf(widest, sizeof widest, "%d", std::max(lines, 99));
  const float gutter = ImGui::CalcTextSize(widest).x + 2 * ImGui::GetStyle().FramePadding.x;
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(ImVec2(min.x + gutter + 2, min.y));
  CursorLink link{&editor_.jumpOffset, &f.cursor};
  ImGui::InputTextMultiline("##text", &f.text, ImVec2(-1, height),
                            ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackAlways,
                            trackCursor, &link);
  ImGuiWindow* child = textChild("##text");
  if (link.jumped && child) {  // a clicked diagnostic's line goes to the middle, not the edge
    const float line = float(textPosition(f.text, f.cursor).line - 1) * ImGui::GetFontSize();
    ImGui::SetScrollY(child, std::max(0.0f, line - 0.5f * (child->Size.y - ImGui::GetFontSize())));
  }
  drawGutter(min, ImVec2(min.x + gutter, min.y + height), child, lines, cursorLine, marks);
  const TextPosition at = textPosition(f.text, f.cursor);
  ImGui::TextDisabled("line %d, col %d  |  %d lines%s%s", at.line, at.col, lines,
                      f.included ? "  |  included" : "",
                      f.unassembled() ? "  |  not assembled yet (F7)" : "");
}

void GuiApp::drawRoutineEditor() {
  syncEditorFiles();
  drawEditorToolbar();
  if (!ImGui::BeginTabBar("##files")) return;
  const float diagHeight = editor_.diagnostics.empty() ? 0 : uiPx(90);
  for (int i = 0; i < int(editor_.files.size()); ++i) {
    EditorFile& f = editor_.files[i];
    const std::string label = std::filesystem::path(f.path).filename().string() +
                              (f.dirty() ? " *" : "") + "###" + f.path;
    const ImGuiTabItemFlags flags = editor_.selectFile == i ? ImGuiTabItemFlags_SetSelected : 0;
    const bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s%s%s", f.path.c_str(), f.included ? "\n(included by the routine)" : "",
                        f.dirty() ? "\nunsaved changes" : "");
    if (!open) continue;
    if (editor_.selectFile == i) {
      editor_.selectFile = -1;
      ImGui::SetKeyboardFocusHere();
    }
    editor_.current = i;
    const float status = ImGui::GetTextLineHeightWithSpacing();
    const float h =
        ImGui::GetContentRegionAvail().y - status - diagHeight - (diagHeight > 0 ? 6 : 0);
    drawEditorText(f, std::max(h, uiPx(60)));
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  if (!editor_.diagnostics.empty()) drawDiagnostics(diagHeight);
}

// View > Routine editor in its own window: the editor out of the Source
// panel's tab, in a tall window (layout.cpp places it over the debugger column).
void GuiApp::drawRoutineWindow() {
  if (!view_.routineWindow) return;
  // Brought to the front when asked (opened, an assembly failed); not before
  // the second frame: the panels that appear in the first would cover it.
  if (editor_.showEditor && ImGui::GetFrameCount() > 1) {
    ImGui::SetNextWindowFocus();
    editor_.showEditor = false;
  }
  ImGui::SetNextWindowBgAlpha(1.0f);  // the panels it covers would show through the text
  if (!ImGui::Begin("Routine editor", &view_.routineWindow)) {
    ImGui::End();
    return;
  }
  if (!view_.routineWindow) editor_.showEditor = true;  // closed: back to its tab
  if (sim())
    drawRoutineEditor();
  else
    ImGui::TextDisabled("No scenario open.");
  ImGui::End();
}

namespace {
class RoutineEditorPanel : public Panel {
 public:
  void draw(PanelContext& c) override { c.app.drawRoutineWindow(); }
};
RegisterPanel<RoutineEditorPanel> registered("Routine editor", 65);
}  // namespace

}  // namespace app
