// Room > Import room from game: the room the running game holds at the cursor
// frame (core::importRoomFromGame through the manifest's map layout) replaces the
// editor's room, as undoable cell and collision edits that re-simulate like any
// paint stroke. The simulation writes the room it runs into the game's tables
// (RAM, or its in-memory copy of the ROM), so cells painted afterwards reach the
// game on the re-simulation.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "app/gui/gui_app.h"
#include "core/game/room_import.h"

namespace app {

void GuiApp::drawRoomMenu() {
  if (!ImGui::BeginMenu("Room")) return;
  const bool isGame = sim() && sim()->gameMachine() && sim()->scenario().manifest.cells;
  if (ImGui::MenuItem("Import room from game", nullptr, false, isGame && frameCount() > 0))
    importRoomFromGameAtCursor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Read the room the game holds at the selected frame into the editor");
  drawRoomSizeMenuItems();  // room_tools.cpp
  ImGui::EndMenu();
}

bool GuiApp::importRoomFromGameAtCursor() {
  const char* what = "Import room from game";
  if (!sim() || !sim()->gameMachine() || frameCount() == 0) {
    status_ = std::string(what) + ": the open document is not a game with a recording";
    return false;
  }
  if (!canEdit()) return false;
  // A copy seeks, so the debugger's machine stays where it is.
  std::unique_ptr<core::Simulation> copy = sim()->clone();
  std::string error;
  core::MapDocument room;
  if (!copy || !copy->seek(tl_.frame, 0) ||
      !core::importRoomFromGame(copy->scenario().manifest, copy->image().debug,
                                *copy->gameMachine(), &room, &error)) {
    status_ = std::string(what) + ": " + (error.empty() ? "cannot seek the frame" : error);
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
    return false;
  }
  const core::MapDocument& now = map();
  if (room.room.width != now.room.width || room.room.height != now.room.height) {
    status_ = std::string(what) + ": the game's room is " + std::to_string(room.room.width) + "x" +
              std::to_string(room.room.height) + ", the editor's " +
              std::to_string(now.room.width) + "x" + std::to_string(now.room.height);
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
    return false;
  }
  const int cells = now.room.width * now.room.height;
  const int metatiles =
      int(std::min(room.metatiles.metatiles.size(), now.metatiles.metatiles.size()));
  int changed = 0;
  // Cells first, then the collision bytes the attribute table gave back.
  applyEdits(cells + metatiles, [&](int i) -> std::optional<core::Edit> {
    std::optional<core::Edit> e;
    if (i < cells)
      e = core::makePaintCell(sim()->scenario(), i % now.room.width, i / now.room.width,
                              room.room.cells[size_t(i)]);
    else
      e = core::makeSetCollision(sim()->scenario(), i - cells,
                                 room.metatiles.metatiles[size_t(i - cells)].collision);
    if (e) ++changed;
    return e;
  });
  status_ = std::string(what) + ": frame " + std::to_string(tl_.frame) + ", " +
            std::to_string(changed) + " change" + (changed == 1 ? "" : "s") + " (undo reverts)";
  if (opts_.frames > 0) {
    finishSimulation();
    std::printf("script: %s\n", status_.c_str());
  }
  return true;
}

}  // namespace app
