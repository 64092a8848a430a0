// Whole-file reads refuse devices, FIFOs and files over their cap with a message
// naming the file and the limit; saves keep the file's mode, write through
// symlinks, never follow a planted temp name, and keep the previous .bak when
// the backup step fails. JSON errors of every kind are located, never thrown.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/map/map_file.h"
#include "core/util/files.h"
#include "core/util/json_reader.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

class FilesIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("collido_files_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string fifo(const std::string& name = "pipe") const {
    const std::string p = path(name);
    EXPECT_EQ(::mkfifo(p.c_str(), 0600), 0);
    return p;
  }
  // A sparse file of `size` bytes: no disk space, but stat() reports the size.
  std::string sparse(const std::string& name, uint64_t size) const {
    const std::string p = path(name);
    std::ofstream(p).put('x');
    EXPECT_EQ(::truncate(p.c_str(), off_t(size)), 0);
    return p;
  }
  static void write(const std::string& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  }
  static std::string read(const std::string& p) {
    return core::readTextFile(p).value_or("<unreadable>");
  }

  fs::path dir_;
};

// Runs `f` and fails the test if it takes longer than a second (a read that
// blocks on a FIFO or streams /dev/zero never returns at all).
template <typename F>
void fast(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
}

}  // namespace

TEST_F(FilesIo, DevZeroIsRefusedNotRead) {
  std::string error;
  fast([&] { EXPECT_FALSE(core::readTextFile("/dev/zero", &error)); });
  EXPECT_NE(error.find("/dev/zero: not a regular file (a character device)"), std::string::npos)
      << error;
  fast([&] { EXPECT_FALSE(core::readBinaryFile("/dev/zero", &error)); });
  EXPECT_NE(error.find("/dev/zero"), std::string::npos) << error;
  EXPECT_FALSE(core::readJsonFile("/dev/zero", &error));
  EXPECT_NE(error.find("/dev/zero: not a regular file"), std::string::npos) << error;
}

TEST_F(FilesIo, FifoIsRefusedWithoutBlocking) {
  const std::string p = fifo();
  std::string error;
  fast([&] { EXPECT_FALSE(core::readTextFile(p, &error)); });
  EXPECT_NE(error.find(p + ": not a regular file (a FIFO)"), std::string::npos) << error;
  fast([&] { EXPECT_FALSE(core::readJsonFile(p, &error)); });
  EXPECT_NE(error.find("a FIFO"), std::string::npos) << error;
  EXPECT_EQ(core::unreadableReason(p), p + ": not a regular file (a FIFO)");
  EXPECT_FALSE(core::readTextFile(dir_.string(), &error));
  EXPECT_NE(error.find("a directory"), std::string::npos) << error;
}

TEST_F(FilesIo, EachKindHasItsCap) {
  std::string error;
  const std::string src = sparse("big.asm", core::kMaxSourceBytes + 1);
  EXPECT_FALSE(core::readTextFile(src, &error));
  EXPECT_EQ(error, src + ": too large (16777217 bytes; the limit is 16 MiB)");

  const std::string rom = sparse("big.gb", core::kMaxBinaryBytes + 1);
  EXPECT_FALSE(core::readBinaryFile(rom, &error));
  EXPECT_NE(error.find("the limit is 8 MiB"), std::string::npos) << error;
  EXPECT_TRUE(core::readBinaryFile(rom, &error, core::kMaxBinaryBytes + 1)) << error;

  const std::string map = sparse("big.map.json", core::kMaxJsonBytes + 1);
  EXPECT_FALSE(core::readJsonFile(map, &error));
  EXPECT_NE(error.find(map + ": too large"), std::string::npos) << error;
  EXPECT_NE(error.find("the limit is 64 MiB"), std::string::npos) << error;

  EXPECT_FALSE(core::readTextFile(path("missing"), &error));
  EXPECT_NE(error.find("missing: cannot open (No such file or directory)"), std::string::npos);
  write(path("ok.txt"), "hello");
  EXPECT_EQ(core::readTextFile(path("ok.txt"), &error, 5).value_or(""), "hello");
  EXPECT_FALSE(core::readTextFile(path("ok.txt"), &error, 4));
}

TEST_F(FilesIo, MapChrFileMustBeARegularFileWithinItsCap) {
  json j = core::mapToJson(core::makeDefaultMap(4, 3, 16));
  const std::string fifoPath = fifo("tiles.chr");
  const std::string big = sparse("huge.chr", core::kMaxBinaryBytes + 16);
  for (const std::string& chr : {std::string("/dev/zero"), fifoPath, big}) {
    j["chr"] = {{"format", "nes"}, {"file", chr}};
    const std::string mapPath = path("room.map.json");
    write(mapPath, j.dump());
    core::MapDocument doc;
    std::string error;
    fast([&] { EXPECT_FALSE(core::loadMap(mapPath, doc, &error)); });
    EXPECT_NE(error.find("chr.file: " + chr + ":"), std::string::npos) << error;
  }
}

// ---------------------------------------------------------------- saves

TEST_F(FilesIo, SaveKeepsTheModeAndABackup) {
  const std::string p = path("secret.json");
  write(p, "one");
  ASSERT_EQ(::chmod(p.c_str(), 0600), 0);
  std::string error;
  ASSERT_TRUE(core::writeFileAtomic(p, "two", &error)) << error;
  ASSERT_TRUE(core::writeFileAtomic(p, "three", &error)) << error;
  EXPECT_EQ(read(p), "three");
  EXPECT_EQ(read(p + ".bak"), "two");
  struct stat st {};
  ASSERT_EQ(::stat(p.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  // Nothing but the file and its backup is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 2);
}

TEST_F(FilesIo, SaveThroughASymlinkWritesItsTarget) {
  fs::create_directories(dir_ / "real");
  const std::string target = path("real/room.map.json");
  write(target, "old");
  fs::create_symlink("real/room.map.json", dir_ / "link.json");
  std::string error;
  ASSERT_TRUE(core::writeFileAtomic(path("link.json"), "new", &error)) << error;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.json"));
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(read(target + ".bak"), "old");  // beside the file that changed
  EXPECT_FALSE(fs::exists(path("link.json.bak")));
}

TEST_F(FilesIo, SaveNeverFollowsAPlantedSymlinkAtTheOldTempName) {
  const std::string p = path("room.json");
  const std::string victim = path("victim");
  write(p, "old");
  write(victim, "precious");
  fs::create_symlink(victim, p + ".tmp" + std::to_string(::getpid()));
  std::string error;
  ASSERT_TRUE(core::writeFileAtomic(p, "new", &error)) << error;
  EXPECT_EQ(read(victim), "precious");
  EXPECT_EQ(read(p), "new");
}

TEST_F(FilesIo, FailedBackupKeepsThePreviousBackupAndTheTarget) {
  const std::string p = path("room.json");
  write(p, "current");
  // The backup step cannot replace a directory: the save must fail cleanly.
  fs::create_directories(p + ".bak");
  write(p + ".bak/previous", "previous backup");
  std::string error;
  EXPECT_FALSE(core::writeFileAtomic(p, "new", &error));
  EXPECT_NE(error.find(p + ".bak: cannot keep a backup"), std::string::npos) << error;
  EXPECT_EQ(read(p), "current");
  EXPECT_EQ(read(p + ".bak/previous"), "previous backup");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 2);
  // Without a backup the save goes through.
  EXPECT_TRUE(core::writeFileAtomic(p, "new", &error, false)) << error;
  EXPECT_EQ(read(p), "new");
}

// A disk that fills up while the backup is made (simulated with a file-size
// limit, which binds root too): the old copy_file() truncated the previous
// .bak and left a fragment. Now the save either keeps a whole backup of the
// file it replaces, or fails leaving the old backup and the file as they were.
TEST_F(FilesIo, BackupNeverLeavesAFragment) {
  const std::string p = path("room.json");
  const std::string current(64 * 1024, 'c');
  write(p, current);
  write(p + ".bak", "previous backup");
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit tight = old;
  tight.rlim_cur = 16 * 1024;
  void (*oldHandler)(int) = ::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &tight), 0);
  std::string error;
  const bool saved = core::writeFileAtomic(p, "new", &error);
  ::setrlimit(RLIMIT_FSIZE, &old);
  ::signal(SIGXFSZ, oldHandler);
  if (saved) {
    EXPECT_EQ(read(p), "new");
    EXPECT_EQ(read(p + ".bak"), current);
  } else {
    EXPECT_EQ(read(p), current) << error;
    EXPECT_EQ(read(p + ".bak"), "previous backup") << error;
  }
}

TEST_F(FilesIo, SaveRefusesToReplaceADevice) {
  const std::string p = fifo("out.json");
  std::string error;
  EXPECT_FALSE(core::writeFileAtomic(p, "x", &error));
  EXPECT_NE(error.find("not a regular file (a FIFO)"), std::string::npos) << error;
}

// ---------------------------------------------------------------- JSON

TEST(JsonErrors, NumberTooLargeForADoubleIsLocatedNotThrown) {
  std::string error;
  std::optional<json> j;
  EXPECT_NO_THROW(j = core::parseJson("{\n  \"cycleBudget\": 1e400\n}\n", "big.json", &error));
  EXPECT_FALSE(j);
  EXPECT_NE(error.find("big.json:2:18: "), std::string::npos) << error;
  EXPECT_NE(error.find("number overflow parsing '1e400'"), std::string::npos) << error;
  EXPECT_EQ(error.find("[json.exception"), std::string::npos) << error;
  // Syntax errors keep their line:col.
  EXPECT_FALSE(core::parseJson("{\n  \"a\": ]\n}", "syntax.json", &error));
  EXPECT_NE(error.find("syntax.json:2:8: parse error"), std::string::npos) << error;
}

TEST(JsonErrors, UnsignedBeyondInt64IsOutOfRangeWithTheRealNumber) {
  std::string error;
  auto j = core::parseJson("{\"cycleBudget\": 9223372036854775808}", "m.json", &error);
  ASSERT_TRUE(j) << error;
  core::JsonReader r(*j, &error);
  r.integer(*j, "", "cycleBudget", 1, 1'000'000'000);
  EXPECT_EQ(error, "cycleBudget: 9223372036854775808 out of range (1..1000000000)");
  error.clear();
  auto max = core::parseJson("{\"n\": 18446744073709551615}", "m.json", &error);
  ASSERT_TRUE(max);
  core::JsonReader r2(*max, &error);
  r2.integer(*max, "", "n", 0, INT64_MAX);
  EXPECT_NE(error.find("18446744073709551615 out of range"), std::string::npos) << error;
}

// 1e12 is a whole number written as a float: out of range, not "a fraction"; 3.0 reads as 3.
TEST(JsonErrors, WholeFloatsAreNumbersNotFractions) {
  std::string error;
  auto j = core::parseJson(R"({"a": 1e12, "b": 3.0, "c": 2.5, "d": 9.3e18})", "f.json", &error);
  ASSERT_TRUE(j) << error;
  core::JsonReader r(*j, &error);
  EXPECT_EQ(r.integer(*j, "", "b", 0, 10), 3);
  EXPECT_TRUE(r.ok()) << error;
  r.integer(*j, "", "a", 0, 65535);
  EXPECT_EQ(error, "a: 1000000000000 out of range (0..65535)");
  error.clear();
  r.integer(*j, "", "d", 0, INT64_MAX);
  EXPECT_EQ(error, "d: 9.3e+18 out of range (0..9223372036854775807)");
  error.clear();
  r.integer(*j, "", "c", 0, 10);
  EXPECT_EQ(error, "c: expected a whole number, found a fraction");
}

TEST_F(FilesIo, JsonFileErrorsNameTheFile) {
  const std::string p = path("scenario.json");
  write(p, "{\"format\": \"collidoscope-map/1\", \"width\": -1e400}");
  std::string error;
  EXPECT_FALSE(core::readJsonFile(p, &error));
  EXPECT_NE(error.find(p + ":1:43: "), std::string::npos) << error;
  core::MapDocument doc;
  EXPECT_NO_THROW(EXPECT_FALSE(core::loadMap(p, doc, &error)));
  EXPECT_NE(error.find(p + ":"), std::string::npos) << error;
}
