#include "core/game/frame_run.h"

namespace core::game {

bool FrameRunner::bind(const RoutineManifest&, const DebugInfo&, std::string* error) {
  if (error) *error = "frame mode is not implemented yet";
  return false;
}

void FrameRunner::alignToFrame(GameMachine&) const {}

void FrameRunner::runFrame(GameMachine&, uint8_t, const ReadFields&, const RecordCall&,
                           std::vector<EntityFrame>&) const {}

bool FrameRunner::runToCall(GameMachine&, uint8_t, int, uint16_t*) const {
  return false;
}

}  // namespace core::game
