// File > New scenario...: a modal dialog that asks for a routine manifest (a
// path, the file dialog, or one of the shipped routines, a game's manifest
// included), a room size (the routine's table by default), a cell size and a
// name. Create replaces the document (asking to save unsaved work first) with
// an empty room and no entities or input; the Select tool then places the
// first entity where the user clicks (entity_edit.cpp). The document stays
// untitled until Save as. File > New room does the same with the open
// document's routine and size, asking nothing. --new-scenario and its
// companions run it from a script.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"

namespace fs = std::filesystem;

namespace app {

namespace {

// The shipped routines: assets/routines/NAME/manifest.json, by name.
const std::vector<std::string>& shippedManifests() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dataDir() + "/assets/routines", ec))
      if (fs::exists(e.path() / "manifest.json", ec))
        out.push_back((e.path() / "manifest.json").string());
    std::sort(out.begin(), out.end());
    return out;
  }();
  return list;
}

std::string routineDirName(const std::string& manifest) {
  return fs::path(manifest).parent_path().filename().string();
}

}  // namespace

void GuiApp::openNewScenarioDialog() {
  // The open document's routine, else the castle's: a working start.
  const std::string manifest = sim() ? sim()->scenario().manifestPath
                                     : dataDir() + "/assets/routines/seed002_mrn/manifest.json";
  if (!edit_.newManifest[0])
    std::snprintf(edit_.newManifest, sizeof edit_.newManifest, "%s", manifest.c_str());
  edit_.newError.clear();
  edit_.newScenarioAsk = true;
}

bool GuiApp::hasEntities() {
  if (!sim() || !sim()->scenario().entities.empty()) return true;
  status_ =
      "Place an entity first: a scenario file needs one (click in the room with the Select tool)";
  return false;
}

bool GuiApp::createScenario(const core::NewScenarioSpec& spec) {
  core::Scenario s;
  std::string error;
  if (!core::makeNewScenario(spec, s, &error)) {
    status_ = "New scenario: " + error;
    return false;
  }
  auto made = std::make_unique<core::Simulation>();
  if (!made->build(s, &error) || !core::roomEncodes(*made, &error)) {
    status_ = "New scenario: " + error;
    return false;
  }
  replaceSimulation(std::move(made));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  view_.fitRequested = true;
  view_.lastAudit.reset();
  documentOpened({}, true);
  edit_.tool = Tool::Select;  // the first click places the first entity
  edit_.hasSelection = false;
  const core::Room& room = s.map.room;
  status_ = "New scenario \"" + s.name + "\": " + std::to_string(room.width) + "x" +
            std::to_string(room.height) + " cells, routine " + routineDirName(s.manifestPath) +
            ". Click in the room to place the first entity.";
  return true;
}

void GuiApp::createScenarioFromDialog() {
  core::NewScenarioSpec spec;
  spec.manifestPath = edit_.newManifest;
  spec.width = edit_.newSize[0];
  spec.height = edit_.newSize[1];
  spec.cellSize = edit_.newCellSize;
  spec.name = edit_.newName;
  createScenario(spec);
}

void GuiApp::drawNewScenarioDialog() {
  if (edit_.newScenarioAsk) {
    ImGui::OpenPopup("New scenario");
    edit_.newScenarioAsk = false;
  }
  const float s = view_.uiScale;
  ImGui::SetNextWindowSize(ImVec2(620 * s, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("New scenario", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  // The size fields follow the routine until the user types a size of their own.
  if (edit_.newSizeFor != edit_.newManifest) {
    edit_.newSizeFor = edit_.newManifest;
    core::RoutineManifest m;
    std::string error;
    if (core::loadManifest(edit_.newManifest, m, &error)) {
      core::newRoomSize(m, edit_.newSize[0], edit_.newSize[1]);
      edit_.newCellSize = core::newCellSize(m);
      edit_.newInfo = m.name + " (" + core::cpuName(m.cpu) + (m.game ? ", a built game" : "") +
                      (m.cells ? ", cell table " + std::to_string(m.cells->maxWidth) + "x" +
                                     std::to_string(m.cells->maxHeight)
                               : ", no cell table") +
                      ")";
    } else {
      edit_.newInfo = error;
    }
  }
  ImGui::PushTextWrapPos(600 * s);  // long paths and notes wrap; the dialog keeps its width
  ImGui::TextUnformatted("Routine manifest");
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Browse...").x -
                          ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
  ImGui::InputText("##manifest", edit_.newManifest, sizeof edit_.newManifest);
  ImGui::SameLine();
  if (ImGui::Button("Browse...")) {
    ImGui::CloseCurrentPopup();  // the file dialog opens this one again when it closes
    runAction(FileAction::NewScenarioBrowse, {});
  }
  ImGui::SetNextItemWidth(-1);
  const std::string current = routineDirName(edit_.newManifest);
  if (ImGui::BeginCombo("##samples", ("Shipped routine: " + current).c_str())) {
    for (const std::string& p : shippedManifests()) {
      const std::string name = routineDirName(p);
      if (ImGui::Selectable(name.c_str(), name == current))
        std::snprintf(edit_.newManifest, sizeof edit_.newManifest, "%s", p.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::TextDisabled("%s", edit_.newInfo.c_str());
  ImGui::TextDisabled(
      "A game's manifest (a \"game\" block, docs/game-mode.md) runs its built ROM.");
  ImGui::Spacing();

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Room");
  ImGui::SameLine(90 * s);
  ImGui::SetNextItemWidth(160 * s);
  ImGui::InputInt2("cells (columns x rows)", edit_.newSize);
  ImGui::SameLine();
  if (ImGui::SmallButton("routine's")) edit_.newSizeFor.clear();  // defaults again
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The size of the routine's cell table (one screen when it has none)");
  ImGui::Dummy(ImVec2(1, 0));
  ImGui::SameLine(90 * s);
  ImGui::RadioButton("8 px cells", &edit_.newCellSize, 8);
  ImGui::SameLine();
  ImGui::RadioButton("16 px cells (2x2-tile metatiles)", &edit_.newCellSize, 16);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Name");
  ImGui::SameLine(90 * s);
  ImGui::SetNextItemWidth(260 * s);
  ImGui::InputText("##name", edit_.newName, sizeof edit_.newName);
  if (!edit_.newError.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", edit_.newError.c_str());
  }
  ImGui::Spacing();
  ImGui::TextDisabled(
      "The room starts empty (a wall around sky) with no entities and no input: click in it to "
      "place the first entity, press Record and play to record input.");
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  if (ImGui::Button("Create", ImVec2(100 * s, 0))) {
    // Checked here, so a bad answer keeps the dialog (and the open document).
    core::NewScenarioSpec spec{edit_.newManifest, edit_.newSize[0], edit_.newSize[1],
                               edit_.newCellSize, edit_.newName};
    core::Scenario probe;
    if (core::makeNewScenario(spec, probe, &edit_.newError)) {
      edit_.newError.clear();
      ImGui::CloseCurrentPopup();
      requestAction(FileAction::New);  // asks to save unsaved work first
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100 * s, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// --new-scenario MANIFEST with --room-size, --cell-size and --name: the dialog's answers.
void GuiApp::newScenarioForScript() {
  core::NewScenarioSpec spec;
  spec.manifestPath = opts_.newScenario;
  spec.cellSize = opts_.cellSize;
  spec.name = opts_.name;
  if (!opts_.roomSize.empty()) {
    char x = 0, extra = 0;
    if (std::sscanf(opts_.roomSize.c_str(), "%d%c%d%c", &spec.width, &x, &spec.height, &extra) !=
            3 ||
        (x != 'x' && x != 'X') || spec.width < 1 || spec.height < 1) {
      scriptError_ = "--room-size: \"" + opts_.roomSize + "\" is not COLUMNSxROWS (e.g. 32x30)";
      return;
    }
  }
  if (!createScenario(spec)) {
    scriptError_ = "--new-scenario: " + status_;
    return;
  }
  const core::Scenario& s = sim()->scenario();
  std::printf("script: new scenario \"%s\", %dx%d cells of %d px, routine %s, %zu entities\n",
              s.name.c_str(), s.map.room.width, s.map.room.height, s.map.room.cellSize,
              routineDirName(s.manifestPath).c_str(), s.entities.size());
}

}  // namespace app
