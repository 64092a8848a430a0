// Issue 16, item 6: what the oracle moves the hitbox by. The motion block's
// intent (input with diagonals on both axes, one axis by priority or the last
// pressed; a speed field; velocity fields; requested-position fields) parses
// with located errors, derives the intended motion the verdicts judge, and
// drives the audit's cases, which name every combination they cannot give.
// The velocity and requested audits run tiny SM83 routines of the built-in
// assembler, so nothing here needs cc65.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/manifest.h"
#include "core/sim/scenario.h"

namespace fs = std::filesystem;
using namespace core;

namespace {

class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collidoscope_intent_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // An SM83 manifest with x, y and `fields`, and `motion` as its motion block.
  nlohmann::json manifest(const nlohmann::json& motion, const nlohmann::json& fields = {}) const {
    nlohmann::json m = nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"], "entry": "frame",
      "entity": {"fields": {"x": "ent_x", "y": "ent_y"}},
      "input": {"label": "buttons", "encoding": "gb-buttons"},
      "map": {"cells": {"label": "cells", "stride": 16, "width": 16, "height": 15},
              "attributes": {"label": "attrs", "stride": 1, "count": 32, "format": "solid-bit"}},
      "hitbox": {"x": 0, "y": 0, "w": 16, "h": 16}})");
    for (auto it = fields.begin(); it != fields.end(); ++it)
      m["entity"]["fields"][it.key()] = it.value();
    if (!motion.is_null()) m["motion"] = motion;
    return m;
  }
  // Loads `m` as a manifest file: "" when it loads, else the error.
  std::string load(const nlohmann::json& m, RoutineManifest* out = nullptr) {
    std::ofstream(dir_ / "m.json") << m.dump(1);
    RoutineManifest rm;
    std::string error;
    if (!loadManifest((dir_ / "m.json").string(), rm, &error)) return error;
    if (out) *out = rm;
    return "";
  }
  // A one-entity scenario of `source` and `m` on the castle map with every
  // collision byte cleared and open outside: every move is free.
  Scenario openRoom(const std::string& source, const nlohmann::json& m) {
    std::ofstream(dir_ / "r.asm") << source;
    std::ofstream(dir_ / "manifest.json") << m.dump(1);
    nlohmann::json sc = {
        {"format", "collidoscope-scenario/1"},
        {"map", std::string(COLLIDOSCOPE_SOURCE_DIR) + "/maps/seed002_castle.map.json"},
        {"routine", (dir_ / "manifest.json").string()},
        {"entities", {{{"x", 64}, {"y", 64}}}},
        {"oracle", {{"outside", "open"}}},
        {"frames", 1}};
    std::ofstream(dir_ / "scenario.json") << sc.dump(1);
    Scenario s;
    std::string error;
    EXPECT_TRUE(loadScenario((dir_ / "scenario.json").string(), s, &error)) << error;
    for (Metatile& mt : s.map.metatiles.metatiles) mt.collision = 0;
    return s;
  }
  fs::path dir_;
};

const std::vector<std::string> kNames{"x", "y", "dir", "speed", "vx", "vy", "want_x", "want_y"};

RoutineManifest padManifest(DiagonalRule rule) {
  RoutineManifest m;
  m.fields["x"] = FieldBinding{};
  m.fields["y"] = FieldBinding{};
  m.motion.speed = 2;
  m.motion.diagonal = rule;
  return m;
}

// Both seeds' order: the harness tests Up, Down, Left, Right in that order.
TEST(IntentInput, OneAxisTakesTheFirstHeldInPriority) {
  RoutineManifest m = padManifest(DiagonalRule::OneAxis);
  auto move = [&](uint8_t in) { return intendedMotion(m, kNames, {0, 0}, 0, in); };
  EXPECT_EQ(move(kButtonUp | kButtonRight), (Motion{0, -2}));
  EXPECT_EQ(move(kButtonDown | kButtonLeft), (Motion{0, 2}));
  EXPECT_EQ(move(kButtonLeft | kButtonRight), (Motion{-2, 0}));
  EXPECT_EQ(move(kButtonUp | kButtonDown), (Motion{0, -2}));
  EXPECT_EQ(move(kButtonRight), (Motion{2, 0}));
  EXPECT_EQ(move(0), (Motion{0, 0}));
  m.motion.priority = {PadDirection::Right, PadDirection::Left, PadDirection::Down,
                       PadDirection::Up};
  EXPECT_EQ(move(kButtonUp | kButtonRight), (Motion{2, 0}));
  // "both" (version 1's meaning): each axis on its own, opposites cancel.
  m.motion.diagonal = DiagonalRule::Both;
  EXPECT_EQ(move(kButtonUp | kButtonRight), (Motion{2, -2}));
  EXPECT_EQ(move(kButtonUp | kButtonDown), (Motion{0, 0}));
}

TEST(IntentInput, LastPressedFollowsTheHistory) {
  RoutineManifest m = padManifest(DiagonalRule::LastPressed);
  PadHistory h;
  const std::vector<uint8_t> inputs{kButtonRight,
                                    kButtonRight,
                                    kButtonRight | kButtonUp,
                                    kButtonRight | kButtonUp,
                                    kButtonRight,
                                    kButtonRight | kButtonLeft | kButtonDown};
  const std::vector<Motion> want{{2, 0}, {2, 0}, {0, -2}, {0, -2}, {2, 0}, {0, 2}};
  for (size_t f = 0; f < inputs.size(); ++f) {
    h.update(inputs[f], int(f));
    EXPECT_EQ(intendedMotion(m, kNames, {0, 0}, 0, inputs[f], &h), want[f]) << "frame " << f;
  }
  // Pressed together (or no history): the priority decides.
  EXPECT_EQ(intendedMotion(m, kNames, {0, 0}, 0, kButtonLeft | kButtonDown), (Motion{0, 2}));
}

TEST(IntentSpeed, TheSpeedFieldScalesTheDirection) {
  RoutineManifest m = padManifest(DiagonalRule::OneAxis);
  m.fields["dir"] = FieldBinding{};
  m.fields["speed"] = FieldBinding{};
  m.motion.from = IntentSource::Speed;
  m.motion.speedField = "speed";
  m.motion.directions = {{3, {-1, 0}}};
  EXPECT_EQ(intendedMotion(m, kNames, {0, 0, 0, 3}, 0, kButtonDown | kButtonRight), (Motion{0, 3}));
  EXPECT_EQ(intendedMotion(m, kNames, {0, 0, 3, 4}, 1, 0), (Motion{-4, 0}));  // not input-driven
}

TEST(IntentVelocity, FixedPointFieldsRoundAsDeclared) {
  RoutineManifest m = padManifest(DiagonalRule::Both);
  m.fields["vx"].size = 2;
  m.fields["vy"].size = 1;
  m.motion.from = IntentSource::Velocity;
  m.motion.dx = {"vx", 8, true};
  m.motion.dy = {"vy", 0, true};
  // vx = $FE80 = -1.5 px, vy = $FD = -3 px.
  const std::vector<int32_t> before{10, 10, 0, 0, 0xFE80, 0xFD};
  EXPECT_EQ(intendedMotion(m, kNames, before, 0, 0), (Motion{-2, -3}));
  m.motion.rounding = SubpixelRounding::TowardZero;
  EXPECT_EQ(intendedMotion(m, kNames, before, 0, 0), (Motion{-1, -3}));
  m.motion.dy.isSigned = false;  // $FD unsigned: 253 px
  EXPECT_EQ(intendedMotion(m, kNames, before, 0, 0).dy, 253);
  EXPECT_EQ(intendedMotion(m, kNames, {10, 10, 0, 0, 0x0180, 2}, 0, 0), (Motion{1, 2}));
}

TEST(IntentRequested, MovesToTheRequestedPositionUnwrapped) {
  RoutineManifest m = padManifest(DiagonalRule::Both);
  m.motion.from = IntentSource::Requested;
  m.motion.requestedX = "want_x";
  m.motion.requestedY = "want_y";
  EXPECT_EQ(intendedMotion(m, kNames, {10, 0, 0, 0, 0, 0, 13, 255}, 0, 0), (Motion{3, -1}));
}

// The classifier: a one-axis game that moves on its priority axis only is ok,
// a real block stays FALSE-BLOCK, and "both" judges the same move FALSE-BLOCK.
TEST(IntentVerdicts, OneAxisMovesAreOkRealBlocksAreNot) {
  Scenario s;
  s.map.room.width = 8;
  s.map.room.height = 8;
  s.map.room.cellSize = 16;
  s.map.room.cells.assign(64, 0);
  s.map.metatiles.metatiles.resize(1);
  s.manifest.fields["x"] = FieldBinding{};
  s.manifest.fields["y"] = FieldBinding{};
  s.manifest.hitbox = Hitbox{0, 0, 16, 16};
  s.manifest.motion.diagonal = DiagonalRule::OneAxis;
  s.entities.resize(1);
  Recording r;
  r.fieldNames = {"x", "y"};
  auto frame = [](uint8_t in, int x, int y, int ax, int ay) {
    EntityFrame e;
    e.input = in;
    e.before = {x, y};
    e.after = {ax, ay};
    return FrameRecord{{e}};
  };
  r.frames = {frame(kButtonUp | kButtonRight, 40, 40, 40, 39),
              frame(kButtonUp | kButtonRight, 40, 39, 40, 39)};
  auto v = classifyRecording(s, r);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].verdict, Verdict::Ok) << v[0].message;
  EXPECT_EQ(v[0].motion, (Motion{0, -1}));
  EXPECT_EQ(v[1].verdict, Verdict::FalseBlock) << v[1].message;
  s.manifest.motion.diagonal = DiagonalRule::Both;
  EXPECT_EQ(classifyRecording(s, r)[0].verdict, Verdict::FalseBlock);
}

TEST_F(TempDir, MotionBlockParsesAndNamesItsFaults) {
  RoutineManifest m;
  ASSERT_EQ(load(manifest(nlohmann::json::parse(
                              R"({"from": "speed", "speedField": "spd", "diagonal": "one-axis",
                                  "priority": ["left", "up", "right", "down"]})"),
                          {{"spd", "ent_spd"}}),
                 &m),
            "");
  EXPECT_EQ(m.motion.from, IntentSource::Speed);
  EXPECT_EQ(m.motion.speedField, "spd");
  EXPECT_EQ(m.motion.diagonal, DiagonalRule::OneAxis);
  EXPECT_EQ(m.motion.priority[0], PadDirection::Left);
  EXPECT_EQ(m.motion.priority[3], PadDirection::Down);
  // Version 1 without "from": a "speed" field still gives the magnitude.
  ASSERT_EQ(load(manifest(nullptr, {{"speed", "ent_spd"}}), &m), "");
  EXPECT_EQ(m.motion.from, IntentSource::Speed);
  EXPECT_EQ(m.motion.speedField, "speed");
  EXPECT_EQ(m.motion.diagonal, DiagonalRule::Both);
  ASSERT_EQ(load(manifest(nlohmann::json{{"speed", 2}}), &m), "");
  EXPECT_EQ(m.motion.from, IntentSource::Input);
  ASSERT_EQ(load(manifest(nlohmann::json::parse(
                              R"({"from": "velocity", "dx": {"field": "vx", "fracBits": 8},
                                  "dy": "vy", "rounding": "toward-zero"})"),
                          {{"vx", {{"label", "vx"}, {"size", 2}}}, {"vy", "vy"}}),
                 &m),
            "");
  EXPECT_EQ(m.motion.dx.fracBits, 8);
  EXPECT_TRUE(m.motion.dx.isSigned);
  EXPECT_EQ(m.motion.dy.field, "vy");
  EXPECT_EQ(m.motion.rounding, SubpixelRounding::TowardZero);

  auto error = [&](const char* motion, const nlohmann::json& fields = {}) {
    return load(manifest(nlohmann::json::parse(motion), fields));
  };
  EXPECT_NE(error(R"({"from": "telepathy"})").find("motion.from: \"telepathy\""),
            std::string::npos);
  EXPECT_NE(error(R"({"diagonal": "sideways"})").find("motion.diagonal"), std::string::npos);
  EXPECT_NE(error(R"({"priority": ["up", "up", "left", "right"]})").find("motion.priority[1]"),
            std::string::npos);
  EXPECT_NE(error(R"({"priority": ["up", "north", "left", "right"]})").find("motion.priority[1]"),
            std::string::npos);
  EXPECT_NE(error(R"({"priority": ["up"]})").find("motion.priority"), std::string::npos);
  EXPECT_NE(error(R"({"from": "speed"})").find("motion.speedField: \"speed\" is not one of"),
            std::string::npos);
  EXPECT_NE(error(R"({"from": "velocity", "dx": "vx"})").find("motion.dx: \"vx\""),
            std::string::npos);
  EXPECT_NE(error(R"({"from": "velocity", "dx": {"field": "vx", "fracBits": 8}, "dy": "vx"})",
                  {{"vx", "vx"}})
                .find("motion.dx.fracBits"),
            std::string::npos);
  EXPECT_NE(error(R"({"from": "requested", "x": "want_x"})", {{"want_x", "wx"}}).find("motion.y"),
            std::string::npos);
}

// A routine that adds the high byte of an 8.8 velocity: the floor rule's game.
// The audit writes dx/dy for 8 directions x speeds 1..2, whole and half pixels.
TEST_F(TempDir, VelocityAuditSamplesWholeAndHalfPixels) {
  const std::string src =
      "SECTION \"Vars\", WRAM0[$C000]\n"
      "ent_x:: db\nent_y:: db\nbuttons:: db\nvx:: dw\nvy:: dw\n"
      "SECTION \"Map\", WRAM0[$C100]\n"
      "cells:: ds 240\nattrs:: ds 32\n"
      "SECTION \"Code\", ROM0[$0150]\n"
      "frame::\n"
      "  ld a, [vx+1]\n  ld b, a\n  ld a, [ent_x]\n  add b\n  ld [ent_x], a\n"
      "  ld a, [vy+1]\n  ld b, a\n  ld a, [ent_y]\n  add b\n  ld [ent_y], a\n  ret\n";
  Scenario s = openRoom(src, manifest(nlohmann::json::parse(R"({"from": "velocity",
                                              "dx": {"field": "vx", "fracBits": 8},
                                              "dy": {"field": "vy", "fracBits": 8}})"),
                                      {{"vx", {{"label", "vx"}, {"size", 2}}},
                                       {"vy", {{"label", "vy"}, {"size", 2}}}}));
  AuditOptions o;
  o.stride = 16;
  o.maxSpeed = 2;
  AuditResult r = runAudit(s, o);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.cases, r.startPositions * 8 * 2 * 2);
  EXPECT_EQ(r.skipped, 0u);
  EXPECT_EQ(r.count(Verdict::Ok), r.cases);
  EXPECT_NE(r.space.find("speed - 1/2 px"), std::string::npos) << r.space;
  // The replay of a half-pixel case writes the same velocity: -1.5 px left.
  AuditCase c{64, 64, 4, 2, true};
  Scenario one = auditCaseScenario(s, c);
  EXPECT_EQ(one.entities[0].fields["vx"], -0x180);
  EXPECT_EQ(auditSpeedText(c), "1.5");

  // Declared toward-zero, the same routine disagrees on negative half pixels
  // (-1.5 px: it moves -2, the intent is -1): the rounding is the manifest's word.
  s.manifest.motion.rounding = SubpixelRounding::TowardZero;
  AuditResult tz = runAudit(s, o);
  ASSERT_TRUE(tz.ok) << tz.error;
  EXPECT_GT(tz.failing(), 0u);
}

// Unsigned velocity fields cannot hold the leftward and upward cases: they are
// counted with the reason, not dropped.
TEST_F(TempDir, AuditNamesTheCasesItCannotGive) {
  const std::string src =
      "SECTION \"Vars\", WRAM0[$C000]\n"
      "ent_x:: db\nent_y:: db\nbuttons:: db\nvx:: db\nvy:: db\n"
      "SECTION \"Map\", WRAM0[$C100]\n"
      "cells:: ds 240\nattrs:: ds 32\n"
      "SECTION \"Code\", ROM0[$0150]\n"
      "frame::\n  ret\n";
  Scenario s = openRoom(src, manifest(nlohmann::json::parse(R"({"from": "velocity",
                                              "dx": {"field": "vx", "signed": false},
                                              "dy": {"field": "vy", "signed": false}})"),
                                      {{"vx", "vx"}, {"vy", "vy"}}));
  AuditOptions o;
  o.stride = 16;
  o.maxSpeed = 1;
  AuditResult r = runAudit(s, o);
  ASSERT_TRUE(r.ok) << r.error;
  // R, DR, D run; DL, L, UL, U, UR need a negative component.
  EXPECT_EQ(r.cases, r.startPositions * 3);
  ASSERT_EQ(r.skips.size(), 1u);
  EXPECT_EQ(r.skips[0].cases, r.startPositions * 5);
  EXPECT_EQ(r.skipped, r.skips[0].cases);
  EXPECT_NE(r.skips[0].reason.find("cannot hold"), std::string::npos);

  // Last-pressed input: diagonals need history a one-frame case lacks.
  Scenario lp = openRoom(src, manifest(nlohmann::json::parse(R"({"diagonal": "last-pressed"})")));
  AuditResult l = runAudit(lp, o);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_EQ(l.cases, l.startPositions * 4);
  ASSERT_EQ(l.skips.size(), 1u);
  EXPECT_NE(l.skips[0].reason.find("last-pressed"), std::string::npos);
}

// The requested position: a routine that jumps there is ok everywhere in free
// space; one that ignores it is a FALSE-BLOCK for every case.
TEST_F(TempDir, RequestedAuditWritesTheTarget) {
  auto src = [](const std::string& body) {
    return "SECTION \"Vars\", WRAM0[$C000]\n"
           "ent_x:: db\nent_y:: db\nbuttons:: db\nwant_x:: db\nwant_y:: db\n"
           "SECTION \"Map\", WRAM0[$C100]\n"
           "cells:: ds 240\nattrs:: ds 32\n"
           "SECTION \"Code\", ROM0[$0150]\n"
           "frame::\n" +
           body;
  };
  const auto m = manifest(nlohmann::json::parse(R"({"from": "requested", "x": "want_x",
                                                    "y": "want_y"})"),
                          {{"want_x", "want_x"}, {"want_y", "want_y"}});
  AuditOptions o;
  o.stride = 16;
  o.maxSpeed = 3;
  AuditResult go = runAudit(openRoom(src("  ld a, [want_x]\n  ld [ent_x], a\n"
                                         "  ld a, [want_y]\n  ld [ent_y], a\n  ret\n"),
                                     m),
                            o);
  ASSERT_TRUE(go.ok) << go.error;
  EXPECT_EQ(go.cases, go.startPositions * 8 * 3);
  EXPECT_EQ(go.count(Verdict::Ok), go.cases);
  AuditResult stay = runAudit(openRoom(src("  ret\n"), m), o);
  ASSERT_TRUE(stay.ok) << stay.error;
  EXPECT_EQ(stay.count(Verdict::FalseBlock), stay.cases);
}

}  // namespace
