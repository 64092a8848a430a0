#include "app/gui/scripted_run.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/gui/gui_app.h"

namespace app {

bool applyOverlayName(ViewState& view, const std::string& name) {
  uint32_t bits = 0;
  if (!core::parseOverlays(name, bits, nullptr)) return false;
  // "none" first clears the defaults: "--overlay none,grid" shows the grid alone.
  if (name.rfind("none", 0) == 0) view.overlays = 0;
  view.overlays |= bits;
  return true;
}

std::string overlayNames() {
  return core::overlayNames();
}

// --show, --audit, --audit-case and --breakpoint, applied once the scenario is open.
void GuiApp::applyScriptOptions() {
  if (opts_.show == "routine") editor_.showEditor = true;
  if (opts_.show == "routine-window") view_.routineWindow = editor_.showEditor = true;
  for (const std::unique_ptr<Panel>& panel : panels_) panel->show(opts_.show);
  ensureTrace();  // the debugger follows the opened simulation
  if (opts_.show == "binding" && !binding_ && sim()->scenario().manifest.game)
    openBindingPanel(sim()->scenario().manifest.game->rom);
  for (const std::string& b : opts_.breakpoints) {
    std::string error;
    if (!debugger_.addBreakpoint(b, &error)) scriptError_ = "--breakpoint: " + error;
  }
  for (const std::string& w : opts_.watchpoints) {
    std::string error;
    if (!debugger_.addWatchpoint(w, &error)) scriptError_ = "--watchpoint: " + error;
  }
  if (opts_.audit) auditForScript();
  if (opts_.why) {
    finishSimulation();  // an opened audit case simulates on the worker
    view_.showWhy = true;
    printWhy();
  }
}

// --audit with its filter, grouping and case: the Audit panel as a user sets it.
void GuiApp::auditForScript() {
  startAudit();
  ws_.auditJob().wait();
  pollAudit();
  if (!audit_.result || !audit_.result->ok) return;
  if (!opts_.auditFilter.empty()) {
    std::string error;
    if (!core::parseAuditClasses(opts_.auditFilter, audit_.filter.classes, &error))
      scriptError_ = "--audit-filter: " + error;
  }
  audit_.filter.speed = opts_.auditSpeed;
  if (opts_.auditGroup == "cell") audit_.grouping = core::AuditGrouping::Cell;
  if (opts_.auditGroup == "cause") audit_.grouping = core::AuditGrouping::Cause;
  if (!opts_.auditFilter.empty() || opts_.auditSpeed > 0 || !opts_.auditGroup.empty())
    printAuditSelection();
  if (opts_.auditCase < 0) return;
  // Case N of the list as filtered (every failing case when nothing is filtered).
  refreshAuditSelection();
  const size_t shown = audit_.selection ? audit_.selection->rows.size() : 0;
  if (size_t(opts_.auditCase) < shown)
    openAuditCase(int(audit_.selection->rows[size_t(opts_.auditCase)]));
  else
    scriptError_ = "--audit-case: the audit listed " + std::to_string(shown) + " failing cases";
}

// --audit-diff, after recovery (which is how a scripted run gets unsaved
// routine buffers): Diff against saved, with its counts on stdout.
void GuiApp::auditDiffForScript() {
  if (!routineHasUnsavedEdits()) {
    scriptError_ = "--audit-diff: the routine has no unsaved edits";
    return;
  }
  startAuditDiff();
  ws_.auditJob().wait();
  pollAudit();
  std::printf("audit diff: %s\n", status_.c_str());
}

// One display frame of a scripted run: plays `--play N` frames (one recording
// frame per display frame, stopping at a breakpoint), then steps into
// `--step-instructions K`.
void GuiApp::runScript() {
  if (scriptDone_ || !sim() || frameCount() == 0) return;
  if (scriptPlayed_ < opts_.play) {
    const int before = tl_.frame;
    for (int k = 0; k < opts_.playSpeed && scriptPlayed_ < opts_.play; ++k) {
      ++scriptPlayed_;
      if (tl_.frame + 1 < frameCount())
        ++tl_.frame;
      else if (opts_.loopPlay)
        tl_.frame = 0;
    }
    if (tl_.frame > before && stopAtBreakpoint(before + 1)) {
      std::printf("script: %s\n", status_.c_str());
      scriptPlayed_ = opts_.play;
    }
    return;
  }
  scriptDone_ = true;
  if (opts_.stepInstructions <= 0) return;
  for (int k = 0; k < opts_.stepInstructions; ++k) debugStep(StepKind::Into);
  const auto& steps = debugger_.trace().steps;
  const int step = debugger_.cursor().step;
  if (step >= 0 && !steps.empty())
    std::printf("script: frame %d, %s, instruction %d of %zu, PC $%04X\n", tl_.frame,
                sim()->scenario().entities[tl_.entity].name.c_str(), step + 1, steps.size(),
                steps[step].pc);
}

}  // namespace app

namespace app {

// --assemble, --revert-routine and --new-room (in that order, after recovery,
// which is how a scripted run gets unsaved routine buffers): each prints how
// many diagnostics the routine editor then holds.
void GuiApp::runDeskScript() {
  if (!sim() || !(opts_.assemble || opts_.revertRoutine || opts_.newRoom)) return;
  auto report = [this](const char* step) {
    std::printf("%s: routine editor: %zu diagnostics\n", step, editor_.diagnostics.size());
  };
  if (opts_.assemble) {
    syncEditorFiles();
    const bool ok = assembleRoutine();
    finishSimulation();
    std::printf("assemble: %s\n", ok ? "ok" : editor_.message.c_str());
    report("assemble");
  }
  if (opts_.revertRoutine) {
    syncEditorFiles();
    for (int i = 0; i < int(editor_.files.size()); ++i)
      if (editor_.files[size_t(i)].dirty()) revertEditorFile(i);
    report("revert-routine");
  }
  if (opts_.newRoom) {
    // As "Save changes?" answered Discard.
    edit_.history.clear();
    discardEditorFiles(editor_);
    newRoom();
    finishSimulation();
    if (sim()) {
      syncEditorFiles();
      const core::Scenario& s = sim()->scenario();
      std::printf("new-room: %dx%d cells, routine %s, %zu entities, %zu input frames\n",
                  s.map.room.width, s.map.room.height,
                  std::filesystem::path(s.manifestPath).parent_path().filename().c_str(),
                  s.entities.size(), s.input.size());
    }
    report("new-room");
  }
}

}  // namespace app

namespace app {

// --move-panel and --resize: what a user does to the layout, at fixed frames
// of a scripted run, so a test can see the panels follow a resize until one
// is moved (--print-layout).
void GuiApp::runLayoutScript(int imguiFrame) {
  if (imguiFrame == 3 && !opts_.movePanel.empty()) {
    const size_t comma = opts_.movePanel.find(',');
    int x = 0, y = 0;
    if (comma == std::string::npos ||
        std::sscanf(opts_.movePanel.c_str() + comma + 1, "%d,%d", &x, &y) != 2) {
      std::fprintf(stderr, "collidoscope: --move-panel: expected NAME,X,Y\n");
      return;
    }
    ImGui::SetWindowPos(opts_.movePanel.substr(0, comma).c_str(), ImVec2(float(x), float(y)));
  }
  if (imguiFrame == 6 && !opts_.resizeWindow.empty()) {
    int w = 0, h = 0;
    if (std::sscanf(opts_.resizeWindow.c_str(), "%d,%d", &w, &h) == 2 && w >= 320 && h >= 240)
      glfwSetWindowSize(window_, w, h);
    else
      std::fprintf(stderr, "collidoscope: --resize: expected W,H (at least 320,240)\n");
  }
}

}  // namespace app

namespace app {

// Lost work, scripted: --append-routine (an unsaved routine edit), then
// --change-on-disk (another program writes a document file; the files are
// then polled as the app polls them), --save and --then-open (a document
// opened the way the Binding panel's Write... does), each as the user's
// action would run. The prompts they open take --answer on the frames
// that follow (or stay shown for --screenshot).
void GuiApp::documentScript() {
  if (!sim()) return;
  for (const std::string& text : opts_.appendRoutine) {
    syncEditorFiles();
    if (editor_.files.empty()) {
      scriptError_ = "--append-routine: the routine has no source files";
      return;
    }
    EditorFile& f =
        editor_.files[size_t(std::clamp(editor_.current, 0, int(editor_.files.size()) - 1))];
    if (!f.text.empty() && f.text.back() != '\n') f.text += '\n';
    f.text += text + "\n";
    std::printf("script: typed into %s (unsaved)\n", f.path.c_str());
    updateTitle();
  }
  for (const std::string& change : opts_.changeOnDisk) {
    const size_t eq = change.find('=');
    const std::string part = change.substr(0, eq),
                      from = eq == std::string::npos ? "" : change.substr(eq + 1);
    const core::Scenario& s = sim()->scenario();
    std::string target;
    if (part == "map") target = s.mapPath;
    if (part == "scenario" && !edit_.scenarioUntitled) target = s.path;
    if (part == "routine") {
      syncEditorFiles();
      if (!editor_.files.empty()) target = editor_.files[size_t(editor_.current)].path;
    }
    if (eq == std::string::npos || from.empty() || target.empty()) {
      scriptError_ =
          "--change-on-disk: expected map=FILE, scenario=FILE or routine=FILE of a "
          "titled document, not \"" +
          change + "\"";
      return;
    }
    std::error_code ec;
    std::filesystem::copy_file(from, target, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) {
      scriptError_ = "--change-on-disk: cannot copy " + from + ": " + ec.message();
      return;
    }
    std::printf("script: another program wrote %s\n", target.c_str());
    // As the app's own polls would see it, twice a second, once it has settled.
    bool seen = false;
    for (int poll = 0; poll < 8 && !seen; ++poll) {
      const std::vector<std::string> changed = game_.watch.poll();
      if (!changed.empty()) filesChanged(changed);
      seen = pollDocumentFiles() || !changed.empty();
    }
    if (!seen) std::printf("script: the change to %s was not noticed\n", target.c_str());
    finishSimulation();
  }
  if (opts_.save) {
    const bool saved = saveDocument();
    std::printf("script: save: %s\n", saved ? status_.c_str() : ("not saved: " + status_).c_str());
  }
  if (!opts_.thenOpen.empty()) {
    // As the Binding panel's Write... and Open game... open a document: straight
    // through openPath, which must ask about unsaved work itself (File > Open
    // asks before it gets there).
    closeAuditCase();
    openPath(opts_.thenOpen);
    if (!edit_.askSave) std::printf("script: %s\n", status_.c_str());
  }
}

// --print-document: what is open and what of it is unsaved, on the way out.
void GuiApp::printDocument() const {
  if (!sim()) {
    std::printf("document: none\n");
    return;
  }
  const core::Scenario& s = sim()->scenario();
  std::printf("document: scenario %s\n", edit_.scenarioUntitled ? "(untitled)" : s.path.c_str());
  std::printf("document: map %s\n", s.mapPath.empty() ? "(untitled)" : s.mapPath.c_str());
  std::printf("document: unsaved:%s%s", mapDirty() ? " map" : "",
              scenarioDirty() ? " scenario" : "");
  for (const EditorFile& f : editor_.files)
    if (f.dirty()) std::printf(" routine:%s", std::filesystem::path(f.path).filename().c_str());
  std::printf("\n");
}

}  // namespace app
