// The "Audit" window: runs core::runAudit on a worker thread (progress bar,
// cancel) over the image the simulation runs (so the Routine tab's edits are
// audited), shows the counts by verdict and the failing cases, and opens a
// clicked case in the room and timeline as the one-frame scenario core builds
// for it (auditCaseScenario). The classes ticked, a speed and a direction
// filter every failing case (core/check/audit_query.h) before the list pages
// them, may group them by cell or cause, and choose what the Room view's
// heatmap paints (ViewState::lastAudit, applyAuditHeat) and its legend counts.
// Cases the scenario's `expect` list covers are shown as accepted, with the
// expectation's note (core/check/expect.h).
#include <imgui.h>

#include <algorithm>
#include <thread>

#include "app/gui/gui_app.h"
#include "app/gui/panel_registry.h"
#include "app/gui/ui_scale.h"
#include "core/check/expect.h"

namespace app {

namespace {

const ImVec4 kOkText(0.5f, 0.9f, 0.5f, 1.0f);
const ImVec4 kFailText(1.0f, 0.55f, 0.45f, 1.0f);
const ImVec4 kWarnText(1.0f, 0.82f, 0.4f, 1.0f);

bool sameFilter(const core::AuditFilter& a, const core::AuditFilter& b) {
  return a.classes == b.classes && a.speed == b.speed && a.dir == b.dir;
}

ImVec4 verdictTextColour(core::Verdict v) {
  const core::Rgba c = core::verdictColour(v);
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f);
}

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
  if (sim()->scenario().entities.empty()) {
    status_ = "Audit not run: place an entity first (it moves the scenario's entities)";
    return;
  }
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
  if (sim()->scenario().entities.empty()) {
    status_ = "Diff not run: place an entity first (the audit moves the scenario's entities)";
    return;
  }
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
  // The evidence list holds the first maxFailures cases; past it the record
  // alone is known, and the replay's verdict gives the evidence back.
  const core::AuditResult& r = *audit_.result;
  const core::AuditFailure f = size_t(index) < r.failures.size()
                                   ? r.failures[size_t(index)]
                                   : r.failingCases[size_t(index)].toFailure();
  core::Simulation& base = auditBase();
  core::Scenario s = core::auditCaseScenario(base.scenario(), f.c);
  s.path.clear();  // a case is not the scenario file: never saved over it
  s.name = caseName(f);
  std::string error;
  std::unique_ptr<core::Simulation> sim = core::Workspace::bindScenario(s, base.image(), &error);
  if (!sim || !core::roomEncodes(*sim, &error)) {
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
  ImGui::SetNextItemWidth(uiPx(36));
  ImGui::InputInt("stride", &audit_.options.stride, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start positions every N pixels");
  audit_.options.stride = std::clamp(audit_.options.stride, 1, 16);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(uiPx(36));
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
  ImGui::TableSetupColumn("fixed", ImGuiTableColumnFlags_WidthFixed, uiPx(50));
  ImGui::TableSetupColumn("broken", ImGuiTableColumnFlags_WidthFixed, uiPx(50));
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
  ImGui::TableSetupColumn("cases", ImGuiTableColumnFlags_WidthFixed, uiPx(70));
  ImGui::TableSetupColumn("%", ImGuiTableColumnFlags_WidthFixed, uiPx(50));
  ImGui::TableHeadersRow();
  for (int v = 0; v < core::kVerdictCount; ++v) {
    const uint64_t n = r.counts[v];
    if (n == 0 && v != 0) continue;  // the verdicts that occurred, and ok
    const core::Verdict verdict = core::Verdict(v);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(v);
    if (v == 0) {
      ImGui::TextColored(kOkText, "    %s", core::verdictName(verdict));
    } else {
      bool shown = (audit_.filter.classes & core::auditClassBit(verdict)) != 0;
      ImGui::PushStyleColor(ImGuiCol_Text, verdictTextColour(verdict));
      if (ImGui::Checkbox(core::verdictName(verdict), &shown))
        audit_.filter.classes ^= core::auditClassBit(verdict);
      ImGui::PopStyleColor();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s: %s\n(docs/verdicts.md)%s", core::verdictName(verdict),
                        core::verdictExplanation(verdict),
                        v == 0 ? "" : "\nTick to show this class in the list and heatmap.");
    ImGui::PopID();
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%llu", (unsigned long long)n);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.1f", r.cases ? 100.0 * double(n) / double(r.cases) : 0.0);
  }
  ImGui::EndTable();
  const core::Scenario& sc = auditBase().scenario();
  if (!sc.expect.empty()) {
    refreshAuditSelection();
    ImGui::TextColored(kOkText, "%llu accepted by the scenario's expect list",
                       (unsigned long long)audit_.accepted);
    if (!r.cancelled)
      for (size_t k = 0; k < audit_.hits.size(); ++k)
        if (audit_.hits[k] == 0)
          ImGui::TextColored(kWarnText, "stale: %s matches no case",
                             core::expectationText(sc.expect, k).c_str());
  }
}

// Recomputes the query when the result, the filter or the grouping changed:
// a pass over every failing case, not every frame.
void GuiApp::refreshAuditSelection() {
  const core::AuditResult* r = audit_.result && audit_.result->ok ? audit_.result.get() : nullptr;
  if (!r) {
    audit_.selection.reset();
    audit_.groups.clear();
    audit_.selectionOf = nullptr;
    return;
  }
  const bool newResult = audit_.selectionOf != r;
  if (!newResult && audit_.selection && sameFilter(audit_.selectionFilter, audit_.filter) &&
      audit_.selectionGrouping == audit_.grouping)
    return;
  auto sel = std::make_shared<core::AuditSelection>(core::selectAuditCases(*r, audit_.filter));
  audit_.groups = core::groupAuditCases(*r, sel->rows, audit_.grouping,
                                        auditBase().scenario().map.room.cellSize);
  audit_.group = -1;
  if (newResult) {
    // Over every failing case, so a stale expectation is known even when the
    // evidence list is cut short.
    const core::Scenario& sc = auditBase().scenario();
    audit_.hits.assign(sc.expect.size(), 0);
    audit_.accepted = 0;
    if (!sc.expect.empty())
      for (const core::AuditCaseRecord& c : r->failingCases) {
        const core::AuditFailure f = c.toFailure();
        for (size_t k = 0; k < sc.expect.size(); ++k)
          if (core::expectationMatches(sc, sc.expect[k], f)) {
            ++audit_.hits[k];
            ++audit_.accepted;
            break;
          }
      }
  }
  audit_.selection = std::move(sel);
  audit_.selectionOf = r;
  audit_.selectionFilter = audit_.filter;
  audit_.selectionGrouping = audit_.grouping;
  edit_.heat.data = nullptr;  // the heat texture is cached by address: upload the new heat
}

void GuiApp::applyAuditHeat(core::SceneInput& in) {
  const core::AuditResult* audit = view_.lastAudit.get();
  if (!audit || audit->heat.empty()) return;
  in.heat = &audit->heat;
  in.heatWidth = audit->heatWidth;
  in.heatHeight = audit->heatHeight;
  in.heatStride = audit_.options.stride;
  refreshAuditSelection();
  if (!audit_.selection || audit_.selectionOf != audit) return;
  in.heat = &audit_.selection->heat;
  in.heatClasses = &audit_.selection->heatClass;
  for (int v = 1; v < core::kVerdictCount; ++v)
    if (audit->counts[size_t(v)] > 0)
      in.heatLegend.push_back(
          {core::Verdict(v), audit_.selection->counts[size_t(v)],
           (audit_.filter.classes & core::auditClassBit(core::Verdict(v))) != 0});
}

// Speed, direction and grouping: the class filter is the verdict table's ticks.
void GuiApp::drawAuditFilters(const core::AuditResult& r) {
  (void)r;
  // Three combos side by side, a third of the panel each, so none is cut short.
  const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
  char speedText[16] = "v: any";
  if (audit_.filter.speed > 0)
    std::snprintf(speedText, sizeof speedText, "v: %g", audit_.filter.speed);
  ImGui::SetNextItemWidth(third);
  if (ImGui::BeginCombo("##speed", speedText)) {
    if (ImGui::Selectable("any speed", audit_.filter.speed == 0)) audit_.filter.speed = 0;
    for (int s = 1; s <= 8; ++s) {
      const std::string t = std::to_string(s);
      if (ImGui::Selectable(t.c_str(), audit_.filter.speed == s)) audit_.filter.speed = s;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the cases at this speed only");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(third);
  const std::string dirText =
      std::string("dir: ") +
      (audit_.filter.dir < 0 ? "any" : core::auditDirectionName(audit_.filter.dir));
  if (ImGui::BeginCombo("##dir", dirText.c_str())) {
    if (ImGui::Selectable("any dir", audit_.filter.dir < 0)) audit_.filter.dir = -1;
    for (int d = 0; d < 8; ++d)
      if (ImGui::Selectable(core::auditDirectionName(d), audit_.filter.dir == d))
        audit_.filter.dir = d;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Show the cases of this intended direction only (R, DR, D, ...)");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  static const char* const kGroupings[] = {"no groups", "by cell", "by cause"};
  int g = int(audit_.grouping);
  if (ImGui::Combo("##group", &g, kGroupings, 3)) audit_.grouping = core::AuditGrouping(g);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "By cell: the cell of each start. By cause: the verdict and the cell its\n"
        "evidence names (the wall a GAP stops short of), largest group first.");
}

void GuiApp::drawFailureList(const core::AuditResult& r) {
  drawAuditFilters(r);
  refreshAuditSelection();
  if (!audit_.selection) return;
  const core::AuditSelection& sel = *audit_.selection;
  if (!audit_.groups.empty()) {
    // Four rows at most: the case list below needs the room.
    const float h = ImGui::GetFrameHeight() * float(std::min<size_t>(audit_.groups.size(), 4) + 1);
    if (ImGui::BeginTable(
            "groups", 2,
            ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV,
            ImVec2(0, h))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      const std::string header =
          std::string(audit_.grouping == core::AuditGrouping::Cell ? "start cell" : "cause") +
          " (" + std::to_string(audit_.groups.size()) + " groups)";
      ImGui::TableSetupColumn(header.c_str());
      ImGui::TableSetupColumn("cases", ImGuiTableColumnFlags_WidthFixed, uiPx(60));
      ImGui::TableHeadersRow();
      ImGuiListClipper clipper;
      clipper.Begin(int(audit_.groups.size()));
      while (clipper.Step())
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
          const core::AuditCaseGroup& grp = audit_.groups[size_t(k)];
          ImGui::TableNextRow();
          ImGui::TableSetColumnIndex(0);
          ImGui::PushID(k);
          if (audit_.grouping == core::AuditGrouping::Cause)
            ImGui::PushStyleColor(ImGuiCol_Text, verdictTextColour(grp.verdict));
          if (ImGui::Selectable(grp.label.c_str(), audit_.group == k,
                                ImGuiSelectableFlags_SpanAllColumns))
            audit_.group = audit_.group == k ? -1 : k;
          if (audit_.grouping == core::AuditGrouping::Cause) {
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered())
              ImGui::SetTooltip("%s: %s", core::verdictName(grp.verdict),
                                core::verdictExplanation(grp.verdict));
          }
          ImGui::PopID();
          ImGui::TableSetColumnIndex(1);
          ImGui::Text("%zu", grp.rows.size());
        }
      ImGui::EndTable();
    }
  }
  const std::vector<uint32_t>& rows = audit_.group >= 0 && audit_.group < int(audit_.groups.size())
                                          ? audit_.groups[size_t(audit_.group)].rows
                                          : sel.rows;
  ImGui::Text("%zu of %llu failing case%s shown", rows.size(), (unsigned long long)r.failing(),
              r.failing() == 1 ? "" : "s");
  if (!ImGui::BeginTable(
          "failures", 4,
          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("start");
  ImGui::TableSetupColumn("dir", ImGuiTableColumnFlags_WidthFixed, uiPx(28));
  ImGui::TableSetupColumn("v", ImGuiTableColumnFlags_WidthFixed, uiPx(24));
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  const core::Scenario& sc = auditBase().scenario();
  // Filtered first, then paged: the clipper draws the visible rows only.
  ImGuiListClipper clipper;
  clipper.Begin(int(rows.size()));
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const int index = int(rows[size_t(k)]);
      const core::AuditCaseRecord& c = r.failingCases[size_t(index)];
      const core::AuditFailure f = c.toFailure();
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      char label[32];
      std::snprintf(label, sizeof label, "%d, %d##%d", int(c.x), int(c.y), index);
      if (ImGui::Selectable(label, audit_.openedCase == index, ImGuiSelectableFlags_SpanAllColumns))
        openAuditCase(index);
      if (ImGui::IsItemHovered()) {
        const std::string message =
            size_t(index) < r.failures.size() ? r.failures[size_t(index)].verdict.message : "";
        ImGui::SetTooltip("%s: %s%s%s", core::verdictName(c.verdict),
                          core::verdictExplanation(c.verdict), message.empty() ? "" : "\n",
                          message.c_str());
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(core::auditDirectionName(c.dir));
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(core::auditSpeedText(f.c).c_str());
      ImGui::TableSetColumnIndex(3);
      const core::Expectation* accepted = nullptr;
      for (const core::Expectation& x : sc.expect)
        if (!accepted && core::expectationMatches(sc, x, f)) accepted = &x;
      if (accepted) {
        ImGui::TextDisabled("%s accepted", core::verdictName(c.verdict));
        if (ImGui::IsItemHovered() && !accepted->note.empty())
          ImGui::SetTooltip("%s", accepted->note.c_str());
      } else {
        ImGui::TextColored(verdictTextColour(c.verdict), "%s", core::verdictName(c.verdict));
      }
    }
  }
  ImGui::EndTable();
}

// Scripted runs (--audit-filter, --audit-speed, --audit-group): what the case
// list, the heatmap and its legend show.
void GuiApp::printAuditSelection() {
  refreshAuditSelection();
  if (!audit_.selection) return;
  const core::AuditResult& r = *audit_.result;
  const core::AuditSelection& s = *audit_.selection;
  std::string classes, legend;
  for (int v = 1; v < core::kVerdictCount; ++v) {
    const core::Verdict verdict = core::Verdict(v);
    const bool shown = (audit_.filter.classes & core::auditClassBit(verdict)) != 0;
    if (shown) classes += std::string(classes.empty() ? "" : ",") + core::verdictName(verdict);
    if (r.counts[size_t(v)] > 0)
      legend += std::string(legend.empty() ? "" : ", ") + core::verdictName(verdict) + " " +
                std::to_string(s.counts[size_t(v)]) + (shown ? "" : " (hidden)");
  }
  size_t starts = 0;
  for (int h : s.heat) starts += h > 0;
  char speed[16] = "any";
  if (audit_.filter.speed > 0) std::snprintf(speed, sizeof speed, "%g", audit_.filter.speed);
  std::printf("audit filter: %s; speed %s; direction %s: %zu of %llu failing cases shown\n",
              classes.empty() ? "none" : classes.c_str(), speed,
              audit_.filter.dir < 0 ? "any" : core::auditDirectionName(audit_.filter.dir),
              s.rows.size(), (unsigned long long)r.failing());
  std::printf("audit heat: %zu starts painted, most %d at one start; legend: %s\n", starts, s.most,
              legend.c_str());
  if (!audit_.groups.empty()) {
    std::printf("audit groups by %s: %zu", core::auditGroupingName(audit_.grouping),
                audit_.groups.size());
    for (size_t k = 0; k < audit_.groups.size() && k < 3; ++k)
      std::printf("%s%s %zu", k ? ", " : "; largest: ", audit_.groups[k].label.c_str(),
                  audit_.groups[k].rows.size());
    std::printf("\n");
  }
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
class AuditPanel : public Panel {
 public:
  void draw(PanelContext& c) override { c.app.drawAuditPanel(); }
};
RegisterPanel<AuditPanel> registered("Audit", 80);
}  // namespace

}  // namespace app
