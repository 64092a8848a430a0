// `collido diff` of two `collido sweep --json` files (issue 20): seed 001's
// per-axis check swept on the a1 x a2 slice, before and after an injected
// off-by-one in its near bound. Per class fixed/broken/unchanged agree with
// each sweep's own mismatch count, broken combinations are listed by their
// inputs, the reverse swaps fixed and broken, a sweep against itself exits 0,
// and mixed files, different slices and files without the per-combination runs
// are bad input.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;
namespace fs = std::filesystem;

class CliSweepDiff : public app::test::TempDirTest {
 protected:
  CliSweepDiff() : TempDirTest("collido_sweepdiff_") {}
  app::test::ProcessResult collido(const std::string& args) {
    return runProcess(std::string(COLLIDO_EXE) + " " + args);
  }
  // Seed 001's routine in dir_/NAME, with the near bound one higher when `inject`.
  std::string routine(const std::string& name, bool inject) {
    const fs::path dst = dir_ / name;
    fs::create_directories(dst);
    for (const auto& e : fs::directory_iterator(repoFile("assets/routines/seed001_peraxis")))
      fs::copy_file(e.path(), dst / e.path().filename());
    if (inject) {
      std::ifstream in(dst / "collision_utils.asm");
      std::stringstream ss;
      ss << in.rdbuf();
      std::string text = ss.str();
      const std::string nearBound = "    ld a, e\n    sub a, d\n";
      const size_t at = text.find(nearBound);
      if (at == std::string::npos) return "";
      text.insert(at + nearBound.size(), "    inc a ; injected off-by-one\n");
      std::ofstream(dst / "collision_utils.asm") << text;
    }
    return (dst / "manifest.json").string();
  }
  uint64_t mismatches(const std::string& file) {
    std::ifstream in(file);
    return nlohmann::json::parse(in)["mismatches"].get<uint64_t>();
  }
};

// "name  fixed broken unchanged" of a class line.
std::array<uint64_t, 3> classLine(const std::string& out, const std::string& cls) {
  std::array<uint64_t, 3> v{~0ull, ~0ull, ~0ull};
  const size_t at = out.find("\n" + cls + " ");
  if (at != std::string::npos)
    std::istringstream(out.substr(at + cls.size() + 1)) >> v[0] >> v[1] >> v[2];
  return v;
}

TEST_F(CliSweepDiff, TwoSweepsOfASpritePairRoutine) {
  const std::string clean = routine("clean", false), broken = routine("broken", true);
  ASSERT_FALSE(broken.empty()) << "the seed 001 sample changed";
  const std::string a = path("before.json"), b = path("after.json");
  auto r = collido("sweep " + quote(clean) + " --fix size=16 --json " + quote(a));
  ASSERT_EQ(r.exitCode, 1) << r.output;  // the sample's wrapped bounds
  r = collido("sweep " + quote(broken) + " --fix size=16 --json " + quote(b));
  ASSERT_EQ(r.exitCode, 1) << r.output;

  r = collido("diff " + quote(a) + " " + quote(b) + " --show 3");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("sweep of a1 x a2 (65536 combinations), edges inclusive"),
            std::string::npos)
      << r.output;
  const auto missed = classLine(r.output, "missed");
  EXPECT_GT(missed[1], 0u) << r.output;
  // Every disagreement of each sweep is either unchanged or fixed (before) / broken (after).
  EXPECT_EQ(missed[0] + missed[2], mismatches(a)) << r.output;
  EXPECT_EQ(missed[1] + missed[2], mismatches(b)) << r.output;
  EXPECT_EQ(classLine(r.output, "false-hit")[1], 0u) << r.output;
  EXPECT_NE(r.output.find("  broken: a1=16 a2=1 size=16: missed (was agree)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(" more broken combinations"), std::string::npos) << r.output;

  r = collido("diff " + quote(b) + " " + quote(a));
  const auto reverse = classLine(r.output, "missed");
  EXPECT_EQ(reverse[0], missed[1]) << r.output;
  EXPECT_EQ(reverse[1], missed[0]) << r.output;

  r = collido("diff " + quote(a) + " " + quote(a));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("0 fixed, 0 broken, " + std::to_string(mismatches(a)) + " unchanged"),
            std::string::npos)
      << r.output;
}

TEST_F(CliSweepDiff, MismatchedOrOldFilesAreBadInput) {
  const std::string clean = routine("clean", false);
  const std::string a = path("a.json"), b = path("b.json");
  ASSERT_EQ(collido("sweep " + quote(clean) + " --fix size=16 --json " + quote(a)).exitCode, 1);
  ASSERT_EQ(
      collido("sweep " + quote(clean) + " --slice a2,a1 --fix size=16 --json " + quote(b)).exitCode,
      1);
  auto r = collido("diff " + quote(a) + " " + quote(b));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("vary different inputs"), std::string::npos) << r.output;

  // A sweep file without its runs (as written before sweeps could be compared).
  std::ifstream in(a);
  nlohmann::json j = nlohmann::json::parse(in);
  j.erase("runs");
  std::ofstream(path("old.json")) << j.dump();
  r = collido("diff " + quote(path("old.json")) + " " + quote(a));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("old.json: runs: missing"), std::string::npos) << r.output;

  std::ofstream(path("audit.json")) << R"({"format": "collidoscope-audit/1", "audits": []})";
  r = collido("diff " + quote(path("audit.json")) + " " + quote(a));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("not a sweep file"), std::string::npos) << r.output;
}

}  // namespace
