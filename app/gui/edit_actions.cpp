// Edits as the GUI applies them: through core's undo history, each followed at
// once by a re-simulation from the first frame it can affect (on a worker:
// resimulation.cpp), after which the workspace judges the recording again
// (once per frame however many edits came), and input recording from the
// keyboard and a gamepad (gamepad_input.h).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include "app/gui/gamepad_input.h"
#include "app/gui/gui_app.h"
#include "core/workspace/workspace.h"

namespace app {

bool GuiApp::canEdit() {
  if (!sim()) return false;
  if (audit_.saved) {  // the room shows an audit case, not the document
    status_ = "An audit case is open: close it in the Audit panel to edit the scenario";
    return false;
  }
  return true;
}

void GuiApp::applyEdit(const std::optional<core::Edit>& edit) {
  if (!edit || !canEdit()) return;
  edit_.history.push(sim()->scenario(), *edit);
  resimulateAfter({*edit});
}

void GuiApp::applyEdits(int count, const std::function<std::optional<core::Edit>(int)>& make) {
  if (count <= 0 || !canEdit()) return;
  std::vector<core::Edit> done;
  for (int i = 0; i < count; ++i)
    if (auto e = make(i)) {  // each is made against the state the previous ones left
      edit_.history.push(sim()->scenario(), *e);
      done.push_back(*e);
    }
  if (!done.empty()) resimulateAfter(done);
}

void GuiApp::undo() {
  if (!canEdit()) return;
  edit_.recordInput = false;
  const std::string label = edit_.history.undoLabel();
  const std::vector<core::Edit> edits = edit_.history.undoEdits();
  if (!edit_.history.undo(sim()->scenario())) return;
  // An entity brought back is selected; one taken away leaves the selection next to it.
  const int count = int(sim()->scenario().entities.size());
  for (auto it = edits.rbegin(); it != edits.rend(); ++it)
    tl_.entity = std::max(0, core::entitySelectedAfter(*it, false, tl_.entity, count));
  resimulateAfter(edits);
  status_ = "Undid " + label;
}

void GuiApp::redo() {
  if (!canEdit()) return;
  edit_.recordInput = false;
  const std::string label = edit_.history.redoLabel();
  const std::vector<core::Edit> edits = edit_.history.redoEdits();
  if (!edit_.history.redo(sim()->scenario())) return;
  const int count = int(sim()->scenario().entities.size());
  for (const core::Edit& e : edits)
    tl_.entity = std::max(0, core::entitySelectedAfter(e, true, tl_.entity, count));
  resimulateAfter(edits);
  status_ = "Redid " + label;
}

void GuiApp::resimulate() {
  requestSimulation(0, true);
  recordingChanged();
}

void GuiApp::resimulateAfter(const std::vector<core::Edit>& edits) {
  const core::Recording& rec = sim()->recording();
  const int width = sim()->scenario().map.room.width;
  int from = int(rec.frames.size());
  bool mapChanged = false;
  for (const core::Edit& e : edits) {
    from = std::min(from, core::firstAffectedFrame(e, rec, width));
    mapChanged = mapChanged || core::editReachesRoutine(e);  // not pixels, colours, names
  }
  // Frames before `from` cannot change: only the rest is run again. Edits the
  // routine never sees (hitboxes, names) only change the verdicts.
  const bool routineSees = from < int(rec.frames.size()) || mapChanged ||
                           sim()->scenario().frames != int(rec.frames.size());
  if (routineSees) requestSimulation(from, mapChanged);
  // The heatmap counted failures on the old map: it would point at the wrong cells.
  const bool viewChanged = std::any_of(edits.begin(), edits.end(), [](const core::Edit& e) {
    return std::holds_alternative<core::ViewEdit>(e);
  });
  if (viewChanged && (view_.lastAudit || ws_.auditJob().running())) {
    // Every case sees other cells: a live update (cells that changed) does not apply,
    // and an audit under way judges the old window.
    ws_.auditJob().stop();
    view_.lastAudit.reset();
    status_ = "The routine's view changed: the audit heatmap is cleared (run the audit again)";
  } else if (mapChanged && view_.lastAudit) {
    // A live audit: only the cases the edit touched run again (core::LiveAudit).
    if (ws_.auditJob().running() && ws_.auditJob().lastWasUpdate())
      audit_.liveUpdatePending = true;  // pollAudit updates again when this one is done
    else if (audit_.saved || !ws_.auditJob().update(sim()->scenario())) {
      view_.lastAudit.reset();
      status_ = "The map changed: the audit heatmap is cleared (run the audit again)";
    }
  }
  recordingChanged();
}

void GuiApp::recordingChanged() {
  ++edit_.generation;
  ws_.markStale();  // judged again before the next frame draws (GuiApp::drawFrame)
  tl_.frame = std::clamp(tl_.frame, 0, std::max(0, frameCount() - 1));
  // The debugger's trace is stale: ensureTrace sees the new generation.
  updateTitle();
}

namespace {

// The pad as the keyboard holds it (shortcuts.h's pad table, which the help lists).
uint8_t keyboardPad() {
  uint8_t mask = 0;
  for (const PadKey& k : padKeys())
    if (ImGui::IsKeyDown(k.key)) mask |= k.button;
  return mask;
}

}  // namespace

void GuiApp::recordInputFrame() {
  if (!sim() || !edit_.recordInput || !tl_.playing || audit_.saved) {
    // Paused (or not recording): the take, if any, is one undo step; the next
    // take starts after the frame shown now.
    if (edit_.recordTake) edit_.history.endGroup();
    edit_.recordTake = false;
    edit_.recordFrame = tl_.frame;
    return;
  }
  if (!edit_.recordTake) {
    edit_.history.beginGroup("Record input");
    edit_.recordTake = true;
  }
  // The keyboard pad and the first connected gamepad, either or both.
  const uint8_t pad = keyboardPad() | readGamepad().pad;
  std::vector<core::Edit> changed;
  // Every frame played since the last call gets the pad as it is now.
  for (int f = edit_.recordFrame + 1; f <= tl_.frame; ++f)
    if (auto e = core::makeSetInput(sim()->scenario(), f, pad)) {
      edit_.history.push(sim()->scenario(), *e);
      changed.push_back(*e);
    }
  edit_.recordFrame = tl_.frame;
  if (!changed.empty()) resimulateAfter(changed);
}

}  // namespace app
