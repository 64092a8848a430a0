#include "app/gui/file_dialog.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace app {

namespace {

constexpr const char* kPopupId = "###file_dialog";

}  // namespace

void FileDialog::open(Mode mode, const std::string& title, const std::string& start,
                      std::vector<std::string> extensions) {
  mode_ = mode;
  extensions_ = std::move(extensions);
  title_ = title;
  std::error_code ec;
  fs::path p = start.empty() ? fs::current_path(ec) : fs::path(start);
  std::string file;
  if (!fs::is_directory(p, ec)) {
    file = p.filename().string();
    p = p.parent_path();
  }
  list(fs::absolute(p, ec).lexically_normal().string());
  setPath(file);
  for (int i = 0; i < int(entries_.size()); ++i)
    if (entries_[i].name == file) selected_ = i;
  visible_ = justOpened_ = true;
  error_.clear();
  replace_.clear();
}

void FileDialog::setPath(const std::string& text) {
  std::snprintf(path_, sizeof path_, "%s", text.c_str());
  ++pathGeneration_;  // a new id for the field, so ImGui drops its edit buffer
}

void FileDialog::list(const std::string& dir) {
  dir_ = dir;
  entries_.clear();
  selected_ = -1;
  std::error_code ec;
  for (const auto& e :
       fs::directory_iterator(dir, fs::directory_options::skip_permission_denied, ec)) {
    std::string name = e.path().filename().string();
    if (name.starts_with(".")) continue;
    bool isDir = e.is_directory(ec);
    const bool listed = std::any_of(extensions_.begin(), extensions_.end(),
                                    [&](const std::string& x) { return name.ends_with(x); });
    if (isDir || listed) entries_.push_back({name, isDir});
  }
  if (ec) error_ = "cannot list " + dir + ": " + ec.message();
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return a.dir != b.dir ? a.dir : a.name < b.name;
  });
  entries_.insert(entries_.begin(), Entry{"..", true});
}

void FileDialog::enter(const Entry& e) {
  std::error_code ec;
  fs::path next = e.name == ".." ? fs::path(dir_).parent_path() : fs::path(dir_) / e.name;
  list(fs::absolute(next, ec).lexically_normal().string());
  setPath("");
}

std::optional<std::string> FileDialog::confirm() {
  if (!path_[0]) {
    error_ = "type a file name or pick one";
    return std::nullopt;
  }
  std::error_code ec;
  fs::path p(path_);
  if (p.is_relative()) p = fs::path(dir_) / p;
  p = p.lexically_normal();
  if (fs::is_directory(p, ec)) {
    list(p.string());
    setPath("");
    return std::nullopt;
  }
  if (mode_ == Mode::Open && !fs::exists(p, ec)) {
    error_ = p.string() + " does not exist";
    return std::nullopt;
  }
  if (mode_ == Mode::Save && fs::exists(p, ec) && replace_ != p.string()) {
    error_ = p.filename().string() + " exists: press Save again to replace it";
    replace_ = p.string();
    return std::nullopt;
  }
  visible_ = false;
  ImGui::CloseCurrentPopup();
  return p.string();
}

bool FileDialog::drawListing() {
  bool activated = false;
  const float height = ImGui::GetTextLineHeightWithSpacing() * 14;
  if (ImGui::BeginChild("##listing", ImVec2(560, height), true)) {
    for (int i = 0; i < int(entries_.size()); ++i) {
      const Entry& e = entries_[i];
      std::string label = e.dir ? e.name + "/" : e.name;
      if (ImGui::Selectable(label.c_str(), i == selected_, ImGuiSelectableFlags_AllowDoubleClick)) {
        selected_ = i;
        if (!e.dir) setPath(e.name);
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = true;
      }
      if (i == selected_ && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
    }
  }
  ImGui::EndChild();
  return activated;
}

std::optional<std::string> FileDialog::draw() {
  if (!visible_) return std::nullopt;
  if (justOpened_) {
    ImGui::OpenPopup((title_ + kPopupId).c_str());
    justOpened_ = false;
  }
  std::optional<std::string> result;
  bool open = true;
  if (!ImGui::BeginPopupModal((title_ + kPopupId).c_str(), &open,
                              ImGuiWindowFlags_AlwaysAutoResize)) {
    visible_ = open;
    return std::nullopt;
  }
  ImGui::TextDisabled("%s", dir_.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("Up")) enter(Entry{"..", true});
  // Up/Down walk the listing; the path field keeps the keyboard focus.
  const int n = int(entries_.size());
  const int before = selected_;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)))
    selected_ = std::min(selected_ + 1, n - 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)))
    selected_ = std::max(selected_ - 1, 0);
  if (selected_ != before && selected_ >= 0)
    setPath(entries_[selected_].dir ? "" : entries_[selected_].name);
  bool activated = drawListing();
  ImGui::SetNextItemWidth(480);
  if (focusedGeneration_ != pathGeneration_) ImGui::SetKeyboardFocusHere();
  focusedGeneration_ = pathGeneration_;
  ImGui::PushID(pathGeneration_);
  bool enter = ImGui::InputText("file", path_, sizeof path_, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::PopID();
  if (ImGui::IsItemEdited()) {
    error_.clear();
    replace_.clear();
  }
  if (enter && !path_[0] && selected_ >= 0 && entries_[selected_].dir) {
    enter = false;
    this->enter(entries_[selected_]);
  }
  if (activated && selected_ >= 0 && entries_[selected_].dir) {
    activated = false;
    this->enter(entries_[selected_]);
  }
  if (!error_.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", error_.c_str());
  const char* verb = mode_ == Mode::Open ? "Open" : "Save";
  if (ImGui::Button(verb, ImVec2(100, 0)) || enter || activated) result = confirm();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    visible_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  if (!open) visible_ = false;
  return result;
}

}  // namespace app
