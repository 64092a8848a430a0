// A small modal file dialog for ImGui (which has none): a path field and a
// listing of the directory, filtered by extension (.json unless told), usable from the keyboard
// (type a path, Up/Down through the listing, Enter opens, Escape cancels).
//
//   dialog.open(FileDialog::Mode::Open, "Open", startDir);
//   if (auto path = dialog.draw()) load(*path);   // call every frame
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace app {

class FileDialog {
 public:
  enum class Mode { Open, Save };

  // Shows the dialog from the next draw(); `start` is a directory or a file.
  void open(Mode mode, const std::string& title, const std::string& start,
            std::vector<std::string> extensions = {".json"});
  bool visible() const { return visible_; }
  // Draws the dialog when visible. Returns the chosen path once, when the user confirms.
  std::optional<std::string> draw();

 private:
  struct Entry {
    std::string name;
    bool dir = false;
  };
  void setPath(const std::string& text);
  void list(const std::string& dir);
  void enter(const Entry& e);
  std::optional<std::string> confirm();
  bool drawListing();

  Mode mode_ = Mode::Open;
  std::string title_;
  std::vector<std::string> extensions_;  // the files listed (directories always are)
  std::string dir_;
  char path_[1024] = {};
  std::vector<Entry> entries_;
  int selected_ = -1;
  int pathGeneration_ = 0, focusedGeneration_ = -1;
  bool visible_ = false, justOpened_ = false;
  std::string error_;
  std::string replace_;  // a Save onto this existing file was asked once: the next one replaces it
};

}  // namespace app
