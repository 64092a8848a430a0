// Undo and redo for scenario edits (edit.h). The history is linear: pushing
// after an undo drops the undone steps. A step is one edit, or a group of edits
// made by one gesture (a paint stroke, an entity drag, a keyboard recording),
// which undoes as a whole. The history also knows which part of the document
// (map file or scenario file) differs from the last save, for the title's `*`.
//
//   history.beginGroup("Paint");
//   history.push(scenario, edit);  // applied at once; merged with the same target
//   history.endGroup();
//   history.undo(scenario);
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/edit/edit.h"

namespace core {

enum class DocPart { Map, Scenario };

class EditHistory {
 public:
  explicit EditHistory(size_t maxSteps = 1000) : maxSteps_(maxSteps) {}

  // Applies `e` to `s` and records it: as a step of its own, or inside the open
  // group (merged with the group's last edit when both change the same target).
  void push(Scenario& s, const Edit& e);
  // Edits pushed until endGroup() form one step named `label`. A group with no
  // edits leaves no step. Groups do not nest: beginGroup closes an open one.
  void beginGroup(const std::string& label);
  void endGroup();

  // Revert / re-apply one step. Both close an open group first.
  bool undo(Scenario& s);
  bool redo(Scenario& s);
  bool canUndo() const { return pos_ > 0; }
  bool canRedo() const { return pos_ < steps_.size(); }
  // The label of the step undo()/redo() would act on ("" when none).
  std::string undoLabel() const;
  std::string redoLabel() const;
  size_t steps() const { return steps_.size(); }
  // The edits undo()/redo() would revert / re-apply (empty when none), e.g. to
  // find where re-simulation must start.
  const std::vector<Edit>& undoEdits() const;
  const std::vector<Edit>& redoEdits() const;

  // Forgets every step (a new document); both parts count as saved.
  void clear();
  // The current state of `part` is what is on disk.
  void markSaved(DocPart part);
  // The part of the document differs from its last save.
  bool dirty(DocPart part) const;
  bool dirty() const { return dirty(DocPart::Map) || dirty(DocPart::Scenario); }

 private:
  struct Step {
    std::string label;
    std::vector<Edit> edits;
  };
  static constexpr long kLost = -1;  // the saved state is no longer reachable
  bool stepTouches(const Step& step, DocPart part) const;
  void dropRedo();
  void trim();

  std::vector<Step> steps_;
  size_t pos_ = 0;  // steps_[0, pos_) are applied
  size_t maxSteps_;
  bool grouping_ = false, groupOpen_ = false;
  std::string groupLabel_;
  long saved_[2] = {0, 0};  // pos_ at the last save of the map / scenario
};

}  // namespace core
