// The "Memory" window and the watch list (drawn inside the CPU window). Both
// show memory at the debugger's instruction cursor, rebuilt from the call's
// start and the writes core traced: values the last step changed are
// highlighted, and its reads and writes are coloured differently. Labels come
// from the routine's debug info.
#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <iterator>

#include "app/gui/gui_app.h"

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

const MemoryAtCursor& GuiApp::memoryAtCursor() {
  ensureTrace();
  MemoryAtCursor& m = dbg_.memory;
  if (m.frame != tl_.traceFrame || m.entity != tl_.traceEntity) {
    // The machine at the start of the call, as the trace began it.
    sim_->seek(tl_.traceFrame, tl_.traceEntity);
    sim_->machine().beginCall(sim_->binding().entry);
    m.start.resize(0x10000);
    for (uint32_t a = 0; a < 0x10000; ++a) m.start[a] = sim_->machine().peek(uint16_t(a));
    m.frame = tl_.traceFrame;
    m.entity = tl_.traceEntity;
    m.step = -2;
    if (dbg_.scrollToAddress == -2) dbg_.scrollToAddress = firstRamPage();
  }
  if (m.step != tl_.step) memoryAtStep(m, tl_.trace, tl_.step);
  return m;
}

// The 256-byte page of the lowest variable the manifest binds (entity fields,
// input): where the memory view starts.
int GuiApp::firstRamPage() const {
  const core::Binding& b = sim_->binding();
  int lowest = 0xFFFF;
  for (const auto& f : b.fields) lowest = std::min<int>(lowest, f.address);
  if (b.input) lowest = std::min<int>(lowest, *b.input);
  return lowest == 0xFFFF ? 0 : lowest & 0xFF00;
}

void GuiApp::drawMemoryToolbar() {
  const core::DebugInfo& dbg = sim_->image().debug;
  ImGui::SetNextItemWidth(130);
  bool go = ImGui::InputTextWithHint("##goto", "address or label", dbg_.gotoInput,
                                     sizeof dbg_.gotoInput, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  go |= ImGui::Button("Go to");
  if (go) {
    dbg_.gotoError.clear();
    if (auto a = parseAddress(dbg, dbg_.gotoInput, &dbg_.gotoError))
      dbg_.scrollToAddress = dbg_.gotoAddress = *a;
  }
  ImGui::SameLine(0, 16);
  legendSwatch(kReadBg, "read");
  ImGui::SameLine(0, 10);
  legendSwatch(kWriteBg, "written");
  ImGui::SameLine(0, 10);
  ImGui::TextColored(kChangedText, "changed");
  ImGui::SameLine(0, 10);
  ImGui::TextColored(kLabelText, "label");
  if (!dbg_.gotoError.empty()) {
    ImGui::SameLine(0, 16);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", dbg_.gotoError.c_str());
  }
}

// Labels per address, for the row label column and the per-byte tooltips.
const std::vector<std::string>& GuiApp::memoryLabels() {
  const core::DebugInfo& dbg = sim_->image().debug;
  if (memoryLabelsFor_ != &dbg || memoryLabels_.empty()) {
    memoryLabels_.assign(0x10000, {});
    for (const core::DebugSymbol& s : dbg.symbols) {
      if (!s.isLabel || s.address > 0xFFFF) continue;
      std::string& slot = memoryLabels_[s.address];
      if (slot.empty() || s.scope.empty()) slot = s.name;
    }
    memoryLabelsFor_ = &dbg;
  }
  return memoryLabels_;
}

void GuiApp::drawMemoryRow(const MemoryAtCursor& m, int row) {
  const core::DebugInfo& dbg = sim_->image().debug;
  const std::vector<std::string>& labels = memoryLabels();
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
    if (a == dbg_.gotoAddress) {
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - 2, min.y - 1),
                                          ImVec2(max.x + 2, max.y + 1), kGotoOutline);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("$%04X %s\n$%02X = %d (was $%02X)%s%s", a, addressName(dbg, a).c_str(),
                        m.now[a], m.now[a], m.before[a],
                        m.touched[a] & kTouchRead ? "\nread by the last step" : "",
                        m.touched[a] & kTouchWrite ? "\nwritten by the last step" : "");
  }
}

void GuiApp::drawMemoryPanel() {
  if (!beginPanel("Memory", 1050, 579, 550, 297, true)) return;
  const MemoryAtCursor& m = memoryAtCursor();
  drawMemoryToolbar();
  const int columns = 2 + kBytesPerRow;
  if (ImGui::BeginTable("memory", columns,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadInnerX)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("addr", ImGuiTableColumnFlags_WidthFixed, 40);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, 112);
    for (int i = 0; i < kBytesPerRow; ++i) {
      char name[4];
      std::snprintf(name, sizeof name, "%X", i);
      ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed, 22);
    }
    ImGui::TableHeadersRow();
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    if (dbg_.scrollToAddress >= 0) {
      ImGui::SetScrollY(float(dbg_.scrollToAddress / kBytesPerRow) * rowHeight);
      dbg_.scrollToAddress = -1;
    }
    ImGuiListClipper clipper;
    clipper.Begin(0x10000 / kBytesPerRow, rowHeight);
    while (clipper.Step())
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) drawMemoryRow(m, row);
    ImGui::EndTable();
  }
  ImGui::End();
}

void GuiApp::seedWatches() {
  const core::RoutineManifest& manifest = sim_->scenario().manifest;
  if (dbg_.seededFor == manifest.path) return;
  dbg_.seededFor = manifest.path;
  dbg_.watches.clear();
  for (const auto& f : sim_->binding().fields)
    dbg_.watches.push_back({addressName(sim_->image().debug, f.address),
                            f.size == 2 ? WatchFormat::U16 : WatchFormat::U8});
}

void GuiApp::drawWatchList() {
  const core::DebugInfo& dbg = sim_->image().debug;
  seedWatches();
  const MemoryAtCursor& m = memoryAtCursor();
  ImGui::SetNextItemWidth(-50);
  bool add =
      ImGui::InputTextWithHint("##watch", "label or $address[,u8|s8|u16|s16]", dbg_.watchInput,
                               sizeof dbg_.watchInput, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  add |= ImGui::Button("Add");
  if (add) {
    dbg_.watchError.clear();
    if (auto w = parseWatch(dbg, dbg_.watchInput, &dbg_.watchError)) {
      dbg_.watches.push_back(*w);
      dbg_.watchInput[0] = 0;
    }
  }
  if (!dbg_.watchError.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", dbg_.watchError.c_str());
  if (!ImGui::BeginTable(
          "watches", 5,
          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("watch");
  ImGui::TableSetupColumn("addr", ImGuiTableColumnFlags_WidthFixed, 40);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, 84);
  ImGui::TableSetupColumn("as", ImGuiTableColumnFlags_WidthFixed, 24);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 16);
  ImGui::TableHeadersRow();
  int remove = -1;
  for (int i = 0; i < int(dbg_.watches.size()); ++i) {
    Watch& w = dbg_.watches[i];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(w.expr.c_str());
    std::string error;
    auto a = parseAddress(dbg, w.expr, &error);
    ImGui::TableSetColumnIndex(1);
    if (!a) {
      ImGui::TextDisabled("?");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", error.c_str());
    } else {
      ImGui::TextDisabled("%04X", *a);
      ImGui::TableSetColumnIndex(2);
      const std::string value = watchValueText(m.now, *a, w.format);
      if (watchChanged(m.now, m.before, *a, w.format))
        ImGui::TextColored(kChangedText, "%s", value.c_str());
      else
        ImGui::TextUnformatted(value.c_str());
      uint8_t touched = m.touched[*a];
      if (watchBytes(w.format) == 2) touched |= m.touched[uint16_t(*a + 1)];
      if (touched)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg,
                               touched & kTouchWrite ? kWriteBg : kReadBg);
    }
    // The format: a click cycles it, like a debugger's watch display mode.
    ImGui::TableSetColumnIndex(3);
    if (ImGui::SmallButton(watchFormatName(w.format))) {
      const int n = int(std::size(kWatchFormats));
      w.format = kWatchFormats[(int(w.format) + 1) % n];
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("shown as u8, s8, u16 or s16 (little-endian); click to change");
    ImGui::TableSetColumnIndex(4);
    if (ImGui::SmallButton("x")) remove = i;
    ImGui::PopID();
  }
  if (remove >= 0) dbg_.watches.erase(dbg_.watches.begin() + remove);
  ImGui::EndTable();
}

}  // namespace app
