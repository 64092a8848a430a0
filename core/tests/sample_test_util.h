// Helpers shared by the tests that run the sample routines in assets/ and maps/.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/asm/ca65/ca65.h"
#include "core/sim/simulation.h"

namespace core::test {

// A file of the source tree, e.g. repoFile("maps/seed002_castle.scenario.json").
inline std::string repoFile(const std::string& rel) {
  return std::string(COLLIDOSCOPE_SOURCE_DIR) + "/" + rel;
}

// Frames with input in which entity 0 moved or stayed put. Every call must have
// returned normally without writing into the encoded room.
struct MoveCounts {
  int moved = 0, blocked = 0;
};
inline MoveCounts countMoves(const Recording& rec) {
  MoveCounts c;
  for (const auto& fr : rec.frames) {
    const EntityFrame& e = fr.entities[0];
    EXPECT_EQ(e.halt, HaltKind::Returned);
    EXPECT_FALSE(e.badWrite);
    if (e.input == 0) continue;
    (e.after == e.before ? c.blocked : c.moved)++;
  }
  return c;
}

}  // namespace core::test

// Skips a test that needs the real ca65/ld65 when they are not installed.
#define REQUIRE_CA65()                                                                   \
  do {                                                                                   \
    if (!::core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)"; \
  } while (0)
