// FileWatch (core/util/file_watch.h): a rebuilt file is reported once, after it
// has settled; files of one build come as one batch; a deleted and recreated
// file is a change; nothing changed, nothing reported.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace core
