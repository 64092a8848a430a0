// The "CPU" window: the debugger for the selected frame's call. A toolbar with
// step into (F11), over (F10), out (Shift+F11), back (Shift+F10) and run to the
// end of the call (F5); registers and flags at the instruction cursor (values
// changed by the last step highlighted, flags as letters that light up); the
// instruction trace; the watch list (memory at the cursor, as the Memory window
// shows it) and the breakpoint list. The call is re-executed from its
// keyframe by core, so stepping back is exact.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

const ImVec4 kChanged(1.0f, 0.75f, 0.3f, 1.0f);
const ImU32 kFlagOnBg = IM_COL32(60, 170, 90, 255);
const ImU32 kFlagChangedBg = IM_COL32(220, 150, 50, 255);
const ImU32 kFlagOffBg = IM_COL32(50, 52, 60, 255);
const ImU32 kCursorRow = IM_COL32(70, 110, 200, 160);
const ImU32 kBreakRow = IM_COL32(150, 40, 40, 120);
// The watch list's, as the Memory window colours the same bytes.
const ImVec4 kChangedText(1.0f, 0.8f, 0.3f, 1.0f);
const ImU32 kReadBg = IM_COL32(40, 90, 190, 200);
const ImU32 kWriteBg = IM_COL32(200, 90, 30, 220);

struct StepButton {
  const char* label;
  Action action;  // its key and description: shortcuts.h
};
constexpr StepButton kStepButtons[] = {
    {"Into", Action::StepInto}, {"Over", Action::StepOver},  {"Out", Action::StepOut},
    {"Back", Action::StepBack}, {"Run", Action::RunToBreak},
};

void registerText(const core::RegisterValue& r, char* out, size_t size) {
  if (r.bits == 16)
    std::snprintf(out, size, "%s $%04X", r.name, r.value);
  else
    std::snprintf(out, size, "%s $%02X", r.name, r.value);
}

// Flag letters in boxes: lit when set, orange when the last step changed them.
void drawFlags(const std::string& names, uint32_t flags, uint32_t prevFlags) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float size = ImGui::GetTextLineHeight() + 4;
  for (size_t i = 0; i < names.size(); ++i) {
    const int bit = int(names.size() - 1 - i);
    const bool on = flags >> bit & 1;
    const bool changed = (prevFlags >> bit & 1) != on;
    if (i) ImGui::SameLine(0, 3);
    ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(p, ImVec2(p.x + size, p.y + size),
                      changed ? kFlagChangedBg
                      : on    ? kFlagOnBg
                              : kFlagOffBg,
                      3);
    const char letter[2] = {names[i], 0};
    ImVec2 ts = ImGui::CalcTextSize(letter);
    dl->AddText(ImVec2(p.x + (size - ts.x) / 2, p.y + 2),
                on || changed ? IM_COL32(255, 255, 255, 255) : IM_COL32(120, 120, 130, 255),
                letter);
    ImGui::Dummy(ImVec2(size, size));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%c = %d%s", names[i], on ? 1 : 0, changed ? " (changed)" : "");
  }
}

}  // namespace

void GuiApp::resetDebugger() {
  ws_.auditJob().stop();
  audit_.result.reset();
  audit_.saved.reset();
  audit_.openedCase = -1;
  view_.lastAudit.reset();
  debugger_ = core::Debugger{};
  // Each panel forgets what it kept of the old document. The routine editor
  // keeps its buffers while the routine stays the same (syncEditorFiles
  // reloads them when the manifest changes).
  for (const std::unique_ptr<Panel>& panel : panels_) panel->documentChanged();
}

CursorKey GuiApp::cursorKey() const {
  const core::DebugCursor& c = debugger_.cursor();
  return {c.frame, c.entity, c.step};
}

void GuiApp::debugStep(StepKind kind) {
  if (!sim() || frameCount() == 0) return;
  ensureTrace();
  const core::DebugStop stop = debugger_.step(kind);
  if (stop.kind == core::DebugStop::Kind::Breakpoint ||
      stop.kind == core::DebugStop::Kind::Watchpoint)
    status_ = stop.text;
}

// Playback from `fromFrame` to the shown frame stops at the first call that
// reaches a breakpoint (whose condition holds) or touches a watchpoint.
bool GuiApp::stopAtBreakpoint(int fromFrame) {
  if (!sim() || (debugger_.breakpoints().empty() && debugger_.watchpoints().empty())) return false;
  ensureTrace();
  const core::DebugStop stop = debugger_.runRecording(std::max(fromFrame, 0), tl_.frame);
  if (stop.kind == core::DebugStop::Kind::None) return false;
  tl_.playing = false;
  tl_.frame = debugger_.cursor().frame;
  tl_.entity = debugger_.cursor().entity;
  status_ = stop.text;
  return true;
}

namespace {

// The panel's own state: where the trace last scrolled to, the watch and
// breakpoint fields, and the manifest whose fields seeded the watch list.
class CpuPanel : public Panel {
 public:
  void draw(PanelContext& c) override;
  void documentChanged() override { *this = CpuPanel(); }

 private:
  void drawToolbar(PanelContext& c, int steps);
  void drawRegisters(PanelContext& c);
  void drawTraceTable(PanelContext& c);
  void seedWatches(PanelContext& c);
  void drawWatchList(PanelContext& c);
  void drawBreakpointList(PanelContext& c);

  CursorKey scrolledTo_;
  std::string seededFor_;  // manifest whose fields seeded the watch list
  char watchInput_[96] = {};
  std::string watchError_;
  char breakInput_[128] = {};  // "label if A == $10" / "player_x,w"
  std::string breakError_;
  std::vector<std::string> conditionEdits_;  // per breakpoint: its condition field's text
};

void CpuPanel::draw(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  if (!c.app.beginPanel("CPU", 850, 19, 750, 210, true)) return;
  c.app.ensureTrace();
  drawToolbar(c, int(debugger.trace().steps.size()));
  drawRegisters(c);
  ImGui::Separator();
  const float watchWidth = std::min(uiPx(300), ImGui::GetContentRegionAvail().x * 0.4f);
  ImGui::BeginChild("##trace", ImVec2(-watchWidth - uiPx(8), 0));
  drawTraceTable(c);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##watch", ImVec2(0, 0));
  if (ImGui::BeginTabBar("##watchTabs")) {
    if (ImGui::BeginTabItem("Watches")) {
      drawWatchList(c);
      ImGui::EndTabItem();
    }
    char title[48];
    std::snprintf(title, sizeof title, "Breakpoints (%zu)###breaks",
                  debugger.breakpoints().size() + debugger.watchpoints().size());
    if (ImGui::BeginTabItem(title)) {
      drawBreakpointList(c);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
  ImGui::End();
}

void CpuPanel::drawToolbar(PanelContext& c, int steps) {
  core::Debugger& debugger = c.ws.debugger();
  for (const StepButton& b : kStepButtons) {
    if (&b != kStepButtons) ImGui::SameLine();
    if (ImGui::Button(b.label)) c.app.runShortcut(b.action);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s (%s)", shortcutFor(b.action)->what, shortcutKeys(b.action).c_str());
  }
  ImGui::SameLine(0, 16);
  const core::Trace& t = debugger.trace();
  const int step = debugger.cursor().step;
  const auto& ents = c.sim()->scenario().entities;
  if (c.timeline.entity < 0 || c.timeline.entity >= int(ents.size())) {
    ImGui::TextDisabled("frame %d: no entity selected", c.timeline.frame);
    return;
  }
  const char* who = ents[size_t(c.timeline.entity)].name.c_str();
  if (step < 0)
    ImGui::Text("%s, frame %d: after the call (%d instructions, %s)", who, c.timeline.frame, steps,
                core::haltKindName(t.halt));
  else
    ImGui::Text("%s, frame %d: instruction %d of %d", who, c.timeline.frame, step + 1, steps);
}

void CpuPanel::drawRegisters(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  const core::Trace& t = debugger.trace();
  const int steps = int(t.steps.size());
  const int step = debugger.cursor().step;
  // Registers before the instruction at the cursor (or after the call at -1).
  const bool atEnd = step < 0 || step >= steps;
  const auto& regs = atEnd ? t.regsAfter : t.steps[step].regsBefore;
  const uint32_t flags = atEnd ? t.flagsAfter : t.steps[step].flagsBefore;
  const std::vector<core::RegisterValue>* prev = nullptr;
  uint32_t prevFlags = flags;
  const int prevIndex = atEnd ? steps - 1 : step - 1;
  if (prevIndex >= 0) {
    prev = &t.steps[prevIndex].regsBefore;
    prevFlags = t.steps[prevIndex].flagsBefore;
  }
  for (size_t i = 0; i < regs.size(); ++i) {
    const bool changed = prev && i < prev->size() && (*prev)[i].value != regs[i].value;
    if (i) ImGui::SameLine(0, 14);
    char text[32];
    registerText(regs[i], text, sizeof text);
    if (changed)
      ImGui::TextColored(kChanged, "%s", text);
    else
      ImGui::TextUnformatted(text);
  }
  ImGui::SameLine(0, 24);
  drawFlags(c.sim()->machine().flagNames(), flags, prevFlags);
}

void CpuPanel::drawTraceTable(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  const core::Trace& t = debugger.trace();
  const int step = debugger.cursor().step;
  if (!ImGui::BeginTable("trace", 4,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, uiPx(36));
  ImGui::TableSetupColumn("PC", ImGuiTableColumnFlags_WidthFixed, uiPx(44));
  ImGui::TableSetupColumn("instruction", ImGuiTableColumnFlags_WidthFixed, uiPx(190));
  ImGui::TableSetupColumn("source");
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(int(t.steps.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const core::TraceStep& s = t.steps[i];
      ImGui::TableNextRow();
      if (i == step)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, kCursorRow);
      else if (debugger.hasBreakpoint(s.pc))
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, kBreakRow);
      ImGui::TableSetColumnIndex(0);
      char label[16];
      std::snprintf(label, sizeof label, "%d", i);
      if (ImGui::Selectable(label, i == step, ImGuiSelectableFlags_SpanAllColumns))
        debugger.setStep(i);
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("$%04X", s.pc);
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(s.text.c_str());
      ImGui::TableSetColumnIndex(3);
      if (auto where = c.app.sourceLineAt(s.pc))
        ImGui::TextDisabled("%s:%d", std::filesystem::path(where->file).filename().c_str(),
                            where->line);
    }
  }
  if (step >= 0 && scrolledTo_ != c.app.cursorKey()) {
    ImGui::SetScrollY(std::max(
        0.0f, step * ImGui::GetTextLineHeightWithSpacing() - ImGui::GetWindowHeight() * 0.4f));
    scrolledTo_ = c.app.cursorKey();
  }
  ImGui::EndTable();
}

void CpuPanel::seedWatches(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  const core::RoutineManifest& manifest = c.sim()->scenario().manifest;
  if (seededFor_ == manifest.path) return;
  seededFor_ = manifest.path;
  while (!debugger.watches().empty()) debugger.removeWatch(0);
  for (const auto& f : c.sim()->binding().fields) {
    std::string error;
    if (!f.split) {
      debugger.addWatch(
          core::addressName(c.sim()->image().debug, f.address) + "," + core::valueShapeName(f),
          &error);
      continue;
    }
    // Split fields: a watch per byte, the most significant first.
    for (int i = f.size - 1; i >= 0; --i)
      debugger.addWatch(core::addressName(c.sim()->image().debug, f.byteAddress(0, i)) + ",u8",
                        &error);
  }
}

void CpuPanel::drawWatchList(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  seedWatches(c);
  c.app.ensureTrace();
  const MemoryAtCursor& m = debugger.memory();
  ImGui::SetNextItemWidth(-uiPx(50));
  bool add = ImGui::InputTextWithHint("##watch", "label, $addr[,u16] or [x] - [old_x]", watchInput_,
                                      sizeof watchInput_, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A memory location (player_x, $0300, label+2; add ,u8 ,s8 ,u16 or ,s16)\n"
        "or an expression: registers (A X Y / A BC HL), flags (C Z / CF ZF),\n"
        "[addr] for a byte, [addr].w for a word, + - * / & | ^ << >> == != < > && ||");
  ImGui::SameLine();
  add |= ImGui::Button("Add");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add the watch typed beside it (Enter does too)");
  if (add) {
    watchError_.clear();
    if (debugger.addWatch(watchInput_, &watchError_)) watchInput_[0] = 0;
  }
  if (!watchError_.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", watchError_.c_str());
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
  for (size_t i = 0; i < debugger.watches().size(); ++i) {
    const core::Watch& w = debugger.watches()[i];
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
    const std::string value = debugger.watchValue(i);
    if (debugger.watchChangedByStep(i))
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
        debugger.setWatchFormat(i, core::nextWatchShape(w.format));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("shown as u8, s8, u16 or s16 (little-endian); click to change");
    }
    ImGui::TableSetColumnIndex(4);
    if (ImGui::SmallButton("x")) remove = int(i);
    ImGui::PopID();
  }
  if (remove >= 0) debugger.removeWatch(size_t(remove));
  ImGui::EndTable();
}

// Breakpoints (set in the source gutter or typed here, with an optional
// condition) and watchpoints, each with an enable box and a remove button.
void CpuPanel::drawBreakpointList(PanelContext& c) {
  core::Debugger& debugger = c.ws.debugger();
  ImGui::SetNextItemWidth(-uiPx(50));
  bool add =
      ImGui::InputTextWithHint("##break", "label [if A == $10]  or  watch player_x,w", breakInput_,
                               sizeof breakInput_, ImGuiInputTextFlags_EnterReturnsTrue);
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
    breakError_.clear();
    std::string text = breakInput_;
    bool ok;
    if (text.rfind("watch ", 0) == 0)
      ok = debugger.addWatchpoint(text.substr(6), &breakError_);
    else
      ok = debugger.addBreakpoint(text, &breakError_);
    if (ok) breakInput_[0] = 0;
  }
  if (!breakError_.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", breakError_.c_str());
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
  const core::DebugInfo& dbg = c.sim()->image().debug;
  const auto& bps = debugger.breakpoints();
  conditionEdits_.resize(bps.size());
  int removeBp = -1;
  for (size_t i = 0; i < bps.size(); ++i) {
    const core::Breakpoint b = bps[i];
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    bool on = b.enabled;
    if (ImGui::Checkbox("##on", &on)) debugger.enableBreakpoint(b.address, on);
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%s", core::addressName(dbg, b.address).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("breakpoint at $%04X", b.address);
    ImGui::TableSetColumnIndex(2);
    // The condition, edited in place; Enter applies it (empty: always stop).
    char cond[128];
    std::snprintf(cond, sizeof cond, "%s",
                  conditionEdits_[i].empty() ? b.condition.c_str() : conditionEdits_[i].c_str());
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##cond", "always (or a condition)", cond, sizeof cond,
                                 ImGuiInputTextFlags_EnterReturnsTrue)) {
      breakError_.clear();
      if (debugger.setBreakpoint(b.address, cond, &breakError_)) conditionEdits_[i].clear();
    } else if (ImGui::IsItemActive()) {
      conditionEdits_[i] = cond;
    }
    ImGui::TableSetColumnIndex(3);
    if (ImGui::SmallButton("x")) removeBp = int(i);
    ImGui::PopID();
  }
  if (removeBp >= 0) {
    debugger.removeBreakpoint(bps[size_t(removeBp)].address);
    conditionEdits_.clear();
  }
  int removeWp = -1;
  for (size_t i = 0; i < debugger.watchpoints().size(); ++i) {
    const core::Watchpoint& w = debugger.watchpoints()[i];
    ImGui::PushID(int(1000 + i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    bool on = w.enabled;
    if (ImGui::Checkbox("##on", &on)) debugger.enableWatchpoint(i, on);
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
  if (removeWp >= 0) debugger.removeWatchpoint(size_t(removeWp));
  ImGui::EndTable();
}

RegisterPanel<CpuPanel> registered("CPU", 40);

}  // namespace

}  // namespace app
