// What the editing half of the GUI remembers between frames: the tool, the
// selected metatile, the undo history, the gesture in progress, the files
// behind the document, and the dialogs. The edits themselves are core's
// (core/edit); this is only the GUI's side of them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/file_dialog.h"
#include "app/gui/gl/gl_texture.h"
#include "app/gui/recent_files.h"
#include "app/gui/room_scene_imgui.h"
#include "app/gui/tile_atlas.h"
#include "core/check/verdict.h"
#include "core/edit/history.h"

namespace core {
struct AuditResult;
}

namespace app {

// Room tools: Select (entities), Paint (brush), Bits (collision edges), Rect
// (filled rectangle), Fill (flood fill), Region (a selection for copy/cut/paste).
enum class Tool { Select, Paint, Bits, Rect, Fill, Region };

// Why the file dialog is open, and what follows an answer to "save changes?".
enum class FileAction {
  None,
  Open,
  SaveAs,
  New,  // the New scenario dialog's Create (replaces the document: asks to save first)
  Quit,
  OpenPath,
  OpenGame,
  OpenGamePath,
  Import,             // File > Import...: the dialog
  ImportPath,         // the chosen file (replaces the document, so it asks to save first)
  Export,             // File > Export...: the dialog, then the file is written
  NewRoom,            // File > New room: the routine and size of the open one, clean
  NewScenario,        // File > New scenario...: the dialog (new_scenario.cpp)
  NewScenarioBrowse,  // its Browse...: the file dialog for a manifest, then the dialog again
};

struct EditState {
  Tool tool = Tool::Paint;
  int metatile = 1;  // selected in the Tiles window; the brush
  core::EditHistory history;
  // The scenario is untitled until first saved (opened from a map alone, or New).
  bool scenarioUntitled = false;
  bool scenarioDirtyExtra = false;  // changed outside the history (e.g. its map moved)
  bool mapDirtyExtra = false;       // the map changed outside the history (recovered)

  // The room-view gesture in progress.
  bool painting = false;
  int paintCol = -1, paintRow = -1;  // the cell painted last in this stroke
  int dragEntity = -1;
  int dragStartX = 0, dragStartY = 0;  // entity position when the drag began
  float dragMouseX = 0, dragMouseY = 0;
  bool spacePanned = false;  // Space was held for a pan: its release does not play
  std::string hint;          // what a click would do, for the room's tooltip

  // File > New scenario... (new_scenario.cpp): the dialog's fields.
  bool newScenarioAsk = false;  // open the dialog on the next frame
  char newManifest[1024] = {};
  int newSize[2] = {16, 15};
  int newCellSize = 16;
  char newName[64] = "untitled";
  std::string newError;    // why Create was refused
  std::string newSizeFor;  // the manifest the size fields were defaulted for
  std::string newInfo;     // what that manifest is (cpu, table), or why it does not load
  std::string lastFolder;  // the folder of the last file chosen in a file dialog
  // Entity context menus and Rename (entity_edit.cpp).
  int menuEntity = -1;       // the entity under the pointer when the menu opened (-1: none)
  int menuX = 0, menuY = 0;  // where "Add entity here" puts one (routine pixels)
  bool renameAsk = false;    // open the Rename dialog on the next frame
  int renameEntity = -1;
  char renameText[64] = {};
  std::string renameError;

  // Input recording from the keyboard (or a gamepad) while playing.
  bool recordInput = false;
  int recordFrame = -1;     // the last frame written (or shown, while paused)
  bool recordTake = false;  // a take is in progress: its edits form one undo step
  // The input grid: the row a drag paints and the value it paints.
  int inputPaintRow = -1;
  bool inputPaintValue = false;
  int inputPaintLast = 0;   // the frame painted last in this drag
  int inputViewFrame = -1;  // the frame the grid last scrolled to
  int inputMenuFrame = 0;   // the frame the grid's right-click menu acts on

  // Bumped by every change of the document or its recording (the debugger's
  // trace, the minimap and the video memory follow it). The verdicts are the
  // workspace's (core::Workspace::judged(), with its own generation).
  uint64_t generation = 0;

  // Dialogs.
  FileDialog dialog;
  FileAction dialogAction = FileAction::None;
  FileAction pendingAction = FileAction::None;  // waits on the "save changes?" prompt
  std::string pendingPath;
  bool askSave = false;
  RecentFiles recent;
  std::string title;  // last window title set

  TileAtlas atlas;
  HeatTexture heat;  // the audit heatmap as the room view last uploaded it

  // Region tools (room_edit.cpp): the rectangle being dragged, the selection
  // and the clipboard of cells.
  bool rectDragging = false;
  int rectCol = 0, rectRow = 0;  // the corner the drag started on
  bool selecting = false;
  bool hasSelection = false;
  int selCol0 = 0, selRow0 = 0, selCol1 = 0, selRow1 = 0;  // inclusive, either order
  core::CellClip clipboard;
  // Room > Resize room... (room_tools.cpp): the dialog's cells per side.
  bool showResize = false;
  int resizeBy[4] = {0, 0, 0, 0};  // left, top, right, bottom
  // Room > Routine view... (room_tools.cpp): the view being set in the dialog.
  bool showView = false;
  core::ViewSpec viewDraft;
  // A resize asks the room view (panel_room.cpp) for a first fit again: one
  // that stops at zoom 1.
  bool fitAtOne = false;
  bool minimapDragging = false;
  int minimapPrinted = -1;                 // scripted runs print the minimap's place once
  std::vector<core::Rgba> minimapColours;  // per metatile, for the edit generation below
  uint64_t minimapGeneration = ~0ull;
  // Metatile and tile editing (tile_editor.cpp).
  int tile = 0;              // the CHR tile selected in the tile sheet
  int tileSlot = 0;          // the metatile's slot a picked tile goes to (0..3)
  uint8_t drawColour = 3;    // the palette index the pixel editor draws with
  bool drawingTile = false;  // a pixel stroke is in progress (one undo step)
  int deleteAsk = -1;        // a used metatile waits for "replace its cells with 0?"
  bool editingPalette = false;
};

}  // namespace app
