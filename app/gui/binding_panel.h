// The Binding panel's state (panel_binding.cpp): the model of the game being
// bound (core::game::BindingModel), the user's picks and the table's view.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "app/gui/file_dialog.h"
#include "core/game/binding_model.h"

namespace app {

struct BindingPanelState {
  core::game::BindingModel model;
  core::game::BindingPicks picks;
  bool visible = false;
  char search[128] = {};
  std::vector<size_t> rows;  // model.search(search), recomputed when the text changes
  std::string rowsFor;
  std::map<std::string, core::ValueShape> previewTypes;  // by label
  int previewFrames = 0;                                 // values this many frames after boot
  std::string bootError;
  std::string bootedTo;
  FileDialog dialog;
  std::string status;
  bool statusError = false;
  std::string roomNote;  // why the room written is not the game's
};

}  // namespace app
