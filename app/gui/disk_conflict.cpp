// Another program changed a file of the open document: the map, the scenario
// or a routine source. Each is remembered as last read or written
// (core::FileBaseline) and polled with the game's files (game_document.cpp).
//
// - A change to a part with no unsaved edits is taken silently: the document
//   reloads that part, keeping the frame and entity shown (and the other
//   part's unsaved edits).
// - A change to a part with unsaved edits, or one found by Save before it
//   writes, asks: Overwrite (write yours over it), Reload (take the disk's,
//   dropping your edits to those files) or Cancel (nothing now; Save asks
//   again). The prompt lists, per file, what differs between the disk's
//   version and yours (core/workspace/disk_change.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "app/gui/gui_app.h"
#include "core/map/map_file.h"
#include "core/util/files.h"
#include "core/workspace/disk_change.h"

namespace fs = std::filesystem;

namespace app {

namespace {

std::string fileName(const std::string& path) {
  return fs::path(path).filename().string();
}

bool exists(const std::string& path) {
  std::error_code ec;
  return !path.empty() && fs::exists(path, ec);
}

const char* kindName(DiskFile::Kind k) {
  switch (k) {
    case DiskFile::Kind::Map:
      return "map";
    case DiskFile::Kind::Scenario:
      return "scenario";
    case DiskFile::Kind::Routine:
      return "routine source";
  }
  return "";
}

}  // namespace

bool GuiApp::mapDirty() const {
  return edit_.history.dirty(core::DocPart::Map) || edit_.mapDirtyExtra;
}

bool GuiApp::scenarioDirty() const {
  return edit_.history.dirty(core::DocPart::Scenario) || edit_.scenarioDirtyExtra;
}

void GuiApp::takeDiskBaselines(bool scenario, bool map) {
  if (!sim()) {
    disk_.scenario.clear();
    disk_.map.clear();
    disk_.watch.clear();
    return;
  }
  const core::Scenario& s = sim()->scenario();
  const std::string scenarioPath = edit_.scenarioUntitled ? std::string() : s.path;
  if (scenario || disk_.scenario.path() != scenarioPath) disk_.scenario.take(scenarioPath);
  if (map || disk_.map.path() != s.mapPath) disk_.map.take(s.mapPath);
  std::vector<std::string> watched;
  for (const std::string& p : {disk_.scenario.path(), disk_.map.path()})
    if (!p.empty()) watched.push_back(p);
  disk_.watch.watch(watched);
}

DiskFile GuiApp::describeMapOnDisk(const std::string& path) const {
  DiskFile f{DiskFile::Kind::Map, path, {}, {}};
  core::MapDocument disk;
  std::string error;
  if (!exists(path))
    f.unreadable = "it no longer exists";
  else if (!core::loadMap(path, disk, &error))
    f.unreadable = error;
  else
    f.changes = core::mapChanges(disk, sim()->scenario().map);
  return f;
}

DiskFile GuiApp::describeScenarioOnDisk(const std::string& path) const {
  DiskFile f{DiskFile::Kind::Scenario, path, {}, {}};
  core::Scenario disk;
  std::string error;
  if (!exists(path))
    f.unreadable = "it no longer exists";
  else if (!core::loadScenario(path, disk, &error))
    f.unreadable = error;
  else
    f.changes = core::scenarioChanges(disk, sim()->scenario());
  return f;
}

std::optional<DiskFile> GuiApp::routineOnDisk(const EditorFile& e) const {
  if (!exists(e.path)) return std::nullopt;  // nothing there to overwrite
  std::string error;
  auto text = core::readTextFile(e.path, &error);
  if (text && *text == e.saved) return std::nullopt;
  DiskFile f{DiskFile::Kind::Routine, e.path, {}, {}};
  if (!text)
    f.unreadable = error;
  else
    f.changes = core::textChanges(*text, e.text);
  return f;
}

// The files a Save would write that another program changed since the app
// read or wrote them (a file deleted meanwhile is simply written again).
std::vector<DiskFile> GuiApp::saveConflicts(bool map, bool scenario, bool routine) {
  std::vector<DiskFile> out;
  if (!sim()) return out;
  const core::Scenario& s = sim()->scenario();
  if (map && exists(s.mapPath) && disk_.map.path() == s.mapPath && disk_.map.changed())
    out.push_back(describeMapOnDisk(s.mapPath));
  if (scenario && exists(s.path) && disk_.scenario.path() == s.path && disk_.scenario.changed())
    out.push_back(describeScenarioOnDisk(s.path));
  if (routine)
    for (const EditorFile& e : editor_.files)
      if (e.dirty())
        if (auto f = routineOnDisk(e)) out.push_back(std::move(*f));
  return out;
}

void GuiApp::askAboutDisk(std::vector<DiskFile> files, bool saving, bool editorSave) {
  // A prompt already waiting keeps its files; the new ones join them.
  for (DiskFile& f : files) {
    auto same = std::find_if(disk_.files.begin(), disk_.files.end(),
                             [&](const DiskFile& d) { return d.path == f.path; });
    if (same != disk_.files.end())
      *same = std::move(f);
    else
      disk_.files.push_back(std::move(f));
  }
  disk_.saving = disk_.saving || saving;
  disk_.editorSave = disk_.editorSave || editorSave;
  disk_.ask = true;
  std::string names;
  for (const DiskFile& f : disk_.files) names += (names.empty() ? "" : ", ") + fileName(f.path);
  status_ = names + " changed on disk since " + (disk_.files.size() == 1 ? "it was" : "they were") +
            " opened: " + (disk_.saving ? "not saved; " : "") + "overwrite, reload or cancel?";
  if (opts_.frames > 0) {
    std::printf("prompt: changed on disk%s\n", disk_.saving ? " (on save)" : "");
    for (const DiskFile& f : disk_.files) {
      std::printf("prompt:   %s %s\n", kindName(f.kind), f.path.c_str());
      if (!f.unreadable.empty())
        std::printf("prompt:     does not load: %s\n", f.unreadable.c_str());
      for (const std::string& line : f.changes) std::printf("prompt:     %s\n", line.c_str());
    }
  }
}

// One poll of the map and scenario files. A changed part with no unsaved
// edits is reloaded; one with edits goes to the prompt.
bool GuiApp::pollDocumentFiles() {
  if (!sim()) return false;
  const std::vector<std::string> seen = disk_.watch.poll();
  if (seen.empty()) return false;
  const core::Scenario& s = sim()->scenario();
  bool mapChanged = false, scenarioChanged = false;
  for (const std::string& p : seen) {
    if (p == disk_.map.path() && disk_.map.changed()) mapChanged = true;
    if (p == disk_.scenario.path() && disk_.scenario.changed()) scenarioChanged = true;
  }
  if (!mapChanged && !scenarioChanged) return true;  // touched, same bytes
  std::vector<DiskFile> ask;
  std::optional<core::MapDocument> takeMap;
  std::optional<core::Scenario> takeScenario;
  std::string names;
  auto gone = [&](const std::string& path) {
    status_ = fileName(path) + " was deleted on disk; Save writes it again";
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  };
  if (mapChanged) {
    if (!exists(s.mapPath)) {
      gone(s.mapPath);
    } else if (mapDirty()) {
      ask.push_back(describeMapOnDisk(s.mapPath));
    } else {
      core::MapDocument disk;
      std::string error;
      if (core::loadMap(s.mapPath, disk, &error)) {
        takeMap = std::move(disk);
        names = fileName(s.mapPath);
      } else {
        status_ = fileName(s.mapPath) + " changed on disk and does not load: " + error +
                  "; the open map stays (Save asks before overwriting it)";
      }
    }
  }
  if (scenarioChanged) {
    core::Scenario disk;
    std::string error;
    if (!exists(s.path)) {
      gone(s.path);
    } else if (!core::loadScenario(s.path, disk, &error)) {
      if (scenarioDirty())
        ask.push_back(describeScenarioOnDisk(s.path));
      else
        status_ = fileName(s.path) + " changed on disk and does not load: " + error +
                  "; the open scenario stays (Save asks before overwriting it)";
    } else if (scenarioDirty() ||
               // Its map or routine is another now: that would drop unsaved edits too.
               (disk.mapPath != s.mapPath && mapDirty()) ||
               (disk.manifestPath != s.manifestPath && unsavedFileCount(editor_) > 0)) {
      ask.push_back(describeScenarioOnDisk(s.path));
    } else {
      takeScenario = std::move(disk);
      names += (names.empty() ? "" : ", ") + fileName(s.path);
    }
  }
  if (takeMap || takeScenario)
    adoptFromDisk(std::move(takeScenario), std::move(takeMap), names + " changed on disk");
  if (!ask.empty()) askAboutDisk(std::move(ask), false, false);
  return true;
}

// The document takes the disk's scenario and/or map (loaded by the caller);
// the part not taken keeps what it holds, unsaved edits included. The frame and
// entity shown stay. False, with the open document unchanged, when the result
// does not run.
bool GuiApp::adoptFromDisk(std::optional<core::Scenario> scenario,
                           std::optional<core::MapDocument> map, const std::string& why,
                           const std::string& done) {
  if (!sim() || (!scenario && !map)) return false;
  closeAuditCase();
  const core::Scenario& cur = sim()->scenario();
  core::Scenario next = scenario ? std::move(*scenario) : cur;
  if (map) {
    next.map = std::move(*map);
  } else if (scenario && next.mapPath == cur.mapPath) {
    next.map = cur.map;  // the map as open (its unsaved edits too)
  }
  next.path = cur.path;
  const bool keepMapEdits = !map && mapDirty() && next.mapPath == cur.mapPath;
  const bool keepScenarioEdits = !scenario && scenarioDirty();
  std::string error;
  if (next.manifestPath == cur.manifestPath) {
    // The same routine: the running image stays (it may hold assembled editor
    // buffers); only the document changes, and is run again.
    next.manifest = cur.manifest;
    core::Scenario old = std::move(sim()->scenario());
    sim()->scenario() = std::move(next);
    if (!core::roomEncodes(*sim(), &error)) {
      sim()->scenario() = std::move(old);
      status_ = why + ", but does not run with this routine: " + error + "; the open one stays";
      if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
      return false;
    }
    ws_.auditJob().stop();
    view_.lastAudit.reset();
    requestSimulation(0, true);
  } else {
    auto fresh = std::make_unique<core::Simulation>();
    if (!fresh->build(next, &error) || !core::roomEncodes(*fresh, &error)) {
      status_ = why + ", but does not run: " + error + "; the open one stays";
      if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
      return false;
    }
    const TimelineState keep = tl_;
    replaceSimulation(std::move(fresh));
    requestSimulation(0, true);
    tl_ = keep;
    discardEditorFiles(editor_);  // another routine's files (the prompt said so)
    watchDocumentFiles();
  }
  // The steps in the history were made to the document as it was.
  edit_.history.clear();
  edit_.mapDirtyExtra = keepMapEdits;
  edit_.scenarioDirtyExtra = keepScenarioEdits;
  ++edit_.generation;
  tl_.playing = false;
  tl_.entity = std::clamp(tl_.entity, 0, std::max(0, int(sim()->scenario().entities.size()) - 1));
  recordingChanged();
  // What was taken is the disk's now (a scenario may name another map: watched too).
  takeDiskBaselines(scenario.has_value(), map.has_value());
  status_ =
      (done.empty() ? why + ": reloaded" : done) +
      (keepMapEdits || keepScenarioEdits ? " (your unsaved edits to the other part kept)" : "");
  if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  updateTitle();
  return true;
}

// Overwrite: the disk's versions are taken as seen, then the Save goes on
// (or, for a change noticed while editing, Save runs now).
void GuiApp::overwriteDisk() {
  for (const DiskFile& f : disk_.files) {
    if (f.kind == DiskFile::Kind::Map && f.path == disk_.map.path()) disk_.map.take(f.path);
    if (f.kind == DiskFile::Kind::Scenario && f.path == disk_.scenario.path())
      disk_.scenario.take(f.path);
    if (f.kind == DiskFile::Kind::Routine)
      for (EditorFile& e : editor_.files)
        if (e.path == f.path)
          if (auto text = core::readTextFile(e.path, nullptr)) e.saved = *text;
  }
  const bool editorOnly = disk_.editorSave && !disk_.saving;
  disk_.files.clear();
  disk_.saving = disk_.editorSave = false;
  if (editorOnly) {
    for (EditorFile& e : editor_.files)
      if (e.dirty() && !saveEditorFile(e)) break;
    status_ = editor_.message;
    return;
  }
  const FileAction pending = edit_.pendingAction;
  if (saveDocument() && pending != FileAction::None) {
    edit_.pendingAction = FileAction::None;
    runAction(pending, edit_.pendingPath);
  }
}

// Reload: the disk's versions replace the open ones; the edits to them go.
void GuiApp::reloadConflicts() {
  std::optional<core::Scenario> scenario;
  std::optional<core::MapDocument> map;
  std::string names, error;
  bool reassemble = false;
  for (const DiskFile& f : disk_.files) {
    names += (names.empty() ? "" : ", ") + fileName(f.path);
    if (f.kind == DiskFile::Kind::Map) {
      core::MapDocument m;
      if (core::loadMap(f.path, m, &error)) map = std::move(m);
    } else if (f.kind == DiskFile::Kind::Scenario) {
      core::Scenario s;
      if (core::loadScenario(f.path, s, &error)) scenario = std::move(s);
    } else {
      for (EditorFile& e : editor_.files)
        if (e.path == f.path)
          if (auto text = core::readTextFile(e.path, &error)) {
            e.text = e.saved = *text;
            reassemble = true;
          }
    }
  }
  const size_t count = disk_.files.size();
  disk_.files.clear();
  disk_.saving = disk_.editorSave = false;
  edit_.pendingAction = FileAction::None;
  // A reloaded scenario's own map comes with it when the map itself is not reloaded.
  if (scenario && !map && scenario->mapPath == sim()->scenario().mapPath && !mapDirty())
    map = scenario->map;
  const std::string done = "Reloaded " + names + " from disk (your edits to " +
                           (count == 1 ? "it" : "them") + " dropped)";
  if (scenario || map) adoptFromDisk(std::move(scenario), std::move(map), names + " on disk", done);
  if (reassemble && sim()) {
    assembleRoutine();
    status_ = done + "; " + status_;
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  }
  updateTitle();
}

void GuiApp::drawDiskConflict() {
  if (disk_.ask) {
    ImGui::OpenPopup("Changed on disk###disk_conflict");
    disk_.ask = false;
  }
  if (!ImGui::BeginPopupModal("Changed on disk###disk_conflict", nullptr,
                              ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const bool one = disk_.files.size() == 1;
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50);  // long lists of places wrap
  ImGui::TextUnformatted(one ? "Another program changed this file since Collidoscope read it:"
                             : "Another program changed these files since Collidoscope read them:");
  bool canReload = true;
  for (const DiskFile& f : disk_.files) {
    ImGui::Separator();
    ImGui::Text("%s (%s)", fileName(f.path).c_str(), kindName(f.kind));
    ImGui::SameLine();
    ImGui::TextDisabled("%s", f.path.c_str());
    if (!f.unreadable.empty()) {
      ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "The disk's version does not load: %s",
                         f.unreadable.c_str());
      canReload = false;
    } else if (f.changes.empty()) {
      ImGui::TextDisabled("It reads the same as yours (only its layout changed).");
    }
    for (const std::string& line : f.changes) ImGui::BulletText("%s", line.c_str());
  }
  ImGui::Separator();
  if (disk_.saving)
    ImGui::TextDisabled("Nothing was saved yet.");
  else
    ImGui::TextDisabled("You have unsaved edits to %s.", one ? "it" : "them");
  ImGui::TextDisabled(
      "Overwrite writes your version over the disk's. Reload takes the disk's and drops your "
      "edits to %s. Cancel does neither: Save asks again.",
      one ? "it" : "them");
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  const std::string answer = scriptedAnswer("changed on disk");
  bool close = false;
  if (ImGui::Button("Overwrite", ImVec2(110, 0)) || answer == "overwrite") {
    close = true;
    ImGui::CloseCurrentPopup();
    overwriteDisk();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Write your version over the disk's (the disk's changes are lost)");
  ImGui::SameLine();
  ImGui::BeginDisabled(!canReload);
  if ((ImGui::Button("Reload", ImVec2(110, 0)) || answer == "reload") && canReload && !close) {
    close = true;
    ImGui::CloseCurrentPopup();
    reloadConflicts();
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Take the disk's version (your unsaved edits to %s are lost)",
                      one ? "this file" : "these files");
  ImGui::SameLine();
  if ((ImGui::Button("Cancel", ImVec2(110, 0)) || answer == "cancel" ||
       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) &&
      !close) {
    ImGui::CloseCurrentPopup();
    status_ = "Kept your unsaved edits; the disk's version is untouched (Save asks again)";
    disk_.files.clear();
    disk_.saving = disk_.editorSave = false;
    edit_.pendingAction = FileAction::None;
    if (opts_.frames > 0) std::printf("script: %s\n", status_.c_str());
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Neither now: Save will ask again");
  if (!answer.empty() && answer != "overwrite" && answer != "reload" && answer != "cancel")
    std::fprintf(stderr,
                 "collidoscope: --answer %s: the prompt takes overwrite, reload or cancel\n",
                 answer.c_str());
  ImGui::EndPopup();
}

std::string GuiApp::scriptedAnswer(const char* prompt) {
  if (opts_.frames <= 0 || answersUsed_ >= opts_.answers.size()) return {};
  const std::string& a = opts_.answers[answersUsed_++];
  std::printf("script: answered \"%s\" to %s\n", a.c_str(), prompt);
  return a;
}

}  // namespace app
