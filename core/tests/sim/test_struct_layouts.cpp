// Issue 35 goal 5, the layouts real games use, on hand-made labels (no
// assembler): entity fields at an offset of an array of structs, interleaved
// fields accepted and only really shared bytes refused; map entries of N bytes
// with the id at an offset (encoded and decoded, the other bytes untouched);
// map.writes, the map writes a game makes on purpose, recorded as events.
// Checks against the layouts as the manifest states them (external truth: the
// byte arithmetic of docs/manifest.md).
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "core/sim/call_probe.h"
#include "core/sim/map_layout.h"
#include "core/sim/simulation.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"

namespace core {
namespace {

using nlohmann::json;

class StructLayouts : public test::TempDirTest {
 protected:
  StructLayouts() : TempDirTest("struct_layouts_") {}

  // A version-2 routine manifest around `entity` and `map` (sources need not exist).
  json manifest(json entity, json map = nullptr) {
    json j = {{"format", "collidoscope-routine/2"},
              {"name", "layouts"},
              {"cpu", "6502"},
              {"sources", {"r.s"}},
              {"entry", "frame"},
              {"entity", std::move(entity)}};
    if (!map.is_null()) j["map"] = std::move(map);
    return j;
  }
  bool load(const json& j, RoutineManifest& m, std::string* error) {
    EXPECT_TRUE(writeFileAtomic(path("m.json"), j.dump(1), error, false)) << *error;
    return loadManifest(path("m.json"), m, error);
  }
  static DebugInfo labels() {
    DebugInfo d;
    auto add = [&](const char* name, uint32_t a) {
      DebugSymbol s;
      s.name = name;
      s.address = a;
      d.symbols.push_back(s);
    };
    add("frame", 0x8000);
    add("actors", 0x0300);
    add("slot", 0x0010);
    add("cells", 0x0400);
    add("attrs", 0x0500);
    d.finalize();
    return d;
  }
  bool bind(const json& j, Binding& b, std::string* error, int entities = 4) {
    RoutineManifest m;
    if (!load(j, m, error)) return false;
    return bindRoutine(m, labels(), b, error, {}, entities);
  }
};

TEST_F(StructLayouts, InterleavedFieldsOfAnArrayOfStructsBind) {
  Binding b;
  std::string error;
  ASSERT_TRUE(bind(manifest({{"slot", "slot"},
                             {"base", "actors"},
                             {"stride", 6},
                             {"fields", {{"kind", 0}, {"x", 1}, {"y", {{"offset", 2}}},
                                         {"vx", {{"offset", 3}, {"size", 2}, {"signed", true}}}}}}),
                   b, &error))
      << error;
  ASSERT_EQ(b.fields.size(), 4u);
  EXPECT_EQ(b.fields[0].name, "x");
  EXPECT_EQ(b.fields[0].address, 0x0301);
  EXPECT_EQ(b.fields[1].address, 0x0302);
  EXPECT_EQ(b.fields[0].stride, 6);
  EXPECT_EQ(b.fields[0].byteAddress(3, 0), 0x0301 + 18);
  // The label form says the same: "actors+1" with the stride.
  Binding c;
  ASSERT_TRUE(bind(manifest({{"stride", 6},
                             {"fields", {{"x", "actors+1"}, {"y", "actors+2"}}}}),
                   c, &error))
      << error;
  EXPECT_EQ(c.fields[1].address, 0x0302);
}

TEST_F(StructLayouts, OnlyReallySharedBytesAreRefused) {
  Binding b;
  std::string error;
  // A two-byte x at +1 takes +2, where y is.
  EXPECT_FALSE(bind(manifest({{"base", "actors"},
                              {"stride", 6},
                              {"fields", {{"x", {{"offset", 1}, {"size", 2}}}, {"y", 2}}}}),
                    b, &error));
  EXPECT_EQ(error,
            "entity.fields.y ($0302..$0314) overlaps entity.fields.x ($0301..$0314): both use "
            "$0302");
  // Slots that reach into the next one (stride 2, a 3-byte x) are one run: y at 3 is in it.
  EXPECT_FALSE(bind(manifest({{"base", "actors"},
                              {"stride", 2},
                              {"fields", {{"x", {{"offset", 0}, {"size", 3}}}, {"y", 3}}}}),
                    b, &error));
  // Stride 4, x at 0..2 and y at 3: no byte shared.
  EXPECT_TRUE(bind(manifest({{"base", "actors"},
                             {"stride", 4},
                             {"fields", {{"x", {{"offset", 0}, {"size", 3}}}, {"y", 3}}}}),
                   b, &error))
      << error;
  // A struct field against a plain label inside the structs' gaps: fine; on a field's byte: not.
  EXPECT_TRUE(bind(manifest({{"slot", "actors+5"},
                             {"base", "actors"},
                             {"stride", 6},
                             {"fields", {{"x", 1}, {"y", 2}}}}),
                   b, &error, 1))
      << error;
  EXPECT_FALSE(bind(manifest({{"slot", "actors+7"},
                              {"base", "actors"},
                              {"stride", 6},
                              {"fields", {{"x", 1}, {"y", 2}}}}),
                    b, &error));
  EXPECT_NE(error.find("overlaps entity.slot"), std::string::npos) << error;
  EXPECT_NE(error.find("both use $0307"), std::string::npos) << error;
}

TEST_F(StructLayouts, OffsetsNeedABaseAndNoLabel) {
  RoutineManifest m;
  std::string error;
  EXPECT_FALSE(load(manifest({{"fields", {{"x", 1}, {"y", 2}}}}), m, &error));
  EXPECT_NE(error.find("entity.fields.x: an offset needs the table's \"base\""), std::string::npos)
      << error;
  EXPECT_FALSE(load(manifest({{"base", "actors"},
                              {"fields", {{"x", {{"label", "a"}, {"offset", 1}}}, {"y", 2}}}}),
                    m, &error));
  EXPECT_NE(error.find("entity.fields.x.offset: counts from the table's \"base\""),
            std::string::npos)
      << error;
  EXPECT_FALSE(load(manifest({{"base", "actors"}, {"fields", {{"x", 256}, {"y", 2}}}}), m, &error));
  EXPECT_NE(error.find("entity.fields.x"), std::string::npos) << error;
}

TEST_F(StructLayouts, EntriesWithTheIdAtAnOffset) {
  RoutineManifest m;
  std::string error;
  const json entity = {{"fields", {{"x", "actors"}, {"y", "actors+1"}}}};
  ASSERT_TRUE(load(manifest(entity, {{"cells",
                                      {{"label", "cells"},
                                       {"width", 3},
                                       {"height", 2},
                                       {"entry", {{"bytes", 3}, {"id", 1}}}}}}),
                   m, &error))
      << error;
  ASSERT_TRUE(m.cells);
  EXPECT_EQ(m.cells->bytes, 3);
  EXPECT_EQ(m.cells->idOffset, 1);
  EXPECT_EQ(m.cells->stride, 9);  // a row of three 3-byte entries
  Binding b;
  ASSERT_TRUE(bindRoutine(m, labels(), b, &error)) << error;
  MapDocument d;
  d.room.width = 3;
  d.room.height = 2;
  d.room.cells = {1, 2, 3, 4, 5, 6};
  std::vector<PlacedByte> bytes;
  ASSERT_TRUE(encodeRoomBytes(b, d, nullptr, &bytes, &error)) << error;
  ASSERT_EQ(bytes.size(), 6u);  // only the ids: the other bytes are the game's
  std::map<uint16_t, uint8_t> mem;
  for (const PlacedByte& p : bytes) mem[p.addr] = p.value;
  EXPECT_EQ(mem.at(0x0401), 1);
  EXPECT_EQ(mem.at(0x0404), 2);
  EXPECT_EQ(mem.at(0x0407), 3);
  EXPECT_EQ(mem.at(0x040A), 4);
  EXPECT_EQ(mem.count(0x0400), 0u);
  // Decoded back through the same layout, with other bytes around the ids.
  mem[0x0400] = 0xEE;
  mem[0x0402] = 0xDD;
  MapDocument back;
  back.room.width = 3;
  back.room.height = 2;
  back.room.cells.assign(6, 0);
  ASSERT_TRUE(decodeRoomBytes(
      b, [&](uint16_t a) { return mem.count(a) ? mem.at(a) : uint8_t(0); }, &back, &error))
      << error;
  EXPECT_EQ(back.room.cells, d.room.cells);
  // A cell's every byte is that cell.
  auto cell = cellOfAddress(b, {0x0400}, 0x0405);
  ASSERT_TRUE(cell);
  EXPECT_EQ((*cell)[0], 1);
  EXPECT_EQ((*cell)[1], 0);
}

TEST_F(StructLayouts, EntryBlockErrors) {
  RoutineManifest m;
  std::string error;
  const json entity = {{"fields", {{"x", "actors"}, {"y", "actors+1"}}}};
  auto cells = [](json extra) {
    json c = {{"label", "cells"}, {"width", 3}, {"height", 2}};
    c.update(extra);
    return json{{"cells", c}};
  };
  EXPECT_FALSE(
      load(manifest(entity, cells({{"entry", {{"bytes", 2}, {"id", 2}}}})), m, &error));
  EXPECT_NE(error.find("map.cells.entry.id"), std::string::npos) << error;
  EXPECT_FALSE(load(manifest(entity, cells({{"bytes", 2}, {"entry", {{"bytes", 2}, {"id", 0}}}})),
                    m, &error));
  EXPECT_NE(error.find("map.cells.bytes: goes in map.cells.entry.bytes"), std::string::npos)
      << error;
  EXPECT_FALSE(load(manifest(entity, cells({{"entry", {{"bytes", 9}}}})), m, &error));
  EXPECT_NE(error.find("map.cells.entry.bytes"), std::string::npos) << error;
  EXPECT_FALSE(load(manifest(entity, cells({{"entry", {{"bytes", 2}, {"id", 1}, {"idBytes", 2}}}})),
                    m, &error));
}

TEST_F(StructLayouts, MapWritesParseAndRefuseWhatTheyCannotMean) {
  RoutineManifest m;
  std::string error;
  const json entity = {{"fields", {{"x", "actors"}, {"y", "actors+1"}}}};
  const json cells = {{"label", "cells"}, {"width", 3}, {"height", 2},
                      {"entry", {{"bytes", 2}, {"id", 0}}}};
  ASSERT_TRUE(load(manifest(entity, {{"cells", cells},
                                     {"writes", {{{"byte", 1}}, {{"byte", 0}, {"bits", "$80"}}}}}),
                   m, &error))
      << error;
  ASSERT_EQ(m.expectedWrites.size(), 2u);
  EXPECT_EQ(m.expectedWrites[0].byte, 1);
  EXPECT_EQ(m.expectedWrites[0].bits, 0xFF);
  EXPECT_EQ(m.expectedWrites[1].bits, 0x80);
  EXPECT_FALSE(load(manifest(entity, {{"cells", cells}, {"writes", {{{"byte", 2}}}}}), m, &error));
  EXPECT_NE(error.find("map.writes[0].byte"), std::string::npos) << error;
  EXPECT_FALSE(load(manifest(entity, {{"cells", cells}, {"writes", {{{"table", "attributes"}}}}}),
                    m, &error));
  EXPECT_NE(error.find("the map has no attributes block"), std::string::npos) << error;
  EXPECT_FALSE(load(manifest(entity, {{"cells", cells}, {"writes", {{{"table", "oam"}}}}}), m,
                    &error));
  EXPECT_NE(error.find("\"oam\" is not cells or attributes"), std::string::npos) << error;
}

// The probe a call runs under: expected writes count as events, others as a fault.
TEST_F(StructLayouts, ExpectedWritesAreEventsOthersFaults) {
  RoutineManifest m;
  std::string error;
  const json entity = {{"fields", {{"x", "actors"}, {"y", "actors+1"}}}};
  const json cells = {{"label", "cells"}, {"width", 3}, {"height", 2},
                      {"entry", {{"bytes", 2}, {"id", 0}}}};
  ASSERT_TRUE(load(manifest(entity, {{"cells", cells},
                                     {"writes", {{{"byte", 1}}, {{"byte", 0}, {"bits", "$80"}}}}}),
                   m, &error))
      << error;
  Binding b;
  ASSERT_TRUE(bindRoutine(m, labels(), b, &error)) << error;
  Room room;
  room.width = 3;
  room.height = 2;
  room.cells = {1, 2, 3, 4, 5, 6};
  const std::vector<uint16_t> bases{0x0400};
  {
    EntityFrame ef;
    detail::ProbeObserver probe(b, bases, room, ef);
    probe.onAccess(0x0403, 0x55, AccessKind::Write);  // cell 1,0's attribute byte: any value
    probe.onAccess(0x0402, 0x82, AccessKind::Write);  // cell 1,0's id 2 with the visited bit
    EXPECT_FALSE(ef.badWrite);
    EXPECT_EQ(ef.expectedWrites, 2u);
    EXPECT_EQ(ef.writeNote, "wrote $55 into the map at $0403 (cell 1,0)");
  }
  {
    EntityFrame ef;
    detail::ProbeObserver probe(b, bases, room, ef);
    probe.onAccess(0x0402, 0x83, AccessKind::Write);  // the id changed: 2 -> 3
    EXPECT_TRUE(ef.badWrite);
    EXPECT_EQ(ef.expectedWrites, 0u);
    EXPECT_EQ(ef.faultDetail, "wrote $83 into the map at $0402 (cell 1,0)");
  }
}

}  // namespace
}  // namespace core
