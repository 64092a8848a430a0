// Room-view overlays drawn from what core computed: the audit heatmap (failing
// cases per start position, from the Audit panel's last result) and, for every
// entity whose verdict this frame is not ok, the oracle's ghost hitbox with the
// verdict's name and the offending cell or pixel.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/gui_app.h"
#include "core/check/audit.h"

namespace app {

namespace {

constexpr ImU32 kGhost = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kGhostFill = IM_COL32(255, 255, 255, 50);
constexpr ImU32 kOffender = IM_COL32(255, 60, 200, 255);

void dashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  const float dash = 5;
  for (float t = 0; t < len; t += 2 * dash) {
    float t1 = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len),
                ImVec2(a.x + (b.x - a.x) * t1 / len, a.y + (b.y - a.y) * t1 / len), colour,
                thickness);
  }
}

void dashedRect(ImDrawList* dl, ImVec2 p0, ImVec2 p1, ImU32 colour, float thickness) {
  dashedLine(dl, p0, ImVec2(p1.x, p0.y), colour, thickness);
  dashedLine(dl, ImVec2(p1.x, p0.y), p1, colour, thickness);
  dashedLine(dl, p1, ImVec2(p0.x, p1.y), colour, thickness);
  dashedLine(dl, ImVec2(p0.x, p1.y), p0, colour, thickness);
}

// Heat as colour, linear in the share of the most failing start: few failures
// faint yellow, the most a stronger red; never opaque, so the tiles stay readable.
uint32_t heatColour(int count, int most) {
  if (count <= 0) return 0;
  const float t = float(count) / float(std::max(most, 1));
  const auto g = uint32_t(210 * (1 - t) + 40), a = uint32_t(50 + 110 * t);
  return 255u | g << 8 | 30u << 16 | a << 24;
}

}  // namespace

void GuiApp::drawRoomOverlays(ImDrawList* dl, float ox, float oy, float z) {
  const core::AuditResult* audit = view_.lastAudit.get();
  if (view_.showHeatmap && audit && !audit->heat.empty()) {
    if (edit_.heatSource != view_.lastAudit) {
      const int most = *std::max_element(audit->heat.begin(), audit->heat.end());
      std::vector<uint32_t> px(audit->heat.size());
      for (size_t i = 0; i < px.size(); ++i) px[i] = heatColour(audit->heat[i], most);
      edit_.heatTexture.upload(audit->heatWidth, audit->heatHeight, px);
      edit_.heatSource = view_.lastAudit;
    }
    dl->AddImage(edit_.heatTexture.id(), ImVec2(ox, oy),
                 ImVec2(ox + float(audit->heatWidth) * z, oy + float(audit->heatHeight) * z));
  }

  if (!view_.showGhost) return;
  const core::Scenario& sc = sim_->scenario();
  const int f = std::clamp(tl_.frame, 0, frameCount() - 1);
  // Verdicts are frame-major: the frame's first one is found by binary search.
  auto it =
      std::lower_bound(edit_.verdicts.begin(), edit_.verdicts.end(), f,
                       [](const core::FrameVerdict& v, int frame) { return v.frame < frame; });
  const float cs = float(sc.map.room.cellSize) * z;
  for (; it != edit_.verdicts.end() && it->frame == f; ++it) {
    const core::FrameVerdict& v = *it;
    if (v.verdict == core::Verdict::Ok) continue;
    if (v.hasCell) {
      ImVec2 c0(ox + float(v.cell.col) * cs, oy + float(v.cell.row) * cs);
      dl->AddRect(c0, ImVec2(c0.x + cs, c0.y + cs), kOffender, 0, 0, 3);
    }
    if (v.hasPixel) {
      ImVec2 p(ox + (float(v.pixelX) + 0.5f) * z, oy + (float(v.pixelY) + 0.5f) * z);
      dl->AddCircle(p, std::max(4.0f, z * 1.5f), kOffender, 0, 2);
    }
    const core::Hitbox hb = sc.hitboxOf(size_t(v.entity));
    ImVec2 g0(ox + float(v.oracleX - sc.manifest.originX + hb.x) * z,
              oy + float(v.oracleY - sc.manifest.originY + hb.y) * z);
    ImVec2 g1(g0.x + float(hb.w) * z, g0.y + float(hb.h) * z);
    dl->AddRectFilled(g0, g1, kGhostFill);
    dashedRect(dl, g0, g1, kGhost, 2);
    // From the routine's hitbox to where the oracle says it should be.
    ImVec2 r0(ox + float(v.routineX - sc.manifest.originX + hb.x + hb.w * 0.5f) * z,
              oy + float(v.routineY - sc.manifest.originY + hb.y + hb.h * 0.5f) * z);
    dashedLine(dl, r0, ImVec2((g0.x + g1.x) * 0.5f, (g0.y + g1.y) * 0.5f), kGhost, 1.5f);
    const char* name = core::verdictName(v.verdict);
    ImVec2 ts = ImGui::CalcTextSize(name);
    ImVec2 label(g0.x, g1.y + 2);
    dl->AddRectFilled(label, ImVec2(label.x + ts.x + 6, label.y + ts.y + 2),
                      IM_COL32(0, 0, 0, 190));
    dl->AddText(ImVec2(label.x + 3, label.y + 1), kGhost, name);
  }
}

}  // namespace app
