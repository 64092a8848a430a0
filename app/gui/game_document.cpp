// A built game as the open document: File > Open game... (a ROM, then the
// scenario or manifest beside it that binds it), File > Rebuild game, the
// game's warnings, and reload on change: the files the document was built from
// (core::documentFiles) are polled about twice a second, and when the user
// rebuilds the ROM or edits the manifest or a source elsewhere, the simulation
// is built again from the scenario in memory (map edits kept), keeping the
// frame and entity shown. A rebuild that fails keeps the old simulation.
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "app/gui/gui_app.h"
#include "core/util/files.h"
#include "core/workspace/game_files.h"

namespace fs = std::filesystem;

namespace app {

namespace {

constexpr double kWatchInterval = 0.5;  // seconds between polls of the watched files

std::string fileName(const std::string& path) {
  return fs::path(path).filename().string();
}

bool samePath(const std::string& a, const std::string& b) {
  std::error_code ec;
  return a == b || fs::equivalent(a, b, ec);
}

}  // namespace

void GuiApp::watchDocumentFiles() {
  if (!sim()) {
    game_.watch.clear();
    return;
  }
  game_.watch.watch(core::documentFiles(*sim()));
  game_.rom.reset();
  if (const auto& g = sim()->scenario().manifest.game) {
    core::game::RomFile rom;
    std::string error;
    if (core::game::loadRom(g->rom, rom, &error)) game_.rom = std::move(rom);
  }
  showWarnings();
}

std::optional<core::DebugInfo::Where> GuiApp::sourceLineAt(uint16_t pc) {
  const core::DebugInfo& debug = sim()->image().debug;
  if (!game_.rom) return debug.lineFor(pc);
  const std::vector<uint8_t>& bus = debugger_.memory().now;
  const int bank = core::bankAtPc(debug, *game_.rom, pc, [&](uint16_t a) -> uint8_t {
    return a < bus.size() ? bus[a] : sim()->machine().peek(a);
  });
  return debug.lineFor(pc, bank);
}

void GuiApp::showWarnings() {
  game_.warnings = sim() ? sim()->warnings() : std::vector<std::string>{};
  if (game_.warnings.empty()) return;
  const size_t n = game_.warnings.size();
  status_ += "  |  " + std::to_string(n) + " warning" + (n == 1 ? "" : "s") + ": " +
             game_.warnings.front() + (n > 1 ? " (hover for all)" : "");
  for (const std::string& w : game_.warnings)
    std::fprintf(stderr, "collidoscope: warning: %s\n", w.c_str());
}

void GuiApp::drawWarningsTooltip() {
  if (game_.warnings.empty() || !ImGui::IsWindowHovered()) return;
  ImGui::BeginTooltip();
  for (const std::string& w : game_.warnings) ImGui::BulletText("%s", w.c_str());
  ImGui::EndTooltip();
}

void GuiApp::pollFileWatch(double now) {
  if (now < game_.nextPoll) return;
  game_.nextPoll = now + kWatchInterval;
  if (!sim() || audit_.openedCase >= 0) return;  // an audit case is shown: reload on return
  const std::vector<std::string> changed = game_.watch.poll();
  if (!changed.empty()) filesChanged(changed);
  pollDocumentFiles();  // the map and scenario (disk_conflict.cpp)
}

void GuiApp::filesChanged(const std::vector<std::string>& changed) {
  // A routine source the editor holds: reload an unmodified buffer and
  // re-assemble through the editor; never overwrite a modified one.
  bool others = false;
  bool reassemble = false;
  for (const std::string& path : changed) {
    auto f = std::find_if(editor_.files.begin(), editor_.files.end(),
                          [&](const EditorFile& e) { return samePath(e.path, path); });
    if (f == editor_.files.end()) {
      others = true;
      continue;
    }
    if (f->dirty()) {
      // Unsaved edits: overwrite, reload or wait (disk_conflict.cpp).
      if (auto disk = routineOnDisk(*f)) askAboutDisk({std::move(*disk)}, false, false);
      continue;
    }
    std::string error;
    auto text = core::readTextFile(f->path, &error);
    if (!text) {
      status_ = "Cannot reload " + fileName(path) + ": " + error;
      continue;
    }
    f->text = f->saved = *text;
    reassemble = true;
  }
  if (others) {
    std::string names;
    for (const std::string& p : changed) names += (names.empty() ? "" : ", ") + fileName(p);
    reloadFromDisk(names + " changed on disk");
  } else if (reassemble) {
    assembleRoutine();
    status_ = "Reloaded the routine's sources from disk; " + status_;
  }
}

bool GuiApp::reloadFromDisk(const std::string& why) {
  if (!sim()) return false;
  closeAuditCase();
  std::unique_ptr<core::Simulation> fresh;
  std::string error;
  if (!core::rebuildFromDisk(sim()->scenario(), fresh, &error) ||
      !core::roomEncodes(*fresh, &error)) {
    status_ = why + "; reload failed, the previous build stays: " + error;
    std::fprintf(stderr, "collidoscope: %s\n", status_.c_str());
    // Take the new state as the baseline: the next change tries again.
    game_.watch.watch(game_.watch.paths());
    return false;
  }
  const TimelineState keep = tl_;
  replaceSimulation(std::move(fresh));
  requestSimulation(0, true);
  tl_ = keep;
  tl_.playing = false;
  ++edit_.generation;  // the debugger's trace and cursor belong to the old image
  imageChanged();      // the sources may have changed with the build
  // The editor re-reads the rebuilt sources, unless it holds unsaved work.
  if (unsavedFileCount(editor_) == 0) discardEditorFiles(editor_);
  status_ = why + ": reloaded and re-simulated";
  watchDocumentFiles();
  if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  return true;
}

void GuiApp::rebuildGame() {
  if (!sim() || !sim()->scenario().manifest.game) {
    status_ = "Rebuild game: the open document is not a game";
    return;
  }
  reloadFromDisk(sim()->scenario().manifest.game->buildCommand.empty()
                     ? std::string("Rebuild (the manifest has no build command: ROM reloaded)")
                     : "Rebuilt with \"" + sim()->scenario().manifest.game->buildCommand + "\"");
}

bool GuiApp::openGame(const std::string& romPath) {
  const core::GameBindings found = core::findGameBindings(romPath);
  game_.info.clear();
  if (!found.scenarios.empty()) {
    const std::string& first = found.scenarios.front();
    if (!openPath(first)) return false;
    if (found.scenarios.size() > 1) {
      status_ = "Opened " + fileName(first) + ", the first of " +
                std::to_string(found.scenarios.size()) + " scenarios that bind " +
                fileName(romPath) + " (File > Open for another)";
      showWarnings();  // documentOpened's were overwritten
    }
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
    return true;
  }
  game_.info = core::describeUnboundRom(romPath);
  if (!found.manifests.empty())
    game_.info.push_back("the manifest " + fileName(found.manifests.front()) +
                         " binds this ROM, but no scenario beside it names that manifest as its "
                         "routine: write one (see docs/game-mode.md, step 5)");
  else
    game_.info.push_back("no manifest binds this ROM yet: see docs/game-mode.md");
  game_.infoTitle = fileName(romPath);
  // The Binding panel shows the same summary and binds the labels; the popup only without it.
  game_.showInfo = !openBindingPanel(romPath);
  status_ = fileName(romPath) + ": " + game_.info.front() + "; " + game_.info.back();
  if (opts_.frames > 0)
    for (const std::string& line : game_.info) std::printf("script: %s\n", line.c_str());
  return false;
}

void GuiApp::drawGameInfo() {
  if (game_.showInfo) {
    ImGui::OpenPopup("Open game###game_info");
    game_.showInfo = false;
  }
  if (!ImGui::BeginPopupModal("Open game###game_info", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  ImGui::Text("%s", game_.infoTitle.c_str());
  ImGui::Separator();
  for (const std::string& line : game_.info) ImGui::BulletText("%s", line.c_str());
  ImGui::Spacing();
  if (ImGui::Button("Close", ImVec2(100, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// --replace-rom FILE: the user rebuilt. Copies FILE over the open game's ROM
// and goes through the same watch and reload as a change noticed by polling.
void GuiApp::replaceRomForScript() {
  if (!sim() || !sim()->scenario().manifest.game) {
    scriptError_ = "--replace-rom: the open document is not a game";
    return;
  }
  const std::string rom = sim()->scenario().manifest.game->rom;
  // Written whole and renamed into place, as a build would leave it.
  std::string why;
  const auto bytes = core::readTextFile(opts_.replaceRom, &why, core::kMaxBinaryBytes);
  if (!bytes || !core::writeFileAtomic(rom, *bytes, &why, false)) {
    scriptError_ = "--replace-rom: cannot copy " + opts_.replaceRom + ": " + why;
    return;
  }
  std::vector<std::string> changed;
  for (int poll = 0; poll < 8 && changed.empty(); ++poll) changed = game_.watch.poll();
  if (changed.empty()) {
    scriptError_ = "--replace-rom: the watch did not notice the new ROM";
    return;
  }
  filesChanged(changed);
  finishSimulation();
  std::printf("script: %d frames after the reload, frame %d shown\n", frameCount(), tl_.frame);
}

}  // namespace app
