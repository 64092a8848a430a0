// The "Audit" window: runs core::runAudit on a worker thread (progress bar,
// cancel) over the image the simulation runs (so the Routine tab's edits are
// audited), shows the counts by verdict and the failing cases, and opens a
// clicked case in the room and timeline as the one-frame scenario core builds
// for it (auditCaseScenario). The last result is shared with the Room view
// (ViewState::lastAudit) for its heatmap. Cases the scenario's `expect` list
// covers are shown as accepted, with the expectation's note (core/check/expect.h).
#include <imgui.h>

#include <algorithm>
#include <thread>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "core/check/expect.h"

namespace app {

namespace {

const ImVec4 kOkText(0.5f, 0.9f, 0.5f, 1.0f);
const ImVec4 kFailText(1.0f, 0.55f, 0.45f, 1.0f);
const ImVec4 kWarnText(1.0f, 0.82f, 0.4f, 1.0f);

std::string caseName(const core::AuditFailure& f) {
  char text[128];
  std::snprintf(text, sizeof text, "audit case: (%d, %d) %s speed %s, %s", f.c.x, f.c.y,
                core::auditDirectionName(f.c.dir), core::auditSpeedText(f.c).c_str(),
                core::verdictName(f.verdict.verdict));
  return text;
}

}  // namespace

// Audits the image the simulation runs. Edits in the Routine tab that were not
// assembled yet are assembled first (like Assemble & run), so the audit never
// checks code other than what the editor shows; if they do not assemble, the
// audit does not start and the errors show in the Routine tab.
void GuiApp::startAudit() {
  if (!sim() || ws_.auditJob().running()) return;
  syncEditorFiles();
  if (routineHasUnassembledEdits() && !assembleRoutine()) {
    status_ = "Audit not run: the edited routine does not assemble (see the Routine tab)";
    return;
  }
  core::AuditOptions o = audit_.options;
  // Every core, as the CLI uses: the audit runs on worker threads, so the
  // window keeps drawing (the scheduler shares the cores) and Cancel works.
  o.threads = 0;
  ws_.auditJob().start(auditBase().scenario(), auditBase().image(), o);
  status_ = "Audit running";
}

// The editor's unsaved buffer against the saved files, both audited on the
// audit job's worker; the buffer is assembled first, as for Run audit.
void GuiApp::startAuditDiff() {
  if (!sim() || ws_.auditJob().running()) return;
  syncEditorFiles();
  if (routineHasUnassembledEdits() && !assembleRoutine()) {
    status_ = "Diff not run: the edited routine does not assemble (see the Routine tab)";
    return;
  }
  core::AuditOptions o = audit_.options;
  o.threads = 0;
  ws_.auditJob().startDiff(auditBase().scenario(), auditBase().image(), o);
  status_ = "Auditing the saved routine and the edited one";
}

bool GuiApp::routineHasUnsavedEdits() {
  return sim() && editor_.manifestPath == auditBase().scenario().manifest.path &&
         unsavedFileCount(editor_) > 0;
}

bool GuiApp::routineHasUnassembledEdits() const {
  return editor_.manifestPath == sim()->scenario().manifest.path && hasUnassembledEdits(editor_);
}

// The scenario's own simulation, also while an audit case is open.
core::Simulation& GuiApp::auditBase() {
  return audit_.saved ? *audit_.saved : *sim();
}

void GuiApp::pollAudit() {
  auto r = ws_.auditJob().take();
  if (!r) return;
  audit_.result = r;
  audit_.diff = ws_.auditJob().diff();
  audit_.openedCase = -1;
  if (!r->ok) {
    status_ = "Audit: " + r->error;
    return;
  }
  view_.lastAudit = r;
  if (audit_.liveUpdatePending && sim()) {
    audit_.liveUpdatePending = false;
    ws_.auditJob().update(sim()->scenario());
  }
  char text[160];
  if (audit_.diff)
    std::snprintf(text, sizeof text,
                  "Against the saved routine: %zu fixed, %zu broken, %llu unchanged",
                  audit_.diff->fixed.size(), audit_.diff->broken.size(),
                  (unsigned long long)audit_.diff->unchanged);
  else if (ws_.auditJob().lastWasUpdate())
    std::snprintf(
        text, sizeof text, "Audit updated after the edit: %llu cases, %llu failing, %.0f ms",
        (unsigned long long)r->cases, (unsigned long long)r->failing(), r->seconds * 1000);
  else
    std::snprintf(text, sizeof text, "Audit %s: %llu cases, %llu failing, %.1f s",
                  r->cancelled ? "cancelled" : "done", (unsigned long long)r->cases,
                  (unsigned long long)r->failing(), r->seconds);
  status_ = text;
}

void GuiApp::openAuditCase(int index) {
  const core::AuditFailure& f = audit_.result->failures[index];
  core::Simulation& base = auditBase();
  core::Scenario s = core::auditCaseScenario(base.scenario(), f.c);
  s.path.clear();  // a case is not the scenario file: never saved over it
  s.name = caseName(f);
  auto sim = std::make_unique<core::Simulation>();
  sim->scenario() = s;
  std::string error;
  if (!sim->bindImage(base.image(), &error) || !core::roomEncodes(*sim, &error)) {
    status_ = error;
    return;
  }
  if (!audit_.saved) {
    // A re-simulation of the document still under way is dropped with the
    // switch: it runs again when the case closes.
    audit_.savedStale = ws_.simJob().running() || simPending_.any;
    audit_.saved = ws_.release();
  }
  replaceSimulation(std::move(sim));
  requestSimulation(0, true);
  tl_ = TimelineState{};
  audit_.openedCase = index;
  status_ = s.name + (f.verdict.message.empty() ? "" : ": " + f.verdict.message);
}

void GuiApp::closeAuditCase() {
  if (!audit_.saved) return;
  replaceSimulation(std::move(audit_.saved));
  if (audit_.savedStale) requestSimulation(0, true);
  audit_.savedStale = false;
  tl_ = TimelineState{};
  audit_.openedCase = -1;
  status_ = "Back to " + sim()->scenario().name;
}

void GuiApp::drawAuditControls() {
  const bool running = ws_.auditJob().running();
  ImGui::BeginDisabled(running);
  ImGui::SetNextItemWidth(36);
  ImGui::InputInt("stride", &audit_.options.stride, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start positions every N pixels");
  audit_.options.stride = std::clamp(audit_.options.stride, 1, 16);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(36);
  ImGui::InputInt("speeds", &audit_.options.maxSpeed, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Speeds 1..N pixels per frame");
  audit_.options.maxSpeed = std::clamp(audit_.options.maxSpeed, 1, 8);
  ImGui::SameLine();
  ImGui::Checkbox("diagonals", &audit_.options.diagonals);
  ImGui::EndDisabled();
  if (!running) {
    if (ImGui::Button("Run audit")) startAudit();
    if (ImGui::IsItemHovered() && routineHasUnassembledEdits())
      ImGui::SetTooltip(
          "The Routine tab has edits the running image does not hold;\n"
          "Run audit assembles them first (as Assemble & run, F7).");
    // Shown only while the Routine tab holds unsaved edits, so the panel keeps
    // its usual layout otherwise.
    if (routineHasUnsavedEdits()) {
      ImGui::SameLine();
      if (ImGui::Button("Diff against saved")) startAuditDiff();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Audit the routine as its saved files build it and as the Routine tab\n"
            "holds it (unsaved edits), and count the cases fixed and broken.");
    }
  } else if (ImGui::Button(ws_.auditJob().cancelling() ? "Cancelling..." : "Cancel")) {
    ws_.auditJob().cancel();
  }
  ImGui::SameLine();
  char overlay[48];
  std::snprintf(overlay, sizeof overlay, "%zu / %zu", ws_.auditJob().done(),
                ws_.auditJob().total());
  ImGui::ProgressBar(running         ? ws_.auditJob().progress()
                     : audit_.result ? 1.0f
                                     : 0.0f,
                     ImVec2(-1, 0),
                     running         ? overlay
                     : audit_.result ? "done"
                                     : "idle");
  if (!running && routineHasUnassembledEdits())
    ImGui::TextColored(kWarnText, "Unassembled routine edits: Run assembles them first");
  if (audit_.saved) {
    if (ImGui::Button("Back to the scenario")) closeAuditCase();
    ImGui::SameLine();
    ImGui::TextDisabled("(showing a case)");
  }
}

void GuiApp::drawAuditDiff(const core::AuditDiff& d) {
  ImGui::Text("Against the saved routine: %zu fixed, %zu broken, %llu unchanged", d.fixed.size(),
              d.broken.size(), (unsigned long long)d.unchanged);
  if (d.fixed.empty() && d.broken.empty()) return;
  if (!ImGui::BeginTable("diff", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("verdict");
  ImGui::TableSetupColumn("fixed", ImGuiTableColumnFlags_WidthFixed, 50);
  ImGui::TableSetupColumn("broken", ImGuiTableColumnFlags_WidthFixed, 50);
  ImGui::TableHeadersRow();
  for (int v = 1; v < core::kVerdictCount; ++v) {
    if (d.fixedBy[size_t(v)] == 0 && d.brokenBy[size_t(v)] == 0) continue;
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(core::verdictName(core::Verdict(v)));
    ImGui::TableSetColumnIndex(1);
    ImGui::TextColored(kOkText, "%llu", (unsigned long long)d.fixedBy[size_t(v)]);
    ImGui::TableSetColumnIndex(2);
    ImGui::TextColored(kFailText, "%llu", (unsigned long long)d.brokenBy[size_t(v)]);
  }
  ImGui::EndTable();
}

void GuiApp::drawVerdictTable(const core::AuditResult& r) {
  ImGui::Text("%llu cases from %llu starts%s", (unsigned long long)r.cases,
              (unsigned long long)r.startPositions, r.cancelled ? " (cancelled)" : "");
  if (!r.space.empty()) ImGui::TextWrapped("%s", r.space.c_str());
  // Cases the audit could not give the routine are never dropped silently.
  for (const core::AuditSkip& k : r.skips)
    ImGui::TextColored(kWarnText, "%llu skipped: %s", (unsigned long long)k.cases,
                       k.reason.c_str());
  if (!ImGui::BeginTable("verdicts", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("verdict");
  ImGui::TableSetupColumn("cases", ImGuiTableColumnFlags_WidthFixed, 70);
  ImGui::TableSetupColumn("%", ImGuiTableColumnFlags_WidthFixed, 50);
  ImGui::TableHeadersRow();
  for (int v = 0; v < core::kVerdictCount; ++v) {
    const uint64_t n = r.counts[v];
    if (n == 0 && v != 0) continue;  // the verdicts that occurred, and ok
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushStyleColor(ImGuiCol_Text, v == 0 ? kOkText : kFailText);
    const bool selected = audit_.verdictFilter == v;
    if (ImGui::Selectable(core::verdictName(core::Verdict(v)), selected,
                          ImGuiSelectableFlags_SpanAllColumns) &&
        v != 0)
      audit_.verdictFilter = selected ? -1 : v;
    ImGui::PopStyleColor();
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%llu", (unsigned long long)n);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.1f", r.cases ? 100.0 * double(n) / double(r.cases) : 0.0);
  }
  ImGui::EndTable();
  const core::Scenario& sc = auditBase().scenario();
  if (!sc.expect.empty()) {
    std::vector<uint64_t> hits(sc.expect.size(), 0);
    uint64_t accepted = 0;
    for (const core::AuditFailure& f : r.failures)
      for (size_t k = 0; k < sc.expect.size(); ++k)
        if (core::expectationMatches(sc, sc.expect[k], f)) {
          ++hits[k];
          ++accepted;
          break;
        }
    ImGui::TextColored(kOkText, "%llu accepted by the scenario's expect list",
                       (unsigned long long)accepted);
    if (!r.failuresTruncated && !r.cancelled)
      for (size_t k = 0; k < hits.size(); ++k)
        if (hits[k] == 0)
          ImGui::TextColored(kWarnText, "stale: %s matches no case",
                             core::expectationText(sc.expect, k).c_str());
  }
}

void GuiApp::drawFailureList(const core::AuditResult& r) {
  std::vector<int> rows;
  for (int i = 0; i < int(r.failures.size()); ++i)
    if (audit_.verdictFilter < 0 || int(r.failures[i].verdict.verdict) == audit_.verdictFilter)
      rows.push_back(i);
  ImGui::Text("%zu failing case%s%s", rows.size(), rows.size() == 1 ? "" : "s",
              r.failuresTruncated ? " (list truncated)" : "");
  if (!ImGui::BeginTable(
          "failures", 4,
          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("start");
  ImGui::TableSetupColumn("dir", ImGuiTableColumnFlags_WidthFixed, 28);
  ImGui::TableSetupColumn("v", ImGuiTableColumnFlags_WidthFixed, 24);
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(int(rows.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const core::AuditFailure& f = r.failures[rows[k]];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      char label[32];
      std::snprintf(label, sizeof label, "%d, %d##%d", f.c.x, f.c.y, rows[k]);
      if (ImGui::Selectable(label, audit_.openedCase == rows[k],
                            ImGuiSelectableFlags_SpanAllColumns))
        openAuditCase(rows[k]);
      if (ImGui::IsItemHovered() && !f.verdict.message.empty())
        ImGui::SetTooltip("%s", f.verdict.message.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(core::auditDirectionName(f.c.dir));
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(core::auditSpeedText(f.c).c_str());
      ImGui::TableSetColumnIndex(3);
      const core::Scenario& sc = auditBase().scenario();
      const core::Expectation* accepted = nullptr;
      for (const core::Expectation& x : sc.expect)
        if (!accepted && core::expectationMatches(sc, x, f)) accepted = &x;
      if (accepted) {
        ImGui::TextDisabled("%s accepted", core::verdictName(f.verdict.verdict));
        if (ImGui::IsItemHovered() && !accepted->note.empty())
          ImGui::SetTooltip("%s", accepted->note.c_str());
      } else {
        ImGui::TextColored(kFailText, "%s", core::verdictName(f.verdict.verdict));
      }
    }
  }
  ImGui::EndTable();
}

void GuiApp::drawAuditPanel() {
  pollAudit();
  if (!beginPanel("Audit", 1310, 229, 290, 350, false)) return;
  drawAuditControls();
  if (audit_.result && !audit_.result->ok)
    ImGui::TextColored(kFailText, "%s", audit_.result->error.c_str());
  if (audit_.result && audit_.result->ok) {
    ImGui::Separator();
    if (audit_.diff) drawAuditDiff(*audit_.diff);
    drawVerdictTable(*audit_.result);
    drawFailureList(*audit_.result);
  }
  ImGui::End();
}

namespace {
PanelRegistrar registered("Audit", 80, [](GuiApp& g) { g.drawAuditPanel(); });
}  // namespace

}  // namespace app
