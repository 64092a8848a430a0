#include "app/gui/gui_app.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

GuiApp::GuiApp(GLFWwindow* window, const LaunchOptions& opts)
    : window_(window), opts_(opts), map_(core::makeDefaultMap(16, 15, 16)) {
  // A placeholder room until scenarios load: a floor, a few platforms and water.
  core::Room& r = map_.room;
  for (int c = 3; c < 7; ++c) r.at(c, 9) = 2;
  for (int c = 9; c < 13; ++c) r.at(c, 6) = 2;
  for (int c = 1; c < 15; ++c) r.at(c, 13) = 3;
  r.at(7, 12) = r.at(8, 12) = 4;
}

void GuiApp::drawFrame() {
  drawMenuBar();
  drawRoomPanel();
  drawAbout();
}

void GuiApp::drawMenuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_ = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Grid", "G", &view_.showGrid);
    ImGui::MenuItem("Direction bits", nullptr, &view_.showBits);
    ImGui::MenuItem("Colour by collision", "C", &view_.colourByCollision);
    if (ImGui::MenuItem("Fit room", "Home")) view_.fitRequested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("About Collidoscope")) view_.showAbout = true;
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
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
