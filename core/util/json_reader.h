// Typed access to a parsed JSON document that remembers where it is, so a bad
// file gets a message naming the JSON path of the fault, e.g.
// `cells[37]: metatile 44 out of range (set has 14)`. The first error wins;
// later reads return defaults, so loaders can read straight through.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace core {

class JsonReader {
 public:
  // Reads start from an object the caller passes in; the document itself is not kept.
  JsonReader(const nlohmann::json& /*document*/, std::string* error) : error_(error) {}

  // A child path: "room" + "cells" -> "room.cells", "cells" + 3 -> "cells[3]".
  static std::string join(const std::string& path, const std::string& key);
  static std::string join(const std::string& path, size_t index);

  bool ok() const { return error_->empty(); }
  void fail(const std::string& path, const std::string& message);

  // The node at `path` under `obj`'s `key`; nullptr (and an error if required) when absent.
  const nlohmann::json* field(const nlohmann::json& obj, const std::string& path,
                              const std::string& key, bool required = true);

  int64_t integer(const nlohmann::json& obj, const std::string& path, const std::string& key,
                  int64_t lo, int64_t hi, std::optional<int64_t> fallback = std::nullopt);
  std::string string(const nlohmann::json& obj, const std::string& path, const std::string& key,
                     std::optional<std::string> fallback = std::nullopt);
  bool boolean(const nlohmann::json& obj, const std::string& path, const std::string& key,
               std::optional<bool> fallback = std::nullopt);
  // Requires an array (optionally of an exact length); nullptr otherwise.
  const nlohmann::json* array(const nlohmann::json& obj, const std::string& path,
                              const std::string& key, bool required = true);
  const nlohmann::json* object(const nlohmann::json& obj, const std::string& path,
                               const std::string& key, bool required = true);
  // An integer element value of an array, checked against a range. Besides JSON
  // integers (and whole floats), text with a radix: "$7B", "0x7b", "%01111011" (no
  // more binary digits than `hi` has bits); a decimal number in quotes is refused.
  int64_t element(const nlohmann::json& v, const std::string& path, int64_t lo, int64_t hi);

  // Checks the "format" field: "collidoscope-map/1" etc. `kind` is "collidoscope-map".
  bool format(const nlohmann::json& obj, const std::string& kind, int maxVersion);

 private:
  std::string* error_;
};

// The deepest nesting of arrays and objects a JSON text may have (docs/limits.md).
// Real files nest a few levels; the limit is checked before any value is built,
// so nothing that walks a parsed document (dump, copy, compare, our loaders) can
// recurse deep enough to overflow the stack.
inline constexpr int kMaxJsonDepth = 256;

// Parses `text`, reporting a syntax error, or nesting past kMaxJsonDepth, with
// its line and column ("f.json:3:120: arrays and objects nested 257 deep; the
// limit is 256"). Every JSON text the program reads goes through here (or
// readJsonFile); `error` may be null when the caller only needs to know.
std::optional<nlohmann::json> parseJson(const std::string& text, const std::string& file,
                                        std::string* error);
// The same, keeping the keys in the order the text has them.
std::optional<nlohmann::ordered_json> parseOrderedJson(const std::string& text,
                                                       const std::string& file, std::string* error);

// Reads and parses a JSON file; errors name the file (and line:col for syntax).
std::optional<nlohmann::json> readJsonFile(const std::string& path, std::string* error);

// Integers written as 123, "$7B" or "0x7b" in JSON (addresses read better in hex).
std::optional<int64_t> parseNumberText(const std::string& text);

}  // namespace core
