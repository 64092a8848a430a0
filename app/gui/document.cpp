// The files behind the open document: File > New, Open, Save, Save As and
// Recent, the window title with its dirty marker, and the "save changes?"
// prompt before unsaved work would be lost (open, new, quit, window close).
//
// A document is a scenario and the map it names. Either may be untitled: a map
// opened alone gets an untitled scenario around it (the current routine,
// entities and input), and New makes both untitled. Save writes whichever part
// changed; Save As writes the scenario and a copy of its map beside it
// (x.scenario.json + x.map.json), or, to a `.map.json`, the map alone.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"
#include "core/map/map_file.h"
#include "core/sim/new_scenario.h"
#include "core/sim/references.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace fs = std::filesystem;

namespace app {

namespace {

// "x.scenario.json" -> "x.map.json"; other names get ".map.json" in place of ".json".
std::string mapPathBeside(const std::string& scenarioPath) {
  std::string base = scenarioPath;
  for (const char* suffix : {".scenario.json", ".json"})
    if (base.ends_with(suffix)) {
      base.resize(base.size() - std::strlen(suffix));
      break;
    }
  return base + ".map.json";
}

// "  |  warning: ..." when the map saved at `path` holds tiles read from a file
// outside its folder (core/sim/references.h); on stderr as well.
std::string embedNote(const core::MapDocument& map, const std::string& path) {
  const auto w = core::embedWarning(map, path);
  if (!w) return {};
  std::fprintf(stderr, "collidoscope: warning: %s\n", w->c_str());
  return "  |  warning: " + *w;
}

// True when the file's "format" names a map (otherwise it is taken for a scenario).
bool isMapFile(const std::string& path) {
  if (path.ends_with(".map.json")) return true;
  auto text = core::readTextFile(path, nullptr, core::kMaxJsonBytes);
  if (!text) return false;
  const auto j = core::parseJson(*text, path, nullptr).value_or(nlohmann::json());
  if (!j.is_object()) return false;
  auto format = j.find("format");  // j.value() would throw on a non-string
  return format != j.end() && format->is_string() &&
         format->get_ref<const std::string&>().starts_with("collidoscope-map");
}

// A menu item's key column: the first binding in the shortcuts table (shortcuts.h).
const char* keyOf(Action action) {
  static std::string texts[int(Action::ShowShortcuts) + 1];
  std::string& t = texts[int(action)];
  if (t.empty())
    if (const Shortcut* s = shortcutFor(action)) t = keyText(s->key, s->mods);
  return t.c_str();
}

std::string fileName(const std::string& path) {
  return fs::path(path).filename().string();
}

// A routine is named after its directory (assets/routines/NAME/manifest.json).
std::string routineName(const core::Scenario& s) {
  return fs::path(s.manifestPath).parent_path().filename().string();
}

// A scenario around `map` that keeps the current routine, entities and input
// (or the shipped castle's when nothing is open).
bool scenarioAround(const core::Scenario* current, core::Scenario& out, std::string* error) {
  if (current) {
    out = *current;
    return true;
  }
  return core::loadScenario(dataDir() + "/maps/seed002_castle.scenario.json", out, error);
}

}  // namespace

// Unsaved routine buffers count as the document's: losing them to Open, New or
// Quit needs the same question.
bool GuiApp::dirty() const {
  return sim() &&
         needsSaveBeforeClosing(
             edit_.history.dirty() || edit_.scenarioDirtyExtra || edit_.mapDirtyExtra, editor_);
}

void GuiApp::updateTitle() {
  std::string name = "untitled";
  if (sim()) {
    const core::Scenario& s = sim()->scenario();
    if (!edit_.scenarioUntitled && !s.path.empty())
      name = fileName(s.path);
    else if (!s.mapPath.empty())
      name = fileName(s.mapPath);
    else if (!s.name.empty() && s.name != "untitled")
      name = s.name + " (untitled)";  // a new scenario, until Save as
  }
  std::string title = (dirty() ? "* " : "") + name + " - Collidoscope";
  if (title == edit_.title) return;
  edit_.title = title;
  glfwSetWindowTitle(window_, title.c_str());
}

void GuiApp::drawDocumentName() {
  const std::string name = edit_.title.substr(0, edit_.title.rfind(" - Collidoscope"));
  const float w = ImGui::CalcTextSize(name.c_str()).x;
  ImGui::SameLine(ImGui::GetWindowWidth() - w - 16);
  if (dirty())
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "%s", name.c_str());
  else
    ImGui::TextDisabled("%s", name.c_str());
  if (ImGui::IsItemHovered() && sim()) {
    const core::Scenario& s = sim()->scenario();
    ImGui::SetTooltip("scenario: %s\nmap: %s%s", s.path.empty() ? "(untitled)" : s.path.c_str(),
                      s.mapPath.empty() ? "(untitled)" : s.mapPath.c_str(),
                      dirty() ? "\nunsaved changes" : "");
  }
}

void GuiApp::documentOpened(const std::string& path, bool untitledScenario) {
  resetDebugger();  // breakpoints, watches and audits belong to the old document
  edit_.history.clear();
  edit_.scenarioUntitled = untitledScenario;
  edit_.scenarioDirtyExtra = false;
  edit_.mapDirtyExtra = false;
  edit_.recordInput = false;
  edit_.dragEntity = -1;
  edit_.painting = false;
  ++edit_.generation;
  // The new document runs its routine as on disk: so must the editor show it
  // (unsaved buffers were saved or discarded at the prompt).
  discardEditorFiles(editor_);
  if (!path.empty()) edit_.recent.add(path);
  updateTitle();
  watchDocumentFiles();  // reload on change: the ROM, symbols, sources and manifest
  takeDiskBaselines();   // ... and the map and scenario (disk_conflict.cpp)
}

bool GuiApp::openPath(const std::string& path) {
  // Every way of opening another document (the Binding panel's Write, Open
  // game...) asks about unsaved work first, routine buffers included; the
  // prompt's Save or Discard comes back here with nothing left to lose.
  if (dirty()) {
    requestAction(FileAction::OpenPath, path);
    return false;
  }
  // Nothing a file holds may take the app, and unsaved work, down: whatever a
  // load throws becomes the status line, and the open document stays.
  try {
    if (isTiledMapPath(path)) return openTiled(path);
    return isMapFile(path) ? openMap(path) : openScenario(path);
  } catch (const std::exception& e) {
    status_ = "Cannot open " + path + ": " + e.what();
    return false;
  }
}

bool GuiApp::openMap(const std::string& path) {
  core::Scenario s;
  std::string error;
  core::MapDocument map;
  if (!core::loadMap(path, map, &error) ||
      !scenarioAround(sim() ? &sim()->scenario() : nullptr, s, &error)) {
    status_ = error;
    return false;
  }
  s.map = std::move(map);
  s.mapPath = path;
  s.path.clear();
  s.name = s.map.name;
  auto sim = std::make_unique<core::Simulation>();
  if (!sim->build(s, &error) || !core::roomEncodes(*sim, &error)) {
    status_ = "Cannot run " + fileName(path) + " with this routine: " + error;
    return false;
  }
  replaceSimulation(std::move(sim));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  view_.fitRequested = true;
  status_ = "Opened map " + path + " with the routine " + routineName(s);
  documentOpened(path, true);
  return true;
}

void GuiApp::newRoom() {
  // The routine and room size of the open document (the castle's when none),
  // and nothing else: no entities, no input, no expectations.
  core::NewScenarioSpec spec;
  if (sim()) {
    const core::Scenario& s = sim()->scenario();
    spec.manifestPath = s.manifestPath;
    spec.width = s.map.room.width;
    spec.height = s.map.room.height;
    spec.cellSize = s.map.room.cellSize;
  } else {
    spec.manifestPath = dataDir() + "/assets/routines/seed002_mrn/manifest.json";
  }
  createScenario(spec);
}

bool GuiApp::saveDocument() {
  if (!canEdit() || !hasEntities()) return false;
  std::string error;
  const int routineFiles = unsavedFileCount(editor_);
  core::Scenario& s = sim()->scenario();
  const bool needScenario = scenarioDirty();
  const bool mapChanged = mapDirty();
  const bool needMap = mapChanged || s.mapPath.empty();
  // Nothing goes over a file another program changed since it was read without
  // asking (disk_conflict.cpp); the prompt's Overwrite saves again.
  if (auto conflicts = saveConflicts(needMap, needScenario, true); !conflicts.empty()) {
    askAboutDisk(std::move(conflicts), true, false);
    return false;
  }
  if (!saveUnsavedFiles(editor_, &error)) {
    status_ = "Save failed: " + error;
    return false;
  }
  if (routineFiles > 0 && !needScenario && !mapChanged) {
    status_ =
        "Saved " + std::to_string(routineFiles) + " routine file" + (routineFiles == 1 ? "" : "s");
    updateTitle();
    return true;
  }
  if ((needScenario && edit_.scenarioUntitled) || s.mapPath.empty()) {
    requestAction(FileAction::SaveAs);
    return false;
  }
  if (needMap && !core::saveMap(s.mapPath, s.map, &error)) {
    status_ = "Save failed: " + error;
    return false;
  }
  edit_.history.markSaved(core::DocPart::Map);
  edit_.mapDirtyExtra = false;
  if (needMap) takeDiskBaselines(false, true);
  if (needScenario && !core::saveScenario(s.path, s, &error)) {
    status_ = "Save failed: " + error;
    return false;
  }
  if (needScenario) {
    edit_.history.markSaved(core::DocPart::Scenario);
    edit_.scenarioDirtyExtra = false;
    takeDiskBaselines(true, false);
  }
  status_ =
      "Saved " + (needScenario ? s.path : s.mapPath) + (needMap ? embedNote(s.map, s.mapPath) : "");
  updateTitle();
  return true;
}

bool GuiApp::saveDocumentAs(const std::string& chosen) {
  if (!canEdit() || !hasEntities()) return false;
  core::Scenario& s = sim()->scenario();
  std::string error;
  std::string path = chosen;
  if (path.ends_with(".map.json")) {
    if (!core::saveMap(path, s.map, &error)) {
      status_ = "Save failed: " + error;
      return false;
    }
    s.mapPath = path;
    edit_.history.markSaved(core::DocPart::Map);
    edit_.mapDirtyExtra = false;
    // A titled scenario on disk still names the old map until it is saved too.
    if (!edit_.scenarioUntitled) edit_.scenarioDirtyExtra = true;
    takeDiskBaselines(false, true);
    edit_.recent.add(path);
    status_ = "Saved map " + path + embedNote(s.map, path);
    updateTitle();
    return true;
  }
  if (!path.ends_with(".json")) path += ".scenario.json";
  // The new scenario gets its own copy of the map beside it, so Save As never
  // writes into the file the old scenario (or a shipped sample) uses.
  const std::string oldMapPath = s.mapPath;
  s.mapPath = mapPathBeside(path);
  if (!core::saveMap(s.mapPath, s.map, &error)) {
    s.mapPath = oldMapPath;
    status_ = "Save failed: " + error;
    return false;
  }
  edit_.history.markSaved(core::DocPart::Map);
  edit_.mapDirtyExtra = false;
  if (!core::saveScenario(path, s, &error)) {
    status_ = "Save failed: " + error;
    return false;
  }
  s.path = path;
  edit_.history.markSaved(core::DocPart::Scenario);
  edit_.scenarioUntitled = false;
  edit_.scenarioDirtyExtra = false;
  takeDiskBaselines();
  edit_.recent.add(path);
  status_ = "Saved " + path + " (map " + fileName(s.mapPath) + ")" + embedNote(s.map, s.mapPath);
  updateTitle();
  return true;
}

void GuiApp::requestAction(FileAction action, const std::string& path) {
  // Open asks once a file is chosen (as OpenPath), not before the dialog.
  const bool losesWork = action == FileAction::New || action == FileAction::NewRoom ||
                         action == FileAction::OpenPath || action == FileAction::OpenGamePath ||
                         action == FileAction::ImportPath || action == FileAction::Quit;
  if (losesWork) closeAuditCase();  // back to the document before it is replaced
  if (losesWork && dirty()) {
    edit_.pendingAction = action;
    edit_.pendingPath = path;
    edit_.askSave = true;
    return;
  }
  runAction(action, path);
}

// Where a file dialog starts (app/common/paths.h): the document's folder, never
// the samples folder for a save just because it is the default.
std::string GuiApp::dialogStart(bool save) const {
  DialogStart d;
  if (sim()) {
    const core::Scenario& s = sim()->scenario();
    if (!edit_.scenarioUntitled) d.scenarioPath = s.path;
    d.mapPath = s.mapPath;
  }
  d.lastFolder = edit_.lastFolder;
  d.recent = edit_.recent.paths();
  d.samples = dataDir() + "/maps/";
  return dialogStartPath(d, save);
}

void GuiApp::runAction(FileAction action, const std::string& path) {
  const bool save = action == FileAction::SaveAs || action == FileAction::Export;
  const std::string here = dialogStart(save);
  switch (action) {
    case FileAction::Open:
      edit_.dialog.open(FileDialog::Mode::Open, "Open scenario or map (or a Tiled .tmx/.tmj)", here,
                        {".json", ".tmx", ".tmj"});
      edit_.dialogAction = action;
      break;
    case FileAction::OpenGame: {
      // Start beside the open game's ROM, if it is one.
      const std::string start =
          sim() && sim()->scenario().manifest.game ? sim()->scenario().manifest.game->rom : here;
      edit_.dialog.open(FileDialog::Mode::Open, "Open game (.nes, .gb)", start, {".nes", ".gb"});
      edit_.dialogAction = action;
      break;
    }
    case FileAction::OpenGamePath:
      openGame(path);
      break;
    case FileAction::SaveAs:
      edit_.dialog.open(FileDialog::Mode::Save, "Save scenario as (or a .map.json for the map)",
                        here);
      edit_.dialogAction = action;
      break;
    case FileAction::New:
      createScenarioFromDialog();
      break;
    case FileAction::NewRoom:
      newRoom();
      break;
    case FileAction::NewScenario:
      openNewScenarioDialog();
      break;
    case FileAction::NewScenarioBrowse:
      edit_.dialog.open(
          FileDialog::Mode::Open, "Routine manifest (manifest.json)",
          edit_.newManifest[0] ? std::string(edit_.newManifest) : dataDir() + "/assets/routines/");
      edit_.dialogAction = action;
      break;
    case FileAction::OpenPath:
      openPath(path);
      break;
    case FileAction::Import:
      edit_.dialog.open(FileDialog::Mode::Open,
                        "Import a Tiled map or tile graphics (.chr, .2bpp, .1bpp, .png, .tsx)",
                        here, importExtensions());
      edit_.dialogAction = action;
      break;
    case FileAction::ImportPath:
      importPath(path);
      break;
    case FileAction::Export:
      edit_.dialog.open(FileDialog::Mode::Save,
                        "Export as .tmx/.tmj, or tables for the game: .s (ca65), .asm "
                        "(rgbds), .c, .bin",
                        here, exportExtensions());
      edit_.dialogAction = action;
      break;
    case FileAction::Quit:
      quit_ = true;
      break;
    case FileAction::None:
      break;
  }
}

void GuiApp::drawDocumentDialogs() {
  // The window manager's close button asks first, like File > Quit.
  if (glfwWindowShouldClose(window_) && !quit_ && dirty()) {
    glfwSetWindowShouldClose(window_, GLFW_FALSE);
    requestAction(FileAction::Quit);
  }
  if (auto path = edit_.dialog.draw()) {
    const FileAction done = edit_.dialogAction;
    edit_.dialogAction = FileAction::None;
    edit_.lastFolder = fs::path(*path).parent_path().string();
    if (done == FileAction::NewScenarioBrowse) {
      std::snprintf(edit_.newManifest, sizeof edit_.newManifest, "%s", path->c_str());
      edit_.newScenarioAsk = true;  // back to the New scenario dialog
    }
    if (done == FileAction::Open) requestAction(FileAction::OpenPath, *path);
    if (done == FileAction::OpenGame) requestAction(FileAction::OpenGamePath, *path);
    if (done == FileAction::Import) requestAction(FileAction::ImportPath, *path);
    if (done == FileAction::Export) exportPath(*path);
    if (done == FileAction::SaveAs && saveDocumentAs(*path) &&
        edit_.pendingAction != FileAction::None) {
      runAction(edit_.pendingAction, edit_.pendingPath);
      edit_.pendingAction = FileAction::None;
    }
  } else if (!edit_.dialog.visible() && edit_.dialogAction != FileAction::None) {
    if (edit_.dialogAction == FileAction::NewScenarioBrowse) edit_.newScenarioAsk = true;
    edit_.dialogAction = FileAction::None;  // cancelled: so is whatever waited on it
    edit_.pendingAction = FileAction::None;
  }

  if (edit_.askSave) {
    ImGui::OpenPopup("Save changes?");
    edit_.askSave = false;
    if (opts_.frames > 0) {
      updateTitle();
      std::printf("prompt: save changes? %s\n", edit_.title.c_str());
      for (const EditorFile& f : editor_.files)
        if (f.dirty()) std::printf("prompt:   routine file %s\n", f.path.c_str());
    }
  }
  if (!ImGui::BeginPopupModal("Save changes?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const std::string answer = scriptedAnswer("save changes?");
  updateTitle();  // the name without its `*`, whatever this frame changed
  const std::string name = edit_.title.substr(0, edit_.title.rfind(" - Collidoscope"));
  ImGui::Text("%s has unsaved changes.", (name.starts_with("* ") ? name.substr(2) : name).c_str());
  if (const int files = unsavedFileCount(editor_); files > 0) {
    ImGui::Text("%d routine file%s edited and not saved:", files, files == 1 ? "" : "s");
    for (const EditorFile& f : editor_.files)
      if (f.dirty()) ImGui::BulletText("%s", fileName(f.path).c_str());
  }
  ImGui::TextDisabled("Save them before you go on?");
  ImGui::Spacing();
  const FileAction pending = edit_.pendingAction;
  if (ImGui::Button("Save", ImVec2(100, 0)) || answer == "save" ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
    ImGui::CloseCurrentPopup();
    if (saveDocument()) {
      edit_.pendingAction = FileAction::None;
      runAction(pending, edit_.pendingPath);
    }  // else Save As is open and runs the action once it saves
  }
  ImGui::SameLine();
  if (ImGui::Button("Discard", ImVec2(100, 0)) || answer == "discard") {
    ImGui::CloseCurrentPopup();
    edit_.pendingAction = FileAction::None;
    edit_.history.clear();  // nothing left to lose
    edit_.scenarioDirtyExtra = false;
    edit_.mapDirtyExtra = false;
    discardEditorFiles(editor_);
    runAction(pending, edit_.pendingPath);
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || answer == "cancel" ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
    edit_.pendingAction = FileAction::None;
    status_ = "Cancelled: the document and its unsaved changes stay";
  }
  if (!answer.empty() && opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  ImGui::EndPopup();
}

void GuiApp::drawFileMenu() {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("New scenario...", keyOf(Action::New)))
    requestAction(FileAction::NewScenario);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A routine, a room size and a name; then click in the room to place the "
        "first entity");
  if (ImGui::MenuItem("New room")) requestAction(FileAction::NewRoom);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "An empty room of the same size with the same routine: no entities, no "
        "input (File > New scenario... to choose)");
  if (ImGui::MenuItem("Open...", keyOf(Action::Open))) requestAction(FileAction::Open);
  if (ImGui::MenuItem("Open game...")) requestAction(FileAction::OpenGame);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A .nes or .gb: opens the scenario beside it that binds it");
  const bool isGame = sim() && sim()->scenario().manifest.game;
  if (ImGui::MenuItem("Rebuild game", nullptr, false, isGame)) rebuildGame();
  if (ImGui::IsItemHovered() && isGame)
    ImGui::SetTooltip("Runs the manifest's build command, then reloads the ROM and symbols");
  if (ImGui::BeginMenu("Open recent", !edit_.recent.paths().empty())) {
    std::string chosen;
    for (const std::string& p : edit_.recent.paths())
      if (ImGui::MenuItem(fileName(p).c_str(), p.c_str())) chosen = p;
    ImGui::Separator();
    if (ImGui::MenuItem("Clear list")) edit_.recent.clear();
    ImGui::EndMenu();
    if (!chosen.empty()) {
      std::error_code ec;
      if (fs::exists(chosen, ec))
        requestAction(FileAction::OpenPath, chosen);
      else {
        status_ = chosen + " no longer exists; removed from the list";
        edit_.recent.remove(chosen);
      }
    }
  }
  if (ImGui::BeginMenu("Open sample")) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dataDir() + "/maps", ec)) {
      std::string name = e.path().filename().string();
      if (name.ends_with(".scenario.json") && ImGui::MenuItem(name.c_str()))
        requestAction(FileAction::OpenPath, e.path().string());
    }
    ImGui::EndMenu();
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Import...")) requestAction(FileAction::Import);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A Tiled map (.tmx, .tmj), or tile graphics for this room (.chr, .2bpp, "
        ".1bpp, .png, a .tsx/.tsj tileset)");
  if (ImGui::MenuItem("Export...", nullptr, false, sim() != nullptr))
    requestAction(FileAction::Export);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The room for Tiled (.tmx, .tmj), or its tables for the game laid out as "
        "the routine's manifest says (.s ca65, .asm rgbds, .c, .bin)");
  ImGui::Separator();
  if (ImGui::MenuItem("Save", keyOf(Action::Save), false, sim() != nullptr)) saveDocument();
  if (ImGui::MenuItem("Save as...", keyOf(Action::SaveAs), false, sim() != nullptr))
    requestAction(FileAction::SaveAs);
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", keyOf(Action::Quit))) requestAction(FileAction::Quit);
  ImGui::EndMenu();
}

void GuiApp::drawEditMenu() {
  if (!ImGui::BeginMenu("Edit")) return;
  const std::string undoText = "Undo " + edit_.history.undoLabel();
  const std::string redoText = "Redo " + edit_.history.redoLabel();
  if (ImGui::MenuItem(undoText.c_str(), keyOf(Action::Undo), false, edit_.history.canUndo()))
    undo();
  if (ImGui::MenuItem(redoText.c_str(), keyOf(Action::Redo), false, edit_.history.canRedo()))
    redo();
  ImGui::Separator();
  if (ImGui::MenuItem("Select and move entities", keyOf(Action::ToolSelect),
                      edit_.tool == Tool::Select))
    edit_.tool = Tool::Select;
  if (ImGui::MenuItem("Paint metatiles", keyOf(Action::ToolPaint), edit_.tool == Tool::Paint))
    edit_.tool = Tool::Paint;
  if (ImGui::MenuItem("Collision bits", keyOf(Action::ToolBits), edit_.tool == Tool::Bits))
    edit_.tool = Tool::Bits;
  // The region tools (their keys are in the shortcuts table; room_edit.cpp handles the rest).
  if (ImGui::MenuItem("Rectangle", keyOf(Action::ToolRect), edit_.tool == Tool::Rect))
    edit_.tool = Tool::Rect;
  if (ImGui::MenuItem("Flood fill", keyOf(Action::ToolFill), edit_.tool == Tool::Fill))
    edit_.tool = Tool::Fill;
  if (ImGui::MenuItem("Select region", keyOf(Action::ToolRegion), edit_.tool == Tool::Region))
    edit_.tool = Tool::Region;
  ImGui::MenuItem("Pick metatile under the cursor", "I / Alt+click", false, false);
  ImGui::Separator();
  // Entities (entity_edit.cpp): the selected one; right click in the room or a row for more.
  const bool anEntity =
      sim() && tl_.entity >= 0 && tl_.entity < int(sim()->scenario().entities.size());
  if (ImGui::MenuItem("Duplicate entity", keyOf(Action::DuplicateEntity), false, anEntity))
    runShortcut(Action::DuplicateEntity);
  if (ImGui::MenuItem("Rename entity...", keyOf(Action::RenameEntity), false, anEntity))
    runShortcut(Action::RenameEntity);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(
        "Add and remove entities: right click in the room (Select tool) or on a "
        "row of the Entities panel");
  ImGui::MenuItem("Copy / cut / paste region", "Ctrl+C / X / V", false, false);
  ImGui::EndMenu();
}

}  // namespace app
