// The timeline: play/pause, frame stepping, a scrubber, playback speed, and a
// plot of cycles per frame against the routine's budget and the frame budget.
#include <imgui.h>

#include <algorithm>

#include "app/gui/gui_app.h"

namespace app {

void GuiApp::drawTimelinePanel() {
  ImGui::SetNextWindowPos(ImVec2(0, 579), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(900, 297), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Timeline")) {
    ImGui::End();
    return;
  }
  const int n = frameCount();
  if (n == 0) {
    ImGui::TextDisabled("No scenario open. File > Open sample.");
    ImGui::End();
    return;
  }
  if (ImGui::Button(tl_.playing ? "Pause" : "Play")) tl_.playing = !tl_.playing;
  ImGui::SameLine();
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) tl_.frame = std::max(0, tl_.frame - 1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) tl_.frame = std::min(n - 1, tl_.frame + 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  ImGui::SliderFloat("speed", &tl_.speed, 0.1f, 8.0f, "%.1fx", ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  ImGui::Text("frame %d / %d   (Space play, Left/Right step)", tl_.frame, n - 1);
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderInt("##scrub", &tl_.frame, 0, n - 1, "frame %d");

  // Cycles per frame for the selected entity against the routine's budget.
  const core::Recording& rec = sim_->recording();
  const uint64_t budget = sim_->scenario().manifest.cycleBudget;
  std::vector<float> cycles(n);
  float maxCycles = 1;
  for (int f = 0; f < n; ++f) {
    uint32_t total = 0;
    for (const auto& e : rec.frames[f].entities) total += e.cycles;
    cycles[f] = float(total);
    maxCycles = std::max(maxCycles, cycles[f]);
  }
  const float top = std::max(maxCycles * 1.1f, float(budget) * 0.1f);
  ImVec2 plotPos = ImGui::GetCursorScreenPos();
  ImVec2 plotSize(ImGui::GetContentRegionAvail().x,
                  std::max(60.0f, ImGui::GetContentRegionAvail().y - 4));
  ImGui::PlotHistogram("##cycles", cycles.data(), n, 0, nullptr, 0, top, plotSize);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (float(budget) <= top) {
    float y = plotPos.y + plotSize.y * (1 - float(budget) / top);
    dl->AddLine(ImVec2(plotPos.x, y), ImVec2(plotPos.x + plotSize.x, y),
                IM_COL32(255, 80, 80, 200));
  }
  float cx = plotPos.x + plotSize.x * (tl_.frame + 0.5f) / n;
  dl->AddLine(ImVec2(cx, plotPos.y), ImVec2(cx, plotPos.y + plotSize.y),
              IM_COL32(255, 255, 255, 200), 2);
  // Frames where a call faulted get a red marker; clicking the plot jumps there.
  for (int f = 0; f < n; ++f)
    for (const auto& e : rec.frames[f].entities)
      if (core::isFault(e.halt) || e.badWrite) {
        float mx = plotPos.x + plotSize.x * (f + 0.5f) / n;
        dl->AddTriangleFilled(ImVec2(mx - 4, plotPos.y), ImVec2(mx + 4, plotPos.y),
                              ImVec2(mx, plotPos.y + 7), IM_COL32(255, 60, 60, 255));
      }
  if (ImGui::IsItemHovered()) {
    int f = std::clamp(int((ImGui::GetIO().MousePos.x - plotPos.x) / plotSize.x * n), 0, n - 1);
    ImGui::SetTooltip("frame %d: %.0f cycles (all entities)\nroutine budget %llu per call", f,
                      cycles[f], (unsigned long long)budget);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) tl_.frame = f;
  }
  ImGui::End();
}

}  // namespace app
