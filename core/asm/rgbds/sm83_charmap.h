// The character maps of one unit of the built-in SM83 assembler (internal, see
// rgbasm.h): the current map ("main" at first), the other named maps and the PUSHC
// stack. A string in data or in a numeric context goes through the current map,
// longest entry first; unmapped characters stay as they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/asm/rgbds/sm83_program.h"
#include "core/asm/rgbds/sm83_reporter.h"

namespace core::sm83 {

class Charmaps {
 public:
  explicit Charmaps(Reporter& rep) : rep_(rep) {}
  void beginUnit();

  // `s` through the current map: one byte per entry or unmapped character.
  std::string map(const std::string& s) const;
  // `s` cut into its charmap units as written: the longest entry that matches at each
  // place, else one character (STRCHAR and CHARSUB return these).
  std::vector<std::string> units(const std::string& s) const;
  // CHARMAP "from", value.
  void add(const std::string& from, int32_t value, int col);
  // NEWCHARMAP name[, base], SETCHARMAP name, PUSHC [name], POPC; a name that
  // exists (or not) when it must not (or must) is reported at `nameCol`.
  void create(const std::string& name, const std::string& base, int nameCol, int col);
  void select(const std::string& name, int nameCol);
  void push();
  void pushAndSelect(const std::string& name, int nameCol);
  void pop(int col);

 private:
  bool exists(const std::string& name) const {
    return name == currentName_ || others_.count(name) != 0;
  }
  void switchTo(const std::string& name);

  Reporter& rep_;
  StringMap<uint8_t> current_;
  size_t maxLen_ = 0;  // the longest entry of the current map
  std::string currentName_ = "main";
  StringMap<StringMap<uint8_t>> others_;
  std::vector<std::string> stack_;
};

}  // namespace core::sm83
