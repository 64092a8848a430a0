// The "Memory" window: memory at the debugger's instruction cursor, rebuilt from the call's
// start and the writes core traced: values the last step changed are
// highlighted, and its reads and writes are coloured differently. Labels come
// from the routine's debug info.
#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <iterator>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"
#include "core/game/game_machine.h"

namespace app {

namespace {

const ImVec4 kChangedText(1.0f, 0.8f, 0.3f, 1.0f);
const ImVec4 kZeroText(0.45f, 0.45f, 0.5f, 1.0f);
const ImVec4 kLabelText(0.55f, 0.8f, 1.0f, 1.0f);
const ImU32 kReadBg = IM_COL32(40, 90, 190, 200);
const ImU32 kWriteBg = IM_COL32(200, 90, 30, 220);
const ImU32 kGotoOutline = IM_COL32(240, 240, 120, 255);
constexpr int kBytesPerRow = 16;

// `text` shortened with ".." to fit the current column.
std::string fitText(const std::string& text) {
  const float width = ImGui::GetContentRegionAvail().x - 6;  // keep clear of the next column
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string s = text;
  while (!s.empty() && ImGui::CalcTextSize((s + "..").c_str()).x > width) s.pop_back();
  return s + "..";
}

void legendSwatch(ImU32 colour, const char* text) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + h, p.y + h), colour, 2);
  ImGui::Dummy(ImVec2(h, h));
  ImGui::SameLine(0, 4);
  ImGui::TextUnformatted(text);
}

}  // namespace

namespace {

// The panel's own state: the Go to field, the scroll request, the label
// column, and OAM or VRAM as read for the selected call.
class MemoryPanel : public Panel {
 public:
  void draw(PanelContext& c) override;
  void documentChanged() override { *this = MemoryPanel(); }
  void imageChanged() override { labels_.clear(); }
  void show(const std::string& what) override {
    if (what == "oam" || what == "vram") source_ = what == "oam" ? 1 : 2;
  }

 private:
  const MemoryAtCursor& memory(PanelContext& c);
  int firstRamPage(PanelContext& c) const;
  void drawToolbar(PanelContext& c);
  const std::vector<std::string>& addressLabels(PanelContext& c);
  void drawRow(PanelContext& c, const MemoryAtCursor& m, int row);
  bool drawSourceSelector(PanelContext& c);  // true: OAM or VRAM is selected (and drawn)
  void drawVideoMemory(PanelContext& c);

  char gotoInput_[64] = {};
  std::string gotoError_;
  int gotoAddress_ = -1;             // the address "Go to" found (outlined)
  int scrollToAddress_ = -2;         // scroll there on the next draw (-2: to the RAM in use)
  std::vector<std::string> labels_;  // per address, for the label column and tooltips
  const void* labelsFor_ = nullptr;
  // Of a game: 0 the CPU bus, 1 OAM, 2 VRAM (NES: nametables and palette),
  // the latter read at the start of the selected call.
  int source_ = 0;
  std::vector<uint8_t> videoBytes_;
  CursorKey videoFor_;
  int videoSource_ = -1;
  uint64_t videoGeneration_ = ~0ull;
};

void MemoryPanel::draw(PanelContext& c) {
  if (!c.app.beginPanel("Memory", 1050, 579, 550, 297, true)) return;
  if (drawSourceSelector(c)) {
    drawVideoMemory(c);
    ImGui::End();
    return;
  }
  const MemoryAtCursor& m = memory(c);
  if (m.now.size() < 0x10000 || m.before.size() < 0x10000 || m.touched.size() < 0x10000) {
    // No call to show: a new scenario before its first entity is placed.
    ImGui::TextDisabled("No call selected: the scenario has no entity yet.");
    ImGui::End();
    return;
  }
  drawToolbar(c);
  const int columns = 2 + kBytesPerRow;
  // Columns keep their width: a narrow panel (a small window at 2x) scrolls
  // sideways with the address column frozen instead of drawing bytes over each other.
  if (ImGui::BeginTable("memory", columns,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadInnerX)) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("addr", ImGuiTableColumnFlags_WidthFixed, uiPx(40));
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, uiPx(112));
    for (int i = 0; i < kBytesPerRow; ++i) {
      char name[4];
      std::snprintf(name, sizeof name, "%X", i);
      ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed, uiPx(22));
    }
    ImGui::TableHeadersRow();
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    if (scrollToAddress_ >= 0) {
      ImGui::SetScrollY(float(scrollToAddress_ / kBytesPerRow) * rowHeight);
      scrollToAddress_ = -1;
    }
    ImGuiListClipper clipper;
    clipper.Begin(0x10000 / kBytesPerRow, rowHeight);
    while (clipper.Step())
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) drawRow(c, m, row);
    ImGui::EndTable();
  }
  ImGui::End();
}

const MemoryAtCursor& MemoryPanel::memory(PanelContext& c) {
  c.app.ensureTrace();
  if (scrollToAddress_ == -2) scrollToAddress_ = firstRamPage(c);
  return c.ws.debugger().memory();
}

// The 256-byte page of the lowest variable the manifest binds (entity fields,
// input): where the memory view starts.
int MemoryPanel::firstRamPage(PanelContext& c) const {
  const core::Binding& b = c.sim()->binding();
  int lowest = 0xFFFF;
  for (const auto& f : b.fields) lowest = std::min<int>(lowest, f.address);
  if (b.input) lowest = std::min<int>(lowest, *b.input);
  return lowest == 0xFFFF ? 0 : lowest & 0xFF00;
}

void MemoryPanel::drawToolbar(PanelContext& c) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
  ImGui::SetNextItemWidth(uiPx(130));
  bool go = ImGui::InputTextWithHint("##goto", "address or label", gotoInput_, sizeof gotoInput_,
                                     ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  go |= ImGui::Button("Go to");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Scroll to the address or label typed beside it (Enter does too)");
  if (go) {
    gotoError_.clear();
    if (auto a = core::parseAddress(dbg, gotoInput_, &gotoError_))
      scrollToAddress_ = gotoAddress_ = *a;
  }
  ImGui::SameLine(0, 16);
  legendSwatch(kReadBg, "read");
  ImGui::SameLine(0, 10);
  legendSwatch(kWriteBg, "written");
  ImGui::SameLine(0, 10);
  ImGui::TextColored(kChangedText, "changed");
  ImGui::SameLine(0, 10);
  ImGui::TextColored(kLabelText, "label");
  if (!gotoError_.empty()) {
    ImGui::SameLine(0, 16);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", gotoError_.c_str());
  }
}

// Labels per address, for the row label column and the per-byte tooltips.
const std::vector<std::string>& MemoryPanel::addressLabels(PanelContext& c) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
  if (labelsFor_ != &dbg || labels_.empty()) {
    labels_.assign(0x10000, {});
    for (const core::DebugSymbol& s : dbg.symbols) {
      if (!s.isLabel || s.address > 0xFFFF) continue;
      std::string& slot = labels_[s.address];
      if (slot.empty() || s.scope.empty()) slot = s.name;
    }
    labelsFor_ = &dbg;
  }
  return labels_;
}

void MemoryPanel::drawRow(PanelContext& c, const MemoryAtCursor& m, int row) {
  const core::DebugInfo& dbg = c.sim()->image().debug;
  const std::vector<std::string>& labels = addressLabels(c);
  const int base = row * kBytesPerRow;
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%04X", base);
  ImGui::TableSetColumnIndex(1);
  for (int i = 0; i < kBytesPerRow; ++i)
    if (!labels[base + i].empty()) {
      ImGui::TextColored(kLabelText, "%s", fitText(labels[base + i]).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("$%04X %s", base + i, labels[base + i].c_str());
      break;
    }
  for (int i = 0; i < kBytesPerRow; ++i) {
    const int a = base + i;
    ImGui::TableSetColumnIndex(2 + i);
    if (m.touched[a])
      ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg,
                             m.touched[a] & kTouchWrite ? kWriteBg : kReadBg);
    const bool changed = m.now[a] != m.before[a];
    if (changed)
      ImGui::TextColored(kChangedText, "%02X", m.now[a]);
    else if (m.now[a] == 0)
      ImGui::TextColored(kZeroText, "00");
    else if (!labels[a].empty())
      ImGui::TextColored(kLabelText, "%02X", m.now[a]);
    else
      ImGui::Text("%02X", m.now[a]);
    if (a == gotoAddress_) {
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - 2, min.y - 1),
                                          ImVec2(max.x + 2, max.y + 1), kGotoOutline);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("$%04X %s\n$%02X = %d (was $%02X)%s%s", a,
                        core::addressName(dbg, a).c_str(), m.now[a], m.now[a], m.before[a],
                        m.touched[a] & kTouchRead ? "\nread by the last step" : "",
                        m.touched[a] & kTouchWrite ? "\nwritten by the last step" : "");
  }
}

bool MemoryPanel::drawSourceSelector(PanelContext& c) {
  if (!c.sim()->gameMachine()) {
    source_ = 0;
    return false;
  }
  const bool nes = c.sim()->scenario().manifest.cpu == core::Cpu::M6502;
  const char* names[] = {"CPU bus", "OAM", nes ? "VRAM (nametables)" : "VRAM"};
  ImGui::SetNextItemWidth(uiPx(150));
  ImGui::Combo("##memsource", &source_, names, 3);
  if (source_ != 0) return true;
  ImGui::SameLine();
  return false;
}

// OAM or VRAM as the game left it at the start of the selected call (they are
// not traced per instruction: a collision routine rarely writes them).
void MemoryPanel::drawVideoMemory(PanelContext& c) {
  const CursorKey key{c.timeline.frame, c.timeline.entity, 0};
  if (videoFor_ != key || videoSource_ != source_ || videoGeneration_ != c.app.edit().generation ||
      videoBytes_.empty()) {
    videoBytes_.clear();
    if (c.ws.seek(c.timeline.frame, c.timeline.entity))
      videoBytes_ = source_ == 1 ? c.sim()->gameMachine()->oam() : c.sim()->gameMachine()->vram();
    videoFor_ = key;
    videoSource_ = source_;
    videoGeneration_ = c.app.edit().generation;
  }
  const bool nes = c.sim()->scenario().manifest.cpu == core::Cpu::M6502;
  ImGui::SameLine();
  ImGui::TextDisabled("at the start of frame %d's call", c.timeline.frame);
  const std::vector<uint8_t>& bytes = videoBytes_;
  if (!ImGui::BeginTable("video", 1 + kBytesPerRow,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadInnerX))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("addr", ImGuiTableColumnFlags_WidthFixed, uiPx(52));
  for (int i = 0; i < kBytesPerRow; ++i) {
    char name[4];
    std::snprintf(name, sizeof name, "%X", i);
    ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed, uiPx(22));
  }
  ImGui::TableHeadersRow();
  // The address each byte has where the game sees it: the PPU's $2000 (NES
  // nametables, then the palette at $3F00), the Game Boy's $8000 and $FE00.
  auto addressOf = [&](size_t offset) -> unsigned {
    if (source_ == 1) return nes ? unsigned(offset) : 0xFE00u + unsigned(offset);
    if (!nes) return 0x8000u + unsigned(offset);
    return offset < 0x800 ? 0x2000u + unsigned(offset) : 0x3F00u + unsigned(offset - 0x800);
  };
  ImGuiListClipper clipper;
  clipper.Begin(int((bytes.size() + kBytesPerRow - 1) / kBytesPerRow));
  while (clipper.Step())
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("%04X", addressOf(size_t(row) * kBytesPerRow));
      for (int i = 0; i < kBytesPerRow; ++i) {
        const size_t at = size_t(row) * kBytesPerRow + size_t(i);
        if (at >= bytes.size()) break;
        ImGui::TableSetColumnIndex(1 + i);
        if (bytes[at] == 0)
          ImGui::TextColored(kZeroText, "00");
        else
          ImGui::Text("%02X", bytes[at]);
      }
    }
  ImGui::EndTable();
}

RegisterPanel<MemoryPanel> registered("Memory", 70);

}  // namespace

}  // namespace app
