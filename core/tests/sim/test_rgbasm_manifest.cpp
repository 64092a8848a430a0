// The routine manifest's assembler keys (includeDirs, defines, preinclude): the
// same -I/-D/-P a project's Makefile gives rgbasm, resolved against the manifest.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "core/sim/manifest.h"
#include "core/sim/simulation.h"

namespace fs = std::filesystem;

namespace {

class RgbasmManifest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collidoscope_rgbasm_manifest_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_ / "inc");
    fs::create_directories(dir_ / "src");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  bool load(const std::string& extraKeys, core::RoutineManifest& m, std::string& error) {
    write("src/manifest.json",
          R"({"format": "collidoscope-routine/1", "cpu": "sm83", "sources": ["r.asm"],
              "entry": "frame", "entity": {"fields": {"x": "ent_x", "y": "ent_y"}})" +
              extraKeys + "}");
    return core::loadManifest((dir_ / "src/manifest.json").string(), m, &error);
  }
  fs::path dir_;
};

}  // namespace

TEST_F(RgbasmManifest, IncludeDirsDefinesAndPreincludeReachTheAssembler) {
  write("inc/hw.inc", "DEF rLY EQU $FF44\n");
  write("inc/pre.inc", "DEF FROM_PRE EQU 2\n");
  write("src/r.asm",
        "INCLUDE \"hw.inc\"\n"
        "SECTION \"R\", ROM0[$150]\n"
        "frame::\n"
        "  ldh a, [rLY]\n"
        "  ld b, FROM_PRE\n"
        "IF DEF(VARIANT)\n"
        "  ld c, {VARIANT}\n"
        "ENDC\n"
        "  ret\n"
        "SECTION \"W\", WRAM0\n"
        "ent_x:: ds 1\n"
        "ent_y:: ds 1\n");
  core::RoutineManifest m;
  std::string error;
  ASSERT_TRUE(load(R"(, "includeDirs": ["../inc"], "defines": {"VARIANT": "7"},
                     "preinclude": "../inc/pre.inc")",
                   m, error))
      << error;
  ASSERT_EQ(m.includeDirs.size(), 1u);
  EXPECT_TRUE(fs::equivalent(m.includeDirs[0], dir_ / "inc"));
  ASSERT_EQ(m.defines.size(), 1u);
  EXPECT_EQ(m.defines[0], (std::pair<std::string, std::string>{"VARIANT", "7"}));
  core::AsmResult r = core::buildRoutine(m);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_FALSE(r.chunks.empty());
  const auto& code = r.chunks[0].bytes;
  EXPECT_EQ(code, (std::vector<uint8_t>{0xF0, 0x44, 0x06, 0x02, 0x0E, 0x07, 0xC9}));
}

TEST_F(RgbasmManifest, BadAssemblerKeysNameTheirJsonPath) {
  core::RoutineManifest m;
  std::string error;
  EXPECT_FALSE(load(R"(, "includeDirs": [3])", m, error));
  EXPECT_NE(error.find("includeDirs[0]"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(load(R"(, "defines": {"A": 1})", m, error));
  EXPECT_NE(error.find("defines.A"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(load(R"(, "preinclude": "")", m, error));
  EXPECT_NE(error.find("preinclude"), std::string::npos) << error;
}

TEST_F(RgbasmManifest, LinkerScriptPlacesSectionsRelativeToTheManifest) {
  write("inc/game.link", "ROM0\n  ORG $0200\n  \"R\"\n");
  write("src/r.asm",
        "SECTION \"R\", ROM0\n"
        "frame::\n"
        "  ld hl, frame\n"
        "  ret\n"
        "SECTION \"W\", WRAM0\n"
        "ent_x:: ds 1\n"
        "ent_y:: ds 1\n");
  core::RoutineManifest m;
  std::string error;
  ASSERT_TRUE(load(R"(, "linkerScript": "../inc/game.link")", m, error)) << error;
  EXPECT_TRUE(fs::equivalent(m.linkerScript, dir_ / "inc/game.link"));
  core::AsmResult r = core::buildRoutine(m);
  ASSERT_TRUE(r.ok) << r.diagnosticsText();
  ASSERT_FALSE(r.chunks.empty());
  EXPECT_EQ(r.chunks[0].address, 0x200u);
  EXPECT_EQ(r.chunks[0].bytes, (std::vector<uint8_t>{0x21, 0x00, 0x02, 0xC9}));
  error.clear();
  EXPECT_FALSE(load(R"(, "linkerScript": "")", m, error));
  EXPECT_NE(error.find("linkerScript"), std::string::npos) << error;
}
