// The Workspace calls a front end's panels make instead of reaching into the
// simulation: judging again after in-place edits, seeking, binding an image.
#include "core/workspace/workspace.h"

namespace core {

bool Workspace::judgeIfStale() {
  if (!stale_ || !sim_) return false;
  judge();
  return true;
}

bool Workspace::seek(int frame, int entity) {
  return sim_ && sim_->seek(frame, entity);
}

bool Workspace::bindImage(const AsmResult& image, std::string* error, Simulation* keptAside) {
  if (!sim_) {
    if (error) *error = "no scenario is open";
    return false;
  }
  if (!sim_->bindImage(image, error) || (keptAside && !keptAside->bindImage(image, error)))
    return false;
  stale_ = true;
  return true;
}

std::unique_ptr<Simulation> Workspace::bindScenario(const Scenario& scenario,
                                                    const AsmResult& image, std::string* error) {
  auto sim = std::make_unique<Simulation>();
  sim->scenario() = scenario;
  if (!sim->bindImage(image, error)) return nullptr;
  return sim;
}

}  // namespace core
