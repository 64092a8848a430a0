// Every collido command given bad input exits 2 with a message that names the
// problem (a missing file, a manifest without a hitbox or sweep block, a zero
// stride, a bad --slice, --fix, --edges or --overlays, a frame past the end ...),
// plus the happy paths of sweep, render and audit --png/--json. The seed-001
// sample (SM83, built-in assembler) needs no external tools; ca65 cases skip
// without cc65.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"

namespace {

using app::test::quote;
using app::test::runProcess;
namespace fs = std::filesystem;

using app::test::repoFile;

std::string collido(const std::string& args) {
  return std::string(COLLIDO_EXE) + " " + args;
}

class CliBadInput : public app::test::TempDirTest {
 protected:
  CliBadInput() : TempDirTest("collido_cli_") {}

  // Runs `args` and expects exit 2 with `needle` in the output.
  void expectBad(const std::string& args, const std::string& needle) {
    auto r = runProcess(collido(args));
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(needle), std::string::npos) << args << "\n" << r.output;
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  // The seed-001 manifest with `edit` applied, sources made absolute.
  std::string seed001Manifest(const std::function<void(nlohmann::json&)>& edit) {
    const std::string src = repoFile("assets/routines/seed001_peraxis/");
    nlohmann::json j = nlohmann::json::parse(std::ifstream(src + "manifest.json"));
    for (auto& s : j["sources"]) s = src + s.get<std::string>();
    edit(j);
    return write("manifest.json", j.dump(1));
  }
  // The shooter scenario pointing at `manifest`.
  std::string shooterWith(const std::string& manifest) {
    nlohmann::json j =
        nlohmann::json::parse(std::ifstream(repoFile("maps/seed001_shooter.scenario.json")));
    j["map"] = repoFile("maps/") + j["map"].get<std::string>();
    j["routine"] = manifest;
    for (auto& e : j["entities"]) e.erase("hitbox");
    return write("scenario.json", j.dump(1));
  }
};

TEST_F(CliBadInput, Version) {
  expectBad("version --bogus", "bogus");
}

TEST_F(CliBadInput, Exec) {
  expectBad("exec --cpu 6502 --image " + quote((dir_ / "none.bin").string()), "none.bin");
  expectBad("exec --cpu z80 --image x.bin", "z80");
}

TEST_F(CliBadInput, Asm) {
  expectBad("asm --cpu sm83 -o " + quote((dir_ / "out.bin").string()) + " " +
                quote((dir_ / "none.asm").string()),
            "none.asm");
  const std::string bad = write("bad.asm", "SECTION \"a\", ROM0\n  ld a, [frobnicate\n");
  expectBad("asm --cpu sm83 -o " + quote((dir_ / "out.bin").string()) + " " + quote(bad),
            "bad.asm:2");
}

TEST_F(CliBadInput, Run) {
  expectBad("run " + quote((dir_ / "none.json").string()), "none.json");
  expectBad("run " + quote(write("broken.json", "{\"format\": ")), "broken.json");
  expectBad("run " + quote(write("wrong.json", "{\"format\": \"collidoscope-map/1\"}")), "format");
}

TEST_F(CliBadInput, Audit) {
  const std::string shooter = quote(repoFile("maps/seed001_shooter.scenario.json"));
  expectBad("audit " + quote((dir_ / "none.json").string()), "none.json");
  expectBad("audit " + shooter + " --stride 0", "--stride");
  expectBad("audit " + shooter + " --speeds 4-2", "--speeds");
  expectBad("audit " + shooter + " --speeds fast", "--speeds");
  expectBad("audit " + shooter + " --scale 0", "--scale");
  const std::string noHitbox = seed001Manifest([](nlohmann::json& j) { j.erase("hitbox"); });
  expectBad("audit " + quote(shooterWith(noHitbox)), "hitbox");
  expectBad(
      "audit " + shooter + " --stride 64 --json " + quote((dir_ / "no/such/dir/o.json").string()),
      "o.json");
}

TEST_F(CliBadInput, Sweep) {
  const std::string m001 = quote(repoFile("assets/routines/seed001_peraxis/manifest.json"));
  expectBad("sweep " + quote((dir_ / "none.json").string()), "none.json");
  expectBad("sweep " + quote(repoFile("assets/routines/seed002_mrn/manifest.json")),
            "\"sweep\" block");
  expectBad("sweep " + m001 + " --slice a1,q", "\"q\"");
  expectBad("sweep " + m001 + " --slice ,", "--slice");
  expectBad("sweep " + m001 + " --slice a1,a1", "twice");
  expectBad("sweep " + m001 + " --fix size", "NAME=VALUE");
  expectBad("sweep " + m001 + " --fix size=300", "0..255");
  expectBad("sweep " + m001 + " --fix width=3", "\"width\"");
  expectBad("sweep " + m001 + " --slice a1,a2 --fix a1=3", "both");
  expectBad("sweep " + m001 + " --edges fuzzy", "--edges");
  expectBad("sweep " + m001 + " --scale 9", "--scale");
  const std::string mixed =
      seed001Manifest([](nlohmann::json& j) { j["sweep"]["inputs"][0]["role"] = "x1"; });
  expectBad("sweep " + quote(mixed), "sweep.inputs");
  const std::string badRole =
      seed001Manifest([](nlohmann::json& j) { j["sweep"]["inputs"][1]["role"] = "depth"; });
  expectBad("sweep " + quote(badRole), "sweep.inputs[1].role");
  const std::string badLabel =
      seed001Manifest([](nlohmann::json& j) { j["sweep"]["answer"]["label"] = "wNothing"; });
  expectBad("sweep " + quote(badLabel), "wNothing");
  if (core::ca65Available())
    expectBad("sweep " + quote(repoFile("assets/routines/seed000_aabb/manifest.json")) +
                  " --slice x1,y1,x2,y2",
              "2^32");
}

TEST_F(CliBadInput, Render) {
  const std::string shooter = quote(repoFile("maps/seed001_shooter.scenario.json"));
  const std::string png = quote((dir_ / "out.png").string());
  expectBad("render " + quote((dir_ / "none.json").string()) + " --png " + png, "none.json");
  expectBad("render " + shooter, "--png");
  expectBad("render " + shooter + " --png " + png + " --overlays grid,sparkles", "sparkles");
  expectBad("render " + shooter + " --png " + png + " --frame 100000", "--frame");
  expectBad("render " + shooter + " --png " + png + " --frame -3", "--frame");
  expectBad("render " + shooter + " --png " + png + " --scale 0", "--scale");
  expectBad("render " + shooter + " --png " + png + " --chr --collision", "collision");
  expectBad("render " + shooter + " --png " + png + " --overlays heat --heat-stride 0",
            "--heat-stride");
  expectBad("render " + shooter + " --png " + quote((dir_ / "no/dir/out.png").string()), "out.png");
}

TEST_F(CliBadInput, SweepFindsSeed001MismatchesAndWritesOutputs) {
  const std::string png = (dir_ / "s.png").string(), json = (dir_ / "s.json").string();
  auto r = runProcess(
      collido("sweep " + quote(repoFile("assets/routines/seed001_peraxis/manifest.json")) +
              " --fix size=10 --edges exclusive --png " + quote(png) + " --json " + quote(json)));
  EXPECT_EQ(r.exitCode, 1) << r.output;  // findings
  EXPECT_NE(r.output.find("false hits"), std::string::npos) << r.output;
  app::RgbaImage img;
  std::string error;
  ASSERT_TRUE(app::readPng(png, img, &error)) << error;
  EXPECT_EQ(img.width, 256);
  EXPECT_EQ(img.height, 256);
  nlohmann::json j = nlohmann::json::parse(std::ifstream(json));
  EXPECT_EQ(j["combinations"], 65536);
  EXPECT_EQ(j["fixed"]["size"], 10);
  EXPECT_EQ(j["mismatches"].get<int>(), j["missed"].get<int>() + j["falseHits"].get<int>());
  EXPECT_EQ(j["image"]["mismatches"].size(), 65536u);
}

TEST_F(CliBadInput, RenderAndAuditWritePngs) {
  const std::string shooter = quote(repoFile("maps/seed001_shooter.scenario.json"));
  const std::string png = (dir_ / "r.png").string();
  auto r = runProcess(collido("render " + shooter + " --frame 20 --png " + quote(png) +
                              " --overlays grid,bits,hitbox,path,probes --scale 1"));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  app::RgbaImage img;
  std::string error;
  ASSERT_TRUE(app::readPng(png, img, &error)) << error;
  EXPECT_EQ(img.width, 160);  // 20 x 18 cells of 8 px
  EXPECT_EQ(img.height, 144);
  EXPECT_GT(img.distinctColours(), 3);
  const std::string heat = (dir_ / "heat.png").string();
  r = runProcess(collido("audit " + shooter + " --stride 8 --speeds 1 --png " + quote(heat)));
  EXPECT_EQ(r.exitCode, 0) << r.output;  // clean: every case ok
  ASSERT_TRUE(app::readPng(heat, img, &error)) << error;
  EXPECT_EQ(img.width, 320);  // default scale 2
}

// Issue 16: the audit names the intent space and every combination it cannot
// give, in the text and in --json (the dungeon has no speed field).
TEST_F(CliBadInput, AuditSaysWhatItCannotGenerate) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not on PATH (Debian cc65)";
  const std::string dungeon = quote(repoFile("maps/seed003_dungeon.scenario.json"));
  const std::string json = (dir_ / "a.json").string();
  auto r = runProcess(collido("audit " + dungeon + " --stride 16 --json " + quote(json)));
  EXPECT_EQ(r.exitCode, 0) << r.output;  // the seed's one-axis intent: every case ok
  EXPECT_NE(r.output.find("intent: input (one axis, priority up, down, left, right)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("cases skipped: speeds other than motion.speed (1)"), std::string::npos)
      << r.output;
  const nlohmann::json all = nlohmann::json::parse(std::ifstream(json));
  EXPECT_EQ(all["format"], "collidoscope-audit/1");
  ASSERT_EQ(all["audits"].size(), 1u);
  const nlohmann::json& j = all["audits"][0];
  ASSERT_EQ(j["skips"].size(), 1u);
  EXPECT_EQ(j["skips"][0]["cases"], j["skipped"]);
  EXPECT_NE(j["skips"][0]["reason"].get<std::string>().find("no speed field"), std::string::npos);
}

}  // namespace
