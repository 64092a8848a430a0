// The routine manifest loader (core/sim/manifest.h, docs/manifest.md) on its
// own: a small manifest loads with the documented defaults and its sources
// resolved beside it; each field shape reads into its ValueShape; and a
// manifest a user can get wrong is refused with the file and the JSON path of
// the fault, never a crash. Checks the documented format; the messages are
// pinned as today's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "core/sim/manifest.h"
#include "core/tests/temp_dir_test.h"

namespace core {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class ManifestLoad : public test::TempDirTest {
 protected:
  ManifestLoad() : TempDirTest("collidoscope_manifest_") {}

  // A small SM83 routine for the built-in assembler: nothing here assembles it.
  static json base() {
    return json::parse(R"({
      "format": "collidoscope-routine/1",
      "cpu": "sm83",
      "sources": ["collide.asm"],
      "entry": "Collide",
      "entity": {"fields": {"x": "wX", "y": "wY"}}
    })");
  }
  // Writes `j` as manifest.json and loads it; the error in `error`.
  bool load(const json& j, RoutineManifest& m) {
    std::ofstream(path("manifest.json")) << j.dump(2);
    error.clear();
    return loadManifest(path("manifest.json"), m, &error);
  }
  // The error of loading `base()` changed by `edit`, without the file's name.
  std::string refusal(const std::function<void(json&)>& edit) {
    json j = base();
    edit(j);
    RoutineManifest m;
    if (load(j, m)) return "(loaded)";
    const std::string prefix = path("manifest.json") + ": ";
    EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
    return error.substr(prefix.size());
  }
  std::string error;
};

TEST_F(ManifestLoad, ASmallManifestTakesTheDocumentedDefaults) {
  RoutineManifest m;
  ASSERT_TRUE(load(base(), m)) << error;
  EXPECT_EQ(m.path, path("manifest.json"));
  EXPECT_EQ(m.name, "routine");
  EXPECT_EQ(m.cpu, Cpu::Sm83);
  EXPECT_EQ(m.toolchain, "builtin");  // the SM83's default
  ASSERT_EQ(m.sources.size(), 1u);
  EXPECT_EQ(fs::path(m.sources[0]), fs::path(path("collide.asm")));  // beside the manifest
  EXPECT_EQ(m.entry, "Collide");
  EXPECT_EQ(m.cycleBudget, 17556u);  // one Game Boy frame
  ASSERT_EQ(m.fields.size(), 2u);
  const FieldBinding& x = m.fields.at("x");
  EXPECT_EQ(x.ref.label, "wX");
  EXPECT_EQ(x.shape(), kU8);  // a bare label is one unsigned byte
  EXPECT_FALSE(x.split());
  EXPECT_FALSE(x.initial);
  EXPECT_FALSE(m.input);
  EXPECT_FALSE(m.hitbox);
}

TEST_F(ManifestLoad, The6502DefaultsToCa65AndAnNesFrame) {
  json j = base();
  j["cpu"] = "6502";
  RoutineManifest m;
  ASSERT_TRUE(load(j, m)) << error;
  EXPECT_EQ(m.cpu, Cpu::M6502);
  EXPECT_EQ(m.toolchain, "ca65");
  EXPECT_EQ(m.cycleBudget, 29780u);
}

TEST_F(ManifestLoad, FieldShapesReadIntoTheirValueShape) {
  json j = base();
  j["entity"]["stride"] = 4;
  j["entity"]["fields"]["x"] = {{"label", "wX"}, {"size", 2}, {"signed", true}, {"frac", 4}};
  j["entity"]["fields"]["y"] = {{"lo", "wYLo"}, {"hi", "wYHi"}, {"default", 300}};
  j["entity"]["fields"]["speed"] = {{"label", "wSpeed+2"}, {"size", 3}, {"endian", "big"}};
  RoutineManifest m;
  ASSERT_TRUE(load(j, m)) << error;
  const FieldBinding& x = m.fields.at("x");
  EXPECT_EQ(x.shape(), (ValueShape{2, true, false, 4}));
  EXPECT_EQ(valueShapeName(x), "s16 12.4");
  EXPECT_EQ(x.stride, 4);  // the entity's stride
  const FieldBinding& y = m.fields.at("y");
  EXPECT_TRUE(y.split());
  EXPECT_EQ(y.ref.label, "wYLo");
  EXPECT_EQ(y.hi.label, "wYHi");
  EXPECT_EQ(y.shape(), kU16);  // a split field is two bytes
  EXPECT_EQ(y.initial, 300);
  const FieldBinding& speed = m.fields.at("speed");
  EXPECT_EQ(speed.ref.label, "wSpeed");
  EXPECT_EQ(speed.ref.offset, 2);
  EXPECT_EQ(speed.shape(), (ValueShape{3, false, true}));
}

TEST_F(ManifestLoad, FileAndSyntaxErrorsNameTheFile) {
  RoutineManifest m;
  EXPECT_FALSE(loadManifest(path("absent.json"), m, &error));
  EXPECT_NE(error.find(path("absent.json")), std::string::npos) << error;
  std::ofstream(path("broken.json")) << "{\n  \"format\": \"collidoscope-routine/1\",\n  oops\n}";
  EXPECT_FALSE(loadManifest(path("broken.json"), m, &error));
  EXPECT_EQ(error.rfind(path("broken.json") + ":3:", 0), 0u) << error;
}

TEST_F(ManifestLoad, TopLevelMistakesAreLocated) {
  EXPECT_EQ(refusal([](json& j) { j["format"] = "collidoscope-routine/3"; }),
            "format: version 3 is newer than this build reads (2)");
  EXPECT_EQ(refusal([](json& j) { j["format"] = "collidoscope-map/1"; }),
            "format: \"collidoscope-map/1\" is not a collidoscope-routine file");
  EXPECT_EQ(refusal([](json& j) { j["cpu"] = "z80"; }), "cpu: \"z80\" is not 6502 or sm83");
  EXPECT_EQ(refusal([](json& j) { j["toolchain"] = "ca65"; }),
            "toolchain: ca65 does not assemble for sm83");
  EXPECT_EQ(refusal([](json& j) { j["toolchain"] = "wla"; }),
            "toolchain: \"wla\" is not ca65 or builtin");
  EXPECT_EQ(refusal([](json& j) { j["sources"] = json::array(); }), "sources: is empty");
  EXPECT_EQ(refusal([](json& j) {
              j["sources"] = {"a.asm", 3};
            }),
            "sources[1]: expected a file name");
  EXPECT_EQ(refusal([](json& j) { j.erase("entry"); }), "entry: missing");
  EXPECT_EQ(refusal([](json& j) { j["cycleBudget"] = 5; }),
            "cycleBudget: 5 out of range (100..100000000)");
  EXPECT_EQ(refusal([](json& j) { j.erase("entity"); }), "entity: missing");
  EXPECT_EQ(refusal([](json& j) { j["entity"]["fields"].erase("y"); }),
            "entity.fields: needs \"y\"");
  EXPECT_EQ(refusal([](json& j) {
              j["input"] = {{"label", "wIn"}, {"encoding", "keys"}};
            }),
            "input.encoding: \"keys\" is not nes-buttons, gb-buttons or dxdy");
}

TEST_F(ManifestLoad, FieldShapeMistakesAreLocated) {
  auto field = [&](const json& x) {
    return refusal([&](json& j) { j["entity"]["fields"]["x"] = x; });
  };
  // A number is an offset into the table's structs (entity.base), which this manifest lacks.
  EXPECT_EQ(field(7),
            "entity.fields.x: an offset needs the table's \"base\" (the label of its array of "
            "structs)");
  EXPECT_EQ(field(true),
            "entity.fields.x: expected a label, an offset into the table's base, or "
            "{\"label\": ...} / {\"offset\": ...} / {\"lo\": ..., \"hi\": ...}");
  EXPECT_EQ(field({{"label", "a"}, {"lo", "b"}, {"hi", "c"}}),
            "entity.fields.x.lo: a field is either one array (\"label\") or split (\"lo\" and "
            "\"hi\"), not both");
  EXPECT_EQ(field({{"lo", "b"}}),
            "entity.fields.x.hi: missing: a split field needs both \"lo\" and \"hi\" (only "
            "\"lo\" is given)");
  EXPECT_EQ(field({{"lo", "b"}, {"hi", "c"}, {"endian", "big"}}),
            "entity.fields.x.endian: does not apply to a split field (\"lo\"/\"hi\")");
  EXPECT_EQ(field({{"lo", "b"}, {"hi", "c"}, {"size", 3}}),
            "entity.fields.x.size: 3 out of range (2..2)");
  EXPECT_EQ(field({{"label", "a"}, {"size", 4}}), "entity.fields.x.size: 4 out of range (1..3)");
  EXPECT_EQ(field({{"label", "a"}, {"endian", "middle"}}),
            "entity.fields.x.endian: \"middle\" is not little or big");
  EXPECT_EQ(field({{"label", "a"}, {"frac", 9}}),
            "entity.fields.x.frac: 9 fraction bits do not fit a 1-byte field");
  EXPECT_EQ(field({{"label", "a"}, {"signed", "yes"}}),
            "entity.fields.x.signed: expected true or false, found a string");
  EXPECT_EQ(field({{"label", "a"}, {"size", 2}, {"default", 70000}}),
            "entity.fields.x.default: 70000 out of range (-32768..65535)");
  EXPECT_EQ(field({{"label", "a"}, {"stride", 300}}),
            "entity.fields.x.stride: 300 out of range (0..256)");
}

TEST(ManifestNames, CpusRolesAndRegisters) {
  EXPECT_STREQ(cpuName(Cpu::M6502), "6502");
  EXPECT_STREQ(cpuName(Cpu::Sm83), "sm83");
  EXPECT_STREQ(pairRoleName(PairRole::X1), "x1");
  EXPECT_STREQ(pairRoleName(PairRole::Size), "size");
  EXPECT_EQ(presetRegisterBits(Cpu::M6502, "A"), 8);
  EXPECT_EQ(presetRegisterBits(Cpu::Sm83, "HL"), 16);
  EXPECT_EQ(presetRegisterBits(Cpu::Sm83, "X"), 0);  // not an SM83 register
}

}  // namespace
}  // namespace core
