// The timeline's input-script editor: one row per button, one column per
// frame, a toggle in each cell (click, or drag along a row to paint the same
// value), over a scrollable frame range that runs a little past the script's
// end so it can grow. The header shows frame numbers and verdict markers;
// clicking it selects the frame. Every change is an undoable core edit and
// re-simulates. Keyboard recording (Record + Space) is in edit_actions.cpp.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/gui_app.h"
#include "app/gui/room_draw.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

struct ButtonRow {
  uint8_t bit;
  const char* label;
};
constexpr ButtonRow kRows[] = {
    {core::kButtonUp, "Up"},         {core::kButtonDown, "Down"},   {core::kButtonLeft, "Left"},
    {core::kButtonRight, "Right"},   {core::kButtonA, "A"},         {core::kButtonB, "B"},
    {core::kButtonSelect, "Select"}, {core::kButtonStart, "Start"},
};
constexpr int kRowCount = 8;
constexpr float kCellPx = 11, kRowPx = 14, kHeaderPx = 18;  // at UI scale 1
constexpr int kSpareFrames = 60;  // columns past the end, to grow the script

}  // namespace

void GuiApp::drawInputEditor() {
  const core::Scenario& sc = sim()->scenario();
  const int frames = sc.frames;
  const int columns = frames + kSpareFrames;
  const float kCellW = uiPx(kCellPx), kRowH = uiPx(kRowPx), kHeaderH = uiPx(kHeaderPx);
  const float gridH = kHeaderH + kRowCount * kRowH;
  const float scrollbar = ImGui::GetStyle().ScrollbarSize;

  // Button names, fixed at the left.
  const ImVec2 labels = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(uiPx(46), gridH));
  ImDrawList* wl = ImGui::GetWindowDrawList();
  for (int r = 0; r < kRowCount; ++r)
    wl->AddText(ImVec2(labels.x, labels.y + kHeaderH + float(r) * kRowH),
                IM_COL32(200, 200, 200, 255), kRows[r].label);
  ImGui::SameLine(0, 2);

  ImGui::BeginChild("input_grid", ImVec2(0, gridH + scrollbar + 2), false,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("grid", ImVec2(float(columns) * kCellW, gridH));
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  // The wheel scrolls frames sideways.
  if (hovered && io.MouseWheel != 0)
    ImGui::SetScrollX(ImGui::GetScrollX() - io.MouseWheel * kCellW * 8);
  const float viewW = ImGui::GetWindowWidth();
  const float scrollX = ImGui::GetScrollX();
  // Keep the selected frame in view while it moves (playback, stepping).
  if (tl_.frame != edit_.inputViewFrame) {
    edit_.inputViewFrame = tl_.frame;
    const float x = float(tl_.frame) * kCellW;
    if (x < scrollX || x + kCellW > scrollX + viewW)
      ImGui::SetScrollX(std::max(0.0f, x - viewW * 0.3f));
  }

  const int first = std::max(0, int(scrollX / kCellW) - 1);
  const int last = std::min(columns, int((scrollX + viewW) / kCellW) + 2);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gy = origin.y + kHeaderH;
  for (int f = first; f < last; ++f) {
    const float x = origin.x + float(f) * kCellW;
    const bool past = f >= frames;
    if (f % 10 == 0) {
      char num[12];
      std::snprintf(num, sizeof num, "%d", f);
      // Full-size text: a scaled-down font is unreadable with nearest sampling.
      dl->AddText(ImVec2(x + 2, origin.y), IM_COL32(150, 150, 150, 255), num);
      dl->AddLine(ImVec2(x, origin.y), ImVec2(x, gy + kRowCount * kRowH),
                  IM_COL32(255, 255, 255, 40));
    }
    const std::vector<core::Verdict>& worst = ws_.judged().frameVerdict;
    if (f < int(worst.size()) && worst[size_t(f)] != core::Verdict::Ok)
      dl->AddRectFilled(ImVec2(x + 1, gy - 4), ImVec2(x + kCellW - 1, gy - 1),
                        imColour(core::verdictColour(worst[size_t(f)])));
    const uint8_t mask = sc.inputAt(f);
    for (int r = 0; r < kRowCount; ++r) {
      ImVec2 c0(x + 1, gy + float(r) * kRowH + 1),
          c1(x + kCellW - 1, gy + float(r + 1) * kRowH - 1);
      const bool on = mask & kRows[r].bit;
      ImU32 fill = on ? (r < 4 ? IM_COL32(90, 170, 255, 255) : IM_COL32(255, 150, 70, 255))
                      : (past ? IM_COL32(40, 40, 44, 255) : IM_COL32(58, 60, 68, 255));
      dl->AddRectFilled(c0, c1, fill);
    }
  }
  // The selected frame.
  const float cx = origin.x + float(tl_.frame) * kCellW;
  dl->AddRect(ImVec2(cx, origin.y), ImVec2(cx + kCellW, gy + kRowCount * kRowH),
              IM_COL32(255, 255, 255, 230), 0, 0, 1.5f);

  const int f = int((io.MousePos.x - origin.x) / kCellW);
  const int r = int(std::floor((io.MousePos.y - gy) / kRowH));
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left) && edit_.inputPaintRow >= 0) {
    edit_.inputPaintRow = -1;
    edit_.history.endGroup();
  }
  if (hovered && f >= 0 && f < columns) {
    if (r < 0) {
      ImGui::SetTooltip("frame %d%s", f, f >= frames ? " (past the end)" : "");
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && f < frames) tl_.frame = f;
    } else if (r < kRowCount) {
      ImGui::SetTooltip("frame %d: %s  (click/drag toggles, right click for more)", f,
                        core::buttonsText(sc.inputAt(f)).c_str());
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        edit_.inputPaintRow = r;
        edit_.inputPaintValue = !(sc.inputAt(f) & kRows[r].bit);
        edit_.inputPaintLast = f;
        edit_.history.beginGroup("Edit input");
      }
    }
  }
  if (edit_.inputPaintRow >= 0 && f >= 0 && f < columns) {
    // Every frame between the last one painted and this one: a fast drag skips none.
    const int lo = std::min(edit_.inputPaintLast, f), hi = std::max(edit_.inputPaintLast, f);
    const uint8_t bit = kRows[edit_.inputPaintRow].bit;
    const bool value = edit_.inputPaintValue;
    applyEdits(hi - lo + 1,
               [&](int i) { return core::makeSetButton(sim()->scenario(), lo + i, bit, value); });
    edit_.inputPaintLast = f;
  }
  // Right click: frame-wide edits at the frame under the cursor.
  if (hovered && f >= 0 && f < columns && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    edit_.inputMenuFrame = f;
    ImGui::OpenPopup("input_frame");
  }
  if (ImGui::BeginPopup("input_frame")) {
    const int at = edit_.inputMenuFrame;
    ImGui::TextDisabled("frame %d", at);
    if (ImGui::MenuItem("Release every button")) applyEdit(core::makeSetInput(sc, at, 0));
    if (ImGui::MenuItem("Hold these buttons to the end", nullptr, false, at + 1 < frames))
      applyEdit(core::makeFillInput(sc, at + 1, frames - at - 1, sc.inputAt(at)));
    if (ImGui::MenuItem("End the recording here")) applyEdit(core::makeSetFrameCount(sc, at + 1));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Simulate frames 0..%d only (the script is kept)", at);
    ImGui::EndPopup();
  }
  ImGui::EndChild();
}

}  // namespace app
