// Members of a file's JSON object that its loader does not read (a key a
// user or a newer tool added). Loaders keep them here and writers put them
// back, after the known keys, so a load and save never drops what a user
// wrote. Values are kept as compact JSON text: this header needs no JSON library.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace core {

struct ExtraKeys {
  std::vector<std::pair<std::string, std::string>> keys;  // key, value as JSON text

  bool empty() const { return keys.empty(); }
};

}  // namespace core
