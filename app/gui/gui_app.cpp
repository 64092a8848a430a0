#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <span>

#include "app/common/paths.h"
#include "app/gui/scripted_run.h"
#include "collidoscope_version.h"

namespace app {

GuiApp::GuiApp(GLFWwindow* window, const LaunchOptions& opts)
    : window_(window), opts_(opts), placeholder_(core::makeDefaultMap(16, 15, 16)) {
  for (const PanelEntry& entry : registeredPanels()) panels_.push_back(entry.make());
  if (opts.frames > 0) edit_.recent.stopSaving();  // a scripted run
  view_.uiScale = opts.contentScale;
  layout_.automatic = !opts.arranged;
  view_.showShortcuts = opts.show == "shortcuts";
  if (opts.show == "new-scenario") openNewScenarioDialog();  // File > New scenario...
  std::string path = opts.scenario;
  // With no scenario the app opens on the welcome panel; scripted runs (docs,
  // benchmarks, the install test) open the castle unless --welcome says so.
  if (path.empty() && opts.frames > 0 && !opts.welcome && opts.openGame.empty() &&
      opts.newScenario.empty()) {
    std::string shipped = dataDir() + "/maps/seed002_castle.scenario.json";
    if (std::filesystem::exists(shipped)) path = shipped;
  }
  bool opened = false;
  try {
    if (!opts.newScenario.empty()) {
      newScenarioForScript();
      opened = sim() != nullptr;
    } else if (!opts.openGame.empty()) {
      opened = openGame(opts.openGame);
      if (!opened && binding_ && !opts.writeBinding.empty()) {
        useSuggestedBindings();  // as the panel's "Use all suggestions"
        opened = writeBindingFiles(opts.writeBinding);
      }
    } else {
      opened = !path.empty() && (isTiledMapPath(path) ? openTiled(path) : openScenario(path));
    }
    if (!opened && isTiledMapPath(path))
      std::fprintf(stderr, "collidoscope: %s\n", status_.c_str());
  } catch (const std::exception& e) {  // a bad file must not stop the app from starting
    status_ = "Cannot open " + path + ": " + e.what();
    std::fprintf(stderr, "collidoscope: %s\n", status_.c_str());
  }
  if (opened) {
    if (opts.frames > 0) finishSimulation();  // scripted runs see the whole recording
    runImportExportScript();
    if (opts.frame >= 0) tl_.frame = std::min(opts.frame, frameCount() - 1);
    applyScriptOptions();
    if (!opts.replaceRom.empty()) replaceRomForScript();
    if (opts.importRoom && !importRoomFromGameAtCursor())
      scriptError_ = "--import-room: " + status_;
    if (opts.rebuildGame) {
      rebuildGame();
      finishSimulation();
    }
  }
  startRecovery();  // offers (or, scripted, recovers) what a crashed session left
  if (sim() && (!opts.resizeRoom.empty() || !opts.rects.empty() || !opts.fills.empty() ||
                !opts.setView.empty())) {
    editRoomForScript();
    if (opts.frames > 0) {
      finishSimulation();
      // What the panels now show: the re-simulated recording, or why there is none.
      ws_.judgeIfStale();
      if (frameCount() > 0)
        std::printf("script: recording of %d frames, %zu calls judged\n", frameCount(),
                    ws_.judged().verdicts.size());
      else
        std::printf("script: no recording: %s\n", noRecordingReason_.c_str());
    }
  }
  if (sim() && opts.show == "view-dialog") {  // Room > Routine view..., after the room edits
    edit_.showView = true;
    edit_.viewDraft = sim()->scenario().view;
  }
  if (sim() &&
      (!opts.addEntities.empty() || !opts.duplicateEntities.empty() ||
       !opts.renameEntities.empty() || !opts.removeEntities.empty() || !opts.fillInput.empty())) {
    entitiesForScript();
    if (opts.frames > 0) finishSimulation();
  }
  if (sim() && !opts.paint.empty()) {
    paintForScript();
    if (opts.frames > 0) finishSimulation();
  }
  if (sim() && opts.auditDiff) auditDiffForScript();
  runDeskScript();
  if (sim() && !opts.saveAs.empty() && !saveDocumentAs(opts.saveAs))
    scriptError_ = "--save-as: " + status_;
  documentScript();  // --append-routine, --change-on-disk, --save, --then-open
  for (const std::string& name : opts.overlays) applyOverlayName(view_, name);
}

bool GuiApp::openScenario(const std::string& path) {
  core::Scenario scenario;
  std::string error;
  auto sim = std::make_unique<core::Simulation>();
  if (!core::loadScenario(path, scenario, &error) || !sim->build(scenario, &error) ||
      !core::roomEncodes(*sim, &error)) {
    status_ = error;
    std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
    return false;
  }
  replaceSimulation(std::move(sim));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  view_.fitRequested = true;
  view_.lastAudit.reset();
  status_ = "Opened " + path;
  documentOpened(path, false);
  return true;
}

void GuiApp::imageChanged() {
  for (const std::unique_ptr<Panel>& panel : panels_) panel->imageChanged();
}

core::Simulation* PanelContext::sim() const {
  return ws.simulation();
}

int GuiApp::frameCount() const {
  return sim() ? int(sim()->recording().frames.size()) : 0;
}

bool GuiApp::beginPanel(const char* title, float x, float y, float w, float h, bool needsFrames) {
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(title)) {
    ImGui::End();
    return false;
  }
  if (!sim() || (needsFrames && frameCount() == 0)) {
    drawNoRecording(false);
    ImGui::End();
    return false;
  }
  return true;
}

void GuiApp::drawNoRecording(bool progress) {
  if (sim() && ws_.simJob().running()) {
    if (progress)
      drawSimulationStatus();  // the first recording of a document is under way
    else
      ImGui::TextDisabled("Simulating...");
  } else if (sim() && !noRecordingReason_.empty()) {  // e.g. a room the table cannot hold
    ImGui::TextWrapped("No recording: %s", noRecordingReason_.c_str());
  } else {
    ImGui::TextDisabled(sim() ? "No recording." : "No scenario open. File > Open sample.");
  }
}

// Keeps the debugger on the shown simulation and the selected call: a new
// simulation (opened, re-simulated on the worker) re-attaches it, a changed
// recording sends the cursor to the end of the call.
void GuiApp::ensureTrace() {
  if (debugger_.simulation() != sim()) {
    const std::string dropped = debugger_.attach(sim());
    if (!dropped.empty()) status_ = "Debugger: dropped " + dropped;
    debuggerGeneration_ = edit_.generation;
  }
  if (debuggerGeneration_ != edit_.generation) {
    debugger_.invalidate();
    debugger_.select(-1, -1);
    debuggerGeneration_ = edit_.generation;
  }
  if (!sim() || frameCount() == 0) return;
  debugger_.select(tl_.frame, tl_.entity);
}

void GuiApp::handleShortcuts() {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) || edit_.dialog.visible() || edit_.askSave)
    return;
  KeyState state;
  state.typing = io.WantTextInput;
  state.recording = edit_.recordInput;
  for (const Shortcut* s : pressedShortcuts(state)) {
    if (s->action == Action::PlayPause && s->onRelease && edit_.spacePanned) {
      edit_.spacePanned = false;  // a Space + drag pan is not a play
      continue;
    }
    runShortcut(s->action);
  }
}

void GuiApp::runShortcut(Action action) {
  const int n = frameCount();
  switch (action) {
    case Action::New:
      requestAction(FileAction::NewScenario);
      break;
    case Action::Open:
      requestAction(FileAction::Open);
      break;
    case Action::Save:
      saveDocument();
      break;
    case Action::SaveAs:
      requestAction(FileAction::SaveAs);
      break;
    case Action::Quit:
      requestAction(FileAction::Quit);
      break;
    case Action::Undo:
      undo();
      break;
    case Action::Redo:
      redo();
      break;
    case Action::ToolSelect:
      edit_.tool = Tool::Select;
      break;
    case Action::ToolPaint:
      edit_.tool = Tool::Paint;
      break;
    case Action::ToolBits:
      edit_.tool = Tool::Bits;
      break;
    case Action::ToolRect:
      edit_.tool = Tool::Rect;
      break;
    case Action::ToolFill:
      edit_.tool = Tool::Fill;
      break;
    case Action::ToolRegion:
      edit_.tool = Tool::Region;
      break;
    case Action::PlayPause:
      edit_.spacePanned = false;
      tl_.playing = !tl_.playing;
      break;
    case Action::PrevFrame:
      tl_.frame = std::max(std::min(tl_.frame - 1, n - 1), 0);
      break;
    case Action::NextFrame:
      tl_.frame = std::max(std::min(tl_.frame + 1, n - 1), 0);
      break;
    case Action::FitRoom:
      view_.fitRequested = view_.fitWhole = true;
      break;
    case Action::StepInto:
      debugStep(StepKind::Into);
      break;
    case Action::StepOver:
      debugStep(StepKind::Over);
      break;
    case Action::StepOut:
      debugStep(StepKind::Out);
      break;
    case Action::StepBack:
      debugStep(StepKind::Back);
      break;
    case Action::RunToBreak:
      debugStep(StepKind::ToEnd);
      break;
    case Action::Assemble:
      if (sim()) {
        syncEditorFiles();
        assembleRoutine();
      }
      break;
    case Action::DuplicateEntity:
      if (canEdit()) {
        std::string error;
        auto e = core::makeDuplicateEntity(sim()->scenario(), tl_.entity, &error);
        applyEntityEdit(e, e ? std::string() : "Cannot duplicate: " + error);
      }
      break;
    case Action::RenameEntity:
      if (sim() && tl_.entity >= 0 && tl_.entity < int(sim()->scenario().entities.size())) {
        edit_.renameAsk = true;
        edit_.renameEntity = tl_.entity;
        std::snprintf(edit_.renameText, sizeof edit_.renameText, "%s",
                      sim()->scenario().entities[size_t(tl_.entity)].name.c_str());
        edit_.renameError.clear();
      }
      break;
    case Action::ShowShortcuts:
      view_.showShortcuts = true;
      break;
  }
}

void GuiApp::drawFrame() {
  pollFileWatch(ImGui::GetTime());
  pollSimulation();
  // Scripted runs wait for every re-simulation, so screenshots are deterministic.
  if (opts_.frames > 0) finishSimulation();
  runScript();
  handleShortcuts();
  const int frameBefore = tl_.frame;
  if (tl_.playing && frameCount() > 0) {
    tl_.accumulator += tl_.speed;
    while (tl_.accumulator >= 1) {
      tl_.accumulator -= 1;
      if (tl_.frame + 1 < frameCount() || edit_.recordInput)  // recording grows the script
        ++tl_.frame;
      else
        tl_.playing = false;
    }
    stopAtBreakpoint(frameBefore + 1);
  }
  recordInputFrame();
  ws_.judgeIfStale();  // after this frame's edits, before the panels read the verdicts
  drawMenuBar();
  layoutPanels();
  PanelContext context{ws_, view_, tl_, *this};
  for (const std::unique_ptr<Panel>& panel : panels_) panel->draw(context);  // panel_*.cpp
  drawStatus();
  drawWelcome();
  drawShortcutsWindow(&view_.showShortcuts);
  drawAbout();
  drawDocumentDialogs();
  drawDiskConflict();
  drawNewScenarioDialog();
  drawRenameEntityDialog();
  drawGameInfo();
  drawRecoveryPrompt();
  // Room > Resize room... and Room > Routine view... (room_tools.cpp), after every
  // window: a modal must not open before a window that first appears in the same frame.
  drawResizeDialog();
  drawViewDialog();
  if (opts_.frames > 0) runLayoutScript(ImGui::GetFrameCount());
  autosave(ImGui::GetTime());
  if (sim()) updateTitle();  // routine buffers edited this frame change the `*`
}

void GuiApp::drawMenuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  drawFileMenu();
  drawEditMenu();
  drawRoomMenu();
  drawViewMenu();
  drawDebugMenu();
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Keyboard shortcuts", shortcutKeys(Action::ShowShortcuts).c_str()))
      view_.showShortcuts = true;
    ImGui::Separator();
    if (ImGui::MenuItem("About Collidoscope")) view_.showAbout = true;
    ImGui::EndMenu();
  }
  drawDocumentName();
  ImGui::EndMainMenuBar();
}

void GuiApp::drawViewMenu() {
  if (!ImGui::BeginMenu("View")) return;
  // One item per row of core's overlay table.
  for (int i = 0; i < core::kOverlayCount; ++i) {
    const core::OverlayInfo& o = core::kOverlays[i];
    bool shown = view_.on(o.bit);
    const bool enabled = o.bit != core::kOverlayHeat || view_.lastAudit != nullptr;
    if (ImGui::MenuItem(o.label, nullptr, &shown, enabled))
      view_.overlays = shown ? view_.overlays | o.bit : view_.overlays & ~o.bit;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--overlay %s)", o.help, o.name);
  }
  if (ImGui::MenuItem("Fit room", shortcutKeys(Action::FitRoom).c_str()))
    view_.fitRequested = view_.fitWhole = true;
  const bool isGame = sim() && sim()->scenario().manifest.game;
  if (ImGui::MenuItem("Binding...", nullptr, false, isGame))
    openBindingPanel(sim()->scenario().manifest.game->rom);
  ImGui::MenuItem("Video viewers...", nullptr, &view_.showVideo, isGame);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The game's nametables or BG map, tiles, OAM and palettes at the cursor frame");
  ImGui::Separator();
  if (ImGui::MenuItem("Routine editor in its own window", nullptr, &view_.routineWindow))
    editor_.showEditor = true;  // in front: its window, or its tab again
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A tall window beside the room instead of the Source panel's Routine tab");
  if (ImGui::MenuItem("Reset layout")) resetLayout();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(layout_.automatic
                          ? "The panels follow the window's size (until you move or resize one)"
                          : "Lay the panels out for the window's size again; they follow it "
                            "until you move or resize one");
  ImGui::EndMenu();
}

void GuiApp::drawDebugMenu() {
  if (!ImGui::BeginMenu("Debug")) return;
  const bool can = sim() && frameCount() > 0;
  struct Item {
    const char* label;
    Action action;
  };
  static constexpr Item kSteps[] = {
      {"Step into", Action::StepInto},
      {"Step over", Action::StepOver},
      {"Step out", Action::StepOut},
      {"Step back", Action::StepBack},
      {"Run to breakpoint / end of call", Action::RunToBreak},
  };
  static constexpr Item kPlayback[] = {
      {"Play / pause", Action::PlayPause},
      {"Previous frame", Action::PrevFrame},
      {"Next frame", Action::NextFrame},
  };
  auto items = [&](std::span<const Item> list, bool enabled) {
    for (const Item& i : list) {
      if (ImGui::MenuItem(i.label, shortcutKeys(i.action).c_str(), false, enabled))
        runShortcut(i.action);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shortcutFor(i.action)->what);
    }
  };
  items(kSteps, can);
  ImGui::Separator();
  items(kPlayback, can);
  ImGui::Separator();
  if (ImGui::MenuItem("Assemble & run", shortcutKeys(Action::Assemble).c_str(), false,
                      sim() != nullptr))
    runShortcut(Action::Assemble);
  ImGui::EndMenu();
}

void GuiApp::drawStatus() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float h = statusBarHeight();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y - h));
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x, h));
  const float padY = std::max(0.0f, std::floor((h - ImGui::GetTextLineHeight()) / 2));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().WindowPadding.x, padY));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::PopStyleVar();
  drawSimulationStatus();
  ImGui::TextUnformatted(status_.c_str());
  drawWarningsTooltip();
  ImGui::End();
}

void GuiApp::drawAbout() {
  if (view_.showAbout) ImGui::OpenPopup("About Collidoscope");
  if (ImGui::BeginPopupModal("About Collidoscope", &view_.showAbout,
                             ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("Collidoscope %s", COLLIDOSCOPE_VERSION);
    ImGui::TextUnformatted("A debugger and sandbox for NES and Game Boy tile collision.");
    ImGui::Separator();
    ImGui::Text("Dear ImGui %s, GLFW %s", IMGUI_VERSION, glfwGetVersionString());
    if (ImGui::Button("Close")) {
      view_.showAbout = false;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace app
