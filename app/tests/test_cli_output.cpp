// collido's outputs go through one writer (core::AtomicFile): a path that is not
// a regular file is refused with a located message and exit 2, and left as it
// was. The report: `collido audit --png /dev/full` and `render --png /dev/full`
// failed, and as root the device node was deleted. Only nodes of our own are
// used here (a FIFO, a symlink to /dev/null, as root a copy of /dev/full's node
// in the test's folder); every command runs under `timeout`, so a write that
// blocks on a FIFO fails the test instead of hanging it.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/common/png.h"
#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;
namespace fs = std::filesystem;

bool isCharDevice(const std::string& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
}

bool isFifo(const std::string& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

class CliOutput : public app::test::TempDirTest {
 protected:
  CliOutput() : TempDirTest("collido_cli_output_") {}
  const std::string shooter = quote(repoFile("maps/seed001_shooter.scenario.json"));

  app::test::ProcessResult collido(const std::string& args) const {
    return runProcess("timeout 60 " + std::string(COLLIDO_EXE) + " " + args);
  }
  // Every way the picture commands write a PNG, to `out`.
  std::vector<std::string> pngCommands(const std::string& out) const {
    return {"render " + shooter + " --png " + quote(out),
            "render " + shooter + " --frame 5 --png " + quote(out),
            "audit " + shooter + " --stride 16 --speeds 1 --png " + quote(out)};
  }
};

}  // namespace

TEST_F(CliOutput, PngToAFifoIsRefusedAndTheFifoStays) {
  const std::string pipe = path("out.png");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  for (const std::string& args : pngCommands(pipe)) {
    auto r = collido(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(pipe + ": not a regular file (a FIFO)"), std::string::npos)
        << args << "\n"
        << r.output;
    EXPECT_TRUE(isFifo(pipe)) << args;
  }
  EXPECT_EQ(entries(), std::vector<std::string>{"out.png"});
}

TEST_F(CliOutput, PngThroughASymlinkToADeviceIsRefused) {
  ASSERT_TRUE(isCharDevice("/dev/null"));
  fs::create_symlink("/dev/null", dir_ / "out.png");
  for (const std::string& args : pngCommands(path("out.png"))) {
    auto r = collido(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("/dev/null: not a regular file (a character device)"),
              std::string::npos)
        << args << "\n"
        << r.output;
    EXPECT_TRUE(fs::is_symlink(dir_ / "out.png"));
  }
  EXPECT_TRUE(isCharDevice("/dev/null"));
}

// The reproducer itself, on our own node with /dev/full's numbers (1, 7).
TEST_F(CliOutput, PngToACharacterDeviceIsRefusedAndTheNodeStays) {
  const std::string full = path("full");
  if (::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
    GTEST_SKIP() << "cannot make a device node here (not root): " << std::strerror(errno);
  for (const std::string& args : pngCommands(full)) {
    auto r = collido(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(full + ": not a regular file (a character device)"), std::string::npos)
        << args << "\n"
        << r.output;
    EXPECT_TRUE(isCharDevice(full)) << args;
  }
  // The JSON, JUnit and SARIF reports are held to the same writer.
  for (const char* flag : {"--json", "--junit", "--sarif"}) {
    auto r = collido("audit " + shooter + " --stride 16 --speeds 1 " + flag + " " + quote(full));
    EXPECT_EQ(r.exitCode, 2) << flag << "\n" << r.output;
    EXPECT_NE(r.output.find(full + ": not a regular file (a character device)"), std::string::npos)
        << flag << "\n"
        << r.output;
    EXPECT_TRUE(isCharDevice(full)) << flag;
  }
  EXPECT_EQ(entries(), std::vector<std::string>{"full"});
}

// A picture whose write fails part way (a file-size limit standing in for a
// full disk) leaves the old picture whole and no temporary file.
TEST_F(CliOutput, AFailedPngWriteKeepsTheOldPicture) {
  const std::string png = path("room.png");
  std::ofstream(png) << "old picture";
  // 1 block of 512 bytes; SIGXFSZ ignored, so the write fails with EFBIG.
  auto r = runProcess("sh -c 'trap \"\" XFSZ; ulimit -f 1; exec timeout 60 \"$0\" \"$@\"' " +
                      std::string(COLLIDO_EXE) + " render " + shooter + " --scale 4 --png " +
                      quote(png));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find(png + ": write failed ("), std::string::npos) << r.output;
  EXPECT_EQ(read(png), "old picture");
  EXPECT_EQ(entries(), std::vector<std::string>{"room.png"});
  // Without the limit the same command replaces it with the whole picture.
  r = collido("render " + shooter + " --scale 4 --png " + quote(png));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  app::RgbaImage img;
  std::string error;
  ASSERT_TRUE(app::readPng(png, img, &error)) << error;
  EXPECT_EQ(img.width, 640);
  EXPECT_EQ(entries(), std::vector<std::string>{"room.png"});
}
