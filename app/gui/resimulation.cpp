// The recording follows the document on a worker thread (SimJob): an edit,
// an assembly or an opened file asks for a re-simulation, the window waits a
// few milliseconds (so ordinary edits still look synchronous), and a longer
// run shows its progress and a Cancel button in the status bar while the
// panels keep drawing the previous recording. Edits made meanwhile queue: the
// run in progress is cancelled and the next one covers them all. A cancelled
// run leaves the previous (stale) recording, which the status bar says.
#include <imgui.h>

#include <algorithm>

#include "app/gui/gui_app.h"

namespace app {

namespace {

// Short runs finish inside this wait: no progress bar flashes up for them.
constexpr std::chrono::milliseconds kSyncWait(30);

}  // namespace

void GuiApp::replaceSimulation(std::unique_ptr<core::Simulation> sim) {
  ws_.adopt(std::move(sim), false);
  noRecordingReason_.clear();
  ++simId_;  // a run started for the previous one is of no use any more
  simPending_ = core::SimRequest{};
  simUserCancelled_ = false;
  if (ws_.simJob().running()) ws_.simJob().cancel();
}

void GuiApp::requestSimulation(int from, bool mapChanged) {
  if (!sim()) return;
  simPending_.merge(from, mapChanged);
  simUserCancelled_ = false;
  if (ws_.simJob().running()) {
    ws_.simJob().cancel();  // outdated: pollSimulation starts the next run once it stops
    return;
  }
  startSimulation();
  if (ws_.simJob().waitFor(kSyncWait)) pollSimulation();
}

void GuiApp::startSimulation() {
  if (!sim() || !simPending_.any || ws_.simJob().running()) return;
  std::unique_ptr<core::Simulation> work = sim()->clone();
  if (!work) {
    status_ = "Cannot re-simulate: the routine's image does not bind";
    simPending_ = core::SimRequest{};
    return;
  }
  ws_.simJob().start(std::move(work), simPending_, simId_);
  simPending_ = core::SimRequest{};
}

void GuiApp::pollSimulation() {
  core::SimJob::Result r;
  if (!ws_.simJob().take(r)) return;
  if (r.target != simId_) {  // the document changed meanwhile
    startSimulation();
    return;
  }
  if (r.sim && !simPending_.any) {
    // Edits the routine never sees (names, hitboxes) may have come meanwhile:
    // the document's scenario is the one to keep.
    r.sim->scenario() = std::move(sim()->scenario());
    ws_.adopt(std::move(r.sim), false);
    noRecordingReason_.clear();
    recordingChanged();
    return;
  }
  if (!r.sim && !r.cancelled) {  // the room cannot be encoded: the error says why
    // The recording was made for the document before the edit (another room
    // size, another view): judged against this one its verdicts, paths and
    // cells would be stale, so it goes, and the panels say why.
    ws_.dropRecording();
    status_ = r.error;
    noRecordingReason_ = r.error;
    recordingChanged();
    return;
  }
  // The shown recording still lacks what this run was for.
  simPending_.merge(r.request);
  if (simUserCancelled_) {
    status_ =
        "Simulation cancelled: the recording is stale (it shows the document before the "
        "last edits)";
    return;
  }
  startSimulation();
}

void GuiApp::finishSimulation() {
  while (ws_.simJob().running()) {
    ws_.simJob().waitFor(std::chrono::milliseconds(1000));
    pollSimulation();
  }
}

bool GuiApp::recordingStale() const {
  return simPending_.any && !ws_.simJob().running();
}

void GuiApp::drawSimulationStatus() {
  if (ws_.simJob().running()) {
    const int total = std::max(ws_.simJob().total(), 1);
    const int done = std::min(ws_.simJob().done(), total);
    char text[96];
    std::snprintf(text, sizeof text, "%s frames %d of %d",
                  ws_.simJob().cancelling() ? "Stopping:" : "Simulating:", done, total);
    ImGui::SetNextItemWidth(220);
    ImGui::ProgressBar(float(done) / float(total), ImVec2(220, 0), text);
    ImGui::SameLine();
    ImGui::BeginDisabled(ws_.simJob().cancelling());
    if (ImGui::SmallButton("Cancel")) {
      simUserCancelled_ = true;
      ws_.simJob().cancel();
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "Keeps the previous recording. One call of the routine cannot be "
          "interrupted: a cancel waits for the call in progress.");
    ImGui::SameLine();
  } else if (recordingStale()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "Recording stale");
    ImGui::SameLine();
    if (ImGui::SmallButton("Re-simulate")) {
      simUserCancelled_ = false;
      startSimulation();
    }
    ImGui::SameLine();
  }
}

}  // namespace app
