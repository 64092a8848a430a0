// How the routine's attribute table reads a metatile's collision byte, for
// the labels of the Tiles window's collision editor and the room's Bits tool:
// seed 002's format shows the four direction bits and four op-codes, a
// solid-bit or walkable table one "solid" bit, a mask table the masks the
// manifest gives. core/sim/map_layout.cpp does the encoding itself.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/map/collision_bits.h"
#include "core/sim/manifest.h"

namespace app {

struct CollisionLabels {
  bool solidOnly = false;  // one bit: solid or not
  bool opcodes = true;     // bits 4..7 reach the routine
  std::string solidMeaning, note;
  uint8_t masks[4] = {0, 0, 0, 0};  // Mask format: the routine's bits for U, D, L, R
  std::string directionSuffix(uint8_t bit) const {
    const int i = bit == core::kBlockUp     ? 0
                  : bit == core::kBlockDown ? 1
                  : bit == core::kBlockLeft ? 2
                                            : 3;
    if (!masks[i]) return {};
    char text[24];
    std::snprintf(text, sizeof text, " (mask $%02X)", masks[i]);
    return text;
  }
};

inline CollisionLabels collisionLabels(const core::RoutineManifest& m) {
  CollisionLabels l;
  if (m.rule.kind != core::CollisionRuleKind::Map) {
    l.solidOnly = true;
    l.opcodes = false;
    l.solidMeaning = "(oracle only)";
    l.note = "This routine decides what is solid by metatile id (map.rule), not by these bits.";
    return l;
  }
  if (!m.attributes) return l;  // no attribute table: seed 002's layout by default
  const core::AttributeLayout& a = *m.attributes;
  char text[64];
  switch (a.format) {
    case core::AttributeFormat::Mrn:
      break;
    case core::AttributeFormat::SolidBit:
      l.solidOnly = true;
      l.opcodes = false;
      l.solidMeaning = "(routine: bit 0)";
      l.note = "solid-bit table: the routine reads bit 0, set when all four directions block";
      break;
    case core::AttributeFormat::Walkable:
      l.solidOnly = true;
      l.opcodes = false;
      l.solidMeaning = "(routine: 0)";
      l.note = "walkable table: the routine reads 0 for a solid metatile, 1 for an open one";
      break;
    case core::AttributeFormat::Mask:
      l.opcodes = false;
      l.masks[0] = a.maskUp;
      l.masks[1] = a.maskDown;
      l.masks[2] = a.maskLeft;
      l.masks[3] = a.maskRight;
      if (!(a.maskUp | a.maskDown | a.maskLeft | a.maskRight)) {
        l.solidOnly = true;
        std::snprintf(text, sizeof text, "(routine: mask $%02X)", a.maskSolid);
        l.solidMeaning = text;
      }
      break;
  }
  return l;
}

}  // namespace app
