// The timeline: play/pause, frame stepping, a scrubber, playback speed, input
// recording (keyboard or gamepad, whose name shows beside Record), a strip of
// verdict markers (clicking one jumps there), the input script editor
// (input_editor.cpp), and a plot of cycles per frame against the routine's budget.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/gui/gamepad_input.h"
#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/room_draw.h"

namespace app {

namespace {

// The nearest frame from `from` in direction `step` whose verdict is not ok; -1 if none.
int nextBadFrame(const std::vector<core::Verdict>& verdicts, int from, int step) {
  for (int f = from + step; f >= 0 && f < int(verdicts.size()); f += step)
    if (verdicts[size_t(f)] != core::Verdict::Ok) return f;
  return -1;
}

// One tick per frame whose verdict is not ok, across the full width; clicking
// near one selects that frame. Returns the frame clicked, or -1.
int verdictStrip(const std::vector<core::Verdict>& verdicts,
                 const std::vector<core::FrameVerdict>& all, int n) {
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = 10;
  ImGui::InvisibleButton("verdicts", ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, ImVec2(p0.x + w, p0.y + h), IM_COL32(30, 32, 36, 255));
  for (int f = 0; f < int(verdicts.size()) && f < n; ++f) {
    if (verdicts[size_t(f)] == core::Verdict::Ok) continue;
    const float x = p0.x + w * (float(f) + 0.5f) / float(n);
    dl->AddRectFilled(ImVec2(x - 1, p0.y), ImVec2(x + 1, p0.y + h),
                      imColour(core::verdictColour(verdicts[size_t(f)])));
  }
  if (!ImGui::IsItemHovered()) return -1;
  // The bad frame nearest the cursor, within a few pixels.
  const float mx = ImGui::GetIO().MousePos.x;
  const int at = std::clamp(int((mx - p0.x) / w * float(n)), 0, n - 1);
  const int reach = std::max(1, int(4 * float(n) / w));
  int best = -1;
  for (int f = std::max(0, at - reach); f <= std::min(n - 1, at + reach); ++f)
    if (f < int(verdicts.size()) && verdicts[size_t(f)] != core::Verdict::Ok &&
        (best < 0 || std::abs(f - at) < std::abs(best - at)))
      best = f;
  if (best < 0) return -1;
  std::string text = "frame " + std::to_string(best) + ":";
  for (const core::FrameVerdict& v : all)
    if (v.frame == best && v.verdict != core::Verdict::Ok)
      text += std::string("\n  entity ") + std::to_string(v.entity) + " " +
              core::verdictName(v.verdict) + " (" + core::verdictExplanation(v.verdict) + ")" +
              (v.message.empty() ? "" : "\n    " + v.message);
  ImGui::SetTooltip("%s", text.c_str());
  return ImGui::IsMouseClicked(ImGuiMouseButton_Left) ? best : -1;
}

class TimelinePanel : public Panel {
 public:
  void draw(PanelContext& c) override;

 private:
  // Frames by their worst verdict, counted again only when the workspace's
  // verdicts change (core::Workspace::generation).
  void countVerdicts(const core::Workspace& ws);
  uint64_t countedAt_ = ~0ull;
  int bad_ = 0;
  std::array<int, core::kVerdictCount> byClass_{};
};

void TimelinePanel::countVerdicts(const core::Workspace& ws) {
  if (countedAt_ == ws.generation()) return;
  countedAt_ = ws.generation();
  byClass_ = {};
  for (core::Verdict v : ws.judged().frameVerdict)
    if (size_t(v) < byClass_.size()) ++byClass_[size_t(v)];
  bad_ = int(ws.judged().frameVerdict.size()) - byClass_[size_t(core::Verdict::Ok)];
}

void TimelinePanel::draw(PanelContext& c) {
  GuiApp& app = c.app;
  TimelineState& tl = c.timeline;
  ImGui::SetNextWindowPos(ImVec2(0, 579), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(900, 297), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Timeline")) {
    ImGui::End();
    return;
  }
  const int n = app.frameCount();
  if (n == 0) {
    app.drawNoRecording(true);
    ImGui::End();
    return;
  }
  // Tooltips name the keys from the shortcuts table (shortcuts.h).
  if (ImGui::Button(tl.playing ? "Pause" : "Play")) app.runShortcut(Action::PlayPause);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Play or pause (%s)", shortcutKeys(Action::PlayPause).c_str());
  ImGui::SameLine();
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) app.runShortcut(Action::PrevFrame);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Previous frame (%s)", shortcutKeys(Action::PrevFrame).c_str());
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) app.runShortcut(Action::NextFrame);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Next frame (%s)", shortcutKeys(Action::NextFrame).c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  ImGui::SliderFloat("##speed", &tl.speed, 0.1f, 8.0f, "%.1fx", ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("playback speed, frames per display frame");
  ImGui::SameLine();
  // Recording: while playing, the keyboard pad overwrites each frame's input.
  const bool recording = app.edit().recordInput;
  if (recording) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(190, 40, 40, 255));
  if (ImGui::Button(recording ? "Recording" : "Record")) {
    app.edit().recordInput = !recording;
  }
  if (recording) ImGui::PopStyleColor();
  // The gamepad recording reads, by name, so the user knows which one it is.
  const GamepadReading pad = readGamepad();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Record input from the keyboard or a gamepad while playing (Space):\n"
        "arrows = d-pad, Z = A, X = B, Enter = Start, Right Shift = Select;\n"
        "gamepad: d-pad or left stick, B/Y = A, A/X = B, Start, Back = Select\n%s",
        pad.connected ? ("gamepad: " + pad.name).c_str()
                      : "(no gamepad connected: GLFW knows Xbox and PlayStation layouts)");
  if (pad.connected) {
    std::string name = pad.name.size() > 18 ? pad.name.substr(0, 17) + "." : pad.name;
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.5f, 0.8f, 1, 1), "pad: %s", name.c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Recording reads this gamepad as well as the keyboard: %s",
                        pad.name.c_str());
  }
  ImGui::SameLine(0, 16);
  ImGui::Text("frame %d / %d", tl.frame, n - 1);
  // Previous / next frame whose verdict is not ok, and how many there are.
  countVerdicts(c.ws);
  const int bad = bad_;
  const std::vector<core::Verdict>& worst = c.ws.judged().frameVerdict;
  char count[32];
  std::snprintf(count, sizeof count, "%d not ok", bad);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float navW =
      ImGui::CalcTextSize(count).x + 2 * ImGui::GetFrameHeight() + 4 * style.ItemSpacing.x;
  ImGui::SetNextItemWidth(-navW);
  ImGui::SliderInt("##scrub", &tl.frame, 0, n - 1, "frame %d");
  ImGui::SameLine();
  if (ImGui::ArrowButton("##prevbad", ImGuiDir_Left)) {
    if (int f = nextBadFrame(worst, tl.frame, -1); f >= 0) tl.frame = f;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("previous frame whose verdict is not ok");
  ImGui::SameLine();
  ImGui::TextColored(bad ? ImVec4(1, 0.55f, 0.4f, 1) : ImVec4(0.5f, 0.8f, 0.5f, 1), "%s", count);
  if (ImGui::IsItemHovered() && bad) {
    // The markers' colours, class by class, with what each class means.
    ImGui::BeginTooltip();
    ImGui::TextUnformatted("frames by their worst verdict (marker colours):");
    for (int v = 1; v < core::kVerdictCount; ++v) {
      if (!byClass_[size_t(v)]) continue;
      const core::Rgba c = core::verdictColour(core::Verdict(v));
      ImGui::TextColored(ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1), "%s %d",
                         core::verdictName(core::Verdict(v)), byClass_[size_t(v)]);
      ImGui::SameLine();
      ImGui::TextDisabled("%s", core::verdictExplanation(core::Verdict(v)));
    }
    ImGui::EndTooltip();
  }
  ImGui::SameLine();
  if (ImGui::ArrowButton("##nextbad", ImGuiDir_Right)) {
    if (int f = nextBadFrame(worst, tl.frame, 1); f >= 0) tl.frame = f;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("next frame whose verdict is not ok");
  if (int f = verdictStrip(worst, c.ws.judged().verdicts, n); f >= 0) {
    tl.frame = f;
    tl.playing = false;
  }
  app.drawInputEditor();

  // Cycles per frame (all entities' calls) against the machine's frame: 29,780
  // CPU cycles on the NES, 17,556 M-cycles on the Game Boy. The scale follows
  // the peak so a frame that takes another path stands out; the caption gives
  // the headroom, and the budget line shows once the peak nears it.
  const uint64_t budget = c.sim()->machine().frameCycles();
  const core::JudgedRecording& judged = c.ws.judged();
  const std::vector<float>& cycles = judged.frameCycles;
  if (int(cycles.size()) < n) {
    ImGui::End();
    return;
  }
  const float top = std::max(judged.maxFrameCycles * 1.15f, float(budget) * 0.1f);
  ImVec2 plotPos = ImGui::GetCursorScreenPos();
  ImVec2 plotSize(ImGui::GetContentRegionAvail().x,
                  std::max(40.0f, ImGui::GetContentRegionAvail().y - 4));
  char caption[96];
  std::snprintf(caption, sizeof caption, "cycles per frame: peak %.0f of %llu (%.0f%%)",
                judged.maxFrameCycles, (unsigned long long)budget,
                100.0 * judged.maxFrameCycles / double(budget));
  ImGui::PlotHistogram("##cycles", cycles.data(), n, 0, nullptr, 0, top, plotSize);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (float(budget) <= top) {
    const float y = plotPos.y + plotSize.y * (1 - float(budget) / top);
    dl->AddLine(ImVec2(plotPos.x, y), ImVec2(plotPos.x + plotSize.x, y),
                IM_COL32(255, 80, 80, 220));
  }
  float cx = plotPos.x + plotSize.x * (tl.frame + 0.5f) / n;
  dl->AddLine(ImVec2(cx, plotPos.y), ImVec2(cx, plotPos.y + plotSize.y),
              IM_COL32(255, 255, 255, 200), 2);
  // The caption on a dark plate at the top left, readable over the bars.
  const ImVec2 textPos(plotPos.x + 6, plotPos.y + 3);
  const ImVec2 textSize = ImGui::CalcTextSize(caption);
  dl->AddRectFilled(ImVec2(textPos.x - 3, textPos.y - 1),
                    ImVec2(textPos.x + textSize.x + 3, textPos.y + textSize.y + 1),
                    IM_COL32(20, 22, 26, 210), 3);
  dl->AddText(textPos, IM_COL32(230, 230, 230, 255), caption);
  if (hovered) {
    int f = std::clamp(int((ImGui::GetIO().MousePos.x - plotPos.x) / plotSize.x * n), 0, n - 1);
    ImGui::SetTooltip("frame %d: %.0f cycles, all entities (%.1f%% of the frame's %llu)", f,
                      cycles[f], 100.0 * cycles[f] / double(budget), (unsigned long long)budget);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) tl.frame = f;
  }
  ImGui::End();
}

RegisterPanel<TimelinePanel> registered("Timeline", 30);
}  // namespace

}  // namespace app
