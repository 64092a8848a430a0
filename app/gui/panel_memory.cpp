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

const MemoryAtCursor& GuiApp::memoryAtCursor() {
  ensureTrace();
  if (dbg_.scrollToAddress == -2) dbg_.scrollToAddress = firstRamPage();
  return debugger_.memory();
}

// The 256-byte page of the lowest variable the manifest binds (entity fields,
// input): where the memory view starts.
int GuiApp::firstRamPage() const {
  const core::Binding& b = sim()->binding();
  int lowest = 0xFFFF;
  for (const auto& f : b.fields) lowest = std::min<int>(lowest, f.address);
  if (b.input) lowest = std::min<int>(lowest, *b.input);
  return lowest == 0xFFFF ? 0 : lowest & 0xFF00;
}

void GuiApp::drawMemoryToolbar() {
  const core::DebugInfo& dbg = sim()->image().debug;
  ImGui::SetNextItemWidth(uiPx(130));
  bool go = ImGui::InputTextWithHint("##goto", "address or label", dbg_.gotoInput,
                                     sizeof dbg_.gotoInput, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  go |= ImGui::Button("Go to");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Scroll to the address or label typed beside it (Enter does too)");
  if (go) {
    dbg_.gotoError.clear();
    if (auto a = core::parseAddress(dbg, dbg_.gotoInput, &dbg_.gotoError))
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
  const core::DebugInfo& dbg = sim()->image().debug;
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
  const core::DebugInfo& dbg = sim()->image().debug;
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
      ImGui::SetTooltip("$%04X %s\n$%02X = %d (was $%02X)%s%s", a,
                        core::addressName(dbg, a).c_str(), m.now[a], m.now[a], m.before[a],
                        m.touched[a] & kTouchRead ? "\nread by the last step" : "",
                        m.touched[a] & kTouchWrite ? "\nwritten by the last step" : "");
  }
}

void GuiApp::drawMemoryPanel() {
  if (!beginPanel("Memory", 1050, 579, 550, 297, true)) return;
  if (drawMemorySourceSelector()) {
    drawVideoMemory();
    ImGui::End();
    return;
  }
  const MemoryAtCursor& m = memoryAtCursor();
  if (m.now.size() < 0x10000 || m.before.size() < 0x10000 || m.touched.size() < 0x10000) {
    // No call to show: a new scenario before its first entity is placed.
    ImGui::TextDisabled("No call selected: the scenario has no entity yet.");
    ImGui::End();
    return;
  }
  drawMemoryToolbar();
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

bool GuiApp::drawMemorySourceSelector() {
  if (!sim()->gameMachine()) {
    dbg_.memorySource = 0;
    return false;
  }
  const bool nes = sim()->scenario().manifest.cpu == core::Cpu::M6502;
  const char* names[] = {"CPU bus", "OAM", nes ? "VRAM (nametables)" : "VRAM"};
  ImGui::SetNextItemWidth(uiPx(150));
  ImGui::Combo("##memsource", &dbg_.memorySource, names, 3);
  if (dbg_.memorySource != 0) return true;
  ImGui::SameLine();
  return false;
}

// OAM or VRAM as the game left it at the start of the selected call (they are
// not traced per instruction: a collision routine rarely writes them).
void GuiApp::drawVideoMemory() {
  const CursorKey key{tl_.frame, tl_.entity, 0};
  if (dbg_.videoFor != key || dbg_.videoSource != dbg_.memorySource ||
      dbg_.videoGeneration != edit_.generation || dbg_.videoBytes.empty()) {
    dbg_.videoBytes.clear();
    if (sim()->seek(tl_.frame, tl_.entity))
      dbg_.videoBytes =
          dbg_.memorySource == 1 ? sim()->gameMachine()->oam() : sim()->gameMachine()->vram();
    dbg_.videoFor = key;
    dbg_.videoSource = dbg_.memorySource;
    dbg_.videoGeneration = edit_.generation;
  }
  const bool nes = sim()->scenario().manifest.cpu == core::Cpu::M6502;
  ImGui::SameLine();
  ImGui::TextDisabled("at the start of frame %d's call", tl_.frame);
  const std::vector<uint8_t>& bytes = dbg_.videoBytes;
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
    if (dbg_.memorySource == 1) return nes ? unsigned(offset) : 0xFE00u + unsigned(offset);
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

void GuiApp::seedWatches() {
  const core::RoutineManifest& manifest = sim()->scenario().manifest;
  if (dbg_.seededFor == manifest.path) return;
  dbg_.seededFor = manifest.path;
  while (!debugger_.watches().empty()) debugger_.removeWatch(0);
  for (const auto& f : sim()->binding().fields) {
    std::string error;
    if (!f.split) {
      debugger_.addWatch(
          core::addressName(sim()->image().debug, f.address) + "," + core::valueShapeName(f),
          &error);
      continue;
    }
    // Split fields: a watch per byte, the most significant first.
    for (int i = f.size - 1; i >= 0; --i)
      debugger_.addWatch(core::addressName(sim()->image().debug, f.byteAddress(0, i)) + ",u8",
                         &error);
  }
}

void GuiApp::drawWatchList() {
  seedWatches();
  const MemoryAtCursor& m = memoryAtCursor();
  ImGui::SetNextItemWidth(-uiPx(50));
  bool add =
      ImGui::InputTextWithHint("##watch", "label, $addr[,u16] or [x] - [old_x]", dbg_.watchInput,
                               sizeof dbg_.watchInput, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A memory location (player_x, $0300, label+2; add ,u8 ,s8 ,u16 or ,s16)\n"
        "or an expression: registers (A X Y / A BC HL), flags (C Z / CF ZF),\n"
        "[addr] for a byte, [addr].w for a word, + - * / & | ^ << >> == != < > && ||");
  ImGui::SameLine();
  add |= ImGui::Button("Add");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add the watch typed beside it (Enter does too)");
  if (add) {
    dbg_.watchError.clear();
    if (debugger_.addWatch(dbg_.watchInput, &dbg_.watchError)) dbg_.watchInput[0] = 0;
  }
  if (!dbg_.watchError.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", dbg_.watchError.c_str());
  if (!ImGui::BeginTable(
          "watches", 5,
          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("watch");
  ImGui::TableSetupColumn("addr", ImGuiTableColumnFlags_WidthFixed, uiPx(40));
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, uiPx(84));
  ImGui::TableSetupColumn("as", ImGuiTableColumnFlags_WidthFixed, uiPx(24));
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, uiPx(16));
  ImGui::TableHeadersRow();
  int remove = -1;
  for (size_t i = 0; i < debugger_.watches().size(); ++i) {
    const core::Watch& w = debugger_.watches()[i];
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(w.expr.c_str());
    ImGui::TableSetColumnIndex(1);
    if (w.address)
      ImGui::TextDisabled("%04X", *w.address);
    else
      ImGui::TextDisabled("expr");
    ImGui::TableSetColumnIndex(2);
    const std::string value = debugger_.watchValue(i);
    if (debugger_.watchChangedByStep(i))
      ImGui::TextColored(kChangedText, "%s", value.c_str());
    else
      ImGui::TextUnformatted(value.c_str());
    if (w.address && !m.touched.empty()) {
      uint8_t touched = m.touched[*w.address];
      for (int b = 1; b < w.format.size; ++b) touched |= m.touched[uint16_t(*w.address + b)];
      if (touched)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg,
                               touched & kTouchWrite ? kWriteBg : kReadBg);
    }
    // The format: a click cycles it, like a debugger's watch display mode.
    ImGui::TableSetColumnIndex(3);
    if (w.address) {
      if (ImGui::SmallButton(core::valueShapeName(w.format).c_str()))
        debugger_.setWatchFormat(i, core::nextWatchShape(w.format));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("shown as u8, s8, u16 or s16 (little-endian); click to change");
    }
    ImGui::TableSetColumnIndex(4);
    if (ImGui::SmallButton("x")) remove = int(i);
    ImGui::PopID();
  }
  if (remove >= 0) debugger_.removeWatch(size_t(remove));
  ImGui::EndTable();
}

// Breakpoints (set in the source gutter or typed here, with an optional
// condition) and watchpoints, each with an enable box and a remove button.
void GuiApp::drawBreakpointList() {
  ImGui::SetNextItemWidth(-uiPx(50));
  bool add = ImGui::InputTextWithHint("##break", "label [if A == $10]  or  watch player_x,w",
                                      dbg_.breakInput, sizeof dbg_.breakInput,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Breakpoint: a label or $address, optionally followed by \"if CONDITION\"\n"
        "  e.g.  check_tile if A == $10 && [entity_x] > 40\n"
        "Watchpoint: \"watch\" then a label or $address, ,r (reads) ,w (writes) or ,rw,\n"
        "  and an optional byte count: watch map,r,240");
  ImGui::SameLine();
  add |= ImGui::Button("Add");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Add the breakpoint or watchpoint typed beside it (Enter does too)");
  if (add) {
    dbg_.breakError.clear();
    std::string text = dbg_.breakInput;
    bool ok;
    if (text.rfind("watch ", 0) == 0)
      ok = debugger_.addWatchpoint(text.substr(6), &dbg_.breakError);
    else
      ok = debugger_.addBreakpoint(text, &dbg_.breakError);
    if (ok) dbg_.breakInput[0] = 0;
  }
  if (!dbg_.breakError.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", dbg_.breakError.c_str());
  if (!ImGui::BeginTable(
          "breaks", 4,
          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("on", ImGuiTableColumnFlags_WidthFixed, uiPx(20));
  ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthFixed, uiPx(90));
  ImGui::TableSetupColumn("condition / access");
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, uiPx(16));
  ImGui::TableHeadersRow();
  const core::DebugInfo& dbg = sim()->image().debug;
  const auto& bps = debugger_.breakpoints();
  dbg_.conditionEdits.resize(bps.size());
  int removeBp = -1;
  for (size_t i = 0; i < bps.size(); ++i) {
    const core::Breakpoint b = bps[i];
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    bool on = b.enabled;
    if (ImGui::Checkbox("##on", &on)) debugger_.enableBreakpoint(b.address, on);
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%s", core::addressName(dbg, b.address).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("breakpoint at $%04X", b.address);
    ImGui::TableSetColumnIndex(2);
    // The condition, edited in place; Enter applies it (empty: always stop).
    char cond[128];
    std::snprintf(
        cond, sizeof cond, "%s",
        dbg_.conditionEdits[i].empty() ? b.condition.c_str() : dbg_.conditionEdits[i].c_str());
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##cond", "always (or a condition)", cond, sizeof cond,
                                 ImGuiInputTextFlags_EnterReturnsTrue)) {
      dbg_.breakError.clear();
      if (debugger_.setBreakpoint(b.address, cond, &dbg_.breakError))
        dbg_.conditionEdits[i].clear();
    } else if (ImGui::IsItemActive()) {
      dbg_.conditionEdits[i] = cond;
    }
    ImGui::TableSetColumnIndex(3);
    if (ImGui::SmallButton("x")) removeBp = int(i);
    ImGui::PopID();
  }
  if (removeBp >= 0) {
    debugger_.removeBreakpoint(bps[size_t(removeBp)].address);
    dbg_.conditionEdits.clear();
  }
  int removeWp = -1;
  for (size_t i = 0; i < debugger_.watchpoints().size(); ++i) {
    const core::Watchpoint& w = debugger_.watchpoints()[i];
    ImGui::PushID(int(1000 + i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    bool on = w.enabled;
    if (ImGui::Checkbox("##on", &on)) debugger_.enableWatchpoint(i, on);
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%s", core::addressName(dbg, w.begin).c_str());
    ImGui::TableSetColumnIndex(2);
    ImGui::TextDisabled("watch %s $%04X..$%04X",
                        w.onRead && w.onWrite ? "reads+writes"
                        : w.onRead            ? "reads"
                                              : "writes",
                        w.begin, unsigned(w.end) - 1);
    ImGui::TableSetColumnIndex(3);
    if (ImGui::SmallButton("x")) removeWp = int(i);
    ImGui::PopID();
  }
  if (removeWp >= 0) debugger_.removeWatchpoint(size_t(removeWp));
  ImGui::EndTable();
}

namespace {
PanelRegistrar registered("Memory", 70, [](GuiApp& g) { g.drawMemoryPanel(); });
}  // namespace

}  // namespace app
