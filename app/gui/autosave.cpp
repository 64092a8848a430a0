// Never lose work: while the document has unsaved edits (map, scenario or
// routine buffers) a recovery copy is written to the user's state directory
// 3 seconds after the first edit, then every minute, and kept staged for the
// crash handler (core/util/crash_save.h) between autosaves. On the next start
// a modal lists the copies of sessions that are no longer running: recover
// one, or discard them. A copy that fails to load is set aside (rejected/),
// never offered again. A clean save or quit removes this session's copy.
//
// Scripted runs (tests, screenshots) autosave only with --autosave-seconds
// (--autosave-first-seconds sets the first copy's delay) and answer the
// prompt with --recover newest|discard (--recover ask shows it, for a
// screenshot).
#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>

#include "app/gui/gui_app.h"
#include "core/util/crash_save.h"

namespace fs = std::filesystem;

namespace app {

namespace {

constexpr double kStageSeconds = 2;  // the crash copy lags the edits by at most this

std::string clockTime(int64_t t) {
  const std::time_t tt = std::time_t(t);
  std::tm tm{};
  localtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

}  // namespace

GuiApp::~GuiApp() {
  if (opts_.printDocument) printDocument();
  if (!recovery_.enabled) return;
  core::stageCrashSave("");
  // With an audit case shown, sim() is the case: the last autosave stays as it is.
  if (audit_.saved) return;
  if (dirty()) {
    std::string error;
    if (!writeRecoveryNow(&error)) std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
  } else if (recovery_.onDisk || fs::exists(recovery_.file)) {
    core::removeRecovery(recovery_.file);
  }
}

void GuiApp::startRecovery() {
  const bool scripted = opts_.frames > 0;
  recovery_.enabled = !scripted || opts_.autosaveSeconds >= 0;
  if (opts_.autosaveSeconds >= 0) recovery_.interval = opts_.autosaveSeconds;
  if (opts_.autosaveFirstSeconds >= 0) recovery_.firstDelay = opts_.autosaveFirstSeconds;
  const std::string dir = core::recoveryDir();
  if (dir.empty()) {
    std::fprintf(stderr, "collidoscope: no recovery copies: no private folder for them\n");
    recovery_.enabled = false;
    return;
  }
  recovery_.file = core::recoveryFileFor(dir, int(::getpid()));
  if (recovery_.enabled) {
    std::string error;
    if (!core::installCrashSave(recovery_.file, &error))
      std::fprintf(stderr, "collidoscope: no crash save: %s\n", error.c_str());
  }
  // A copy an earlier start stopped while loading is set aside, never offered again.
  for (const std::string& kept : core::finishInterruptedLoads(dir))
    rejectedRecovery(kept, "the app stopped while loading it");
  for (core::RecoveryInfo& info : core::listRecoveries(dir)) {
    if (info.running) continue;
    if (!info.error.empty()) {  // it cannot be loaded: out of the way, with a word where
      std::string error;
      const std::string kept = core::setAsideRecovery(info.file, &error);
      rejectedRecovery(kept.empty() ? info.file : kept,
                       info.error + (kept.empty() ? "; " + error : ""));
      continue;
    }
    recovery_.offered.push_back(std::move(info));
  }
  if (recovery_.offered.empty()) {
    if (!opts_.recover.empty()) std::printf("recovery: nothing to recover in %s\n", dir.c_str());
    return;
  }
  if (opts_.recover == "newest") {
    // The newest copy; a scripted run reports what it did.
    const core::RecoveryInfo info = recovery_.offered.front();
    if (recoverFrom(info)) std::printf("recovery: recovered %s\n", info.file.c_str());
    if (!sim()) scriptError_ = "--recover: no copy could be recovered: " + status_;
    recovery_.offered.clear();
  } else if (opts_.recover == "discard") {
    for (const core::RecoveryInfo& info : recovery_.offered) core::removeRecovery(info.file);
    recovery_.offered.clear();
  } else if (!scripted || opts_.recover == "ask") {
    recovery_.showPrompt = true;
  }
}

// A copy that failed to load, now at `kept` (in rejected/ unless it could not be moved).
void GuiApp::rejectedRecovery(const std::string& kept, const std::string& why) {
  const std::string line =
      "Recovery copy not loaded (" + why + "); kept as " + kept + ", it will not be offered again";
  std::fprintf(stderr, "collidoscope: %s\n", line.c_str());
  if (opts_.frames > 0) std::printf("recovery: set aside %s\n", kept.c_str());
  status_ = status_.empty() ? line : status_ + "  |  " + line;
}

core::RecoveryDocument GuiApp::recoveryDocument() const {
  core::RecoveryDocument doc;
  doc.scenario = sim()->scenario();
  doc.scenarioUntitled = edit_.scenarioUntitled;
  if (doc.scenarioUntitled) doc.scenario.path.clear();
  for (const EditorFile& f : editor_.files)
    if (f.dirty()) doc.buffers.push_back({f.path, f.text});
  return doc;
}

bool GuiApp::writeRecoveryNow(std::string* error) {
  if (!sim()) return false;
  const int pid = int(::getpid());
  const std::string text = core::recoveryText(recoveryDocument(), pid, int64_t(std::time(nullptr)));
  if (!core::writeRecovery(recovery_.file, text, error)) return false;
  recovery_.onDisk = true;
  core::stageCrashSave(text);
  return true;
}

void GuiApp::autosave(double now) {
  if (!recovery_.enabled) return;
  if (!dirty()) {
    if (recovery_.onDisk) {  // saved or discarded: nothing left to recover
      core::removeRecovery(recovery_.file);
      recovery_.onDisk = false;
    }
    if (recovery_.stagedKey != 0) core::stageCrashSave("");
    recovery_.stagedKey = 0;
    recovery_.nextWrite = -1;
    return;
  }
  // An audit case shown in the document's place is not the document.
  if (audit_.saved) return;
  // The first copy follows the first edit within seconds (SIGKILL cannot be
  // caught: a minute's wait would lose the minute); then one an interval.
  if (recovery_.nextWrite < 0)
    recovery_.nextWrite = now + std::min(recovery_.firstDelay, recovery_.interval);
  if (now >= recovery_.nextWrite) {
    recovery_.nextWrite = now + recovery_.interval;
    recovery_.lastStage = now;
    std::string error;
    if (writeRecoveryNow(&error)) {
      if (opts_.frames > 0) std::printf("recovery: wrote %s\n", recovery_.file.c_str());
      std::fflush(stdout);
    } else {
      status_ = "Autosave failed: " + error;
    }
    return;
  }
  if (now - recovery_.lastStage < kStageSeconds) return;
  recovery_.lastStage = now;
  // Serialise only when something changed since the last staging.
  size_t key = std::hash<uint64_t>{}(edit_.generation) ^ (edit_.history.steps() << 1);
  for (const EditorFile& f : editor_.files)
    if (f.dirty()) key = key * 31 + std::hash<std::string>{}(f.text);
  key |= 1;  // 0 means nothing staged
  if (key == recovery_.stagedKey) return;
  const bool first = recovery_.stagedKey == 0;
  recovery_.stagedKey = key;
  core::stageCrashSave(
      core::recoveryText(recoveryDocument(), int(::getpid()), int64_t(std::time(nullptr))));
  if (first && opts_.frames > 0) std::printf("recovery: staged %s\n", recovery_.file.c_str());
  std::fflush(stdout);
}

bool GuiApp::recoverFrom(const core::RecoveryInfo& info) {
  core::RecoveryDocument doc;
  std::string error;
  // Claimed before it is read: a copy that takes the app down while loading
  // stays set aside (the next start says where), and is not offered again.
  const std::string claimed = core::claimRecovery(info.file, int(::getpid()), &error);
  if (claimed.empty()) {
    status_ = "Cannot recover: " + error;
    std::fprintf(stderr, "collidoscope: %s\n", status_.c_str());
    return false;
  }
  auto sim = std::make_unique<core::Simulation>();
  if (!core::readRecovery(claimed, doc, &error) || !sim->build(doc.scenario, &error) ||
      !core::roomEncodes(*sim, &error)) {
    std::string why;
    const std::string kept = core::settleRejected(claimed, &why);
    // The error names the claim; the user finds the file under its kept name.
    if (!kept.empty())
      for (size_t at; (at = error.find(claimed)) != std::string::npos;)
        error.replace(at, claimed.size(), kept);
    status_.clear();
    rejectedRecovery(kept.empty() ? claimed : kept, error);
    status_ = "Cannot recover: " + status_;
    return false;
  }
  closeAuditCase();
  replaceSimulation(std::move(sim));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  view_.fitRequested = true;
  view_.lastAudit.reset();
  documentOpened(doc.scenarioUntitled ? std::string() : doc.scenario.path, doc.scenarioUntitled);
  // Nothing of it is on disk: both parts need a save.
  edit_.scenarioDirtyExtra = true;
  edit_.mapDirtyExtra = true;
  if (!doc.buffers.empty()) {
    syncEditorFiles();
    int restored = 0;
    for (const core::RecoveryBuffer& b : doc.buffers)
      for (EditorFile& f : editor_.files)
        if (fs::weakly_canonical(f.path) == fs::weakly_canonical(b.path)) {
          f.text = b.text;  // unsaved and not assembled: F7 runs it
          ++restored;
        }
    if (restored < int(doc.buffers.size()))
      editor_.message = std::to_string(doc.buffers.size() - restored) +
                        " recovered routine file(s) are no longer part of the routine";
  }
  // The old session's copy now lives on as this session's: it stays on disk
  // until this session writes its own (or saves, or quits clean).
  std::error_code ec;
  recovery_.onDisk = false;
  if (recovery_.enabled) {
    fs::rename(claimed, recovery_.file, ec);
    recovery_.onDisk = !ec;
  }
  if (!recovery_.onDisk) core::removeRecovery(claimed);
  status_ = "Recovered " + info.document + " from " + clockTime(info.savedAt) + " (unsaved)";
  updateTitle();
  return true;
}

void GuiApp::drawRecoveryPrompt() {
  if (!recovery_.showPrompt) return;
  ImGui::OpenPopup("Recover unsaved work?");
  if (!ImGui::BeginPopupModal("Recover unsaved work?", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  ImGui::TextUnformatted("Collidoscope stopped before these documents were saved:");
  ImGui::Spacing();
  int act = -1;
  bool recover = false;
  for (size_t i = 0; i < recovery_.offered.size(); ++i) {
    const core::RecoveryInfo& r = recovery_.offered[i];
    ImGui::PushID(int(i));
    ImGui::Separator();
    if (r.error.empty()) {
      ImGui::Text("%s, saved %s", r.document.c_str(), clockTime(r.savedAt).c_str());
      ImGui::TextDisabled(
          "routine %s%s", fs::path(r.routine).parent_path().filename().c_str(),
          r.buffers > 0 ? (", " + std::to_string(r.buffers) + " unsaved routine file(s)").c_str()
                        : "");
      if (ImGui::Button("Recover", ImVec2(100, 0))) act = int(i), recover = true;
      ImGui::SameLine();
    } else {
      ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", r.error.c_str());
    }
    if (ImGui::Button("Discard", ImVec2(100, 0))) act = int(i);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", r.file.c_str());
    ImGui::PopID();
  }
  ImGui::Separator();
  if (ImGui::Button("Later", ImVec2(100, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    recovery_.showPrompt = false;  // the files stay for the next start
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Keep the copies and ask again next time");
  if (act >= 0) {
    const core::RecoveryInfo info = recovery_.offered[size_t(act)];
    recovery_.offered.erase(recovery_.offered.begin() + act);
    if (recover) {
      // One document at a time: the others wait for the next start. A copy
      // that fails to load is set aside, and the prompt stays for the others.
      if (recoverFrom(info)) recovery_.showPrompt = false;
    } else {
      core::removeRecovery(info.file);
    }
    if (recovery_.offered.empty()) recovery_.showPrompt = false;
    if (!recovery_.showPrompt) ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// --paint COL,ROW,METATILE: one brush stroke per flag, as the Paint tool makes it.
void GuiApp::paintForScript() {
  for (const std::string& p : opts_.paint) {
    int col = -1, row = -1, metatile = -1;
    char tail = 0;
    if (std::sscanf(p.c_str(), "%d,%d,%d%c", &col, &row, &metatile, &tail) != 3 || metatile < 0 ||
        metatile > 0xFFFF) {
      scriptError_ = "--paint: \"" + p + "\" is not COL,ROW,METATILE";
      return;
    }
    auto edit = core::makePaintCell(sim()->scenario(), col, row, uint16_t(metatile));
    if (!edit) {
      scriptError_ = "--paint: cannot paint " + p + " in this room";
      return;
    }
    applyEdit(edit);
  }
}

}  // namespace app
