// collido refuses input files it cannot safely read, naming them, and exits 2:
// devices, FIFOs and files over their cap (--gb, --image, a manifest's sources),
// and JSON whose numbers overflow or that nests too deep. Every command runs
// under `timeout`, so a read that blocks or never ends fails the test instead of
// hanging it.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"
#include "core/util/files.h"

namespace {

using app::test::quote;
using app::test::runProcess;
namespace fs = std::filesystem;
using nlohmann::json;

using app::test::repoFile;

class CliIo : public app::test::TempDirTest {
 protected:
  CliIo() : TempDirTest("collido_cli_io_") {}

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  std::string fifo(const std::string& name) const {
    EXPECT_EQ(::mkfifo(path(name).c_str(), 0600), 0);
    return path(name);
  }
  std::string sparse(const std::string& name, uint64_t size) const {
    std::ofstream(path(name)).put('x');
    EXPECT_EQ(::truncate(path(name).c_str(), off_t(size)), 0);
    return path(name);
  }
  // `args` must exit 2 within the timeout with every needle in the output.
  void expectRefused(const std::string& args, const std::vector<std::string>& needles) const {
    auto r = runProcess("timeout 20 " + std::string(COLLIDO_EXE) + " " + args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    for (const std::string& n : needles)
      EXPECT_NE(r.output.find(n), std::string::npos) << args << "\nexpected: " << n << "\n"
                                                     << r.output;
  }
  // A routine manifest copied from assets/routines/NAME with `edit` applied
  // (sources made absolute first), and a scenario running it on `map`.
  std::string scenarioWith(const std::string& routine, const std::string& scenario,
                           const std::function<void(json&)>& edit) const {
    const std::string dir = repoFile("assets/routines/" + routine + "/");
    json m = json::parse(std::ifstream(dir + "manifest.json"));
    for (auto& s : m["sources"]) s = dir + s.get<std::string>();
    edit(m);
    const std::string manifest = write("manifest.json", m.dump(1));
    json s = json::parse(std::ifstream(repoFile("maps/" + scenario)));
    s["map"] = repoFile("maps/") + s["map"].get<std::string>();
    s["routine"] = manifest;
    return write("scenario.json", s.dump(1));
  }
};

}  // namespace

TEST_F(CliIo, ExecRefusesDevicesFifosAndOversizedImages) {
  expectRefused("exec --cpu sm83 --gb /dev/zero",
                {"/dev/zero: not a regular file (a character device)"});
  const std::string pipe = fifo("rom.gb");
  expectRefused("exec --cpu sm83 --gb " + quote(pipe), {pipe + ": not a regular file (a FIFO)"});
  const std::string big = sparse("big.gb", core::kMaxBinaryBytes + 1);
  expectRefused("exec --cpu sm83 --gb " + quote(big),
                {big + ": too large (8388609 bytes; the limit is 8 MiB)"});
  expectRefused("exec --cpu sm83 --image /dev/zero@0x100", {"/dev/zero: not a regular file"});
  expectRefused("exec --cpu 6502 --image /dev/zero@0x400", {"/dev/zero: not a regular file"});
  expectRefused("exec --cpu 6502 --image " + quote(pipe + "@0x400"), {pipe + ": not a regular"});
  expectRefused("exec --cpu 6502 --image " + quote(big), {big + ": too large"});
}

TEST_F(CliIo, RunRefusesADeviceSourceBeforeAssembling) {
  const std::string pipe = fifo("collide.asm");
  for (const std::string& src : {std::string("/dev/zero"), pipe}) {
    const std::string scenario = scenarioWith("seed001_peraxis", "seed001_shooter.scenario.json",
                                              [&](json& m) { m["sources"] = {src}; });
    expectRefused("run " + quote(scenario), {src + ": not a regular file"});
  }
}

TEST_F(CliIo, RunRefusesADeviceSourceBeforeCa65Starts) {
  if (!core::ca65Available()) GTEST_SKIP() << "ca65/ld65 not installed";
  const std::string pipe = fifo("collide.s");
  for (const std::string& src : {std::string("/dev/zero"), pipe}) {
    const std::string scenario = scenarioWith("seed000_aabb", "seed000_cross.scenario.json",
                                              [&](json& m) { m["sources"] = {src}; });
    expectRefused("run " + quote(scenario), {src + ": not a regular file"});
  }
}

TEST_F(CliIo, RunLocatesJsonNumbersThatOverflow) {
  // 1e400 does not fit a double: a located error naming the file, not an exception.
  const std::string bad =
      write("overflow.scenario.json",
            "{\n\"format\": \"collidoscope-scenario/1\",\n\"frames\": 1e400\n}\n");
  expectRefused("run " + quote(bad), {bad + ":3:11: ", "number overflow parsing '1e400'"});
  // 2^63 is an unsigned JSON number: reported as written, not wrapped negative.
  const std::string scenario = scenarioWith("seed001_peraxis", "seed001_shooter.scenario.json",
                                            [](json& m) { m["cycleBudget"] = 1ull << 63; });
  auto r = runProcess("timeout 20 " + std::string(COLLIDO_EXE) + " run " + quote(scenario));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("cycleBudget: 9223372036854775808 out of range"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("-9223372036854775808"), std::string::npos) << r.output;
}

// Issue 33: an unknown key holding 100,000 nested objects (600 KB) overflowed the
// stack when the loader kept it. Nesting is bounded at parse: exit 2 with the
// file, line and column, for the scenario, its map and its manifest alike.
TEST_F(CliIo, RunRefusesDeepNestingWithItsLocation) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "{\"a\": ";
  deep += "1" + std::string(100000, '}');
  // `file` with "deep": ... as its first key: the bracket one level too deep is
  // on line 1, at column 10 + 255 * 6.
  const auto spliceInto = [&](const std::string& file) {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    text.insert(text.find('{') + 1, "\"deep\": " + deep + ",");
    std::ofstream(file) << text;
  };
  const std::string needle = ":1:1540: arrays and objects nested 257 deep; the limit is 256";
  const std::string scenario =
      scenarioWith("seed001_peraxis", "seed001_shooter.scenario.json", [](json&) {});
  spliceInto(scenario);
  expectRefused("run " + quote(scenario), {"collido run: " + scenario + needle});
  expectRefused("render " + quote(scenario) + " --png " + quote(path("r.png")),
                {scenario + needle});

  scenarioWith("seed001_peraxis", "seed001_shooter.scenario.json", [](json&) {});
  spliceInto(path("manifest.json"));
  expectRefused("run " + quote(scenario), {path("manifest.json") + needle});

  // The map, copied beside the scenario.
  scenarioWith("seed001_peraxis", "seed001_shooter.scenario.json", [](json&) {});
  json s = json::parse(std::ifstream(scenario));
  fs::copy_file(s["map"].get<std::string>(), path("room.map.json"));
  s["map"] = path("room.map.json");
  write("scenario.json", s.dump(1));
  spliceInto(path("room.map.json"));
  expectRefused("run " + quote(scenario), {path("room.map.json") + needle});
  expectRefused("audit " + quote(scenario), {path("room.map.json") + needle});
}
