// The welcome panel, shown while no document is open (the app started with no
// scenario, or --welcome): the samples, the recent files, Open..., Open
// game... and New scenario... (File > New scenario..., new_scenario.cpp),
// centred over the empty panels.
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"

namespace fs = std::filesystem;

namespace app {

namespace {

const std::vector<std::string>& sampleScenarios() {
  static const std::vector<std::string> samples = [] {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dataDir() + "/maps", ec))
      if (e.path().filename().string().ends_with(".scenario.json"))
        out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
  }();
  return samples;
}

}  // namespace

void GuiApp::drawWelcome() {
  if (sim()) return;
  const WorkArea a = workArea();
  const float s = view_.uiScale;
  const ImVec2 size(std::min(640 * s, a.x1 - a.x0 - 20 * s),
                    std::min(440 * s, a.y1 - a.y0 - 20 * s));
  ImGui::SetNextWindowPos(ImVec2((a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove;
  if (!ImGui::Begin("Welcome to Collidoscope", nullptr, flags)) {
    ImGui::End();
    return;
  }
  ImGui::TextWrapped(
      "A debugger and sandbox for the tile-collision code of NES and Game Boy games. Open a "
      "sample to see a routine run against a room, or point the tool at your own game.");
  ImGui::Spacing();
  if (ImGui::Button("Open...")) requestAction(FileAction::Open);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A scenario or map (.json), or a Tiled map (.tmx, .tmj) (%s)",
                      shortcutKeys(Action::Open).c_str());
  ImGui::SameLine();
  if (ImGui::Button("Open game...")) requestAction(FileAction::OpenGame);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A .nes or .gb: opens the scenario beside it that binds it");
  ImGui::SameLine();
  if (ImGui::Button("New scenario...")) requestAction(FileAction::NewScenario);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Pick a routine, a room size and a name, then place entities and record "
        "input (File > New scenario..., %s)",
        shortcutKeys(Action::New).c_str());
  ImGui::Separator();

  const float listH = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing();
  const float colW = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  std::string chosen;
  ImGui::BeginChild("##samples", ImVec2(colW, listH), true);
  ImGui::TextDisabled("Samples");
  for (const std::string& p : sampleScenarios()) {
    const std::string name = fs::path(p).filename().string();
    if (ImGui::Selectable(name.substr(0, name.size() - 14).c_str())) chosen = p;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.c_str());
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##recent", ImVec2(0, listH), true);
  ImGui::TextDisabled("Recent files");
  if (edit_.recent.paths().empty()) ImGui::TextDisabled("(none yet)");
  for (const std::string& p : edit_.recent.paths()) {
    if (ImGui::Selectable(fs::path(p).filename().string().c_str())) chosen = p;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.c_str());
  }
  ImGui::EndChild();
  ImGui::TextDisabled("Help > Keyboard shortcuts (%s) lists every key.",
                      shortcutKeys(Action::ShowShortcuts).c_str());
  ImGui::End();
  if (chosen.empty()) return;
  std::error_code ec;
  if (fs::exists(chosen, ec)) {
    requestAction(FileAction::OpenPath, chosen);
  } else {
    status_ = chosen + " no longer exists; removed from the list";
    edit_.recent.remove(chosen);
  }
}

}  // namespace app
