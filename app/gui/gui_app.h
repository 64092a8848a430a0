// The GUI's top-level object: owns the open document (the workspace with its
// simulation, the edit history, the files behind it), the view state and the
// timeline the panels share, and draws one ImGui frame. The panels (panel.h)
// are one file each (panel_*.cpp), a class holding its own state, made from
// the registry and drawn from a PanelContext; they call the public services
// below and never own core logic.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/audit_panel.h"
#include "app/gui/debugger.h"
#include "app/gui/routine_editor.h"
#include "core/workspace/audit_job.h"
#include "core/workspace/sim_job.h"

#include "app/gui/edit_state.h"
#include "app/gui/layout.h"
#include "app/gui/panel.h"
#include "app/gui/shortcuts.h"
#include "core/check/audit.h"
#include "core/check/audit_query.h"
#include "core/game/binding_model.h"
#include "core/game/rom.h"
#include "core/scene/room_scene.h"
#include "core/sim/new_scenario.h"
#include "core/sim/simulation.h"
#include "core/util/file_watch.h"
#include "core/workspace/recovery.h"
#include "core/workspace/workspace.h"

struct GLFWwindow;
struct ImDrawList;

namespace app {

struct BindingPanelState;  // panel_binding.cpp's (app/gui/binding_panel.h)

struct LaunchOptions {
  std::string scenario;
  std::string screenshot;
  int frames = 0;
  int width = 1600;
  int height = 900;
  int frame = -1;                     // --frame N: select this frame after loading
  int stepInstructions = 0;           // --step-instructions K: step into K instructions
  std::vector<std::string> overlays;  // --overlay NAME: View overlays to turn on
  int play = 0;                       // --play N: play N frames before stepping
  int playSpeed = 1;                  // --play-speed S: recording frames per display frame
  bool loopPlay = false;              // playback wraps around (--bench-frames)
  bool audit = false;                 // --audit: run an audit before the first frame
  int auditCase = -1;                 // --audit-case N: then open failing case N
  bool auditDiff =
      false;  // --audit-diff: Diff against saved once open (and recovered); prints the counts
  // Findings you can read (panel_audit.cpp): with --audit, the Audit panel's
  // filter and grouping, and the Why window for the selected frame; each prints
  // what it shows.
  std::string auditFilter;               // --audit-filter DRIFT,GAP: the classes shown
  double auditSpeed = 0;                 // --audit-speed S: cases at this speed only
  std::string auditGroup;                // --audit-group cell|cause
  bool why = false;                      // --why: open the Why window for the selected frame
  std::vector<std::string> breakpoints;  // --breakpoint LABEL|$ADDR [if COND]: --play stops there
  std::vector<std::string> watchpoints;  // --watchpoint LABEL[,r|w|rw]: --play stops there
  std::string show;                      // --show routine: select the Routine tab
  std::string openGame;                  // --open-game ROM: File > Open game... on this ROM
  std::string replaceRom;                // --replace-rom FILE: copy over the ROM, then reload
  bool rebuildGame = false;              // --rebuild-game: File > Rebuild game once loaded
  std::string bindingSearch;             // --binding-search TEXT: the Binding panel's search
  std::string writeBinding;              // --write-binding SCENARIO: its Write... with the picks
  bool importRoom = false;               // --import-room: Room > Import room from game at --frame
  std::vector<std::string> imports;      // --import FILE: File > Import... once loaded
  std::vector<std::string> exports;      // --export FILE: File > Export... after the imports
  std::vector<std::string> paint;        // --paint COL,ROW,METATILE: an edit, as a brush stroke
  std::string saveAs;                    // --save-as PATH: File > Save as once the script ran
  double autosaveSeconds = -1;           // --autosave-seconds N (scripted runs: off unless set)
  double autosaveFirstSeconds = -1;      // --autosave-first-seconds N: the first copy's delay (3)
  std::string recover;                   // --recover newest|discard: answers the recovery prompt
  // Lost work (scripted_run.cpp, disk_conflict.cpp), after the edits above, in this order:
  std::vector<std::string> appendRoutine;  // --append-routine TEXT: typed at the end of the
                                           // Routine tab's current file (an unsaved edit)
  std::vector<std::string> changeOnDisk;   // --change-on-disk map|scenario|routine=FILE:
                                           // another program writes FILE there; then polled
  bool save = false;                       // --save: File > Save
  std::string thenOpen;                    // --then-open PATH: File > Open PATH
  std::vector<std::string> answers;        // --answer A: the next prompt's button, in order
  bool printDocument = false;              // --print-document: the document and its unsaved
                                           // parts, printed on the way out
  // The desk (layout.h, ui_scale.h, shortcuts.h, welcome.cpp).
  float contentScale = 1;      // the UI scale main.cpp chose (--content-scale, else the monitor's)
  bool arranged = false;       // window.json: the user arranged the panels (imgui.ini holds them)
  bool printLayout = false;    // --print-layout: print the window and every panel's rectangle
  bool assemble = false;       // --assemble: Assemble & run the routine editor's buffers once open
  bool revertRoutine = false;  // --revert-routine: then the Routine tab's Revert on every file
  bool newRoom = false;        // --new-room: then File > New room
  // A scenario from nothing (new_scenario.cpp, entity_edit.cpp): File > New
  // scenario... with these answers, then the entity and input edits, in order.
  std::string newScenario;                     // --new-scenario MANIFEST
  std::string roomSize;                        // --room-size WxH (default: the routine's table)
  int cellSize = 0;                            // --cell-size 8|16
  std::string name;                            // --name NAME
  std::vector<std::string> addEntities;        // --add-entity X,Y[,TABLE]: as a click in the room
  std::vector<std::string> duplicateEntities;  // --duplicate-entity N
  std::vector<std::string> renameEntities;     // --rename-entity N,NAME
  std::vector<std::string> removeEntities;     // --remove-entity N
  std::vector<std::string> fillInput;          // --fill-input FIRST,COUNT,BUTTONS
  bool welcome = false;                        // --welcome: open nothing, show the welcome panel
  std::string movePanel;     // --move-panel NAME,X,Y: at frame 3, as a user's drag would
  std::string resizeWindow;  // --resize W,H: at frame 6, as the user resizing the window
  // Room edits for scripted runs (room_tools.cpp), applied after the recovery, before --paint.
  std::string resizeRoom;          // --resize-room L,T,R,B: cells added (+) or removed (-)
  std::vector<std::string> rects;  // --rect C0,R0,C1,R1,M: the Rect tool's edit
  std::vector<std::string> fills;  // --fill COL,ROW,M: the Fill tool's edit
  std::string setView;             // --set-view none|follow=NAME|screen=N|column=C,row=R[,...]
  // The room view for scripted screenshots and --bench-frames (panel_room.cpp).
  std::string zoom;   // --zoom Z or "fit": set once the room is first fitted
  float panStep = 0;  // --pan-step PX: pan right by PX output pixels every frame, wrapping
};

// Recovery copies of unsaved work (autosave.cpp, core/workspace/recovery.h):
// this session's file, when it was last written, and the start-up prompt.
struct RecoveryState {
  bool enabled = false;
  std::string file;                         // this session's recovery file
  double interval = 60;                     // seconds between autosaves while dirty
  double firstDelay = 3;                    // ... and from the first edit to the first one
  double nextWrite = -1;                    // ImGui time the next is due (-1: clean, none due)
  double lastStage = -1e9;                  // ... and of the last text staged for a crash
  size_t stagedKey = 0;                     // what the staged text was made from
  bool onDisk = false;                      // the file holds this session's work
  std::vector<core::RecoveryInfo> offered;  // other sessions' files, for the prompt
  bool showPrompt = false;
};

// A document file another program changed while it was open
// (disk_conflict.cpp): what each file held when last read or written, and the
// prompt that asks whether to overwrite it, reload it or wait.
struct DiskFile {
  enum class Kind { Map, Scenario, Routine };
  Kind kind = Kind::Map;
  std::string path;
  std::vector<std::string> changes;  // how the disk's version differs from the open one
  std::string unreadable;            // why the disk's version does not load ("" when it does)
};
struct DiskConflictState {
  core::FileBaseline scenario, map;  // the document's two files as last read or written
  core::FileWatch watch;             // the same two, polled with the game's files
  std::vector<DiskFile> files;       // what the prompt is about
  bool ask = false;                  // open the prompt on the next frame
  bool saving = false;               // Save asked: Overwrite saves
  bool editorSave = false;           // ... the Routine tab's Save all did
};

// File > Import... and Export... (interop_document.cpp): the extensions each
// dialog lists, and whether a path names a Tiled map (opened like a map).
const std::vector<std::string>& importExtensions();
const std::vector<std::string>& exportExtensions();
bool isTiledMapPath(const std::string& path);

// A built game as the document (game_document.cpp): the watched files, the
// game's warnings and the Open game... summary of a ROM nothing binds yet.
struct GameDocState {
  core::FileWatch watch;
  double nextPoll = 0;
  std::vector<std::string> warnings;  // Simulation::warnings() of the open document
  std::vector<std::string> info;      // the unbound ROM's summary lines
  std::string infoTitle;
  bool showInfo = false;
  std::optional<core::game::RomFile> rom;  // the open game's ROM, for the bank at a PC
};

// Whether the panels follow the window (automatic) or the user's arrangement.
struct LayoutState {
  bool automatic = true;
  bool resetRequested = false;
  bool seeded = false;             // panels imgui.ini lacks got their default place
  std::vector<PanelRect> applied;  // where they were put last (automatic only)
};

class GuiApp {
 public:
  GuiApp(GLFWwindow* window, const LaunchOptions& opts);
  void drawFrame();
  bool quitRequested() const { return quit_; }
  int recordingFrames() const { return frameCount(); }
  // A scripted-run flag that could not be applied (bad label, no such case).
  const std::string& scriptError() const { return scriptError_; }
  const RoomViewGeometry& roomView() const { return view_.roomGeometry; }
  const std::string& status() const { return status_; }
  // The window, work area, scale and every shown panel's rectangle (--print-layout).
  std::string layoutReport() const;
  // The user moved or resized a panel (and has not reset the layout since).
  bool layoutArranged() const { return !layout_.automatic; }
  // The monitor's content scale changed (main.cpp rebuilt the font atlas).
  void setUiScale(float scale) { view_.uiScale = scale; }
  // Writes a last recovery copy when work is unsaved, else removes this session's file.
  ~GuiApp();

  // The panels (panel_*.cpp), drawn through their PanelRegistrar (panel_registry.h).
  void drawEntityPanel();
  void drawAuditPanel();
  void drawBindingPanel();
  void drawRoutineWindow();
  void drawWelcome();

  // The document's services the panels (panel.h) call.
  int frameCount() const;
  EditState& edit() { return edit_; }
  void setStatus(std::string text) { status_ = std::move(text); }
  void runShortcut(Action action);
  // In place of a panel's frames: the run under way (with its progress when
  // `progress`), why there is no recording, or that no scenario is open.
  void drawNoRecording(bool progress);
  void drawInputEditor();  // input_editor.cpp
  // Opens a panel's window at its default place and size. Returns false, with
  // the window already ended, when it is collapsed or has nothing to show: no
  // scenario open, or (with needsFrames) no recorded frames yet.
  bool beginPanel(const char* title, float x, float y, float w, float h, bool needsFrames);
  // Keeps the debugger on the shown simulation and the selected call.
  void ensureTrace();
  // The debugger's cursor (frame, entity, step): what a view last followed.
  CursorKey cursorKey() const;
  // The source line at `pc` at the cursor; in banked code, the bank mapped there.
  std::optional<core::DebugInfo::Where> sourceLineAt(uint16_t pc);
  RoutineEditorState& routineEditor() { return editor_; }
  const LaunchOptions& options() const { return opts_; }
  // Bumped whenever the simulation is replaced by another document.
  uint64_t documentId() const { return simId_; }
  // The open scenario's map, or an empty room while nothing is open.
  const core::MapDocument& map() const { return sim() ? sim()->scenario().map : placeholder_; }
  // The room view's editing gestures (room_edit.cpp), its minimap (room_tools.cpp)
  // and its entity menu (entity_edit.cpp).
  void editRoom(float ox, float oy, float zoom, bool hovered);
  bool drawMinimap(ImDrawList* dl, ImVec2 clip0, ImVec2 clip1, bool hovered);
  void drawRoomEntityMenu();
  // Pushes the edit on the history and re-simulates from what it can affect.
  void applyEdit(const std::optional<core::Edit>& edit);
  // Metatiles, tiles and palette, for the Tiles panel (tile_editor.cpp).
  void drawMetatileMenu(int metatile);
  void drawDeleteMetatilePrompt();
  void drawMetatileComposer();
  void drawTileSheet();
  void drawPixelEditor();
  void drawPaletteEditor();
  void drawRoutineEditor();  // the Source window's Routine tab (panel_routine.cpp)

 private:
  // The routine's image changed (assembled, rebuilt): each panel hears of it.
  void imageChanged();
  bool openScenario(const std::string& path);
  // Keys: the one table in shortcuts.h, dispatched to runShortcut.
  void handleShortcuts();
  void drawDebugMenu();
  void drawViewMenu();
  // Layout (layout.cpp): places the panels before they draw, while automatic.
  void layoutPanels();
  bool userMovedPanel() const;
  void resetLayout();
  WorkArea workArea() const;
  float statusBarHeight() const;
  void runDeskScript();                  // --assemble, --revert-routine, --new-room
  void runLayoutScript(int imguiFrame);  // --move-panel, --resize
  void drawMenuBar();
  void drawAbout();
  void drawStatus();
  // Re-executes the selected call with instruction tracing when the selection changed.

  // Editing: document.cpp (files, title, quit prompt), edit_actions.cpp (undo,
  // re-simulation, verdicts), panel_tiles.cpp, room_edit.cpp, input_editor.cpp.
  void drawFileMenu();
  void drawEditMenu();
  void drawDocumentDialogs();
  void requestAction(FileAction action, const std::string& path = {});
  void runAction(FileAction action, const std::string& path);
  void newRoom();
  // File > New scenario... (new_scenario.cpp): the dialog, and the document it makes.
  std::string dialogStart(bool save) const;  // where a file dialog starts (document.cpp)
  void openNewScenarioDialog();
  void drawNewScenarioDialog();
  void createScenarioFromDialog();
  bool createScenario(const core::NewScenarioSpec& spec);
  bool hasEntities();  // false, saying why, while a new scenario has none to save
  void newScenarioForScript();
  // Entities added, removed, duplicated and renamed (entity_edit.cpp).
  void applyEntityEdit(const std::optional<core::Edit>& edit, const std::string& error);
  bool routineHolds(const core::Edit& edit, std::string* why);  // the binding takes the list
  void addEntityAt(int x, int y, const std::string& table);
  void drawEntityMenuItems(int entity, bool here);
  void drawEntityFooterMenu();  // panel_entities.cpp
  void drawRenameEntityDialog();
  void placeEntityAtPointer(float ox, float oy, float zoom);
  void entitiesForScript();
  bool openPath(const std::string& path);
  bool openMap(const std::string& path);
  // Import and export (interop_document.cpp).
  bool adoptImportedMap(core::MapDocument map, const std::string& what);
  bool openTiled(const std::string& path);
  bool importPath(const std::string& path);
  bool exportPath(const std::string& path);
  void runImportExportScript();
  bool saveDocument();
  bool saveDocumentAs(const std::string& path);
  void documentOpened(const std::string& path, bool untitledScenario);
  void updateTitle();
  void drawDocumentName();  // right end of the menu bar: file name and `*`
  bool dirty() const;
  bool canEdit();  // a document is open and shown (not an audit case); says why not
  // Makes and applies make(0) .. make(count - 1) in order, then re-simulates once.
  void applyEdits(int count, const std::function<std::optional<core::Edit>(int)>& make);
  void undo();
  void redo();
  void resimulate();                                           // the whole recording
  void resimulateAfter(const std::vector<core::Edit>& edits);  // from what they can affect
  // Re-simulation on a worker (resimulation.cpp): the simulation is replaced when a run ends.
  void replaceSimulation(std::unique_ptr<core::Simulation> sim);  // a new document or case
  void requestSimulation(int from, bool mapChanged);              // waits briefly, then runs on
  void startSimulation();
  void pollSimulation();    // adopts a finished run; starts the next queued one
  void finishSimulation();  // waits for every queued run (scripted runs)
  bool recordingStale() const;
  void drawSimulationStatus();
  void recordingChanged();
  void recordInputFrame();
  // Rooms of any size and region tools (room_edit.cpp, room_tools.cpp).
  bool handleRoomKeys(int col, int row, bool overRoom);  // true: an edit was applied
  void pickMetatileAt(int col, int row);
  void drawRoomSizeMenuItems();
  void drawResizeDialog();
  void drawViewDialog();
  void editRoomForScript();
  void drawHitboxEditor();

  // Autosave and recovery: autosave.cpp.
  void startRecovery();
  void autosave(double now);
  bool writeRecoveryNow(std::string* error);
  core::RecoveryDocument recoveryDocument() const;
  bool recoverFrom(const core::RecoveryInfo& info);
  void rejectedRecovery(const std::string& kept, const std::string& why);
  void drawRecoveryPrompt();
  void paintForScript();

  // Files changed on disk by another program: disk_conflict.cpp.
  bool mapDirty() const;
  bool scenarioDirty() const;
  // The document's files (those asked for, and any at a new path) as on disk
  // now are the baselines; both are watched.
  void takeDiskBaselines(bool scenario = true, bool map = true);
  bool pollDocumentFiles();  // true: a change of the map or scenario file was seen
  DiskFile describeMapOnDisk(const std::string& path) const;
  DiskFile describeScenarioOnDisk(const std::string& path) const;
  std::optional<DiskFile> routineOnDisk(const EditorFile& f) const;  // nullopt: as saved
  std::vector<DiskFile> saveConflicts(bool map, bool scenario, bool routine);
  void askAboutDisk(std::vector<DiskFile> files, bool saving, bool editorSave);
  bool adoptFromDisk(std::optional<core::Scenario> scenario, std::optional<core::MapDocument> map,
                     const std::string& why, const std::string& done = {});
  void overwriteDisk();
  void reloadConflicts();
  void drawDiskConflict();
  std::string scriptedAnswer(const char* prompt);  // --answer: the next one, "" when none
  void documentScript();                           // --append-routine ... --then-open
  void printDocument() const;

  // Games and reload on change: game_document.cpp.
  bool openGame(const std::string& romPath);
  void rebuildGame();
  void watchDocumentFiles();
  void showWarnings();
  void drawWarningsTooltip();
  void pollFileWatch(double now);
  void filesChanged(const std::vector<std::string>& changed);
  bool reloadFromDisk(const std::string& why);
  void drawGameInfo();
  void replaceRomForScript();
  // The Binding panel: panel_binding.cpp.
  bool openBindingPanel(const std::string& romPath);  // false: the ROM does not load
  void bootBindingModel(BindingPanelState& b);
  core::game::PeekFn bindingPeek();
  void drawBindingPicks(const core::game::PeekFn& peek);
  void drawBindingTable(const core::game::PeekFn& peek);
  bool writeBindingFiles(const std::string& scenarioPath);
  void useSuggestedBindings();
  core::MapDocument bindingRoom(BindingPanelState& b);
  // Room > Import room from game (game_room.cpp).
  void drawRoomMenu();
  bool importRoomFromGameAtCursor();

  // Debugger, routine editor and audit: panel_cpu/memory/source/routine/audit.cpp.
  void resetDebugger();
  void runScript();
  void debugStep(StepKind kind);
  bool stopAtBreakpoint(int fromFrame);
  void applyScriptOptions();
  void syncEditorFiles();
  bool assembleRoutine();
  bool saveEditorFile(EditorFile& f);
  void jumpToDiagnostic(const core::Diagnostic& d);
  void drawEditorToolbar();
  void revertEditorFile(int index);
  void drawDiagnostics(float height);
  void drawEditorText(EditorFile& f, float height);
  void startAudit();
  void startAuditDiff();
  void auditDiffForScript();
  void auditForScript();
  bool routineHasUnassembledEdits() const;
  bool routineHasUnsavedEdits();
  core::Simulation& auditBase();
  void pollAudit();
  void openAuditCase(int index);
  void closeAuditCase();
  void drawAuditControls();
  void drawAuditDiff(const core::AuditDiff& d);
  void drawVerdictTable(const core::AuditResult& r);
  void drawFailureList(const core::AuditResult& r);
  void drawAuditFilters(const core::AuditResult& r);
  void refreshAuditSelection();
  void printAuditSelection();           // scripted runs: what the panel and heatmap show
  std::vector<std::string> whyLines();  // the selected frame's verdict explained
  void printWhy();

 public:
  // The Room view's heatmap: the selected classes only, with their legend.
  void applyAuditHeat(core::SceneInput& in);
  void drawWhyWindow();

 private:
  uint64_t debuggerGeneration_ = ~0ull;  // the recording generation it follows
  RoutineEditorState editor_;
  AuditPanelState audit_;
  int scriptPlayed_ = 0;
  std::string scriptError_;
  bool scriptDone_ = false;
  LayoutState layout_;

  GLFWwindow* window_;
  LaunchOptions opts_;
  // The document's simulation, judged recording and debugger (core); the
  // panels display them. sim() is null while nothing is open.
  core::Workspace ws_;
  core::Debugger& debugger_ = ws_.debugger();
  // One of each registered panel (panel_registry.h), in drawing order; each
  // holds its own state. Destroyed before the workspace they read.
  std::vector<std::unique_ptr<Panel>> panels_;
  core::Simulation* sim() const { return ws_.simulation(); }
  uint64_t simId_ = 0;           // bumped whenever the simulation is replaced by another document
  core::SimRequest simPending_;  // what the shown recording does not reflect yet
  bool simUserCancelled_ = false;
  // Why there is no recording (a run after an edit could not start); empty otherwise.
  std::string noRecordingReason_;
  core::MapDocument placeholder_;
  std::string status_;
  ViewState view_;
  TimelineState tl_;
  bool quit_ = false;
  EditState edit_;
  GameDocState game_;
  RecoveryState recovery_;
  DiskConflictState disk_;
  size_t answersUsed_ = 0;                      // --answer: how many prompts took one
  std::shared_ptr<BindingPanelState> binding_;  // shared_ptr: the type is incomplete here
};

}  // namespace app
