// collidoscope: the GUI. Parses the command line, owns the GLFW window and the
// ImGui context, and runs the frame loop. Panels live in panel_*.cpp.
#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "app/common/paths.h"
#include "app/gui/gl/damage_renderer.h"
#include "app/gui/gl/screenshot.h"
#include "app/gui/gl/tiled_background.h"
#include "app/gui/gui_app.h"
#include "app/gui/layout.h"
#include "app/gui/scripted_run.h"
#include "app/gui/ui_scale.h"
#include "collidoscope_version.h"
#include "core/sim/references.h"
#include "core/util/files.h"

namespace {

void glfwErrorCallback(int code, const char* description) {
  std::fprintf(stderr, "collidoscope: GLFW error %d: %s\n", code, description);
}

// imgui.ini is read and written here rather than by ImGui's own fopen: through
// the one output writer (core/util/files.h), a FIFO or device there is refused
// (never read into a hang, never written), and a crash mid-save never leaves half a layout.
void loadIni(const std::string& path) {
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return;
  std::string error;
  if (const auto text = core::readTextFile(path, &error, core::kMiB))
    ImGui::LoadIniSettingsFromMemory(text->data(), text->size());
  else
    std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
}

void saveIni(const std::string& path) {
  ImGui::GetIO().WantSaveIniSettings = false;
  if (path.empty()) return;
  size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  std::string error;
  static bool told = false;  // a failing save is retried, but said once
  if (!core::writeFileAtomic(path, std::string(text, size), &error, false) && !told) {
    std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
    told = true;
  }
}

// CPU time of the whole process (all threads, llvmpipe's included), in ms.
double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct BenchTotals {
  std::vector<double> ms;  // wall time per frame
  double uiMs = 0;         // building the frame: panels and ImGui::Render, before any GL call
  double dirtyTiles = 0;   // tiles redrawn, summed over the frames
  int tiles = 0;
  double cpuStart = 0;
  double vertices = 0;
};

// Mean and 95th percentile of the measured frame times. Wall time depends on
// how busy the machine is; CPU time per frame is the steadier figure.
void printBench(BenchTotals& b, int width, int height, int recordingFrames) {
  std::vector<double>& ms = b.ms;
  if (ms.empty()) return;
  const double cpu = processCpuMs() - b.cpuStart;
  double sum = 0;
  for (double m : ms) sum += m;
  std::sort(ms.begin(), ms.end());
  const double p95 = ms[std::min(ms.size() - 1, size_t(double(ms.size()) * 0.95))];
  std::printf(
      "bench-frames: %zu frames at %dx%d, recording of %d frames: mean %.2f ms, p95 %.2f ms, "
      "ui %.2f ms, cpu %.2f ms/frame, %.0f vertices/frame, %.0f%% of %d tiles redrawn\n",
      ms.size(), width, height, recordingFrames, sum / double(ms.size()), p95,
      b.uiMs / double(ms.size()), cpu / double(ms.size()), b.vertices / double(ms.size()),
      b.tiles ? 100.0 * b.dirtyTiles / double(ms.size()) / b.tiles : 100.0, b.tiles);
}

constexpr int kBenchWarmup = 20;

// The work area of the monitor that shows most of the rectangle, or false when
// none shows a useful part of it (monitors change between sessions).
bool workAreaShowing(int x, int y, int w, int h, int area[4]) {
  int count = 0, best = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  for (int i = 0; i < count; ++i) {
    int m[4] = {};
    glfwGetMonitorWorkarea(monitors[i], &m[0], &m[1], &m[2], &m[3]);
    const int ox = std::min(x + w, m[0] + m[2]) - std::max(x, m[0]);
    const int oy = std::min(y + h, m[1] + m[3]) - std::max(y, m[1]);
    if (ox >= 100 && oy >= 100 && ox * oy > best) {
      best = ox * oy;
      std::copy(m, m + 4, area);
    }
  }
  return best > 0;
}

// ImGui draws text 1:1 at whole pixels and every filled shape from the atlas's
// white texel, so nearest sampling looks the same as linear and costs a
// software rasteriser (Mesa llvmpipe) less per pixel.
void useNearestFontSampling() {
  const auto texture = GLuint(reinterpret_cast<uintptr_t>(ImGui::GetIO().Fonts->TexID));
  if (texture == 0) return;
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

}  // namespace

int main(int argc, char** argv) {
  app::LaunchOptions opts;
  CLI::App cli{"collidoscope: a debugger and sandbox for NES and Game Boy tile collision"};
  cli.set_version_flag("--version", "collidoscope " COLLIDOSCOPE_VERSION);
  cli.add_option("scenario", opts.scenario, "Scenario to open (maps/*.json)");
  cli.add_option("--open", opts.scenario, "Scenario to open");
  cli.add_option(
      "--open-game", opts.openGame,
      "File > Open game... on this .nes/.gb: opens the scenario beside it that binds it");
  cli.add_flag("--rebuild-game", opts.rebuildGame,
               "File > Rebuild game once the game is open (runs its build command, reloads)");
  cli.add_option(
      "--replace-rom", opts.replaceRom,
      "Copy FILE over the open game's ROM once loaded, then reload (tests reload on change)");
  cli.add_option("--paint", opts.paint,
                 "Paint metatile M at cell COL,ROW once open, as a brush stroke (COL,ROW,M; "
                 "repeatable): an unsaved edit for scripted runs");
  cli.add_option("--resize-room", opts.resizeRoom,
                 "Room > Resize room once open: LEFT,TOP,RIGHT,BOTTOM cells to add (negative: "
                 "remove) on each side; entities move with the left and top edges");
  cli.add_option("--zoom", opts.zoom,
                 "Room view zoom once the room is open: a factor (0.25..32) or fit (as Home)");
  cli.add_option("--pan-step", opts.panStep,
                 "Pan the room view right by PX output pixels every frame, back to the left "
                 "edge at the end (with --bench-frames: the cost of panning a big level)");
  cli.add_option("--rect", opts.rects,
                 "Fill cells COL0,ROW0..COL1,ROW1 with metatile M after --resize-room, as the "
                 "Rect tool (COL0,ROW0,COL1,ROW1,M; repeatable)");
  cli.add_option("--fill", opts.fills,
                 "Flood-fill from cell COL,ROW with metatile M after the rectangles, as the Fill "
                 "tool (COL,ROW,M; repeatable)");
  cli.add_option("--set-view", opts.setView,
                 "Room > Routine view once open, after the room edits: none, follow=NAME, "
                 "screen=N[,row=R] or column=C,row=R, each with ,coordinates=room if the "
                 "routine keeps room coordinates (the scenario's \"view\" block)");
  cli.add_option("--save-as", opts.saveAs,
                 "File > Save as PATH once the scenario is open (and painted, recovered)");
  cli.add_option("--autosave-seconds", opts.autosaveSeconds,
                 "Write a recovery copy of unsaved work every N seconds (default 60; scripted "
                 "runs write none unless this is given)")
      ->check(CLI::Range(0.0, 86400.0));
  cli.add_option("--autosave-first-seconds", opts.autosaveFirstSeconds,
                 "With --autosave-seconds: the first copy comes N seconds after the first edit "
                 "(default 3)")
      ->check(CLI::Range(0.0, 86400.0));
  cli.add_option("--append-routine", opts.appendRoutine,
                 "Type TEXT (and a new line) at the end of the Routine tab's file: an unsaved "
                 "routine edit (repeatable)");
  cli.add_option("--change-on-disk", opts.changeOnDisk,
                 "PART=FILE (PART map, scenario or routine): copy FILE over the open document's "
                 "file as another program would, then poll the files as the app does "
                 "(repeatable)");
  cli.add_flag("--save", opts.save, "File > Save, after the edits and --change-on-disk");
  cli.add_option("--then-open", opts.thenOpen,
                 "Open PATH after the steps above, as the Binding panel's Write... does (unsaved "
                 "work asks first)");
  cli.add_option("--answer", opts.answers,
                 "Press this button in the next prompt that opens: save, discard, cancel "
                 "(Save changes?), overwrite, reload, cancel (Changed on disk); repeatable, "
                 "in order; unanswered prompts stay shown")
      ->check(CLI::IsMember({"save", "discard", "cancel", "overwrite", "reload"}));
  cli.add_flag("--print-document", opts.printDocument,
               "On the way out, print the open document's files and which parts are unsaved");
  cli.add_option("--recover", opts.recover,
                 "Answer the start-up recovery prompt: newest (recover the newest copy), "
                 "discard (remove every copy) or ask (show the prompt, as without --frames)")
      ->check(CLI::IsMember({"newest", "discard", "ask"}));
  cli.add_option("--import", opts.imports,
                 "File > Import... this file once the scenario is open (a Tiled .tmx/.tmj, or "
                 "tile graphics .chr/.2bpp/.1bpp/.png/.tsx/.tsj into the room); repeatable");
  cli.add_option("--export", opts.exports,
                 "File > Export... to this file after the imports (.tmx, .tmj, .s, .inc, .asm, "
                 ".c, .h, .bin); repeatable");
  cli.add_option("--frames", opts.frames, "Render N frames, then exit")->check(CLI::PositiveNumber);
  cli.add_option("--screenshot", opts.screenshot, "Write a PNG of the last frame, then exit");
  cli.add_option("--frame", opts.frame, "Select frame N of the recording")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--step-instructions", opts.stepInstructions,
                 "Step into K instructions of the selected call")
      ->check(CLI::NonNegativeNumber);
  cli.add_option(
         "--overlay", opts.overlays,
         std::string("Turn on a View overlay (repeatable or a comma list): ") + app::overlayNames())
      ->delimiter(',');
  cli.add_option("--play", opts.play, "Play N frames (one per display frame), then step")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--play-speed", opts.playSpeed,
                 "Recording frames --play advances per display frame (default 1)")
      ->check(CLI::Range(1, 1000));
  cli.add_option("--show", opts.show,
                 "Select a tab at start: routine (the routine editor; routine-window: in its own "
                 "window); shortcuts (Help > Keyboard shortcuts); oam or vram (a "
                 "game's Memory panel); binding (the Binding panel of the open game); "
                 "new-scenario (the File > New scenario... dialog); entity-menu (the room's "
                 "right-click menu over the selected entity); view-dialog (Room > Routine "
                 "view..., after the scripted room edits); video:nametables, video:tiles, "
                 "video:oam, video:palettes (View > Video viewers on that tab)")
      ->check(CLI::IsMember({"routine", "routine-window", "oam", "vram", "binding", "shortcuts",
                             "new-scenario", "entity-menu", "view-dialog", "video:nametables",
                             "video:tiles", "video:oam", "video:palettes"}));
  cli.add_flag("--import-room", opts.importRoom,
               "Room > Import room from game at the selected frame (--frame), once loaded");
  cli.add_option("--binding-search", opts.bindingSearch,
                 "Type TEXT into the Binding panel's search (with --open-game or --show binding)");
  cli.add_option("--write-binding", opts.writeBinding,
                 "With --open-game on a ROM nothing binds: write the manifest, map and scenario "
                 "from the suggested picks as SCENARIO (NAME.scenario.json), then open it");
  cli.add_flag("--audit", opts.audit, "Run an audit of the scenario before the first frame");
  cli.add_option("--audit-case", opts.auditCase,
                 "With --audit: open failing case N (of the list --audit-filter/--audit-speed "
                 "keep) in the room and timeline")
      ->check(CLI::NonNegativeNumber);
  cli.add_flag("--audit-diff", opts.auditDiff,
               "Audit Diff against saved (unsaved routine edits, e.g. recovered) and print it");
  cli.add_option("--audit-filter", opts.auditFilter,
                 "With --audit: show these verdict classes only (DRIFT,GAP or all) in the case "
                 "list and heatmap, and print the counts shown");
  cli.add_option("--audit-speed", opts.auditSpeed,
                 "With --audit: show the cases at this speed only (2.5 for a half-pixel case)")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--audit-group", opts.auditGroup,
                 "With --audit: group the cases by cell or by cause, and print the largest groups")
      ->check(CLI::IsMember({"none", "cell", "cause"}));
  cli.add_flag("--why", opts.why,
               "Open the Why window for the selected frame (--frame, --audit-case) and print it");
  cli.add_option("--breakpoint", opts.breakpoints,
                 "Set a breakpoint at a label or $address, optionally \"LABEL if CONDITION\" "
                 "(repeatable); --play stops there");
  cli.add_option("--watchpoint", opts.watchpoints,
                 "Stop --play where a call reads or writes LABEL[,r|w|rw][,BYTES] (repeatable)");
  int benchFrames = 0;
  cli.add_option("--bench-frames", benchFrames,
                 "Play N display frames, then print the mean and 95th-percentile frame time")
      ->check(CLI::PositiveNumber);
  std::string rendererName = "auto";
  cli.add_option("--renderer", rendererName,
                 "How frames are drawn: auto (only the tiles that changed, in the back buffer "
                 "when it keeps its pixels, else offscreen), offscreen, or full (everything, "
                 "every frame)")
      ->check(CLI::IsMember({"auto", "offscreen", "full"}));
  cli.add_option("--width", opts.width,
                 "Window width (default: the size last used, else the monitor's work area; "
                 "scripted runs 1600)")
      ->check(CLI::Range(320, 8192));
  cli.add_option("--height", opts.height, "Window height (default: as --width; scripted runs 900)")
      ->check(CLI::Range(240, 8192));
  // The desk: layout, UI scale, welcome panel, routine editor (issue 21).
  float contentScale = 0;
  cli.add_option("--content-scale", contentScale,
                 "UI scale for fonts and spacing (default: the monitor's content scale)")
      ->check(CLI::Range(0.5, 4.0));
  cli.add_flag("--print-layout", opts.printLayout,
               "After the last frame, print the window, the UI scale and every panel's rectangle");
  cli.add_flag("--welcome", opts.welcome,
               "Open nothing and show the welcome panel (as a start with no scenario does)");
  cli.add_flag("--assemble", opts.assemble,
               "Assemble & run the routine editor's buffers once open (and recovered); prints "
               "the diagnostics");
  cli.add_flag("--revert-routine", opts.revertRoutine,
               "Then Revert every edited routine file, as the Routine tab's Revert does");
  cli.add_flag("--new-room", opts.newRoom,
               "Then File > New room (unsaved work discarded, as the prompt's Discard)");
  // A scenario from nothing (File > New scenario..., the entity menus, the input grid).
  cli.add_option("--new-scenario", opts.newScenario,
                 "File > New scenario... with this routine manifest instead of opening a scenario: "
                 "an empty room, no entities, no input (with --room-size, --cell-size, --name)");
  cli.add_option("--room-size", opts.roomSize,
                 "With --new-scenario: the room in cells, COLUMNSxROWS (default: the routine's "
                 "cell table)");
  cli.add_option("--cell-size", opts.cellSize,
                 "With --new-scenario: 8 or 16 pixel cells (default: 8 for a Game Boy routine or "
                 "a tile map, else 16)")
      ->check(CLI::IsMember({8, 16}));
  cli.add_option("--name", opts.name, "With --new-scenario: the scenario's name");
  cli.add_option("--add-entity", opts.addEntities,
                 "Add an entity starting at X,Y (routine pixels), to TABLE if given (X,Y[,TABLE]; "
                 "repeatable), as the room's Add entity here; refused when the table is full");
  cli.add_option("--duplicate-entity", opts.duplicateEntities,
                 "Then duplicate entity N (repeatable)");
  cli.add_option("--rename-entity", opts.renameEntities,
                 "Then rename entity N (N,NAME; repeatable); an empty or taken name is refused");
  cli.add_option("--remove-entity", opts.removeEntities, "Then remove entity N (repeatable)");
  cli.add_option("--fill-input", opts.fillInput,
                 "Then set frames FIRST..FIRST+COUNT-1 to BUTTONS (FIRST,COUNT,BUTTONS with "
                 "letters UDLRABST; repeatable), growing the script, as the input grid does");
  cli.add_option("--move-panel", opts.movePanel,
                 "At the third frame move panel NAME to X,Y, as a drag would (NAME,X,Y)");
  cli.add_option("--resize", opts.resizeWindow,
                 "At the sixth frame resize the window to W,H, as the user would");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = cli.exit(e);
    return code == 0 ? 0 : 2;
  }
  // The shipped samples name files across maps/ and assets/: never "outside".
  core::trustFolder(app::dataDir());
  for (const std::string& name : opts.overlays) {
    app::ViewState probe;
    if (!app::applyOverlayName(probe, name)) {
      std::fprintf(stderr, "collidoscope: --overlay: unknown overlay \"%s\" (known: %s)\n",
                   name.c_str(), app::overlayNames().c_str());
      return 2;
    }
  }
  if (benchFrames > 0) {
    opts.frames = benchFrames + kBenchWarmup;
    opts.play = opts.frames;
    opts.loopPlay = true;
  }
  if (!opts.screenshot.empty() && opts.frames == 0)
    opts.frames = std::max(10, (opts.play + opts.playSpeed - 1) / opts.playSpeed + 3);

  glfwSetErrorCallback(glfwErrorCallback);
  if (!glfwInit()) {
    std::fprintf(stderr,
                 "collidoscope: cannot initialise GLFW (is there a display? try xvfb-run)\n");
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // The window's size: --width/--height, else (interactive) the size last used,
  // else the monitor's work area; scripted runs default to 1600x900 so their
  // pictures do not depend on the screen.
  const std::string windowStateFile = app::windowStatePath();
  const app::WindowState remembered = app::loadWindowState(windowStateFile);
  opts.arranged = remembered.arranged;
  const bool sizeGiven = cli.count("--width") + cli.count("--height") > 0;
  int workX = 0, workY = 0;
  bool placeAtWork = false;
  int shown[4] = {};
  const bool restore =
      !sizeGiven && opts.frames == 0 && remembered.valid &&
      workAreaShowing(remembered.x, remembered.y, remembered.width, remembered.height, shown);
  if (!sizeGiven && opts.frames == 0) {
    if (restore) {  // no larger than the monitor it is on now
      opts.width = std::clamp(remembered.width, 320, std::max(shown[2], 320));
      opts.height = std::clamp(remembered.height, 240, std::max(shown[3], 240));
    } else if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
      int w = 0, h = 0;
      glfwGetMonitorWorkarea(monitor, &workX, &workY, &w, &h);
      if (w >= 320 && h >= 240) {
        opts.width = w;
        opts.height = h;
        placeAtWork = true;
        glfwWindowHint(GLFW_MAXIMIZED, GLFW_TRUE);  // the window manager fits its frame in
      }
    }
  }
  GLFWwindow* window = glfwCreateWindow(opts.width, opts.height, "Collidoscope", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "collidoscope: cannot create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 2;
  }
  if (placeAtWork) glfwSetWindowPos(window, workX, workY);
  if (restore) {
    glfwSetWindowPos(window, remembered.x, remembered.y);
    if (remembered.maximized) glfwMaximizeWindow(window);
  }
  opts.contentScale = contentScale > 0 ? contentScale : app::windowContentScale(window);
  glfwMakeContextCurrent(window);
  glfwSwapInterval(opts.frames > 0 ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "collidoscope: cannot load OpenGL functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 2;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  static std::string iniPath;
  if (opts.frames > 0) {
    // A scripted run (tests, docs, benchmarks) reads the layout and never writes it.
    const std::string layout = app::layoutToRead();
    loadIni(layout);
    ImGui::GetIO().IniFilename = nullptr;
  } else {
    std::string iniError;
    iniPath = app::userImguiIni(&iniError);
    if (!iniError.empty()) std::fprintf(stderr, "collidoscope: %s\n", iniError.c_str());
    ImGui::GetIO().IniFilename = nullptr;  // saveIni writes it (io.WantSaveIniSettings)
    loadIni(iniPath);
  }
  const std::string font = app::applyUiScale(opts.contentScale);
  // Moved to a monitor of another scale: fonts and spacing follow (unless --content-scale).
  static float pendingScale = 0;
  if (contentScale <= 0)
    glfwSetWindowContentScaleCallback(
        window, [](GLFWwindow*, float x, float y) { pendingScale = std::max(x, y); });
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exitCode = 0;
  {
    app::GuiApp gui(window, opts);
    if (!gui.scriptError().empty()) {
      std::fprintf(stderr, "collidoscope: %s\n", gui.scriptError().c_str());
      exitCode = 2;
      glfwSetWindowShouldClose(window, GLFW_TRUE);
    }
    BenchTotals bench;
    app::DamageRenderer renderer;
    {
      int fbw = 0, fbh = 0;
      glfwGetFramebufferSize(window, &fbw, &fbh);
      renderer.choose(rendererName, fbw, fbh, [window] { glfwSwapBuffers(window); });
      if (opts.frames > 0) {
        std::printf("renderer: %s\n", app::DamageRenderer::modeName(renderer.mode()));
        // Where the samples came from: the install test checks it is the installed tree.
        std::printf("data: %s\n", app::dataDir().c_str());
      }
    }
    for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
      const auto frameStart = std::chrono::steady_clock::now();
      if (frame == kBenchWarmup) bench.cpuStart = processCpuMs();
      glfwPollEvents();
      if (pendingScale > 0 && pendingScale != opts.contentScale && frame > 0) {
        opts.contentScale = pendingScale;
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        app::applyUiScale(opts.contentScale);
        ImGui_ImplOpenGL3_CreateFontsTexture();
        useNearestFontSampling();
        app::bumpTextureGeneration();
        gui.setUiScale(opts.contentScale);
      }
      pendingScale = 0;
      ImGui_ImplOpenGL3_NewFrame();
      if (frame == 0) useNearestFontSampling();  // the atlas exists after the first NewFrame
      ImGui_ImplGlfw_NewFrame();
      // Scripted runs ignore the (virtual) pointer: no hover tooltips in screenshots.
      if (opts.frames > 0) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      ImGui::NewFrame();
      gui.drawFrame();
      app::updateTiledBackground();
      ImGui::Render();
      if (ImGui::GetIO().WantSaveIniSettings) saveIni(iniPath);
      const auto uiDone = std::chrono::steady_clock::now();
      int fbw = 0, fbh = 0;
      glfwGetFramebufferSize(window, &fbw, &fbh);
      float clear[3];
      app::clearColour(clear);
      renderer.render(ImGui::GetDrawData(), fbw, fbh, clear);

      bool last = opts.frames > 0 && frame + 1 >= opts.frames;
      if (last && !opts.screenshot.empty()) {
        std::string error;
        if (app::writeFramebufferPng(opts.screenshot, fbw, fbh, &error)) {
          std::printf("screenshot: %s (%dx%d)\n", opts.screenshot.c_str(), fbw, fbh);
          // Where the room is in the picture, for tests that compare it with collido render.
          const app::RoomViewGeometry& g = gui.roomView();
          if (g.zoom > 0)
            std::printf("room view: origin %.3f,%.3f zoom %.4f clip %.0f,%.0f,%.0f,%.0f\n",
                        g.originX, g.originY, g.zoom, g.clipX0, g.clipY0, g.clipX1, g.clipY1);
        } else {
          std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
          exitCode = 2;
        }
      }
      if (last && opts.printLayout)
        std::printf("%slayout: font %s\n", gui.layoutReport().c_str(), font.c_str());
      glfwSwapBuffers(window);
      if (benchFrames > 0 && frame >= kBenchWarmup) {
        glFinish();  // count the GPU's (llvmpipe's) work too
        std::chrono::duration<double, std::milli> ms =
            std::chrono::steady_clock::now() - frameStart;
        bench.ms.push_back(ms.count());
        bench.uiMs += std::chrono::duration<double, std::milli>(uiDone - frameStart).count();
        bench.vertices += ImGui::GetDrawData()->TotalVtxCount;
        bench.dirtyTiles += renderer.dirtyTiles();
        bench.tiles = renderer.tiles();
      }
      if (last || gui.quitRequested()) break;
    }
    if (benchFrames > 0) printBench(bench, opts.width, opts.height, gui.recordingFrames());
    if (opts.frames == 0) {  // remembered for the next start (scripted runs write nothing)
      app::WindowState state;
      state.valid = true;
      state.maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) == GLFW_TRUE;
      glfwGetWindowPos(window, &state.x, &state.y);
      glfwGetWindowSize(window, &state.width, &state.height);
      state.arranged = gui.layoutArranged();
      std::string error;
      if (!app::saveWindowState(windowStateFile, state, &error))
        std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
    }
  }

  if (!iniPath.empty()) saveIni(iniPath);  // as ImGui did on shutdown
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exitCode;
}
