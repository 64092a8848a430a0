// The keyboard table (app/gui/shortcuts.h) that dispatches every key, fills the
// menus' key column and the help window: no two bindings share a key while
// both are live, every action the menus show has a key, and key names read
// as the help prints them.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "app/gui/shortcuts.h"

namespace {

using app::Action;

TEST(Shortcuts, NoTwoBindingsShareAKeyWhileBothAreLive) {
  EXPECT_EQ(app::duplicateBinding(), "");
  // The pad keys are plain keys: while recording, no plain binding may use one.
  for (const app::Shortcut& s : app::shortcuts()) {
    for (const app::PadKey& p : app::padKeys()) {
      if (s.key == p.key && s.mods == app::kModNone) {
        EXPECT_EQ(s.context, app::KeyContext::NotRecording) << s.what;
      }
    }
  }
}

// The room view's keys (room_edit.cpp reads them from roomKeys()) are part of
// the check: each id has its row, and a clash with them is found.
TEST(Shortcuts, RoomViewKeysAreCheckedAgainstTheTable) {
  for (int id = 0; id <= int(app::RoomKeyId::ClearRegion); ++id) {
    const app::RoomKey& k = app::roomKey(app::RoomKeyId(id));
    EXPECT_EQ(int(k.id), id);
    EXPECT_NE(std::string(k.what), "");
  }
  const auto table = app::shortcuts();
  const auto pad = app::padKeys();
  const auto room = app::roomKeys();
  EXPECT_EQ(app::duplicateBinding(table, pad, room), "");
  // Home over the room used to fit it besides the table's FitRoom: both would fire.
  std::vector<app::RoomKey> withHome(room.begin(), room.end());
  withHome.push_back({app::RoomKeyId::PickMetatile, GLFW_KEY_HOME, app::kModNone, "room",
                      "Fit the room under the pointer"});
  EXPECT_EQ(app::duplicateBinding(table, pad, withHome),
            "Home: \"Fit the room in its view\" and the room view's \"Fit the room under the "
            "pointer\"");
  // A room key ignores Shift: Shift+I would pick the metatile too.
  std::vector<app::Shortcut> withShiftI(table.begin(), table.end());
  withShiftI.push_back({Action::FitRoom, GLFW_KEY_I, app::kModShift, app::KeyContext::Always, false,
                        false, false, "View", "Inspect"});
  EXPECT_NE(app::duplicateBinding(withShiftI, pad, room).find("Shift+I: \"Inspect\""),
            std::string::npos);
  // Two room keys on one key.
  std::vector<app::RoomKey> twice(room.begin(), room.end());
  twice.push_back({app::RoomKeyId::Copy, GLFW_KEY_C, app::kModCtrl, "room", "Clone"});
  EXPECT_NE(app::duplicateBinding(table, pad, twice), "");
}

TEST(Shortcuts, EveryActionHasAKeyAndADescription) {
  std::set<Action> bound;
  for (const app::Shortcut& s : app::shortcuts()) {
    bound.insert(s.action);
    EXPECT_NE(std::string(s.what), "");
    EXPECT_NE(std::string(s.group), "");
  }
  for (int a = 0; a <= int(Action::ShowShortcuts); ++a)
    EXPECT_TRUE(bound.count(Action(a))) << "action " << a << " has no key";
}

TEST(Shortcuts, KeysReadAsTheHelpPrintsThem) {
  EXPECT_EQ(app::keyText(GLFW_KEY_S, app::kModCtrl | app::kModShift), "Ctrl+Shift+S");
  EXPECT_EQ(app::keyText(GLFW_KEY_F11, app::kModShift), "Shift+F11");
  EXPECT_EQ(app::shortcutKeys(Action::StepInto), "F11");
  EXPECT_EQ(app::shortcutKeys(Action::StepBack), "Shift+F10");
  EXPECT_EQ(app::shortcutKeys(Action::Redo), "Ctrl+Y or Ctrl+Shift+Z");
  EXPECT_EQ(app::shortcutKeys(Action::PlayPause), "Space");
  EXPECT_EQ(app::shortcutKeys(Action::DuplicateEntity), "Ctrl+D");
  EXPECT_EQ(app::shortcutKeys(Action::RenameEntity), "F2");
}

}  // namespace
