// Writes the project's JSON files in a fixed, human layout so that a saved
// file diffs well in version control: keys in the order the writer inserted
// them (nlohmann::ordered_json, not alphabetical), a fixed indent, and chosen
// arrays and objects on one line (an entity, an input run) or in rows (a
// room's cells, one row of the room a line). Load then save of an unchanged
// file gives the same bytes.
//
//   JsonLayout layout{2, [](const std::string& path) {
//     return path == "entities[]" ? kJsonOneLine : kJsonExpanded; }};
//   std::string text = writeJson(j, layout);
//
// Keys a loader does not know are kept in ExtraKeys (room.h's MapDocument,
// scenario.h's Scenario) and written back after the known keys of their object.
#pragma once

#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/util/extra_keys.h"

namespace core {

inline constexpr int kJsonExpanded = 0;  // one member or element a line (nlohmann's dump(indent))
inline constexpr int kJsonOneLine = -1;  // {"a": 1, "b": [2, 3]} on one line
// Any n > 0: an array of scalars written n elements a line.

struct JsonLayout {
  int indent = 2;
  // The style of the value at `path`: "" for the root, "room" and "room.cells"
  // for members, "entities[]" for any element of "entities". Null: all expanded.
  std::function<int(const std::string& path)> style;
};

// The text of `j` (no trailing newline). Strings that are not UTF-8 are written
// with U+FFFD rather than throwing.
std::string writeJson(const nlohmann::ordered_json& j, const JsonLayout& layout);

// The members of object `obj` whose keys are not in `known`, as ExtraKeys.
ExtraKeys unknownKeys(const nlohmann::json& obj, std::initializer_list<std::string_view> known);
// Appends `extra` to object `obj` (after the members already in it); a key
// the writer has already set is not overwritten.
void appendExtraKeys(nlohmann::ordered_json& obj, const ExtraKeys& extra);
void appendExtraKeys(nlohmann::json& obj, const ExtraKeys& extra);

}  // namespace core
