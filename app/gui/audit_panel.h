// The Audit panel's state (panel_audit.cpp): the audit's options and result,
// the query the case list and the heatmap show, the case open in place of the
// scenario (the document's own simulation kept aside meanwhile) and the diff
// against the saved routine. GuiApp holds it: opening a case swaps the
// document's simulation, which the edits, autosave and reloads all ask about.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/check/audit.h"
#include "core/check/audit_diff.h"
#include "core/check/audit_query.h"
#include "core/sim/simulation.h"

namespace app {

// The Audit panel's state; the audit job itself is the workspace's (ws_.auditJob()).
struct AuditPanelState {
  core::AuditOptions options;
  std::shared_ptr<const core::AuditResult> result;
  // What the case list, the heatmap and its legend show: a query over every
  // failing case (core/check/audit_query.h), recomputed when the filter or
  // the result changes.
  core::AuditFilter filter;
  core::AuditGrouping grouping = core::AuditGrouping::None;
  int group = -1;  // the group whose cases the list shows (-1: all)
  std::shared_ptr<const core::AuditSelection> selection;
  std::vector<core::AuditCaseGroup> groups;
  const core::AuditResult* selectionOf = nullptr;  // the result `selection` was made from
  core::AuditFilter selectionFilter;
  core::AuditGrouping selectionGrouping = core::AuditGrouping::None;
  uint64_t accepted = 0;       // failing cases the scenario's expect list accepts
  std::vector<uint64_t> hits;  // per expectation
  int openedCase = -1;         // index into result->failingCases shown in room + timeline
  // The scenario's own simulation while an audit case is open in its place.
  std::unique_ptr<core::Simulation> saved;
  bool savedStale = false;         // its recording predates the image or edits: re-run on close
  bool liveUpdatePending = false;  // a map edit came while an update ran: update again
  // "Diff against saved": the routine its saved files build (before) against the
  // editor's buffer (after, the audit in `result`); null after a plain audit.
  std::shared_ptr<const core::AuditDiff> diff;
};

}  // namespace app
