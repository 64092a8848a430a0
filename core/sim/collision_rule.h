// The manifest's collision rule (map.rule) as the oracle needs it: one
// collision byte per metatile id, decided the way the game decides it (a
// threshold, a set of ids, the game's own lookup table, or a call to the game's
// own predicate routine). The simulation computes it once per binding; the
// oracle then judges against a copy of the map whose metatiles carry these bytes
// (oracleMapOf in core/check/oracle.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sim/machine.h"
#include "core/sim/simulation.h"

namespace core {

// Collision bytes (kSolid or 0) for metatile ids 0..count-1 under `m.rule`;
// empty when the rule is the map's own bytes. A predicate runs on `machine`,
// which is left as it was. Errors name the manifest field ("map.rule.label: ...").
bool ruleCollision(const RoutineManifest& m, const Binding& b, Machine& machine, int count,
                   std::vector<uint8_t>* out, std::string* error);

}  // namespace core
