// Every keyboard binding of the GUI, in one table: GuiApp::handleShortcuts
// dispatches keys from it, the menus and toolbar tooltips show its key text,
// and Help > Keyboard shortcuts lists it, so what the help says is what the
// keys do. Keys are GLFW key codes (what ImGui 1.86's IsKeyPressed takes).
//
//   for (const Shortcut* s : pressedShortcuts(state)) run(s->action);
//   ImGui::MenuItem("Step into", shortcutKeys(Action::StepInto).c_str());
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace app {

enum class Action {
  New,
  Open,
  Save,
  SaveAs,
  Quit,
  Undo,
  Redo,
  ToolSelect,
  ToolPaint,
  ToolBits,
  ToolRect,
  ToolFill,
  ToolRegion,
  PlayPause,
  PrevFrame,
  NextFrame,
  FitRoom,
  StepInto,
  StepOver,
  StepOut,
  StepBack,
  RunToBreak,
  Assemble,
  DuplicateEntity,
  RenameEntity,
  ShowShortcuts,  // keep last: tables are sized by it
};

// Modifier bits a binding needs (exactly: Ctrl+Z is not Z).
enum : uint8_t { kModNone = 0, kModCtrl = 1, kModShift = 2 };

// When a binding is live. Typing into a text field turns every binding off
// except those marked `whileTyping`; recording input turns the keys the
// keyboard pad uses over to the pad.
enum class KeyContext : uint8_t {
  Always,        // any time no popup is open
  NotRecording,  // also off while input is recorded (the key is a pad button then)
};

struct Shortcut {
  Action action;
  int key;  // GLFW_KEY_*
  uint8_t mods;
  KeyContext context;
  bool repeat;        // fires again while held
  bool onRelease;     // fires when the key goes up (Space: a Space + drag pans instead)
  bool whileTyping;   // also while a text field has the keyboard
  const char* group;  // the help window's heading
  const char* what;   // what it does, for the help window and tooltips
};

std::span<const Shortcut> shortcuts();

// The keyboard pad while input is recorded (held keys, not presses).
struct PadKey {
  int key;         // GLFW_KEY_*
  uint8_t button;  // core::kButton*
  const char* name;
};
std::span<const PadKey> padKeys();

// The room view's keys: they act where the pointer is or on the region
// selection, and room_edit.cpp reads its keys from this table. They are live
// while the room view shows a scenario and no text field, popup or input
// recording has the keyboard (as KeyContext::NotRecording), whatever the modifiers
// besides `mods` (Shift+I picks too); duplicateBinding() checks them against
// the table above and the pad.
enum class RoomKeyId { PickMetatile, DropSelection, Copy, Cut, Paste, ClearRegion };
struct RoomKey {
  RoomKeyId id;
  int key;  // GLFW_KEY_*
  uint8_t mods;
  const char* where;  // when it acts, for the help: "pointer over the room"
  const char* what;
};
std::span<const RoomKey> roomKeys();
const RoomKey& roomKey(RoomKeyId id);

// Mouse gestures, listed in the help beside the keys (not dispatched here).
struct Gesture {
  const char* input;
  const char* what;
};
std::span<const Gesture> gestures();

// "Ctrl+Shift+S", "F11", "Space" ...
std::string keyText(int key, uint8_t mods);
// Every key of `action`, " or "-separated ("Ctrl+Y or Ctrl+Shift+Z"); "" when unbound.
std::string shortcutKeys(Action action);
// The first binding of `action`, or null.
const Shortcut* shortcutFor(Action action);
// Two bindings that share a key, modifiers and event while both are live (the
// shortcuts, the pad and the room view's keys): the first such pair's
// description, "" when there is none (a unit test holds it).
std::string duplicateBinding();
// The same check over any tables (the tests feed it clashing ones).
std::string duplicateBinding(std::span<const Shortcut> table, std::span<const PadKey> pad,
                             std::span<const RoomKey> room);

// The bindings whose key went down (or up) this frame with their modifiers
// held and their context live, in table order. ImGui calls only.
struct KeyState {
  bool typing = false;     // a text field has the keyboard
  bool recording = false;  // input is recorded from the keyboard pad
};
std::vector<const Shortcut*> pressedShortcuts(const KeyState& state);

// Help > Keyboard shortcuts: the table, grouped, with the pad and the gestures.
void drawShortcutsWindow(bool* open);

}  // namespace app
