// FileWatch (core/util/file_watch.h): a rebuilt file is reported once, after it
// has settled; files of one build come as one batch; a deleted and recreated
// file is a change; nothing changed, nothing reported. FileBaseline: another
// program's change is told from a touch by the bytes.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/tests/temp_dir_test.h"
#include "core/util/file_watch.h"

namespace core {
namespace {

namespace fs = std::filesystem;

class FileWatchTest : public test::TempDirTest {
 protected:
  FileWatchTest() : TempDirTest("collido_watch_") {}
  std::string file(const std::string& name) const { return path(name); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(file(name), std::ios::binary) << text;
  }
};

TEST_F(FileWatchTest, NothingChangedNothingReported) {
  write("game.nes", "rom");
  FileWatch w;
  w.watch({file("game.nes"), file("missing.dbg")});
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(w.poll().empty());
}

TEST_F(FileWatchTest, ARebuiltFileIsReportedOnceAfterItSettles) {
  write("game.nes", "rom v1");
  FileWatch w;
  w.setSettlePolls(2);
  w.watch({file("game.nes")});
  write("game.nes", "rom v2, longer");
  EXPECT_TRUE(w.poll().empty()) << "seen once: may still be written";
  EXPECT_EQ(w.poll(), std::vector<std::string>{file("game.nes")});
  EXPECT_TRUE(w.poll().empty()) << "reported once";
}

TEST_F(FileWatchTest, AFileStillGrowingIsNotReportedUntilItStops) {
  write("game.nes", "a");
  FileWatch w;
  w.setSettlePolls(2);
  w.watch({file("game.nes")});
  std::string text = "a";
  for (int i = 0; i < 5; ++i) {
    text += "more";
    write("game.nes", text);
    EXPECT_TRUE(w.poll().empty()) << "poll " << i;
  }
  EXPECT_EQ(w.poll().size(), 1u);
}

TEST_F(FileWatchTest, OneBuildIsOneBatchWhenEveryFileHasSettled) {
  write("game.nes", "rom");
  write("game.dbg", "dbg");
  FileWatch w;
  w.setSettlePolls(1);
  w.watch({file("game.nes"), file("game.dbg")});
  write("game.nes", "new rom");
  write("game.dbg", "new dbg!");
  const std::vector<std::string> batch = w.poll();
  EXPECT_EQ(batch, (std::vector<std::string>{file("game.nes"), file("game.dbg")}));
}

TEST_F(FileWatchTest, DeletedThenRecreatedFilesAreChanges) {
  write("game.sym", "00:0150 Main");
  FileWatch w;
  w.setSettlePolls(1);
  w.watch({file("game.sym")});
  fs::remove(file("game.sym"));
  EXPECT_EQ(w.poll().size(), 1u) << "vanished";
  EXPECT_FALSE(FileWatch::stampOf(file("game.sym")).exists);
  write("game.sym", "00:0150 Main");
  EXPECT_EQ(w.poll().size(), 1u) << "back";
  // Replaced by rename (what atomic writers and linkers do): a new inode.
  write("game.sym.tmp", "00:0150 Main");
  fs::rename(file("game.sym.tmp"), file("game.sym"));
  EXPECT_EQ(w.poll().size(), 1u) << "renamed over";
}

TEST_F(FileWatchTest, ABaselineSeesOtherBytesNotATouch) {
  write("room.map.json", "v1");
  FileBaseline b;
  EXPECT_FALSE(b.changed()) << "no baseline taken";
  b.take(file("room.map.json"));
  EXPECT_FALSE(b.changed());
  // A touch, or the same bytes written again by rename: not a change.
  fs::last_write_time(file("room.map.json"),
                      fs::last_write_time(file("room.map.json")) + std::chrono::seconds(5));
  EXPECT_FALSE(b.changed());
  write("room.tmp", "v1");
  fs::rename(file("room.tmp"), file("room.map.json"));
  EXPECT_FALSE(b.changed());
  // Other bytes of the same size: a change, until the baseline is taken again.
  write("room.map.json", "v2");
  EXPECT_TRUE(b.changed());
  EXPECT_TRUE(b.changed()) << "still different from what the app read";
  b.take(file("room.map.json"));
  EXPECT_FALSE(b.changed());
  fs::remove(file("room.map.json"));
  EXPECT_TRUE(b.changed()) << "deleted";
  b.take(file("room.map.json"));
  EXPECT_FALSE(b.changed());
  write("room.map.json", "");
  EXPECT_TRUE(b.changed()) << "created, even empty";
}

}  // namespace
}  // namespace core
