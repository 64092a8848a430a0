#include "core/edit/history.h"

#include <algorithm>

namespace core {

void EditHistory::push(Scenario& s, const Edit& e) {
  applyEdit(s, e, true);
  if (grouping_ && groupOpen_ && pos_ == steps_.size() && pos_ > 0) {
    std::vector<Edit>& edits = steps_.back().edits;
    if (!mergeEdit(edits.back(), e)) edits.push_back(e);
    return;
  }
  dropRedo();
  steps_.push_back(Step{grouping_ ? groupLabel_ : editName(e), {e}});
  ++pos_;
  groupOpen_ = grouping_;
  trim();
}

void EditHistory::beginGroup(const std::string& label) {
  grouping_ = true;
  groupOpen_ = false;
  groupLabel_ = label;
}

void EditHistory::endGroup() {
  grouping_ = false;
  groupOpen_ = false;
}

bool EditHistory::undo(Scenario& s) {
  endGroup();
  if (!canUndo()) return false;
  const Step& step = steps_[--pos_];
  for (auto it = step.edits.rbegin(); it != step.edits.rend(); ++it) applyEdit(s, *it, false);
  return true;
}

bool EditHistory::redo(Scenario& s) {
  endGroup();
  if (!canRedo()) return false;
  for (const Edit& e : steps_[pos_++].edits) applyEdit(s, e, true);
  return true;
}

std::string EditHistory::undoLabel() const {
  return canUndo() ? steps_[pos_ - 1].label : std::string();
}

std::string EditHistory::redoLabel() const {
  return canRedo() ? steps_[pos_].label : std::string();
}

const std::vector<Edit>& EditHistory::undoEdits() const {
  static const std::vector<Edit> kNone;
  return canUndo() ? steps_[pos_ - 1].edits : kNone;
}

const std::vector<Edit>& EditHistory::redoEdits() const {
  static const std::vector<Edit> kNone;
  return canRedo() ? steps_[pos_].edits : kNone;
}

void EditHistory::clear() {
  steps_.clear();
  pos_ = 0;
  endGroup();
  saved_[0] = saved_[1] = 0;
}

void EditHistory::markSaved(DocPart part) {
  saved_[int(part)] = long(pos_);
}

bool EditHistory::stepTouches(const Step& step, DocPart part) const {
  return std::any_of(step.edits.begin(), step.edits.end(), [&](const Edit& e) {
    return part == DocPart::Map ? editTouchesMap(e) : editTouchesScenario(e);
  });
}

bool EditHistory::dirty(DocPart part) const {
  long saved = saved_[int(part)];
  if (saved == kLost) return true;
  size_t lo = std::min(size_t(saved), pos_), hi = std::max(size_t(saved), pos_);
  for (size_t i = lo; i < hi; ++i)
    if (stepTouches(steps_[i], part)) return true;
  return false;
}

void EditHistory::dropRedo() {
  if (pos_ == steps_.size()) return;
  // A save made in the undone future can no longer be reached, unless the
  // dropped steps never touched that part.
  for (int p = 0; p < 2; ++p) {
    if (saved_[p] <= long(pos_)) continue;
    bool touched = false;
    for (size_t i = pos_; i < size_t(saved_[p]); ++i)
      touched = touched || stepTouches(steps_[i], DocPart(p));
    saved_[p] = touched ? kLost : long(pos_);
  }
  steps_.resize(pos_);
}

void EditHistory::trim() {
  if (steps_.size() <= maxSteps_) return;
  const size_t drop = steps_.size() - maxSteps_;
  for (int p = 0; p < 2; ++p) {
    if (saved_[p] == kLost) continue;
    // The saved state lies before the kept steps: reachable only if the
    // dropped steps between it and the new start never touched that part.
    bool touched = false;
    for (size_t i = size_t(saved_[p]); i < drop; ++i)
      touched = touched || stepTouches(steps_[i], DocPart(p));
    saved_[p] = saved_[p] >= long(drop) ? saved_[p] - long(drop) : (touched ? kLost : 0);
  }
  steps_.erase(steps_.begin(), steps_.begin() + long(drop));
  pos_ -= drop;
}

}  // namespace core
