#include "core/util/json_writer.h"

#include <type_traits>

#include "core/util/json_reader.h"

namespace core {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

std::string scalarText(const ordered_json& v) {
  return v.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

std::string keyText(const std::string& key) {
  return scalarText(ordered_json(key));
}

void writeOneLine(const ordered_json& j, std::string& out) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!first) out += ", ";
      first = false;
      out += keyText(it.key()) + ": ";
      writeOneLine(it.value(), out);
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) out += ", ";
      writeOneLine(j[i], out);
    }
    out += ']';
  } else {
    out += scalarText(j);
  }
}

class Writer {
 public:
  Writer(const JsonLayout& layout, std::string& out) : layout_(layout), out_(out) {}

  void write(const ordered_json& j, const std::string& path, int level) {
    const int style = layout_.style ? layout_.style(path) : kJsonExpanded;
    if (!j.is_structured() || j.empty() || style == kJsonOneLine) return writeOneLine(j, out_);
    if (style > 0 && j.is_array()) return writeRows(j, size_t(style), level);
    const std::string pad = spaces(level + 1);
    if (j.is_object()) {
      out_ += "{\n";
      bool first = true;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out_ += ",\n";
        first = false;
        out_ += pad + keyText(it.key()) + ": ";
        write(it.value(), path.empty() ? it.key() : path + "." + it.key(), level + 1);
      }
      out_ += "\n" + spaces(level) + "}";
    } else {
      out_ += "[\n";
      for (size_t i = 0; i < j.size(); ++i) {
        if (i) out_ += ",\n";
        out_ += pad;
        write(j[i], path + "[]", level + 1);
      }
      out_ += "\n" + spaces(level) + "]";
    }
  }

 private:
  std::string spaces(int level) const { return std::string(size_t(level * layout_.indent), ' '); }

  void writeRows(const ordered_json& j, size_t perRow, int level) {
    const std::string pad = spaces(level + 1);
    out_ += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      if (i % perRow == 0)
        out_ += i ? ",\n" + pad : pad;
      else
        out_ += ", ";
      writeOneLine(j[i], out_);
    }
    out_ += "\n" + spaces(level) + "]";
  }

  const JsonLayout& layout_;
  std::string& out_;
};

template <class Json>
void appendTo(Json& obj, const ExtraKeys& extra) {
  for (const auto& [key, text] : extra.keys) {
    if (obj.contains(key)) continue;
    // Our own dump of a value that was parsed within the depth limit.
    std::optional<Json> v;
    if constexpr (std::is_same_v<Json, ordered_json>)
      v = parseOrderedJson(text, key, nullptr);
    else
      v = parseJson(text, key, nullptr);
    if (v) obj[key] = std::move(*v);
  }
}

}  // namespace

std::string writeJson(const ordered_json& j, const JsonLayout& layout) {
  std::string out;
  Writer(layout, out).write(j, "", 0);
  return out;
}

ExtraKeys unknownKeys(const json& obj, std::initializer_list<std::string_view> known) {
  ExtraKeys extra;
  if (!obj.is_object()) return extra;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool isKnown = false;
    for (std::string_view k : known) isKnown = isKnown || k == it.key();
    if (!isKnown)
      extra.keys.emplace_back(it.key(),
                              it.value().dump(-1, ' ', false, json::error_handler_t::replace));
  }
  return extra;
}

void appendExtraKeys(ordered_json& obj, const ExtraKeys& extra) {
  appendTo(obj, extra);
}

void appendExtraKeys(json& obj, const ExtraKeys& extra) {
  appendTo(obj, extra);
}

}  // namespace core
