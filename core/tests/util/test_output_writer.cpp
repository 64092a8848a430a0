// Every output goes through one writer (core::AtomicFile, writeFileAtomic): it
// refuses what is not a regular file, writes a temporary file and renames it,
// and never unlinks a path it did not create. The report that led here: a PNG
// written to /dev/full failed and the device node was gone afterwards. Devices
// are tested with nodes of our own in the test's folder (a FIFO; as root, a
// character device like /dev/full's), never with the system's.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"

namespace {

namespace fs = std::filesystem;

class OutputWriter : public core::test::TempDirTest {
 protected:
  OutputWriter() : TempDirTest("collido_output_") {}
  void write(const std::string& p, const std::string& text) const { std::ofstream(p) << text; }
  static bool isCharDevice(const std::string& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
  }
};

// Writes past a file-size limit fail with EFBIG instead of killing the process.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &old_);
    oldHandler_ = ::signal(SIGXFSZ, SIG_IGN);
    rlimit tight = old_;
    tight.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &tight);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &old_);
    ::signal(SIGXFSZ, oldHandler_);
  }

 private:
  rlimit old_{};
  void (*oldHandler_)(int) = nullptr;
};

}  // namespace

TEST_F(OutputWriter, AFifoIsRefusedAndLeftInPlace) {
  const std::string p = path("out.png");
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  core::AtomicFile out;
  std::string error;
  EXPECT_FALSE(out.open(p, &error, false));
  EXPECT_EQ(error, p + ": not a regular file (a FIFO)");
  EXPECT_FALSE(core::writeFileAtomic(p, "x", &error, false));
  EXPECT_EQ(error, p + ": not a regular file (a FIFO)");
  struct stat st {};
  ASSERT_EQ(::lstat(p.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(entries(), std::vector<std::string>{"out.png"});  // no temporary file left
}

TEST_F(OutputWriter, ASymlinkToADeviceIsRefusedNamingTheDevice) {
  ASSERT_TRUE(isCharDevice("/dev/null"));
  fs::create_symlink("/dev/null", dir_ / "out.png");
  std::string error;
  EXPECT_FALSE(core::writeFileAtomic(path("out.png"), "x", &error));
  EXPECT_EQ(error, "/dev/null: not a regular file (a character device)");
  EXPECT_TRUE(fs::is_symlink(dir_ / "out.png"));
  EXPECT_TRUE(isCharDevice("/dev/null"));
}

// The reproducer, on a node of our own: a character device like /dev/full
// (1, 7), whose writes fail with "No space left on device". Needs root.
TEST_F(OutputWriter, ACharacterDeviceIsRefusedAndNeverUnlinked) {
  const std::string p = path("full");
  if (::mknod(p.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
    GTEST_SKIP() << "cannot make a device node here (not root): " << std::strerror(errno);
  core::AtomicFile out;
  std::string error;
  EXPECT_FALSE(out.open(p, &error, false));
  EXPECT_EQ(error, p + ": not a regular file (a character device)");
  EXPECT_FALSE(out.write("x", 1, &error));
  EXPECT_FALSE(out.commit(&error));
  EXPECT_TRUE(isCharDevice(p));
  EXPECT_FALSE(core::writeFileAtomic(p, "x", &error));
  EXPECT_TRUE(isCharDevice(p));
  EXPECT_EQ(entries(), std::vector<std::string>{"full"});
}

TEST_F(OutputWriter, PartsAppearOnlyOnCommit) {
  const std::string p = path("room.png");
  write(p, "old");
  {
    core::AtomicFile out;
    std::string error;
    ASSERT_TRUE(out.open(p, &error, false)) << error;
    ASSERT_TRUE(out.write("ne", 2, &error)) << error;
    ASSERT_TRUE(out.write("w", 1, &error)) << error;
    EXPECT_EQ(read(p), "old");
    ASSERT_TRUE(out.commit(&error)) << error;
  }
  EXPECT_EQ(read(p), "new");
  EXPECT_EQ(entries(), std::vector<std::string>{"room.png"});
}

TEST_F(OutputWriter, DroppedBeforeCommitLeavesTheTargetAsItWas) {
  const std::string old = path("old.png"), fresh = path("new.png");
  write(old, "old");
  {
    core::AtomicFile a, b;
    std::string error;
    ASSERT_TRUE(a.open(old, &error)) << error;
    ASSERT_TRUE(b.open(fresh, &error)) << error;
    ASSERT_TRUE(a.write("partial", 7, &error));
    ASSERT_TRUE(b.write("partial", 7, &error));
  }
  EXPECT_EQ(read(old), "old");
  EXPECT_FALSE(fs::exists(fresh));
  EXPECT_EQ(entries(), std::vector<std::string>{"old.png"});
}

// A write that fails (the disk full, here a file-size limit) costs only the
// temporary file: the old output stays, and a new one is never created.
TEST_F(OutputWriter, AFailedWriteLeavesTheTargetAndNoTemporaryFile) {
  const std::string p = path("room.png"), fresh = path("new.png");
  write(p, "old");
  const std::string big(64 * 1024, 'x');
  std::string error, freshError;
  bool wrote = true, wroteFresh = true;
  {
    FileSizeLimit limit(16 * 1024);
    wrote = core::writeFileAtomic(p, big, &error, false);
    core::AtomicFile out;
    wroteFresh = out.open(fresh, &freshError) && out.write(big.data(), big.size(), &freshError) &&
                 out.commit(&freshError);
  }
  EXPECT_FALSE(wrote);
  EXPECT_EQ(error.rfind(p + ": write failed (", 0), 0u) << error;
  EXPECT_EQ(read(p), "old");
  EXPECT_FALSE(wroteFresh);
  EXPECT_EQ(freshError.rfind(fresh + ": write failed (", 0), 0u) << freshError;
  EXPECT_FALSE(fs::exists(fresh));
  EXPECT_EQ(entries(), std::vector<std::string>{"room.png"});
}

TEST_F(OutputWriter, ABackupSlotThatIsNotARegularFileIsNeverReplaced) {
  const std::string p = path("room.map.json");
  write(p, "old");
  ASSERT_EQ(::mkfifo((p + ".bak").c_str(), 0600), 0);
  std::string error;
  EXPECT_FALSE(core::writeFileAtomic(p, "new", &error));
  EXPECT_EQ(error, p + ".bak: cannot keep a backup (a FIFO is there)");
  EXPECT_EQ(read(p), "old");
  struct stat st {};
  ASSERT_EQ(::lstat((p + ".bak").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  // A symlink there is not followed nor replaced either.
  fs::remove(p + ".bak");
  write(path("elsewhere"), "keep");
  fs::create_symlink(path("elsewhere"), p + ".bak");
  EXPECT_FALSE(core::writeFileAtomic(p, "new", &error));
  EXPECT_EQ(error, p + ".bak: cannot keep a backup (a symbolic link is there)");
  EXPECT_TRUE(fs::is_symlink(p + ".bak"));
  EXPECT_EQ(read(path("elsewhere")), "keep");
  // Without a backup the save goes through.
  EXPECT_TRUE(core::writeFileAtomic(p, "new", &error, false)) << error;
  EXPECT_EQ(read(p), "new");
}
