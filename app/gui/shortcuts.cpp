#include "app/gui/shortcuts.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>

#include "core/sim/scenario.h"

namespace app {

namespace {

using enum Action;
constexpr KeyContext kAny = KeyContext::Always;
constexpr KeyContext kNotRec = KeyContext::NotRecording;

// {action, key, mods, context, repeat, onRelease, whileTyping, group, what}
constexpr Shortcut kShortcuts[] = {
    {New, GLFW_KEY_N, kModCtrl, kAny, false, false, false, "File",
     "New scenario: a routine, a room size and a name (asks to save unsaved work first)"},
    {Open, GLFW_KEY_O, kModCtrl, kAny, false, false, false, "File", "Open a scenario or map"},
    {Save, GLFW_KEY_S, kModCtrl, kAny, false, false, false, "File",
     "Save the scenario, map and routine files"},
    {SaveAs, GLFW_KEY_S, kModCtrl | kModShift, kAny, false, false, false, "File",
     "Save the scenario (and a copy of its map) as"},
    {Quit, GLFW_KEY_Q, kModCtrl, kAny, false, false, false, "File", "Quit"},
    {Undo, GLFW_KEY_Z, kModCtrl, kAny, true, false, false, "Edit", "Undo"},
    {Redo, GLFW_KEY_Y, kModCtrl, kAny, true, false, false, "Edit", "Redo"},
    {Redo, GLFW_KEY_Z, kModCtrl | kModShift, kAny, true, false, false, "Edit", "Redo"},
    {ToolSelect, GLFW_KEY_V, kModNone, kNotRec, false, false, false, "Edit",
     "Tool: select and move entities"},
    {ToolPaint, GLFW_KEY_B, kModNone, kNotRec, false, false, false, "Edit",
     "Tool: paint metatiles"},
    {ToolBits, GLFW_KEY_C, kModNone, kNotRec, false, false, false, "Edit", "Tool: collision bits"},
    {ToolRect, GLFW_KEY_R, kModNone, kNotRec, false, false, false, "Edit",
     "Tool: rectangle of the selected metatile"},
    {ToolFill, GLFW_KEY_F, kModNone, kNotRec, false, false, false, "Edit", "Tool: flood fill"},
    {ToolRegion, GLFW_KEY_M, kModNone, kNotRec, false, false, false, "Edit",
     "Tool: select a region (to copy, cut or delete)"},
    {PlayPause, GLFW_KEY_SPACE, kModNone, kAny, false, true, false, "Playback",
     "Play or pause (on release: Space + drag pans the room)"},
    {PrevFrame, GLFW_KEY_LEFT, kModNone, kNotRec, true, false, false, "Playback", "Previous frame"},
    {NextFrame, GLFW_KEY_RIGHT, kModNone, kNotRec, true, false, false, "Playback", "Next frame"},
    {FitRoom, GLFW_KEY_HOME, kModNone, kAny, false, false, false, "View",
     "Fit the room in its view"},
    {StepInto, GLFW_KEY_F11, kModNone, kAny, true, false, false, "Debug",
     "Step into: the next instruction of the selected call"},
    {StepOver, GLFW_KEY_F10, kModNone, kAny, true, false, false, "Debug",
     "Step over: the next instruction, running a JSR/CALL through"},
    {StepOut, GLFW_KEY_F11, kModShift, kAny, true, false, false, "Debug",
     "Step out: run to the return of the current subroutine"},
    {StepBack, GLFW_KEY_F10, kModShift, kAny, true, false, false, "Debug",
     "Step back: the previous instruction (exact: re-run from the call's start)"},
    {RunToBreak, GLFW_KEY_F5, kModNone, kAny, false, false, false, "Debug",
     "Run to a breakpoint or the end of the call (from the end: the call again)"},
    {Assemble, GLFW_KEY_F7, kModNone, kAny, false, false, true, "Debug",
     "Assemble the routine editor's buffers and re-simulate (also while typing)"},
    {DuplicateEntity, GLFW_KEY_D, kModCtrl, kAny, false, false, false, "Entities",
     "Duplicate the selected entity (one cell to its right, a free name)"},
    {RenameEntity, GLFW_KEY_F2, kModNone, kAny, false, false, false, "Entities",
     "Rename the selected entity"},
    {ShowShortcuts, GLFW_KEY_F1, kModNone, kAny, false, false, false, "Help",
     "This list of keyboard shortcuts"},
};

// The keyboard pad while recording: arrows, Z = A, X = B, Enter = Start, Right Shift = Select.
constexpr PadKey kPadKeys[] = {
    {GLFW_KEY_UP, core::kButtonUp, "Up"},
    {GLFW_KEY_DOWN, core::kButtonDown, "Down"},
    {GLFW_KEY_LEFT, core::kButtonLeft, "Left"},
    {GLFW_KEY_RIGHT, core::kButtonRight, "Right"},
    {GLFW_KEY_Z, core::kButtonA, "A"},
    {GLFW_KEY_X, core::kButtonB, "B"},
    {GLFW_KEY_ENTER, core::kButtonStart, "Start"},
    {GLFW_KEY_RIGHT_SHIFT, core::kButtonSelect, "Select"},
};

// The room view's keys (room_edit.cpp dispatches them from here).
constexpr RoomKey kRoomKeys[] = {
    {RoomKeyId::PickMetatile, GLFW_KEY_I, kModNone, "room, pointer over a cell",
     "Pick the metatile under the pointer"},
    {RoomKeyId::DropSelection, GLFW_KEY_ESCAPE, kModNone, "room", "Drop the region selection"},
    {RoomKeyId::Copy, GLFW_KEY_C, kModCtrl, "room, a region selected", "Copy the region"},
    {RoomKeyId::Cut, GLFW_KEY_X, kModCtrl, "room, a region selected",
     "Cut the region (copy, then clear it to metatile 0)"},
    {RoomKeyId::Paste, GLFW_KEY_V, kModCtrl, "room, pointer over a cell or a region selected",
     "Paste the copied region at the pointer (else over the selection)"},
    {RoomKeyId::ClearRegion, GLFW_KEY_DELETE, kModNone, "room, a region selected",
     "Clear the region to metatile 0"},
};

// The mouse in the room view and elsewhere (room_edit.cpp, panel_room.cpp).
constexpr Gesture kGestures[] = {
    {"Mouse wheel (room)", "Zoom about the pointer"},
    {"Space + drag, middle drag (room)", "Pan the room"},
    {"Click / drag (room, Paint)", "Paint the selected metatile"},
    {"Right click (room, Paint)", "Pick the metatile under the pointer"},
    {"Alt+click (room)", "Pick the metatile under the pointer"},
    {"Drag an entity (room, Select)", "Move where the entity starts"},
    {"Click (room, Select, no entity yet)", "Place the first entity of a new scenario there"},
    {"Right click (room, Select)",
     "Entity menu: add an entity here, duplicate, rename or remove the one under the pointer"},
    {"Right click an Entities row", "The same menu for that entity"},
    {"Click the source gutter", "Toggle a breakpoint"},
    {"Click a diagnostic", "Jump to its file, line and column"},
};

// ImGui 1.86 has no SeparatorText: a heading over a rule.
void heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", text);
  ImGui::Separator();
}

bool contextsOverlap(KeyContext a, KeyContext b) {
  return a == KeyContext::Always || b == KeyContext::Always || a == b;
}

const char* contextText(const Shortcut& s) {
  if (s.whileTyping) return "also while typing";
  return s.context == KeyContext::NotRecording ? "not while recording input" : "";
}

}  // namespace

std::span<const Shortcut> shortcuts() {
  return kShortcuts;
}

std::span<const PadKey> padKeys() {
  return kPadKeys;
}

std::span<const RoomKey> roomKeys() {
  return kRoomKeys;
}

const RoomKey& roomKey(RoomKeyId id) {
  for (const RoomKey& k : kRoomKeys)
    if (k.id == id) return k;
  return kRoomKeys[0];  // unreachable: every id has a row (a unit test holds it)
}

std::span<const Gesture> gestures() {
  return kGestures;
}

std::string keyText(int key, uint8_t mods) {
  std::string out;
  if (mods & kModCtrl) out += "Ctrl+";
  if (mods & kModShift) out += "Shift+";
  if (key >= GLFW_KEY_A && key <= GLFW_KEY_Z) return out + char('A' + (key - GLFW_KEY_A));
  if (key >= GLFW_KEY_F1 && key <= GLFW_KEY_F25)
    return out + "F" + std::to_string(key - GLFW_KEY_F1 + 1);
  switch (key) {
    case GLFW_KEY_SPACE:
      return out + "Space";
    case GLFW_KEY_HOME:
      return out + "Home";
    case GLFW_KEY_LEFT:
      return out + "Left";
    case GLFW_KEY_RIGHT:
      return out + "Right";
    case GLFW_KEY_UP:
      return out + "Up";
    case GLFW_KEY_DOWN:
      return out + "Down";
    case GLFW_KEY_ENTER:
      return out + "Enter";
    case GLFW_KEY_RIGHT_SHIFT:
      return out + "Right Shift";
    case GLFW_KEY_ESCAPE:
      return out + "Escape";
    case GLFW_KEY_DELETE:
      return out + "Delete";
    default:
      return out + "key " + std::to_string(key);
  }
}

std::string shortcutKeys(Action action) {
  std::string out;
  for (const Shortcut& s : kShortcuts)
    if (s.action == action) out += (out.empty() ? "" : " or ") + keyText(s.key, s.mods);
  return out;
}

const Shortcut* shortcutFor(Action action) {
  for (const Shortcut& s : kShortcuts)
    if (s.action == action) return &s;
  return nullptr;
}

std::string duplicateBinding() {
  return duplicateBinding(kShortcuts, kPadKeys, kRoomKeys);
}

std::string duplicateBinding(std::span<const Shortcut> table, std::span<const PadKey> pad,
                             std::span<const RoomKey> room) {
  // A room key ignores Shift (Shift+I picks, Ctrl+Shift+C copies): it matches a
  // binding whose modifiers are its own, with or without Shift.
  auto roomMatches = [](const RoomKey& k, int key, uint8_t mods) {
    return k.key == key && uint8_t(mods & ~kModShift) == k.mods;
  };
  const size_t n = table.size();
  for (size_t i = 0; i < n; ++i) {
    const Shortcut& a = table[i];
    for (size_t j = i + 1; j < n; ++j) {
      const Shortcut& b = table[j];
      if (a.key == b.key && a.mods == b.mods && a.onRelease == b.onRelease &&
          contextsOverlap(a.context, b.context))
        return keyText(a.key, a.mods) + ": \"" + a.what + "\" and \"" + b.what + "\"";
    }
    // A pad key is held while recording: a plain binding live then would fire too.
    for (const PadKey& p : pad)
      if (a.key == p.key && a.mods == kModNone && a.context == KeyContext::Always)
        return keyText(a.key, a.mods) + ": \"" + a.what + "\" and the pad's " + p.name;
    // The room view's keys are live whenever a pressed binding is (not while
    // typing, recording or in a popup): the same key would do both.
    for (const RoomKey& k : room)
      if (!a.onRelease && roomMatches(k, a.key, a.mods))
        return keyText(a.key, a.mods) + ": \"" + a.what + "\" and the room view's \"" + k.what +
               "\"";
  }
  for (size_t i = 0; i < room.size(); ++i)
    for (size_t j = i + 1; j < room.size(); ++j)
      if (roomMatches(room[i], room[j].key, room[j].mods) ||
          roomMatches(room[j], room[i].key, room[i].mods))
        return keyText(room[i].key, room[i].mods) + ": the room view's \"" + room[i].what +
               "\" and \"" + room[j].what + "\"";
  return {};
}

std::vector<const Shortcut*> pressedShortcuts(const KeyState& state) {
  std::vector<const Shortcut*> out;
  const ImGuiIO& io = ImGui::GetIO();
  const uint8_t mods = uint8_t((io.KeyCtrl ? kModCtrl : 0) | (io.KeyShift ? kModShift : 0));
  for (const Shortcut& s : kShortcuts) {
    if (s.mods != mods || (state.typing && !s.whileTyping)) continue;
    if (state.recording && s.context == KeyContext::NotRecording) continue;
    const bool hit =
        s.onRelease ? ImGui::IsKeyReleased(s.key) : ImGui::IsKeyPressed(s.key, s.repeat);
    if (hit) out.push_back(&s);
  }
  return out;
}

void drawShortcutsWindow(bool* open) {
  static bool wasOpen = false;
  const bool opening = *open && !wasOpen;
  wasOpen = *open;
  if (!*open) return;
  if (opening) ImGui::SetNextWindowFocus();  // in front of the panels, each time it opens
  const float em = ImGui::GetFontSize();
  const float whenW = ImGui::CalcTextSize("not while recording input").x;
  ImGui::SetNextWindowSize(ImVec2(52 * em, 44 * em), ImGuiCond_FirstUseEver);
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(centre, ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (!ImGui::Begin("Keyboard shortcuts", open)) {
    ImGui::End();
    return;
  }
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  const char* group = nullptr;
  bool inTable = false;
  for (const Shortcut& s : kShortcuts) {
    if (!group || std::string(group) != s.group) {
      if (inTable) ImGui::EndTable();
      group = s.group;
      heading(group);
      inTable = ImGui::BeginTable(group, 3, flags);
      if (inTable) {
        ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, 9 * em);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("when", ImGuiTableColumnFlags_WidthFixed, whenW);
      }
    }
    if (!inTable) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(keyText(s.key, s.mods).c_str());
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", s.what);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", contextText(s));
  }
  if (inTable) ImGui::EndTable();
  heading("Keyboard pad (while Record is on and playing)");
  std::string pad;
  for (const PadKey& p : kPadKeys)
    pad += (pad.empty() ? "" : ",  ") + keyText(p.key, kModNone) + " = " + p.name;
  ImGui::TextWrapped("%s", pad.c_str());
  heading("Gamepad (while Record is on and playing; the Timeline names the one connected)");
  ImGui::TextWrapped(
      "D-pad or left stick = d-pad,  right (B) or top (Y) face button = A,  bottom (A) or left "
      "(X) = B,  Start = Start,  Back = Select");
  heading("In the room view, and the mouse");
  if (ImGui::BeginTable("##gestures", 2, flags)) {
    ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthFixed, 18 * em);
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    for (const RoomKey& k : kRoomKeys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string input = keyText(k.key, k.mods) + " (" + k.where + ")";
      ImGui::TextWrapped("%s", input.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", k.what);
    }
    for (const Gesture& g : kGestures) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(g.input);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", g.what);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace app
