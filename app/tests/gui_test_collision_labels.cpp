// The Tiles window's collision labels follow the routine's attribute format
// (app/gui/collision_labels.h): a solid-bit routine such as seed 004's shows
// one "solid" bit, not seed 002's U/D/L/R and op-code names.
#include <gtest/gtest.h>

#include "app/gui/collision_labels.h"

TEST(CollisionLabels, SeedTwoFormatShowsDirectionsAndOpcodes) {
  core::RoutineManifest m;  // no attribute table: seed 002's byte as is
  app::CollisionLabels l = app::collisionLabels(m);
  EXPECT_FALSE(l.solidOnly);
  EXPECT_TRUE(l.opcodes);
  m.attributes = core::AttributeLayout{};
  m.attributes->format = core::AttributeFormat::Mrn;
  EXPECT_TRUE(app::collisionLabels(m).opcodes);
}

TEST(CollisionLabels, SolidBitAndWalkableShowOneSolidBit) {
  core::RoutineManifest m;
  m.attributes = core::AttributeLayout{};
  for (auto f : {core::AttributeFormat::SolidBit, core::AttributeFormat::Walkable}) {
    m.attributes->format = f;
    const app::CollisionLabels l = app::collisionLabels(m);
    EXPECT_TRUE(l.solidOnly);
    EXPECT_FALSE(l.opcodes);
    EXPECT_FALSE(l.note.empty());
  }
}

TEST(CollisionLabels, MaskTablesShowTheManifestsMasks) {
  core::RoutineManifest m;
  m.attributes = core::AttributeLayout{};
  m.attributes->format = core::AttributeFormat::Mask;
  m.attributes->maskSolid = 0x80;
  app::CollisionLabels l = app::collisionLabels(m);
  EXPECT_TRUE(l.solidOnly);  // only "solid" given
  EXPECT_NE(l.solidMeaning.find("$80"), std::string::npos);
  m.attributes->maskUp = 0x08;
  m.attributes->maskLeft = 0x01;
  l = app::collisionLabels(m);
  EXPECT_FALSE(l.solidOnly);
  EXPECT_FALSE(l.opcodes);
  EXPECT_EQ(l.directionSuffix(core::kBlockUp), " (mask $08)");
  EXPECT_EQ(l.directionSuffix(core::kBlockLeft), " (mask $01)");
  EXPECT_EQ(l.directionSuffix(core::kBlockDown), "");
}

TEST(CollisionLabels, ARuleByIdShowsOneSolidBitForTheOracle) {
  core::RoutineManifest m;
  m.rule.kind = core::CollisionRuleKind::Threshold;
  const app::CollisionLabels l = app::collisionLabels(m);
  EXPECT_TRUE(l.solidOnly);
  EXPECT_NE(l.note.find("map.rule"), std::string::npos);
}
