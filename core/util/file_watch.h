// Notices when files on disk change, for "reload on change": the user rebuilt
// the game (ROM and symbols), edited a source or a map in another program.
//
//   FileWatch w;
//   w.watch({"game.nes", "game.dbg"});
//   ...every half second...
//   for (const std::string& p : w.poll()) reload(p);
//
// A change is a different size, modification time, inode or existence. A file
// still being written (a build in progress) is reported once it has stayed the
// same over `settle` consecutive polls, so a reload never reads half a ROM; a
// build that replaces several files is reported as one batch when all have
// settled. Polling costs one stat() per file: cheap enough for every frame.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace core {

class FileWatch {
 public:
  // Replaces the watched set; the files' current state is the baseline.
  void watch(const std::vector<std::string>& paths);
  void clear() { files_.clear(); }
  const std::vector<std::string>& paths() const { return paths_; }
  // Polls needed to call a change settled (1: report at the first poll that sees it).
  void setSettlePolls(int polls) { settle_ = polls < 1 ? 1 : polls; }

  // The files that changed since the baseline and have settled, once each: the
  // new state becomes the baseline. Empty while any changed file is still moving.
  std::vector<std::string> poll();

  struct Stamp {
    bool exists = false;
    uint64_t size = 0, inode = 0;
    int64_t mtimeNs = 0;
    bool operator==(const Stamp&) const = default;
  };
  static Stamp stampOf(const std::string& path);

 private:
  struct File {
    std::string path;
    Stamp base;     // the state last reported (or at watch())
    Stamp seen;     // the state at the last poll
    int still = 0;  // consecutive polls `seen` has held while differing from `base`
  };
  std::vector<File> files_;
  std::vector<std::string> paths_;
  int settle_ = 2;
};

// What a document's file held when the app last read or wrote it, so a Save
// can tell that another program changed it meanwhile. A new stamp alone is no
// change (a touch, a copy of the same bytes): the bytes are compared.
//
//   FileBaseline b;
//   b.take("room.map.json");           // after loading or saving it
//   if (b.changed()) askBeforeOverwriting();
class FileBaseline {
 public:
  // The file as it is now becomes the baseline ("" clears it).
  void take(const std::string& path);
  void clear() { *this = FileBaseline(); }
  const std::string& path() const { return path_; }
  // The file's bytes (or its existence) differ from the baseline. A new stamp
  // over the same bytes becomes the baseline's stamp. False with no baseline.
  bool changed();

 private:
  std::string path_;
  FileWatch::Stamp stamp_;
  uint64_t hash_ = 0;
};

}  // namespace core
