#include "core/util/json_reader.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdio>

#include "core/util/files.h"

namespace core {

using nlohmann::json;

std::string JsonReader::join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

std::string JsonReader::join(const std::string& path, size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

void JsonReader::fail(const std::string& path, const std::string& message) {
  if (!error_->empty()) return;
  *error_ = path.empty() ? message : path + ": " + message;
}

static const char* typeName(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_float:
      return "a fraction";
    default:
      return "a number";
  }
}

const json* JsonReader::field(const json& obj, const std::string& path, const std::string& key,
                              bool required) {
  if (!ok()) return nullptr;
  if (!obj.is_object()) {
    fail(path, std::string("expected an object, found ") + typeName(obj));
    return nullptr;
  }
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (required) fail(join(path, key), "missing");
    return nullptr;
  }
  return &*it;
}

std::optional<nlohmann::json> readJsonFile(const std::string& path, std::string* error) {
  error->clear();
  auto text = readTextFile(path, error, kMaxJsonBytes);
  if (!text) return std::nullopt;
  return parseJson(*text, path, error);
}

std::optional<int64_t> parseNumberText(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::string s = text;
  int base = 10;
  bool neg = false;
  size_t i = 0;
  if (s[0] == '-') {
    neg = true;
    i = 1;
  }
  if (s.compare(i, 1, "$") == 0) {
    base = 16;
    i += 1;
  } else if (s.compare(i, 2, "0x") == 0 || s.compare(i, 2, "0X") == 0) {
    base = 16;
    i += 2;
  } else if (s.compare(i, 1, "%") == 0) {
    base = 2;
    i += 1;
  }
  if (i >= s.size()) return std::nullopt;
  int64_t v = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : 99;
    if (d >= base) return std::nullopt;
    v = v * base + d;
    if (v > (int64_t(1) << 40)) return std::nullopt;
  }
  return neg ? -v : v;
}

int64_t JsonReader::element(const json& v, const std::string& path, int64_t lo, int64_t hi) {
  if (!ok()) return lo;
  int64_t value = 0;
  if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)) {
    // Beyond int64: say so with the number as written, not wrapped to a negative.
    fail(path, std::to_string(v.get<uint64_t>()) + " out of range (" + std::to_string(lo) + ".." +
                   std::to_string(hi) + ")");
    return lo;
  }
  if (v.is_number_integer() || v.is_number_unsigned()) {
    value = v.get<int64_t>();
  } else if (v.is_string()) {
    const std::string& text = v.get_ref<const std::string&>();
    auto n = parseNumberText(text);
    if (!n) {
      fail(path, "expected a number, found \"" + text + "\"");
      return lo;
    }
    // Text is for the forms the formats document, "$7B", "0x7b", "%01111011"; a
    // decimal number in quotes ("1", "60") is a number typed as text by mistake.
    const size_t at = text.find_first_not_of('-');  // parseNumberText took it: not npos
    const char radix = text[at];
    if (radix != '$' && radix != '%' && text.compare(at, 2, "0x") != 0 &&
        text.compare(at, 2, "0X") != 0) {
      fail(path, "expected an integer, found the string \"" + text + "\" (write " + text +
                     " without quotes; numbers in quotes are hex \"$7B\" or binary \"%01111011\")");
      return lo;
    }
    // A bit pattern wider than its field (10 binary digits for a byte) was meant
    // for another layout, even when the extra bits are zeros.
    if (radix == '%' && *n >= lo && *n <= hi && lo >= 0 && hi > 0 &&
        (uint64_t(hi) & (uint64_t(hi) + 1)) == 0) {
      const size_t width = size_t(std::bit_width(uint64_t(hi)));
      const size_t written = text.size() - at - 1;
      if (written > width) {
        fail(path, "\"" + text + "\" has " + std::to_string(written) +
                       " binary digits; the field holds " + std::to_string(width) + " bits");
        return lo;
      }
    }
    value = *n;
  } else if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>()) {
    // 1e12 or 3.0: whole, written as a float. In range it is that integer; out of
    // range it is said so (not "a fraction").
    const double d = v.get<double>();
    if (d < double(lo) || d > double(hi) || std::fabs(d) >= 0x1p63) {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", d);
      fail(path, std::string(text) + " out of range (" + std::to_string(lo) + ".." +
                     std::to_string(hi) + ")");
      return lo;
    }
    value = int64_t(d);
  } else {
    fail(path, std::string("expected a whole number, found ") + typeName(v));
    return lo;
  }
  if (value < lo || value > hi) {
    fail(path, std::to_string(value) + " out of range (" + std::to_string(lo) + ".." +
                   std::to_string(hi) + ")");
    return lo;
  }
  return value;
}

int64_t JsonReader::integer(const json& obj, const std::string& path, const std::string& key,
                            int64_t lo, int64_t hi, std::optional<int64_t> fallback) {
  const json* v = field(obj, path, key, !fallback.has_value());
  if (!v) return fallback.value_or(lo);
  return element(*v, join(path, key), lo, hi);
}

std::string JsonReader::string(const json& obj, const std::string& path, const std::string& key,
                               std::optional<std::string> fallback) {
  const json* v = field(obj, path, key, !fallback.has_value());
  if (!v) return fallback.value_or("");
  if (!v->is_string()) {
    fail(join(path, key), std::string("expected a string, found ") + typeName(*v));
    return fallback.value_or("");
  }
  return v->get<std::string>();
}

bool JsonReader::boolean(const json& obj, const std::string& path, const std::string& key,
                         std::optional<bool> fallback) {
  const json* v = field(obj, path, key, !fallback.has_value());
  if (!v) return fallback.value_or(false);
  if (!v->is_boolean()) {
    fail(join(path, key), std::string("expected true or false, found ") + typeName(*v));
    return fallback.value_or(false);
  }
  return v->get<bool>();
}

const json* JsonReader::array(const json& obj, const std::string& path, const std::string& key,
                              bool required) {
  const json* v = field(obj, path, key, required);
  if (v && !v->is_array()) {
    fail(join(path, key), std::string("expected an array, found ") + typeName(*v));
    return nullptr;
  }
  return v;
}

const json* JsonReader::object(const json& obj, const std::string& path, const std::string& key,
                               bool required) {
  const json* v = field(obj, path, key, required);
  if (v && !v->is_object()) {
    fail(join(path, key), std::string("expected an object, found ") + typeName(*v));
    return nullptr;
  }
  return v;
}

bool JsonReader::format(const json& obj, const std::string& kind, int maxVersion) {
  std::string f = string(obj, "", "format");
  if (!ok()) return false;
  std::string prefix = kind + "/";
  if (f.rfind(prefix, 0) != 0) {
    fail("format", "\"" + f + "\" is not a " + kind + " file");
    return false;
  }
  auto v = parseNumberText(f.substr(prefix.size()));
  if (!v || *v < 1) {
    fail("format", "bad version in \"" + f + "\"");
    return false;
  }
  if (*v > maxVersion) {
    fail("format", "version " + std::to_string(*v) + " is newer than this build reads (" +
                       std::to_string(maxVersion) + ")");
    return false;
  }
  return true;
}

namespace {

// A SAX pass that builds nothing and accepts every value; the passes below
// override what they watch.
class SaxAcceptingAll : public nlohmann::json_sax<json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }
};

// Finds where the parser stopped, for errors that carry no byte offset (a
// number too large for a double is out_of_range.406): a second, DOM-less pass
// records the position of the first error.
class ErrorLocator : public SaxAcceptingAll {
 public:
  size_t position = std::string::npos;
  bool parse_error(std::size_t pos, const std::string& token,
                   const nlohmann::detail::exception&) override {
    // `pos` is just past the token; point at its first character instead.
    position = pos >= token.size() ? pos - token.size() + 1 : pos;
    return false;
  }
};

// "file:line:col: " for a byte offset (nlohmann counts from 1, past the bad character).
std::string locate(const std::string& file, const std::string& text, size_t byte) {
  size_t offset = std::min<size_t>(byte, text.size());
  int line = 1, col = 1;
  for (size_t i = 0; i + 1 < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": ";
}

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
std::string message(const json::exception& e) {
  std::string what = e.what();
  if (auto pos = what.find("parse error"); pos != std::string::npos) return what.substr(pos);
  if (what.starts_with("[json.exception.")) {
    auto close = what.find("] ");
    if (close != std::string::npos) return what.substr(close + 2);
  }
  return what;
}

// The offset of the first bracket that opens a level past kMaxJsonDepth, or npos.
// Exact for valid JSON (brackets in strings are skipped, and JSON has no
// comments); past a syntax error it may be wrong, but the parser stops there.
size_t firstTooDeep(const std::string& text) {
  int depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string::npos;
}

// Tells which comes first in a text nested too deep: a syntax error (the parser
// then reports it) or the level past the limit.
class DepthGuard : public SaxAcceptingAll {
 public:
  bool tooDeep = false;
  bool start_object(std::size_t) override { return enter(); }
  bool end_object() override { return leave(); }
  bool start_array(std::size_t) override { return enter(); }
  bool end_array() override { return leave(); }

 private:
  bool enter() {
    tooDeep = ++depth_ > kMaxJsonDepth;
    return !tooDeep;
  }
  bool leave() {
    --depth_;
    return true;
  }
  int depth_ = 0;
};

template <class Json>
std::optional<Json> parseBounded(const std::string& text, const std::string& file,
                                 std::string* error) {
  // The DOM parser itself loops, but dump(), copies, comparisons and our own
  // walks recurse once a level: nesting is refused before a value is built.
  if (const size_t deep = firstTooDeep(text); deep != std::string::npos) {
    DepthGuard guard;
    try {
      json::sax_parse(text, &guard);
    } catch (const std::exception&) {
      guard.tooDeep = false;  // an error before the deep part: the parse below reports it
    }
    if (guard.tooDeep) {
      if (error)
        *error = locate(file, text, deep + 1) + "arrays and objects nested " +
                 std::to_string(kMaxJsonDepth + 1) + " deep; the limit is " +
                 std::to_string(kMaxJsonDepth);
      return std::nullopt;
    }
  }
  // Every nlohmann exception becomes a located error: a number too large for a
  // double (out_of_range) must not escape and abort the GUI.
  try {
    return Json::parse(text);
  } catch (const json::parse_error& e) {
    if (error) *error = locate(file, text, e.byte) + message(e);
  } catch (const json::exception& e) {
    ErrorLocator where;
    try {
      json::sax_parse(text, &where);
    } catch (const std::exception&) {
      where.position = std::string::npos;
    }
    if (error)
      *error =
          (where.position == std::string::npos ? file + ": " : locate(file, text, where.position)) +
          message(e);
  } catch (const std::exception& e) {
    if (error) *error = file + ": " + e.what();
  }
  return std::nullopt;
}

}  // namespace

std::optional<json> parseJson(const std::string& text, const std::string& file,
                              std::string* error) {
  return parseBounded<json>(text, file, error);
}

std::optional<nlohmann::ordered_json> parseOrderedJson(const std::string& text,
                                                       const std::string& file,
                                                       std::string* error) {
  return parseBounded<nlohmann::ordered_json>(text, file, error);
}

}  // namespace core
