// Issue 16 item 1: entity fields of 1 to 3 bytes, signed, big-endian, fixed
// point and split across lo/hi arrays, read and written by one codec
// (core/sim/field_codec.h). The manifest names the JSON path of a bad field;
// the fields sample (assets/routines/fields_split: x 12.4 in obj_xl/obj_xh, y
// signed 16-bit big-endian) must be read in its shape: read any other way, the
// recording and the verdicts differ. The sample skips without cc65.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/check/audit.h"
#include "core/check/verdict.h"
#include "core/sim/field_codec.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

using test::repoFile;

FieldCodec codec(int size, bool isSigned = false, bool big = false, int frac = 0) {
  FieldCodec f;
  f.address = 0x0300;
  f.size = size;
  f.stride = 4;
  f.isSigned = isSigned;
  f.bigEndian = big;
  f.fracBits = frac;
  return f;
}

TEST(FieldCodec, BytesOfEachShape) {
  auto m = makeMachine(Cpu::M6502);
  // Little-endian 16 bits, slot 1: low byte first at address + stride.
  FieldCodec le = codec(2);
  writeField(*m, le, 1, 0x1234);
  EXPECT_EQ(m->peek(0x0304), 0x34);
  EXPECT_EQ(m->peek(0x0305), 0x12);
  EXPECT_EQ(readField(*m, le, 1), 0x1234);
  // Big-endian: the high byte first.
  FieldCodec be = codec(2, false, true);
  writeField(*m, be, 2, 0xABCD);
  EXPECT_EQ(m->peek(0x0308), 0xAB);
  EXPECT_EQ(m->peek(0x0309), 0xCD);
  EXPECT_EQ(readField(*m, be, 2), 0xABCD);
  EXPECT_EQ(readField(*m, le, 2), 0xCDAB);  // the same bytes read the other way
  // Three bytes (16.8), big-endian.
  FieldCodec three = codec(3, false, true, 8);
  writeField(*m, three, 0, 0x0A0B0C);
  EXPECT_EQ(m->peek(0x0300), 0x0A);
  EXPECT_EQ(m->peek(0x0302), 0x0C);
  EXPECT_EQ(readField(*m, three, 0), 0x0A0B0C);
  EXPECT_EQ(fieldPixels(three, 0x0A0B0C), 0x0A0B);
  EXPECT_EQ(fieldSubpixels(three, 0x0A0B0C), 0x0C);
  // Split: the low byte in one array, the high byte in another, the same stride.
  FieldCodec split = codec(2);
  split.split = true;
  split.hiAddress = 0x0310;
  split.stride = 1;
  writeField(*m, split, 3, 0x0456);
  EXPECT_EQ(m->peek(0x0303), 0x56);
  EXPECT_EQ(m->peek(0x0313), 0x04);
  EXPECT_EQ(readField(*m, split, 3), 0x0456);
  EXPECT_EQ(readField(m->memory(), split, 3), 0x0456);  // the flat-memory overload agrees
}

TEST(FieldCodec, SignedAndFixedPoint) {
  auto m = makeMachine(Cpu::M6502);
  FieldCodec s8 = codec(1, true);
  writeField(*m, s8, 0, -3);
  EXPECT_EQ(m->peek(0x0300), 0xFD);
  EXPECT_EQ(readField(*m, s8, 0), -3);
  EXPECT_EQ(readField(*m, codec(1), 0), 253);
  FieldCodec s16be = codec(2, true, true);
  writeField(*m, s16be, 0, -2);
  EXPECT_EQ(m->peek(0x0300), 0xFF);
  EXPECT_EQ(m->peek(0x0301), 0xFE);
  EXPECT_EQ(readField(*m, s16be, 0), -2);
  EXPECT_EQ(s16be.minRaw(), -32768);
  EXPECT_EQ(s16be.maxRaw(), 32767);
  // 12.4: whole pixels are the floor, also below zero; the sub-pixel is what is left.
  FieldCodec fx = codec(2, true, false, 4);
  EXPECT_EQ(fieldPixels(fx, 0x0125), 0x12);
  EXPECT_EQ(fieldSubpixels(fx, 0x0125), 5);
  EXPECT_EQ(fieldPixels(fx, -1), -1);
  EXPECT_EQ(fieldSubpixels(fx, -1), 15);
  EXPECT_EQ(fieldFromPixels(fx, 18, 5), 0x0125);
  EXPECT_EQ(valueFraction(fx, 0x0125), "18.5/16");
  EXPECT_EQ(valueFraction(codec(1), 200), "200");
  EXPECT_EQ(valueShapeName(fx), "s16 12.4");
  // A byte-wide x that wraps moved the short way round.
  EXPECT_EQ(unwrapRaw(codec(1), 255, 0), 256);
  EXPECT_EQ(unwrapRaw(codec(3), 0, 0xFFFFFF), -1);
}

class FieldManifests : public test::TempDirTest {
 protected:
  FieldManifests() : TempDirTest("collidoscope_fields_") {}
  // A manifest whose x field is `x`: "" when it loads, else the error.
  std::string load(const nlohmann::json& x, RoutineManifest* out = nullptr) {
    nlohmann::json m = nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "6502", "sources": ["r.s"], "entry": "frame",
      "entity": {"fields": {"y": "obj_y"}},
      "map": {"cells": {"label": "room", "stride": 16, "width": 16, "height": 12}},
      "hitbox": {"x": 0, "y": 0, "w": 8, "h": 8}})");
    m["entity"]["fields"]["x"] = x;
    std::ofstream(path("m.json")) << m.dump(1);
    RoutineManifest rm;
    std::string error;
    if (!loadManifest(path("m.json"), rm, &error)) return error;
    if (out) *out = rm;
    return "";
  }
};

TEST_F(FieldManifests, NewKeysAreRead) {
  RoutineManifest m;
  ASSERT_EQ(load({{"lo", "obj_xl"}, {"hi", "obj_xh"}, {"stride", 1}, {"frac", 4}}, &m), "");
  const FieldBinding& x = m.fields.at("x");
  EXPECT_TRUE(x.split());
  EXPECT_EQ(x.ref.label, "obj_xl");
  EXPECT_EQ(x.hi.label, "obj_xh");
  EXPECT_EQ(x.size, 2);
  EXPECT_EQ(x.fracBits, 4);
  ASSERT_EQ(load({{"label", "$0300"},
                  {"size", 3},
                  {"endian", "big"},
                  {"signed", true},
                  {"frac", 8},
                  {"default", -5}},
                 &m),
            "");
  const FieldBinding& y = m.fields.at("x");
  EXPECT_EQ(y.size, 3);
  EXPECT_TRUE(y.bigEndian);
  EXPECT_TRUE(y.isSigned);
  EXPECT_EQ(y.fracBits, 8);
  EXPECT_EQ(y.initial, -5);
  EXPECT_FALSE(y.split());
}

TEST_F(FieldManifests, BadShapesNameTheirPath) {
  EXPECT_NE(load({{"lo", "obj_xl"}, {"stride", 1}}).find("entity.fields.x.hi: missing"),
            std::string::npos);
  EXPECT_NE(load({{"hi", "obj_xh"}, {"signed", true}}).find("entity.fields.x.lo: missing"),
            std::string::npos);
  EXPECT_NE(load({{"label", "obj_x"}, {"hi", "obj_xh"}}).find("entity.fields.x.hi: a field is"),
            std::string::npos);
  EXPECT_NE(load({{"label", "obj_x"}, {"frac", 9}})
                .find("entity.fields.x.frac: 9 fraction bits do not fit a 1-byte field"),
            std::string::npos);
  EXPECT_NE(load({{"label", "obj_x"}, {"size", 4}}).find("entity.fields.x.size"),
            std::string::npos);
  EXPECT_NE(load({{"label", "obj_x"}, {"size", 2}, {"endian", "middle"}})
                .find("entity.fields.x.endian: \"middle\" is not little or big"),
            std::string::npos);
  EXPECT_NE(load({{"lo", "obj_xl"}, {"hi", "obj_xh"}, {"endian", "big"}})
                .find("entity.fields.x.endian: does not apply to a split field"),
            std::string::npos);
  EXPECT_NE(load({{"lo", "obj_xl"}, {"hi", "obj_xh"}, {"size", 3}}).find("entity.fields.x.size"),
            std::string::npos);
}

TEST_F(FieldManifests, IntentReadsFixedPointFields) {
  // A velocity field's fraction bits default to the field's own `frac`.
  nlohmann::json m = nlohmann::json::parse(R"({
      "format": "collidoscope-routine/1", "cpu": "6502", "sources": ["r.s"], "entry": "frame",
      "entity": {"fields": {"x": {"label": "obj_x", "size": 2, "frac": 4}, "y": "obj_y",
                            "vx": {"label": "obj_vx", "size": 2, "signed": true, "frac": 8},
                            "vy": {"label": "obj_vy", "signed": true}}},
      "map": {"cells": {"label": "room", "stride": 16, "width": 16, "height": 12}},
      "hitbox": {"x": 0, "y": 0, "w": 8, "h": 8},
      "motion": {"from": "velocity", "dx": "vx", "dy": {"field": "vy", "fracBits": 2}}})");
  std::ofstream(path("m.json")) << m.dump(1);
  RoutineManifest rm;
  std::string error;
  ASSERT_TRUE(loadManifest(path("m.json"), rm, &error)) << error;
  EXPECT_EQ(rm.motion.dx.fracBits, 8);
  EXPECT_EQ(rm.motion.dy.fracBits, 2);
  const std::vector<std::string> names{"x", "y", "vx", "vy"};
  // vx -1.5 px (floor: -2), vy 7/4 px (1).
  Motion mv = intendedMotion(rm, names, {24 << 4, 24, -0x180, 7}, 0, 0);
  EXPECT_EQ(mv.dx, -2);
  EXPECT_EQ(mv.dy, 1);
  // x's own sub-pixel carries in: 24.5 - 1.5 = 23 (-1), 24.5 + 0.5 = 25 (+1), 24.5 + 0.25 (0).
  EXPECT_EQ(intendedMotion(rm, names, {(24 << 4) + 8, 24, -0x180, 0}, 0, 0).dx, -1);
  EXPECT_EQ(intendedMotion(rm, names, {(24 << 4) + 8, 24, 0x80, 0}, 0, 0).dx, 1);
  EXPECT_EQ(intendedMotion(rm, names, {(24 << 4) + 8, 24, 0x40, 0}, 0, 0).dx, 0);
  // Requested positions in their own fixed point, judged in whole pixels.
  m["entity"]["fields"]["want_x"] = {{"label", "want_x"}, {"size", 2}, {"frac", 4}};
  m["entity"]["fields"]["want_y"] = "want_y";
  m["motion"] = {{"from", "requested"}, {"x", "want_x"}, {"y", "want_y"}};
  std::ofstream(path("m.json")) << m.dump(1);
  ASSERT_TRUE(loadManifest(path("m.json"), rm, &error)) << error;
  const std::vector<std::string> wanted{"x", "y", "want_x", "want_y"};
  mv = intendedMotion(rm, wanted, {(24 << 4) + 9, 24, (27 << 4) + 1, 20}, 0, 0);
  EXPECT_EQ(mv.dx, 3);
  EXPECT_EQ(mv.dy, -4);
}

class FieldSample : public test::TempDirTest {
 protected:
  FieldSample() : TempDirTest("collidoscope_fields_sample_") {}
  // The fields sample's scenario; `edit` (optional) changes a copy of its manifest.
  Scenario scenario(const std::function<void(nlohmann::json&)>& edit = nullptr) {
    Scenario sc;
    std::string error;
    std::string file = repoFile("maps/fields_split.scenario.json");
    if (edit) {
      const std::string dir = repoFile("assets/routines/fields_split/");
      nlohmann::json m = nlohmann::json::parse(std::ifstream(dir + "manifest.json"));
      m["sources"] = {dir + "walker.s"};
      edit(m);
      std::ofstream(path("manifest.json")) << m.dump(2);
      nlohmann::json s = nlohmann::json::parse(std::ifstream(file));
      s["map"] = repoFile("maps/fields_split.map.json");
      s["routine"] = path("manifest.json");
      file = path("s.json");
      std::ofstream(file) << s.dump(2);
    }
    EXPECT_TRUE(loadScenario(file, sc, &error)) << error;
    return sc;
  }
  static Recording run(const Scenario& sc) {
    Simulation sim;
    std::string error;
    EXPECT_TRUE(sim.build(sc, &error)) << error;
    EXPECT_TRUE(sim.simulate(&error)) << error;
    return sim.recording();
  }
  static int findings(const Scenario& sc, const Recording& rec) {
    int n = 0;
    for (const FrameVerdict& v : classifyRecording(sc, rec)) n += v.verdict != Verdict::Ok;
    return n;
  }
};

TEST_F(FieldSample, RunsCleanInItsShape) {
  REQUIRE_CA65();
  const Scenario sc = scenario();
  const Recording rec = run(sc);
  test::MoveCounts moves = test::countMoves(rec);
  EXPECT_GT(moves.moved, 100);
  EXPECT_GT(moves.blocked, 20);
  EXPECT_EQ(findings(sc, rec), 0);
  // Raw 12.4 values: sub-pixel 0, the walker's pixel is raw >> 4; y is whole pixels.
  const EntityFrame& first = rec.frames[0].entities[0];
  EXPECT_EQ(first.before[0], 24 << 4);
  EXPECT_EQ(first.before[1], 24);
  int secondMoved = 0, maxX = 0;
  for (const FrameRecord& f : rec.frames) {
    for (const EntityFrame& e : f.entities) EXPECT_EQ(e.x() & 15, 0);
    secondMoved += f.entities[1].after != f.entities[1].before;
    maxX = std::max(maxX, fieldPixels(fieldShape(sc.manifest, "x"), f.entities[0].x()));
  }
  EXPECT_GT(secondMoved, 50);  // slot 1 at obj_xl+1, obj_xh+1, obj_y+2
  EXPECT_GT(maxX, 100);        // obj_xh counted up: the carry crossed into the high array
}

TEST_F(FieldSample, ReadTheWrongWayTheRecordingDiffers) {
  REQUIRE_CA65();
  const Scenario sc = scenario();
  const Recording rec = run(sc);
  // x as one little-endian array (obj_xl, obj_xl + 1): the next slot's low byte is its "high".
  const Scenario joined = scenario([](nlohmann::json& m) {
    m["entity"]["fields"]["x"] = {{"label", "obj_xl"}, {"size", 2}, {"stride", 1}, {"frac", 4}};
  });
  EXPECT_FALSE(run(joined) == rec);
  EXPECT_GT(findings(joined, run(joined)), 0);
  // x without its fraction: 24 is written as 1.5 pixels.
  const Scenario whole =
      scenario([](nlohmann::json& m) { m["entity"]["fields"]["x"].erase("frac"); });
  EXPECT_FALSE(run(whole) == rec);
  EXPECT_GT(findings(whole, run(whole)), 0);
  // y little-endian: y 24 lands in the high byte, 6144 pixels down.
  const Scenario little =
      scenario([](nlohmann::json& m) { m["entity"]["fields"]["y"]["endian"] = "little"; });
  EXPECT_FALSE(run(little) == rec);
  EXPECT_GT(findings(little, run(little)), 0);
}

TEST_F(FieldSample, AddressesAndConstantsStandForLabels) {
  REQUIRE_CA65();
  const Recording rec = run(scenario());
  // obj_xl is the first byte of BSS ($0300); obj_xh follows its four slots;
  // OBJ_Y_TABLE is an EQU constant of the source.
  const Scenario numeric = scenario([](nlohmann::json& m) {
    m["entity"]["fields"]["x"]["lo"] = "$0300";
    m["entity"]["fields"]["x"]["hi"] = "obj_xl+4";
    m["entity"]["fields"]["y"]["label"] = "OBJ_Y_TABLE";
  });
  EXPECT_TRUE(run(numeric) == rec);
  const Scenario shifted =
      scenario([](nlohmann::json& m) { m["entity"]["fields"]["y"]["label"] = "OBJ_Y_TABLE+1"; });
  EXPECT_FALSE(run(shifted) == rec);
}

TEST_F(FieldSample, BindErrorsNameThePath) {
  REQUIRE_CA65();
  auto bindError = [&](const std::function<void(nlohmann::json&)>& edit) {
    Scenario sc = scenario(edit);
    Simulation sim;
    std::string error;
    EXPECT_FALSE(sim.build(sc, &error));
    return error;
  };
  EXPECT_NE(bindError([](nlohmann::json& m) {
              m["entity"]["fields"]["x"]["hi"] = "obj_zz";
            }).find("entity.fields.x.hi: label \"obj_zz\" is not defined"),
            std::string::npos);
  // The high array laid over y's table: two slots, one byte each.
  EXPECT_NE(bindError([](nlohmann::json& m) {
              m["entity"]["fields"]["x"]["hi"] = "obj_y";
            }).find("entity.fields.y ($0308..$030B) overlaps entity.fields.x.hi ($0308..$0309)"),
            std::string::npos);
}

TEST_F(FieldSample, AuditFiguresArePinned) {
  REQUIRE_CA65();
  AuditOptions o;
  o.stride = 4;
  o.minSpeed = o.maxSpeed = 1;  // the walkers move one pixel a frame
  AuditResult r = runAudit(scenario(), o);
  ASSERT_TRUE(r.error.empty()) << r.error;
  // Every free 8x8 start on a 4-pixel grid in 8 directions, all exact.
  EXPECT_EQ(r.startPositions, 1940u);
  EXPECT_EQ(r.cases, 15520u);
  EXPECT_EQ(r.counts[size_t(Verdict::Ok)], 15520u);
  EXPECT_EQ(r.skipped, 0u);
}

}  // namespace
}  // namespace core
