// The keyboard table (app/gui/shortcuts.h) that dispatches every key, fills the
// menus' key column and the help window: no two bindings share a key while
// both are live, every action the menus show has a key, and key names read
// as the help prints them.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

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
