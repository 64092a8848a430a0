#include "core/asm/rgbds/sm83_charmap.h"

#include <algorithm>

#include "core/util/text.h"

namespace core::sm83 {

void Charmaps::beginUnit() {
  current_.clear();
  maxLen_ = 0;
  currentName_ = "main";
  others_.clear();
  stack_.clear();
}

std::string Charmaps::map(const std::string& s) const {
  if (current_.empty()) return s;
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t len = std::min(maxLen_, s.size() - i);
    for (; len > 0; --len) {
      auto it = current_.find(std::string_view(s).substr(i, len));
      if (it != current_.end()) {
        out += static_cast<char>(it->second);
        break;
      }
    }
    if (len == 0) {
      // As rgbasm -Wunmapped-char: a character a non-empty charmap does not map.
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c < 0x80 || (c & 0xC0) == 0xC0)
        rep_.warning(0, std::string("unmapped character ") +
                            (c >= 0x20 && c < 0x7F ? "'" + std::string(1, s[i]) + "'"
                                                   : "$" + hexDigits(c, 2)) +
                            " [-Wunmapped-char]");
      out += s[i];
      len = 1;
    }
    i += len;
  }
  return out;
}

std::vector<std::string> Charmaps::units(const std::string& s) const {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    size_t len = std::min(maxLen_, s.size() - i);
    for (; len > 0; --len)
      if (current_.find(std::string_view(s).substr(i, len)) != current_.end()) break;
    if (len == 0) {
      // One character: a UTF-8 lead byte takes its continuation bytes along.
      len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
    }
    out.push_back(s.substr(i, len));
    i += len;
  }
  return out;
}

void Charmaps::add(const std::string& from, int32_t value, int col) {
  if (from.empty()) return rep_.error(col, "CHARMAP needs a non-empty string");
  current_[from] = static_cast<uint8_t>(value);
  maxLen_ = std::max(maxLen_, from.size());
}

// The current map lives in current_, the others in others_.
void Charmaps::switchTo(const std::string& name) {
  others_[currentName_] = std::move(current_);
  currentName_ = name;
  current_ = others_[name];
  maxLen_ = 0;
  for (const auto& [from, v] : current_) maxLen_ = std::max(maxLen_, from.size());
}

void Charmaps::create(const std::string& name, const std::string& base, int nameCol, int col) {
  if (exists(name)) return rep_.error(nameCol, "charmap '" + name + "' already exists");
  if (!base.empty() && !exists(base))
    return rep_.error(col, "charmap '" + base + "' does not exist");
  StringMap<uint8_t> init = base.empty()           ? StringMap<uint8_t>{}
                            : base == currentName_ ? current_
                                                   : others_[base];
  others_[name] = std::move(init);
  switchTo(name);
}

void Charmaps::select(const std::string& name, int nameCol) {
  if (!exists(name)) return rep_.error(nameCol, "charmap '" + name + "' does not exist");
  if (name != currentName_) switchTo(name);
}

void Charmaps::push() {
  stack_.push_back(currentName_);
}

// rgbds 1.0 `PUSHC name`: push the current charmap, then switch to `name`.
void Charmaps::pushAndSelect(const std::string& name, int nameCol) {
  if (!exists(name)) return rep_.error(nameCol, "charmap '" + name + "' does not exist");
  stack_.push_back(currentName_);
  if (name != currentName_) switchTo(name);
}

void Charmaps::pop(int col) {
  if (stack_.empty()) return rep_.error(col, "POPC without PUSHC");
  switchTo(stack_.back());
  stack_.pop_back();
}

}  // namespace core::sm83
